import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { earlyAccessRegistrations } from "../../server/api/db/schema.ts";
import { createTestApp, type TestApp } from "../../server/api/testing/test-app.ts";
import { createApiClient } from "../../shared/api-client.ts";
import { REGISTRATION_MESSAGES as BANNER_MESSAGES } from "../../domain/registration-rules.ts";
import { registerForAppNews } from "./register.ts";

// The banner's call runs against the real app and database, not a stub.
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

describe("app banner sign-up", () => {
  it("registers a valid address and thanks the visitor", async () => {
    expect(await registerForAppNews(" foodie@example.com ", clientOver(realFetch))).toEqual({
      kind: "registered",
      message: "Thank you for registering! Please check your inbox: we have sent you a link to confirm your email address.",
    });
    expect((await rows()).map((r) => r.email)).toEqual(["foodie@example.com"]);
  });

  it("refuses an empty or malformed address without calling the server", async () => {
    let calls = 0;
    const counting = clientOver((input, init) => {
      calls += 1;
      return realFetch(input, init);
    });
    for (const email of ["", "   ", "not-an-email", "a@b"]) {
      expect(await registerForAppNews(email, counting)).toEqual({ kind: "invalid", message: BANNER_MESSAGES.invalidEmail });
    }
    expect(calls).toBe(0);
    expect(await rows()).toEqual([]);
  });

  it("reports a server failure and a network error with the spec's messages", async () => {
    const failing = clientOver(async () => new Response(JSON.stringify({ code: 500, message: "Internal server error", data: null }), { status: 500 }));
    expect(await registerForAppNews("a@example.com", failing)).toEqual({ kind: "failed", message: "Failed to register. Please try again later." });
    const offline = clientOver(async () => {
      throw new TypeError("Failed to fetch");
    });
    expect(await registerForAppNews("a@example.com", offline)).toEqual({ kind: "failed", message: "An error occurred. Please try again later." });
  });
});
