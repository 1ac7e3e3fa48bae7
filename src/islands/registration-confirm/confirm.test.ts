import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { REGISTRATION_MESSAGES } from "../../domain/registration-rules.ts";
import { earlyAccessRegistrations } from "../../server/api/db/schema.ts";
import { createTestApp, type TestApp } from "../../server/api/testing/test-app.ts";
import { createApiClient } from "../../shared/api-client.ts";
import { CONFIRM_MESSAGES, confirmRegistration, tokenFromLocation } from "./confirm.ts";

// The page's call runs against the real app and database, not a stub.
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const realFetch = (input: RequestInfo | URL, init?: RequestInit) => t.app.request(input, init);
const clientOver = (fetch: typeof realFetch) => createApiClient({ fetch });
const rows = () => t.db.select().from(earlyAccessRegistrations).all();

/** Signs up through the API and answers the link mailed for it, as the visitor would open it. */
async function signUpAndOpenMail(email: string) {
  await t.app.request("/api/register", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email }),
  });
  const text = t.deps.outbox!().at(-1)!.text;
  return new URL(/(http\S+confirm-registration\S+)/.exec(text)![1]!);
}

describe("registration confirmation page", () => {
  it("reads the token from the mailed link and confirms the sign-up", async () => {
    const link = await signUpAndOpenMail("foodie@example.com");
    const token = tokenFromLocation(link);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await confirmRegistration(token, clientOver(realFetch))).toEqual({
      kind: "confirmed",
      list: "app-banner",
      message: REGISTRATION_MESSAGES.confirmed["app-banner"],
    });
    expect((await rows())[0]?.status).toBe("confirmed");
  });

  it("accepts the token in the fragment too, and refuses links without a well-formed one", () => {
    const token = "a".repeat(43);
    expect(tokenFromLocation({ search: "", hash: `#token=${token}` })).toBe(token);
    expect(tokenFromLocation({ search: "", hash: "" })).toBeNull();
    expect(tokenFromLocation({ search: "?token=short", hash: "" })).toBeNull();
    expect(tokenFromLocation({ search: `?token=${token}%3Cscript%3E`, hash: "" })).toBeNull();
  });

  it("says the link is invalid for a missing, cut-short or unknown token, and confirms nothing", async () => {
    await signUpAndOpenMail("foodie@example.com");
    let calls = 0;
    const counting = clientOver((input, init) => {
      calls += 1;
      return realFetch(input, init);
    });
    const invalid = { kind: "invalid", message: CONFIRM_MESSAGES.invalidLink };
    expect(await confirmRegistration(null, counting)).toEqual(invalid);
    expect(await confirmRegistration("abc", counting)).toEqual(invalid);
    expect(calls).toBe(0);
    expect(await confirmRegistration("Z".repeat(43), counting)).toEqual(invalid);
    expect(calls).toBe(1);
    expect((await rows())[0]?.status).toBe("pending");
  });

  it("reports a server failure and a network error without blaming the link", async () => {
    const failing = clientOver(
      async () =>
        new Response(JSON.stringify({ code: 500, message: "Internal server error", data: null }), {
          status: 500,
        }),
    );
    expect(await confirmRegistration("a".repeat(43), failing)).toEqual({
      kind: "failed",
      message: CONFIRM_MESSAGES.failed,
    });
    const offline = clientOver(async () => {
      throw new TypeError("Failed to fetch");
    });
    expect(await confirmRegistration("a".repeat(43), offline)).toEqual({
      kind: "failed",
      message: CONFIRM_MESSAGES.error,
    });
  });
});
