// The client announces a session ended by a password change, whatever screen made the call,
// and nothing else (issue 24).
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { HTTP_MESSAGES } from "../domain/messages.ts";
import { createApiClient, outcomeOf } from "./api-client.ts";
import { PASSWORD_CHANGED_MESSAGE, passwordChangedLoginHref, SESSION_ENDED_EVENT } from "./session-ended.ts";

function clientAnswering(status: number, message: string) {
  return createApiClient({
    base: "http://test/api",
    fetch: () => new Response(JSON.stringify({ code: status, message, data: null }), { status }),
  });
}

describe("a 401 for a token ended by a password change", () => {
  const window = new EventTarget();
  const heard = vi.fn();
  window.addEventListener(SESSION_ENDED_EVENT, heard);
  vi.stubGlobal("window", window);
  afterEach(() => heard.mockClear());
  // Files share a worker (vitest.config.ts: isolate false): the next one must not find a window.
  afterAll(() => vi.unstubAllGlobals());

  it("is announced on window, and still answered to the caller as a 401", async () => {
    const outcome = await outcomeOf(clientAnswering(401, PASSWORD_CHANGED_MESSAGE).notifications.unreadCount.$get());
    expect(outcome).toMatchObject({ kind: "failed", status: 401, message: PASSWORD_CHANGED_MESSAGE });
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it("any other 401, or the sentence with another status, is not", async () => {
    await outcomeOf(clientAnswering(401, HTTP_MESSAGES[401]).notifications.unreadCount.$get());
    await outcomeOf(clientAnswering(400, PASSWORD_CHANGED_MESSAGE).notifications.unreadCount.$get());
    expect(heard).not.toHaveBeenCalled();
  });

  it("the login page it opens comes back to where the person was", () => {
    expect(passwordChangedLoginHref("/dish/12?x=1")).toBe(
      "/sign-in-users?signedOut=password-changed&next=%2Fdish%2F12%3Fx%3D1",
    );
  });
});
