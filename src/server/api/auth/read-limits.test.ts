// Read-path limits without a database write (issue 33): the in-memory sliding window the Node
// host (and a Pages isolate) counts with, and the adapter over Cloudflare's Rate Limiting
// binding, run against the binding as workerd implements it (wrangler's getPlatformProxy).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getPlatformProxy } from "wrangler";
import { RATE_LIMITS, type RateLimit } from "./rate-limit.ts";
import { bindingReadLimiter, memoryReadLimiter } from "./read-limits.ts";
import type { ReadLimiter } from "../deps.ts";

const MINUTE = 60_000;
const rule: RateLimit = { name: "unit-read", limit: 60, windowMs: MINUTE, message: "Too many." };
const START = 1_800_000_000_000 - (1_800_000_000_000 % MINUTE);

async function hits(limiter: ReadLimiter, n: number, subject: string, at: number, r = rule) {
  const outcomes = [];
  for (let i = 0; i < n; i++) outcomes.push(await limiter.hit(r, subject, at));
  return outcomes;
}

describe("memoryReadLimiter", () => {
  it("lets a fresh client make exactly the limit in a window, then refuses with Retry-After", async () => {
    const limiter = memoryReadLimiter();
    const first = await hits(limiter, 60, "a", START + 1000);
    expect(first.every((o) => o.ok)).toBe(true);
    const refused = await limiter.hit(rule, "a", START + 1000);
    expect(refused.ok).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((await limiter.hit(rule, "b", START + 1000)).ok).toBe(true);
  });

  it("slides: a client that used its allowance at a window's end cannot spend it again at the next one's start", async () => {
    const limiter = memoryReadLimiter();
    await hits(limiter, 60, "edge", START + MINUTE - 1000);
    // A second into the next window the old count still weighs 59: one more read, not 60.
    const next = await hits(limiter, 60, "edge", START + MINUTE + 1000);
    expect(next.filter((o) => o.ok)).toHaveLength(1);
    // Half a window on, half the old count has slid out: 30 + 1 counted, 29 more.
    const later = await hits(limiter, 31, "edge", START + MINUTE + 30_000);
    expect(later.filter((o) => o.ok)).toHaveLength(29);
    // The Retry-After it gives is honest: waiting that long lets the next read through.
    const wait = later.at(-1)!.retryAfterSeconds;
    expect((await limiter.hit(rule, "edge", START + MINUTE + 30_000 + wait * 1000)).ok).toBe(true);
  });

  it("keeps at most maxKeys counters, dropping the least recently used", async () => {
    const limiter = memoryReadLimiter({ maxKeys: 3 });
    await hits(limiter, 60, "busy", START);
    for (const subject of ["x", "y"]) await limiter.hit(rule, subject, START);
    expect((await limiter.hit(rule, "busy", START)).ok).toBe(false); // busy is now the newest
    await limiter.hit(rule, "z", START); // x goes, not busy
    expect((await limiter.hit(rule, "busy", START)).ok).toBe(false);
  });
});

describe("bindingReadLimiter against workerd's Rate Limiting binding", () => {
  let proxy: Awaited<ReturnType<typeof getPlatformProxy>>;
  let bindings: Record<string, unknown>;
  const folder = mkdtempSync(join(tmpdir(), "dishcovery-ratelimit-"));
  beforeAll(async () => {
    // A Worker's configuration: Pages cannot declare the binding (decision 016).
    const config = join(folder, "wrangler.toml");
    writeFileSync(
      config,
      [
        'name = "read-limits"',
        'compatibility_date = "2026-11-01"',
        "[[ratelimits]]",
        'name = "SEARCH_CLIENT_LIMIT"',
        'namespace_id = "1001"',
        "simple = { limit = 60, period = 60 }",
      ].join("\n"),
    );
    proxy = await getPlatformProxy({ configPath: config, persist: false });
    bindings = proxy.env as Record<string, unknown>;
  }, 60_000);
  afterAll(async () => {
    await proxy?.dispose();
    rmSync(folder, { recursive: true, force: true });
  });

  it("counts a rule through its binding, 60 then 429 with the window as Retry-After", async () => {
    const limiter = bindingReadLimiter(bindings, memoryReadLimiter());
    const rule = RATE_LIMITS.searchesPerClient;
    const outcomes = await hits(limiter, 61, "2001:db8::/64", Date.now(), rule);
    expect(outcomes.slice(0, 60).every((o) => o.ok)).toBe(true);
    expect(outcomes[60]).toEqual({ ok: false, retryAfterSeconds: 60 });
    expect((await limiter.hit(rule, "198.51.100.1", Date.now())).ok).toBe(true);
  });

  it("counts a rule without a binding in the fallback", async () => {
    const limiter = bindingReadLimiter(bindings, memoryReadLimiter());
    const rule = RATE_LIMITS.searchesPerUser;
    const outcomes = await hits(limiter, 121, "7", START, rule);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(120);
    expect(outcomes[120]!.ok).toBe(false);
  });
});
