// Fixed-window counters in the rate_limits table, so limits hold across restarts and
// across instances that share the database.
import { and, eq, gt, like, lt, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { rateLimits } from "../schema.ts";

/**
 * Counts `amount` hits (one by default) against `key` in the window that holds `nowMs`,
 * atomically: a single upsert starts a new window or adds to the current one. Answers the
 * count so far.
 */
export async function countHit(
  db: Database,
  key: string,
  windowMs: number,
  nowMs: number,
  amount = 1,
): Promise<{ count: number; windowStart: number }> {
  const windowStart = Math.floor(nowMs / windowMs) * windowMs;
  const row = await db
    .insert(rateLimits)
    .values({ key, windowStart, count: amount })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        // SQLite evaluates every SET expression against the old row, so count sees the old window.
        count: sql`CASE WHEN ${rateLimits.windowStart} = excluded.window_start THEN ${rateLimits.count} + excluded.count ELSE excluded.count END`,
        windowStart: sql`excluded.window_start`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart })
    .get();
  return row;
}

/**
 * Takes back one hit counted against `key` in the current window (a login attempt that
 * turned out right), never below zero; a counter of an earlier window is left alone.
 */
export async function refundHit(db: Database, key: string, windowMs: number, nowMs: number): Promise<void> {
  const windowStart = Math.floor(nowMs / windowMs) * windowMs;
  await db
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1` })
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart), gt(rateLimits.count, 0)))
    .run();
}

/** Drops counters whose window ended before `beforeMs`; they can no longer limit anything. */
export async function pruneRateLimits(db: Database, beforeMs: number): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, beforeMs)).run();
}

/** Hits counted so far against `key` in the window that holds `nowMs`, without adding one. */
export async function readHits(db: Database, key: string, windowMs: number, nowMs: number): Promise<number> {
  const windowStart = Math.floor(nowMs / windowMs) * windowMs;
  const row = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart)))
    .get();
  return row?.count ?? 0;
}

export async function deleteRateLimit(db: Database, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key)).run();
}

/** Drops every counter whose key starts with `prefix` (a password reset clears login limits). */
export async function clearRateLimits(db: Database, prefix: string): Promise<void> {
  const escaped = prefix.replace(/[\\%_]/g, (ch) => `\\${ch}`);
  await db
    .delete(rateLimits)
    .where(sql`${like(rateLimits.key, `${escaped}%`)} ESCAPE '\\'`)
    .run();
}
