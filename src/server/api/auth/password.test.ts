import { describe, expect, it } from "vitest";
import { hashPassword, needsRehash, SCRYPT_PARAMS, verifyPassword } from "./password.ts";

describe("password hashing", () => {
  it("stores a self-describing scrypt hash with a random salt", async () => {
    const a = await hashPassword("grilled halloumi");
    const b = await hashPassword("grilled halloumi");
    expect(a).toMatch(/^scrypt\$16384\$8\$5\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword("grilled halloumi", a)).toBe(true);
    expect(await verifyPassword("grilled halloumi", b)).toBe(true);
    expect(await verifyPassword("Grilled halloumi", a)).toBe(false);
    expect(needsRehash(a)).toBe(false);
  });

  it("checks hashes made with other parameters and asks for a rehash", async () => {
    const { scryptSync, randomBytes } = await import("node:crypto");
    const salt = randomBytes(16);
    const key = scryptSync("old password", salt, 32, { N: 1024, r: 8, p: 1 });
    const old = `scrypt$1024$8$1$${salt.toString("base64url")}$${key.toString("base64url")}`;
    expect(await verifyPassword("old password", old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
  });

  it.each([
    ["empty", ""],
    ["another scheme", "$2b$10$abcdefghijklmnopqrstuv"],
    ["too few parts", "scrypt$16384$8$5$salt"],
    ["absurd cost", "scrypt$1073741824$8$5$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA"],
  ])("never matches a malformed stored hash (%s)", async (_label, stored) => {
    expect(await verifyPassword("anything", stored)).toBe(false);
  });

  it("costs a few hundred milliseconds per hash on this machine (printed for docs/accounts.md)", async () => {
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const start = performance.now();
      await hashPassword(`measure ${i}`);
      times.push(performance.now() - start);
    }
    const median = times.sort((x, y) => x - y)[1]!;
    console.log(
      `scrypt N=${SCRYPT_PARAMS.N} r=${SCRYPT_PARAMS.r} p=${SCRYPT_PARAMS.p}: median ${median.toFixed(0)} ms of ${times.map((x) => x.toFixed(0)).join(", ")}`,
    );
    // Slow enough to hurt guessing, fast enough for a login (bounds wide for a loaded CI machine).
    expect(median).toBeGreaterThan(20);
    expect(median).toBeLessThan(5000);
  });
});
