import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countHit, readHits } from "../db/queries/rate-limits.ts";
import { ApiError } from "../http/envelope.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import {
  clearRateLimit,
  clearRateLimitPrefix,
  countRateLimitHit,
  describeWait,
  enforceRateLimit,
  readRateLimit,
  type RateLimit,
} from "./rate-limit.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rule: RateLimit = { name: "unit", limit: 3, windowMs: 60_000, message: "Slow down." };

describe("fixed-window rate limits", () => {
  it("allow exactly the limit in a window, then throw 429 with Retry-After to the window's end", async () => {
    const start = Math.ceil(t.clock.now() / 60_000) * 60_000;
    t.clock.set(start + 15_000);
    for (let i = 0; i < 3; i++) await enforceRateLimit(t.db, rule, "subject-a", t.clock.now());
    const error = await enforceRateLimit(t.db, rule, "subject-a", t.clock.now()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(429);
    expect((error as ApiError).headers).toEqual({ "Retry-After": "45" });
    expect((error as ApiError).message).toBe("Slow down. Please try again in 45 seconds.");
    // Another subject has its own counter.
    await enforceRateLimit(t.db, rule, "subject-b", t.clock.now());
    // The next window starts from zero.
    t.clock.set(start + 60_000);
    await enforceRateLimit(t.db, rule, "subject-a", t.clock.now());
  });

  it("count several hits at once: a request that would pass the limit is refused", async () => {
    const now = t.clock.now();
    await enforceRateLimit(t.db, rule, "subject-photos", now, 2);
    const error = await enforceRateLimit(t.db, rule, "subject-photos", now, 2).catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(429);
    expect((await countHit(t.db, "unit:subject-photos", rule.windowMs, now, 3)).count).toBe(7);
  });

  it("read and clear a subject's counter under the key rule-name:subject, exactly or by prefix", async () => {
    const now = t.clock.now();
    for (const subject of ["ada@example.com:1.2.3.4", "ada@example.com:5.6.7.8", "ada@example.com"]) {
      await countRateLimitHit(t.db, rule, subject, now);
    }
    await countRateLimitHit(t.db, rule, "ada@example.com", now);
    expect(await readRateLimit(t.db, rule, "ada@example.com", now)).toBe(2);
    expect(await readHits(t.db, "unit:ada@example.com:1.2.3.4", rule.windowMs, now)).toBe(1);

    await clearRateLimit(t.db, rule, "ada@example.com:1.2.3.4");
    expect(await readRateLimit(t.db, rule, "ada@example.com:1.2.3.4", now)).toBe(0);
    expect(await readRateLimit(t.db, rule, "ada@example.com:5.6.7.8", now)).toBe(1);

    await clearRateLimitPrefix(t.db, rule, "ada@example.com:");
    expect(await readRateLimit(t.db, rule, "ada@example.com:5.6.7.8", now)).toBe(0);
    // The prefix stops at the colon: the account's own counter stays.
    expect(await readRateLimit(t.db, rule, "ada@example.com", now)).toBe(2);
  });

  it("count parallel hits atomically", async () => {
    const counts = await Promise.all(
      Array.from({ length: 20 }, () => countHit(t.db, "unit:parallel", 60_000, t.clock.now())),
    );
    expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });

  it("describe waits in words", () => {
    expect(describeWait(1)).toBe("1 second");
    expect(describeWait(59)).toBe("59 seconds");
    expect(describeWait(60)).toBe("1 minute");
    expect(describeWait(61)).toBe("2 minutes");
  });
});
