// Limits on the read path (issue 33): searches and suggestions are counted without a database
// write. Durable counters (rate-limit.ts, the rate_limits table) stay for writes, where a
// restart must not hand out a fresh allowance of mail or posts; a read's counter costing a
// write, on Cloudflare one to D1's single primary per search in the world, made every read as
// dear as the smallest write.
//
// Node: a sliding-window counter in this process's memory (memoryReadLimiter). The trade-off:
// each process counts on its own, so N processes behind one balancer let a client make up to
// N times the limit, and a restart forgets the counts. A read limit only bounds the work one
// client can impose, so N times a small allowance is still small; docs/security.md says so.
// Cloudflare: the Workers Rate Limiting binding where the deploy can take one, else the same
// counter per isolate (decision 016).
import type { AppDeps, ReadLimiter } from "../deps.ts";
import { type RateLimit, tooManyRequests } from "./rate-limit.ts";

/** Counts this read; throws the 429 with Retry-After once the subject is over the limit. */
export async function enforceReadLimit(
  deps: Pick<AppDeps, "readLimits">,
  rule: RateLimit,
  subject: string,
  nowMs: number,
): Promise<void> {
  const outcome = await deps.readLimits.hit(rule, subject, nowMs);
  if (!outcome.ok) throw tooManyRequests(rule.message, outcome.retryAfterSeconds);
}

interface Counter {
  windowStart: number;
  previous: number;
  current: number;
}

/** Counters kept at most; past it the least recently used goes (about 100 bytes each). */
export const READ_LIMIT_MAX_KEYS = 50_000;

/**
 * A sliding-window counter: the current fixed window's count plus the previous window's,
 * weighted by how much of it the sliding window still covers. A client that starts fresh gets
 * exactly `limit` reads in a window, as the durable counter gives, and a steady client cannot
 * double its allowance across a window's edge. Memory is bounded by `maxKeys`.
 */
export function memoryReadLimiter(options: { maxKeys?: number } = {}): ReadLimiter {
  const maxKeys = options.maxKeys ?? READ_LIMIT_MAX_KEYS;
  const counters = new Map<string, Counter>();
  return {
    hit(rule, subject, nowMs) {
      const key = `${rule.name}:${subject}`;
      const windowMs = rule.windowMs;
      const windowStart = Math.floor(nowMs / windowMs) * windowMs;
      const kept = counters.get(key);
      // Taken out and put back: the map's order is then least recently used first.
      counters.delete(key);
      const counter: Counter =
        !kept || windowStart - kept.windowStart >= 2 * windowMs
          ? { windowStart, previous: 0, current: 0 }
          : windowStart > kept.windowStart
            ? { windowStart, previous: kept.current, current: 0 }
            : kept;
      counters.set(key, counter);
      if (counters.size > maxKeys) counters.delete(counters.keys().next().value!);

      const elapsed = nowMs - windowStart;
      const estimate = counter.previous * (1 - elapsed / windowMs) + counter.current;
      if (estimate + 1 <= rule.limit) {
        counter.current += 1;
        return { ok: true, retryAfterSeconds: 0 };
      }
      return { ok: false, retryAfterSeconds: slidingRetryAfter(rule, counter, elapsed) };
    },
  };
}

/** Milliseconds until the sliding estimate leaves room for one more read, in whole seconds. */
function slidingRetryAfter(rule: RateLimit, counter: Counter, elapsed: number): number {
  const { limit, windowMs } = rule;
  let waitMs: number;
  if (counter.current + 1 <= limit && counter.previous > 0) {
    // Room opens in this window as the previous window's share slides out.
    waitMs = windowMs * (1 - (limit - 1 - counter.current) / counter.previous) - elapsed;
  } else {
    // Only the next window has room, once enough of this one has slid out.
    waitMs = windowMs - elapsed + Math.max(0, windowMs * (1 - (limit - 1) / counter.current));
  }
  return Math.max(1, Math.ceil(waitMs / 1000));
}

// ---------------------------------------------------------------------------------------------
// Cloudflare's Workers Rate Limiting binding

/** The binding's interface (@cloudflare/workers-types RateLimit): one call counts and decides. */
export interface RateLimitBinding {
  limit(options: { key: string }): Promise<{ success: boolean }>;
}

/**
 * The bindings wrangler.toml would declare, by rule name. Each one's `simple` limit and period
 * must be the rule's (60 in 60 s for the search limits): the binding only answers yes or no.
 */
export const READ_LIMIT_BINDINGS = {
  "search-client": "SEARCH_CLIENT_LIMIT",
  "search-user": "SEARCH_USER_LIMIT",
} as const;

const isBinding = (value: unknown): value is RateLimitBinding =>
  typeof (value as RateLimitBinding | undefined)?.limit === "function";

/**
 * Counts each rule through its binding when the host has one, else through `fallback`. The
 * binding says no more than yes or no, so a refusal's Retry-After is the rule's whole window:
 * an upper bound, never a promise that breaks.
 */
export function bindingReadLimiter(bindings: Record<string, unknown>, fallback: ReadLimiter): ReadLimiter {
  const byRule = new Map<string, RateLimitBinding>();
  for (const [rule, name] of Object.entries(READ_LIMIT_BINDINGS)) {
    const binding = bindings[name];
    if (isBinding(binding)) byRule.set(rule, binding);
  }
  return {
    async hit(rule, subject, nowMs) {
      const binding = byRule.get(rule.name);
      if (!binding) return fallback.hit(rule, subject, nowMs);
      const { success } = await binding.limit({ key: subject });
      return { ok: success, retryAfterSeconds: Math.max(1, Math.ceil(rule.windowMs / 1000)) };
    },
  };
}
