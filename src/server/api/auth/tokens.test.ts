import { decode, sign } from "hono/jwt";
import { describe, expect, it } from "vitest";
import { issueToken, readToken, TOKEN_LIFETIME_SECONDS } from "./tokens.ts";

const SECRET = "unit-test-secret-unit-test-secret-0123456789";
const NOW = Date.UTC(2026, 10, 25, 12);

describe("session tokens", () => {
  it("carry the user, the token version and a 7-day expiry, signed HS256", async () => {
    const token = await issueToken({ userId: 42, tokenVersion: 3 }, SECRET, NOW);
    const { header, payload } = decode(token);
    expect(header.alg).toBe("HS256");
    expect(payload).toEqual({ sub: "42", ver: 3, iat: NOW / 1000, exp: NOW / 1000 + TOKEN_LIFETIME_SECONDS });
    expect(await readToken(token, SECRET, NOW)).toEqual({ userId: 42, tokenVersion: 3, issuedAtMs: NOW });
  });

  it("expire by the clock they are read with", async () => {
    const token = await issueToken({ userId: 1, tokenVersion: 0 }, SECRET, NOW);
    expect(await readToken(token, SECRET, NOW + TOKEN_LIFETIME_SECONDS * 1000 - 1)).toBeDefined();
    expect(await readToken(token, SECRET, NOW + TOKEN_LIFETIME_SECONDS * 1000)).toBeUndefined();
  });

  it("are refused without exp, with another secret, another algorithm or bad claims", async () => {
    const iat = NOW / 1000;
    expect(
      await readToken(await sign({ sub: "1", ver: 0, iat }, SECRET, "HS256"), SECRET, NOW),
    ).toBeUndefined();
    expect(
      await readToken(await issueToken({ userId: 1, tokenVersion: 0 }, `${SECRET}x`, NOW), SECRET, NOW),
    ).toBeUndefined();
    expect(
      await readToken(await sign({ sub: "1", ver: 0, exp: iat + 60 }, SECRET, "HS512"), SECRET, NOW),
    ).toBeUndefined();
    expect(
      await readToken(await sign({ sub: "abc", ver: 0, exp: iat + 60 }, SECRET, "HS256"), SECRET, NOW),
    ).toBeUndefined();
    expect(
      await readToken(await sign({ sub: "1", ver: "0", exp: iat + 60 }, SECRET, "HS256"), SECRET, NOW),
    ).toBeUndefined();
    expect(
      await readToken(await sign({ sub: "1", exp: iat + 60 }, SECRET, "HS256"), SECRET, NOW),
    ).toBeUndefined();
    expect(await readToken("a.b.c", SECRET, NOW)).toBeUndefined();
  });
});
