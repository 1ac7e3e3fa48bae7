import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CODE_TTL_SECONDS, MAX_CODE_ATTEMPTS } from "../../../domain/account-rules.ts";
import { readHits } from "../db/queries/rate-limits.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { checkCode, generateCode, hashCode } from "./verification-codes.ts";

describe("verification codes", () => {
  it("are six upper-case letters or digits, drawn across the whole alphabet", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const code = generateCode();
      expect(code).toMatch(/^[A-Z0-9]{6}$/);
      for (const char of code) seen.add(char);
    }
    expect(seen.size).toBe(36);
  });

  it("hash bound to the secret, the purpose and the address", () => {
    const base = hashCode("secret", "signup", "a@example.com", "ABC123");
    expect(hashCode("secret", "signup", "a@example.com", "ABC123")).toBe(base);
    expect(hashCode("other", "signup", "a@example.com", "ABC123")).not.toBe(base);
    expect(hashCode("secret", "password-reset", "a@example.com", "ABC123")).not.toBe(base);
    expect(hashCode("secret", "signup", "b@example.com", "ABC123")).not.toBe(base);
    expect(base).not.toContain("ABC123");
  });
});

describe("tries at an address with no code", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("count under code-try:<purpose>:<email> and die after MAX_CODE_ATTEMPTS, until the window ends", async () => {
    const windowMs = CODE_TTL_SECONDS * 1000;
    const start = Math.ceil(t.clock.now() / windowMs) * windowMs;
    t.clock.set(start + 60_000);
    const options = { email: "nobody@example.com", purpose: "signup" as const, code: "AAAAAA" };
    const tryOnce = () => checkCode(t.db, "secret", { ...options, nowMs: t.clock.now() });
    expect(await tryOnce()).toEqual({ outcome: "wrong", attemptsLeft: MAX_CODE_ATTEMPTS - 1 });
    expect(await readHits(t.db, "code-try:signup:nobody@example.com", windowMs, t.clock.now())).toBe(1);
    for (let i = 1; i < MAX_CODE_ATTEMPTS; i += 1) await tryOnce();
    expect(await tryOnce()).toEqual({ outcome: "dead", retryAfterSeconds: CODE_TTL_SECONDS - 60 });
    // The other purpose has its own count.
    expect(
      await checkCode(t.db, "secret", { ...options, purpose: "password-reset", nowMs: t.clock.now() }),
    ).toEqual({ outcome: "wrong", attemptsLeft: MAX_CODE_ATTEMPTS - 1 });
  });
});
