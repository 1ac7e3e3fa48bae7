// The islands' client against the real API (real SQLite, the outbox mailer): the calls are
// shaped as the routes expect (query, form-encoded, JSON, bearer) and answers are read right.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
// A test, not browser code: it runs the islands' client against the real API.
 
import { createTestApp, type TestApp } from "../../server/testing/test-app.ts";
import { createAccountsClient, NO_RESPONSE_MESSAGE, type AccountsClient } from "./accounts-client.ts";

let t: TestApp;
let client: AccountsClient;

beforeEach(async () => {
  t = await createTestApp();
  client = createAccountsClient({ fetch: async (input, init) => t.app.request(input, init) });
});
afterEach(async () => {
  await t.close();
});

function lastCode(): string {
  const messages = t.deps.outbox?.() ?? [];
  const text = messages[messages.length - 1]?.text ?? "";
  const code = /\b[A-Z0-9]{6}\b/.exec(text)?.[0];
  if (!code) throw new Error(`no code in: ${text}`);
  return code;
}

const person = {
  email: "jane.doe@example.com",
  username: "janedoe",
  firstName: "Jane",
  lastName: "Doe",
  phoneNumber: "+44 7700 900123",
  password: "pistachio gelato on a sunday",
};

describe("accounts client against the API", () => {
  it("goes through sign-up, login and logout", async () => {
    const sent = await client.sendVerificationEmail(person.email);
    expect(sent).toMatchObject({ kind: "ok", status: 200, message: "Verification email sent successfully!" });

    const verified = await client.verifyEmailCode(person.email, lastCode().toLowerCase());
    expect(verified).toMatchObject({ kind: "ok", status: 200 });

    const signedUp = await client.signup(person);
    expect(signedUp).toMatchObject({ kind: "ok", status: 201, message: "Signup successful!" });
    const userId = signedUp.kind === "ok" ? signedUp.data.userId : 0;

    const loggedIn = await client.login({ emailOrPhoneNumber: person.email, password: person.password });
    expect(loggedIn).toMatchObject({
      kind: "ok",
      data: { userId, username: "janedoe", email: person.email },
    });
    const token = loggedIn.kind === "ok" ? (loggedIn.data?.token ?? "") : "";
    expect(token).not.toBe("");

    expect(await client.logout(token)).toMatchObject({ kind: "ok", status: 200 });
    // The token is ended on the server: a second logout with it is refused.
    expect(await client.logout(token)).toMatchObject({ kind: "failed", status: 401 });
  });

  it("reads the server's message and the fields it names on a failure", async () => {
    const wrong = await client.verifyEmailCode(person.email, "ZZZZZZ");
    expect(wrong).toMatchObject({ kind: "failed", status: 400 });

    const unverified = await client.signup(person);
    expect(unverified).toEqual({
      kind: "failed",
      status: 400,
      message: "Please verify your email address before signing up.",
      fields: { email: "Please verify your email address before signing up." },
    });

    const login = await client.login({ emailOrPhoneNumber: "nobody@example.com", password: "whatever123" });
    expect(login).toMatchObject({
      kind: "failed",
      status: 401,
      message: "Invalid email or password. Please try again.",
    });
  });

  it("answers the password-reset request neutrally", async () => {
    expect(await client.requestPasswordReset("nobody@example.com")).toMatchObject({
      kind: "ok",
      message: "If an account exists for that address, we have sent a code.",
    });
  });

  it("reports no response when nothing answers", async () => {
    // Port 9 (discard) has no listener here: a real refused connection.
    const offline = createAccountsClient({ base: "http://127.0.0.1:9/api" });
    expect(await offline.login({ emailOrPhoneNumber: "a@b.co", password: "x" })).toEqual({
      kind: "no-response",
      message: NO_RESPONSE_MESSAGE,
    });
  });
});
