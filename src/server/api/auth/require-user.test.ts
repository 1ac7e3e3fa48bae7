// The bearer check on real routes: every kind of bad token answers 401 and changes nothing.
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { sign } from "hono/jwt";
import { describe, expect, it } from "vitest";
import { users } from "../db/schema.ts";
import { createUser, postJson, type TestUser } from "../testing/accounts.ts";
import { useTestApp } from "../testing/test-app.ts";
import { issueToken, TOKEN_LIFETIME_SECONDS } from "./tokens.ts";
import { authUser, requireUser } from "./require-user.ts";

let me: TestUser;
let other: TestUser;
const t = useTestApp({}, async (t) => {
  me = await createUser(t);
  other = await createUser(t);
});

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const nowSeconds = () => Math.floor(t.clock.now() / 1000);
const claims = (extra: Record<string, unknown> = {}) => ({
  sub: String(me.userId),
  ver: 0,
  iat: nowSeconds(),
  exp: nowSeconds() + 3600,
  ...extra,
});

const UNAUTHORIZED = { code: 401, message: "Unauthorized access. Please login to continue.", data: null };

/** A save with this token must answer 401 and leave the caller's row as it was. */
async function expectRefused(authorization: string | undefined, path = "/api/users/save") {
  const before = await t.db.query.users.findFirst({ where: eq(users.id, me.userId) });
  const headers: Record<string, string> = authorization === undefined ? {} : { authorization };
  const res = await postJson(t, path, { firstName: "Changed" }, headers);
  expect(res.status).toBe(401);
  expect(await res.json()).toEqual(UNAUTHORIZED);
  expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
  const after = await t.db.query.users.findFirst({ where: eq(users.id, me.userId) });
  expect(after).toEqual(before);
  const read = await t.app.request(`/api/users/${me.userId}`, { headers });
  expect(read.status).toBe(401);
}

describe("requireUser", () => {
  it("lets a valid token through, case-insensitive scheme", async () => {
    const token = await issueToken(
      { userId: me.userId, tokenVersion: 0 },
      t.deps.config.jwtSecret,
      t.clock.now(),
    );
    expect(
      (await t.app.request(`/api/users/${me.userId}`, { headers: { authorization: `Bearer ${token}` } }))
        .status,
    ).toBe(200);
    expect(
      (await t.app.request(`/api/users/${me.userId}`, { headers: { authorization: `bearer ${token}` } }))
        .status,
    ).toBe(200);
  });

  it("refuses a missing or malformed Authorization header", async () => {
    await expectRefused(undefined);
    await expectRefused("");
    await expectRefused("Bearer");
    await expectRefused("Bearer not-a-token");
    await expectRefused(`Basic ${Buffer.from("a:b").toString("base64")}`);
    await expectRefused(`Token ${me.token}`);
    await expectRefused(`Bearer ${me.token} ${me.token}`);
  });

  it("refuses a token signed with another secret", async () => {
    await expectRefused(
      `Bearer ${await sign(claims(), "another-secret-another-secret-0123456789", "HS256")}`,
    );
  });

  it('refuses alg "none" and algorithms outside the allow-list', async () => {
    const unsigned = `${b64({ alg: "none", typ: "JWT" })}.${b64(claims())}.`;
    await expectRefused(`Bearer ${unsigned}`);
    await expectRefused(`Bearer ${b64({ alg: "none" })}.${b64(claims())}.${"A".repeat(43)}`);
    await expectRefused(`Bearer ${await sign(claims(), t.deps.config.jwtSecret, "HS512")}`);
    await expectRefused(`Bearer ${await sign(claims(), t.deps.config.jwtSecret, "HS384")}`);
  });

  it("refuses a token without exp, or with a non-numeric exp", async () => {
    const { exp: _exp, ...noExp } = claims();
    await expectRefused(`Bearer ${await sign(noExp, t.deps.config.jwtSecret, "HS256")}`);
    await expectRefused(`Bearer ${await sign(claims({ exp: "never" }), t.deps.config.jwtSecret, "HS256")}`);
  });

  it("refuses an expired token, by the app's clock", async () => {
    const token = await issueToken(
      { userId: me.userId, tokenVersion: 0 },
      t.deps.config.jwtSecret,
      t.clock.now(),
    );
    t.clock.advance((TOKEN_LIFETIME_SECONDS - 1) * 1000);
    expect(
      (await t.app.request(`/api/users/${me.userId}`, { headers: { authorization: `Bearer ${token}` } }))
        .status,
    ).toBe(200);
    t.clock.advance(1000);
    await expectRefused(`Bearer ${token}`);
  });

  it("refuses a tampered payload", async () => {
    const [header, , signature] = me.token.split(".");
    await expectRefused(`Bearer ${header}.${b64(claims({ sub: String(other.userId) }))}.${signature}`);
  });

  it("refuses a token of an older version (logged out or password changed) and of a missing user", async () => {
    await expectRefused(`Bearer ${await sign(claims({ ver: 1 }), t.deps.config.jwtSecret, "HS256")}`);
    await expectRefused(`Bearer ${await sign(claims({ sub: "999999" }), t.deps.config.jwtSecret, "HS256")}`);
    await expectRefused(
      `Bearer ${await sign(claims({ sub: "1 OR 1=1" }), t.deps.config.jwtSecret, "HS256")}`,
    );
  });

  it("never reads a token from the URL", async () => {
    const fresh = await issueToken(
      { userId: me.userId, tokenVersion: 0 },
      t.deps.config.jwtSecret,
      t.clock.now(),
    );
    const res = await t.app.request(`/api/users/${me.userId}?token=${fresh}&access_token=${fresh}`);
    expect(res.status).toBe(401);
  });

  it("keeps a signed-in answer out of every cache, even where the handler asked for less", async () => {
    // A shared proxy or the browser's disk cache must never keep one user's account or token.
    const token = await issueToken(
      { userId: me.userId, tokenVersion: 0 },
      t.deps.config.jwtSecret,
      t.clock.now(),
    );
    const mine = { authorization: `Bearer ${token}` };
    const own = await t.app.request(`/api/users/${me.userId}`, { headers: mine });
    expect(own.status).toBe(200);
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    const refused = await t.app.request(`/api/users/${me.userId}`, {
      headers: { authorization: "Bearer x.y.z" },
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("cache-control")).toBe("private, no-store");

    const app = new Hono();
    app.get("/mine", requireUser(t.deps), (c) => {
      c.header("cache-control", "public, max-age=3600");
      return c.json({ id: authUser(c).id });
    });
    app.get("/passed-through", requireUser(t.deps), () => fetch("data:application/json,{}"));
    for (const path of ["/mine", "/passed-through"]) {
      const res = await app.request(path, { headers: mine });
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
    }
  });

  it("keeps login, password and account-flow answers out of every cache", async () => {
    // A login answer carries a bearer token; a shared cache that kept it would hand it out.
    const login = await postJson(t, "/api/users/login", {
      emailOrPhoneNumber: other.email,
      password: other.password,
    });
    expect(login.status).toBe(200);
    expect(login.headers.get("cache-control")).toBe("private, no-store");
    const calls: [string, unknown][] = [
      ["/api/users/login", { emailOrPhoneNumber: other.email, password: "wrong password" }],
      ["/api/users/password/forgot", { email: other.email }],
      [
        "/api/users/password/reset",
        { email: other.email, code: "ABC234", password: "a new long passphrase" },
      ],
      ["/api/users/signup", {}],
    ];
    for (const [path, body] of calls) {
      const res = await postJson(t, path, body);
      expect(res.headers.get("cache-control"), path).toBe("private, no-store");
    }
  });
});
