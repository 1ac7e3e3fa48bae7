// The islands' and the build's client (src/shared/api-client.ts) against the real API (real
// SQLite, the outbox mailer): calls are shaped as the routes expect (query, form, JSON,
// bearer) and every answer becomes the outcome a screen words. Here rather than beside the
// client because src/shared may not import server code, tests included.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES } from "../../domain/account-rules.ts";
import {
  ApiRequestError,
  callOptions,
  createApiClient,
  itemOf,
  listOf,
  NO_RESPONSE_MESSAGE,
  outcomeOf,
  type ApiClient,
} from "../../shared/api-client.ts";
import { buildCatalogueFixture } from "./testing/fixture.ts";
import { createTestApp, type TestApp } from "./testing/test-app.ts";

let t: TestApp;
let client: ApiClient;
/** Every init the client handed to fetch, to see what went on the wire. */
let sent: RequestInit[];

beforeEach(async () => {
  t = await createTestApp();
  sent = [];
  client = createApiClient({
    fetch: (input, init) => {
      sent.push(init ?? {});
      return t.app.request(input, init);
    },
  });
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

const offline = () => createApiClient({ base: "http://127.0.0.1:9/api" });

describe("accounts calls", () => {
  it("go through sign-up, login and logout", async () => {
    const sentCode = await outcomeOf(client.users.sendEmail.$post({ query: {}, json: { to: person.email } }));
    expect(sentCode).toMatchObject({ kind: "ok", status: 200, message: "Verification email sent successfully!" });

    const verified = await outcomeOf(
      client.users.verifyEmailCode1.$post({ form: { email: person.email, code: lastCode().toLowerCase() } }),
    );
    expect(verified).toMatchObject({ kind: "ok", status: 200 });
    const signupTicket = verified.kind === "ok" ? verified.data.signupTicket : "";

    const signedUp = await outcomeOf(client.users.signup.$post({ json: { ...person, signupTicket } }));
    expect(signedUp).toMatchObject({ kind: "ok", status: 201, message: "Signup successful!" });
    const userId = signedUp.kind === "ok" ? signedUp.data.userId : 0;

    const loggedIn = await outcomeOf(
      client.users.login.$post({ json: { emailOrPhoneNumber: person.email, password: person.password } }),
    );
    expect(loggedIn).toMatchObject({ kind: "ok", data: { userId, username: "janedoe", email: person.email } });
    const token = loggedIn.kind === "ok" ? loggedIn.data.token : "";
    expect(token).not.toBe("");

    const logout = () => outcomeOf(client.users.logout.$post({}, callOptions({ token, keepalive: true })));
    expect(await logout()).toMatchObject({ kind: "ok", status: 200 });
    // The token is ended on the server: a second logout with it is refused.
    expect(await logout()).toMatchObject({ kind: "failed", status: 401 });
    expect(sent.at(-1)?.keepalive).toBe(true);
    expect(new Headers(sent.at(-1)?.headers).get("authorization")).toBe(`Bearer ${token}`);
  });

  it("read the server's message and the fields it names on a failure", async () => {
    const wrong = await outcomeOf(
      client.users.verifyEmailCode1.$post({ form: { email: person.email, code: "ZZZZZZ" } }),
    );
    expect(wrong).toMatchObject({ kind: "failed", status: 400 });

    expect(
      await outcomeOf(client.users.signup.$post({ json: { ...person, signupTicket: "A".repeat(43) } })),
    ).toEqual({
      kind: "failed",
      status: 403,
      message: ACCOUNT_MESSAGES.signupTicketInvalid,
      fields: { signupTicket: ACCOUNT_MESSAGES.signupTicketInvalid },
    });

    const login = await outcomeOf(
      client.users.login.$post({ json: { emailOrPhoneNumber: "nobody@example.com", password: "whatever123" } }),
    );
    expect(login).toMatchObject({ kind: "failed", status: 401, message: "Invalid email or password. Please try again." });
  });

  it("send no token unless asked, so a bearer route refuses the call", async () => {
    expect(await outcomeOf(client.users.logout.$post({}))).toMatchObject({ kind: "failed", status: 401 });
    expect(new Headers(sent.at(-1)?.headers).has("authorization")).toBe(false);
  });
});

describe("no response", () => {
  it("when nothing answers", async () => {
    // Port 9 (discard) has no listener here: a real refused connection.
    expect(
      await outcomeOf(offline().users.login.$post({ json: { emailOrPhoneNumber: "a@b.co", password: "x" } })),
    ).toEqual({ kind: "no-response", message: NO_RESPONSE_MESSAGE });
  });

  it("when the answer takes longer than the timeout", async () => {
    const hanging = createApiClient({
      timeoutMs: 20,
      fetch: (_input, init) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal?.reason))),
    });
    expect(await outcomeOf(hanging.regions.all.$get())).toEqual({ kind: "no-response", message: NO_RESPONSE_MESSAGE });
  });

  it("when a gateway answers 502-504 with its own page, but not when our API answers them", async () => {
    const gateway = (status: number, body: string) =>
      createApiClient({ fetch: async () => new Response(body, { status, headers: { "content-type": "text/html" } }) });
    for (const status of [502, 503, 504]) {
      expect(await outcomeOf(gateway(status, "<h1>Bad gateway</h1>").regions.all.$get())).toEqual({
        kind: "no-response",
        message: NO_RESPONSE_MESSAGE,
      });
    }
    const ours = JSON.stringify({ code: 503, message: "Failed to send verification email. Please try again.", data: null });
    expect(await outcomeOf(gateway(503, ours).regions.all.$get())).toEqual({
      kind: "failed",
      status: 503,
      message: "Failed to send verification email. Please try again.",
      fields: {},
    });
    // Any other status without our envelope is still the server answering.
    expect(await outcomeOf(gateway(500, "oops").regions.all.$get())).toEqual({
      kind: "failed",
      status: 500,
      message: "",
      fields: {},
    });
  });
});

describe("reads", () => {
  it("give an item, null for a missing one, and throw on any other failure", async () => {
    const f = await buildCatalogueFixture(t.db, t.clock.now());
    const id = String(f.dishIds["Tonkotsu Ramen"]);
    expect((await itemOf(client.dishes[":id"].$get({ param: { id } })))?.dishName).toBe("Tonkotsu Ramen");
    expect(await itemOf(client.dishes[":id"].$get({ param: { id: "999999" } }))).toBeNull();
    await expect(itemOf(client.dishes[":id"].$get({ param: { id: "abc" } }))).rejects.toThrow(/400: Invalid id/);
    await expect(itemOf(offline().dishes[":id"].$get({ param: { id } }))).rejects.toBeInstanceOf(ApiRequestError);
  });

  it("give a list, empty when its owner does not exist", async () => {
    await buildCatalogueFixture(t.db, t.clock.now());
    expect(await listOf(client.dishes.top.$get({ query: { topNum: 2 } }))).toHaveLength(2);
    expect(await listOf(client.offers.restaurant[":id"].$get({ param: { id: "999999" }, query: {} }))).toEqual([]);
  });
});
