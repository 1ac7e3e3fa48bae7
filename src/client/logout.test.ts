import { afterEach, beforeEach, describe, expect, it } from "vitest";
// A test, not browser code: it runs the islands' client against the real API.
 
import { createTestApp, type TestApp } from "../server/api/testing/test-app.ts";
import { createApiClient, outcomeOf, type ApiClient } from "../shared/api-client.ts";
import { logOut } from "./logout.ts";
import { isSignedIn, writeSession, type KeyValueStore } from "./session.ts";

let t: TestApp;
let client: ApiClient;

function memoryStore(): KeyValueStore & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, String(value)),
    removeItem: (key) => void entries.delete(key),
  };
}

beforeEach(async () => {
  t = await createTestApp();
  client = createApiClient({ fetch: (input, init) => t.app.request(input, init) });
});
afterEach(async () => {
  await t.close();
});

async function signedInStore() {
  const email = "sam@example.com";
  await client.users.sendEmail.$post({ query: {}, json: { to: email } });
  const messages = t.deps.outbox?.() ?? [];
  const code = /^([A-Z0-9]{6})$/m.exec(messages[messages.length - 1]?.text ?? "")?.[1] ?? "";
  const verified = await outcomeOf(client.users.verifyEmailCode1.$post({ form: { email, code } }));
  if (verified.kind !== "ok") throw new Error("verification failed");
  const password = "rhubarb and custard forever";
  await client.users.signup.$post({
    json: {
      email,
      signupTicket: verified.data.signupTicket,
      username: "sam",
      firstName: "Sam",
      lastName: "Lee",
      phoneNumber: "07700900456",
      password,
    },
  });
  const login = await outcomeOf(client.users.login.$post({ json: { emailOrPhoneNumber: email, password } }));
  if (login.kind !== "ok") throw new Error("login failed");
  const store = memoryStore();
  writeSession(
    store,
    { token: login.data.token, userId: login.data.userId, username: "sam", email, profileId: null },
    email,
  );
  return { store, token: login.data.token, userId: login.data.userId };
}

describe("logOut", () => {
  it("clears the session and ends the token on the server", async () => {
    const { store, token, userId } = await signedInStore();
    const before = await t.app.request(`/api/users/${userId}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(before.status).toBe(200);

    await logOut(store, client);

    expect(isSignedIn(store)).toBe(false);
    expect(store.entries.get("rememberedEmail")).toBe("sam@example.com");
    const after = await t.app.request(`/api/users/${userId}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(after.status).toBe(401);
  });

  it("signs out locally even when the server cannot be reached", async () => {
    const { store } = await signedInStore();
    await logOut(store, createApiClient({ base: "http://127.0.0.1:9/api" }));
    expect(isSignedIn(store)).toBe(false);
  });

  it("does nothing more when nobody is signed in", async () => {
    const store = memoryStore();
    await logOut(store, client);
    expect(store.entries.size).toBe(0);
  });
});
