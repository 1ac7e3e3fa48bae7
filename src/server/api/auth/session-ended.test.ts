// Issue 24: a session ended by a password change elsewhere is told apart from any other
// refused token, so the browser can say why it signed the person out; and the own-account
// answer carries the caller's role (the account menu's Moderation entry), nobody else's.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { HTTP_MESSAGES } from "../../../domain/messages.ts";
import { PASSWORD_CHANGED_MESSAGE } from "../../../shared/session-ended.ts";
import { users } from "../db/schema.ts";
import { createUser, postJson, type TestUser } from "../testing/accounts.ts";
import { createTestApp } from "../testing/test-app.ts";

const t = await createTestApp();
afterAll(() => t.close());
afterEach(() => expect(t.errors).toEqual([]));

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function logIn(who: TestUser): Promise<string> {
  const res = await postJson(t, "/api/users/login", { emailOrPhoneNumber: who.email, password: who.password });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function changePassword(who: TestUser, token: string, newPassword: string): Promise<string> {
  const res = await postJson(
    t,
    `/api/account/password/${who.userId}`,
    { currentPassword: who.password, newPassword },
    bearer(token),
  );
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** A signed-in call, a bearer-only read and a read anyone may make, all with `token`. */
async function answersWith(who: TestUser, token: string) {
  const calls = [
    postJson(t, "/api/users/save", { firstName: "Changed" }, bearer(token)),
    t.app.request(`/api/users/${who.userId}`, { headers: bearer(token) }),
    t.app.request(`/api/profiles/getProfileByUserId/${who.userId}`, { headers: bearer(token) }),
  ];
  return Promise.all(
    (await Promise.all(calls)).map(async (res) => ({
      status: res.status,
      message: ((await res.json()) as { message: string }).message,
      challenge: res.headers.get("www-authenticate"),
    })),
  );
}

describe("a token ended by a password change", () => {
  it("answers 401 with its own message on every kind of call, and changes nothing", async () => {
    const me = await createUser(t);
    const laptop = await logIn(me);
    t.clock.advance(60_000);
    await changePassword(me, me.token, "grilled hispi cabbage with miso");
    const refused = {
      status: 401,
      message: PASSWORD_CHANGED_MESSAGE,
      challenge: 'Bearer realm="dishcovery", error="invalid_token"',
    };
    expect(await answersWith(me, laptop)).toEqual([refused, refused, refused]);
    const row = await t.db.query.users.findFirst({ where: eq(users.id, me.userId) });
    expect(row?.firstName).toBe("Test");
  });

  it("a token ended by logging out elsewhere keeps the plain 401", async () => {
    const me = await createUser(t);
    const laptop = await logIn(me);
    t.clock.advance(60_000);
    expect((await postJson(t, "/api/users/logout", {}, me.authorization)).status).toBe(200);
    const plain = { status: 401, message: HTTP_MESSAGES[401], challenge: 'Bearer realm="dishcovery"' };
    expect(await answersWith(me, laptop)).toEqual([plain, plain, plain]);
  });

  it("a token issued after the change and then logged out is a plain 401, not a password change", async () => {
    const me = await createUser(t);
    const fresh = await changePassword(me, me.token, "grilled hispi cabbage with miso");
    t.clock.advance(60_000);
    const later = await logIn({ ...me, password: "grilled hispi cabbage with miso" });
    t.clock.advance(60_000);
    expect((await postJson(t, "/api/users/logout", {}, bearer(fresh))).status).toBe(200);
    const [save] = await answersWith(me, later);
    expect(save).toMatchObject({ status: 401, message: HTTP_MESSAGES[401] });
  });

  it("a forged or expired token is the plain 401 too", async () => {
    const me = await createUser(t);
    const [save] = await answersWith(me, `${me.token.slice(0, -2)}xx`);
    expect(save).toMatchObject({ status: 401, message: HTTP_MESSAGES[401] });
  });
});

describe("the own-account answer's role", () => {
  it("is the caller's own role, and never part of anyone else's answer", async () => {
    const me = await createUser(t);
    const other = await createUser(t);
    const read = async (who: TestUser, id: number) =>
      ((await (await t.app.request(`/api/users/${id}`, { headers: who.authorization })).json()) as {
        data: Record<string, unknown>;
      }).data;
    expect((await read(me, me.userId)).role).toBe("user");
    await t.db.update(users).set({ role: "moderator" }).where(eq(users.id, me.userId)).run();
    expect((await read(me, me.userId)).role).toBe("moderator");
    expect(await read(other, me.userId)).not.toHaveProperty("role");
  });
});
