import { describe, expect, it } from "vitest";
import { generateCode, hashCode } from "./verification-codes.ts";

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
