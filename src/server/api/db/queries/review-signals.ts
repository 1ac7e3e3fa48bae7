// Detection's reads and writes (issue 21, decision 014). Every read is bounded: an index range
// of one item's posts over a fixed window with a LIMIT, so a write costs the same on an item
// with ten reviews as on one with ten thousand. The rules themselves are in
// src/domain/review-signals.ts.
import {
  and,
  count,
  desc,
  eq,
  exists,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  max,
  ne,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import { alias, QueryBuilder } from "drizzle-orm/sqlite-core";
import {
  BASELINE_DAYS,
  BURST_WINDOW_MS,
  PAUSE_WINDOW_MS,
  RECENT_REVIEWS_LIMIT,
  TEXT_COMPARE_CHARS,
  TEXT_PEERS_DAYS,
  TEXT_PEERS_LIMIT,
  type HeldFacts,
  type ItemActivity,
  type ReviewFacts,
} from "../../../../domain/review-signals.ts";
import type { Database } from "../client.ts";
import { moderationItems, posts, reviewNetworks, reviewPauses, users } from "../schema.ts";

type BatchStatement = Parameters<Database["batch"]>[0][number];
export type ItemKind = "restaurant" | "dish";

const DAY_MS = 86_400_000;
/** A busy item's baseline stops counting here: far above any burst threshold that matters. */
const BASELINE_COUNT_CAP = 20_000;
/** D1 takes at most 100 bound parameters per statement. */
const IDS_PER_STATEMENT = 90;

const qb = new QueryBuilder();
const itemColumn = (kind: ItemKind, t: typeof posts = posts) =>
  kind === "restaurant" ? t.restaurantId : t.dishId;

/** The item's pace over its baseline, its reviews in the burst window, and recent texts. */
export async function itemActivity(
  db: Database,
  kind: ItemKind,
  id: number,
  now: number,
): Promise<ItemActivity> {
  const column = itemColumn(kind);
  const windowStart = now - BURST_WINDOW_MS;
  const p = alias(posts, "p");
  const o = alias(posts, "o");
  const [baseline, recent, peers] = await Promise.all([
    db.select({ n: count() }).from(
      qb
        .select({ one: sql`1` })
        .from(posts)
        .where(
          and(
            eq(column, id),
            gte(posts.createdAt, windowStart - BASELINE_DAYS * DAY_MS),
            lt(posts.createdAt, windowStart),
          ),
        )
        .limit(BASELINE_COUNT_CAP)
        .as("baseline"),
    ),
    db
      .select({
        postId: p.id,
        authorId: p.authorId,
        accountCreatedAt: users.createdAt,
        createdAt: p.createdAt,
        networkHash: reviewNetworks.networkHash,
        ratingTenths: p.ratingTenths,
        // "Other reviews" leaves out the dish reviews posted with the same restaurant review.
        other: sql<number>`${exists(
          qb
            .select({ one: sql`1` })
            .from(o)
            .where(
              and(
                eq(o.authorId, p.authorId),
                ne(sql`coalesce(${o.reviewGroupId}, ${o.id})`, sql`coalesce(${p.reviewGroupId}, ${p.id})`),
              ),
            ),
        )}`,
        flaggedAt: p.flaggedAt,
        clearedAt: p.flagClearedAt,
      })
      .from(p)
      .innerJoin(users, eq(users.id, p.authorId))
      .leftJoin(reviewNetworks, eq(reviewNetworks.postId, p.id))
      .where(
        and(
          eq(kind === "restaurant" ? p.restaurantId : p.dishId, id),
          gte(p.createdAt, windowStart),
          isNull(p.removedAt),
        ),
      )
      .orderBy(desc(p.createdAt))
      .limit(RECENT_REVIEWS_LIMIT),
    db
      .select({
        postId: posts.id,
        authorId: posts.authorId,
        content: sql<string>`substr(${posts.content}, 1, ${TEXT_COMPARE_CHARS})`,
        flaggedAt: posts.flaggedAt,
        clearedAt: posts.flagClearedAt,
      })
      .from(posts)
      .where(
        and(eq(column, id), gte(posts.createdAt, now - TEXT_PEERS_DAYS * DAY_MS), isNull(posts.removedAt)),
      )
      .orderBy(desc(posts.createdAt))
      .limit(TEXT_PEERS_LIMIT),
  ]);
  return {
    baselineCount: baseline[0]?.n ?? 0,
    recent: recent.map((r): ReviewFacts => ({
      postId: r.postId,
      authorId: r.authorId,
      accountCreatedAt: r.accountCreatedAt,
      createdAt: r.createdAt,
      networkHash: r.networkHash,
      ratingTenths: r.ratingTenths,
      authorHasOtherReviews: r.other === 1,
      held: r.flaggedAt !== null,
      cleared: r.clearedAt !== null,
    })),
    textPeers: peers.map((p) => ({
      postId: p.postId,
      authorId: p.authorId,
      content: p.content,
      held: p.flaggedAt !== null,
      cleared: p.clearedAt !== null,
    })),
  };
}

/** When the author's account was made, and whether they have reviewed anything yet. */
export async function authorFacts(
  db: Database,
  authorId: number,
): Promise<{ accountCreatedAt: number; hasReviews: boolean } | undefined> {
  const [row] = await db
    .select({
      createdAt: users.createdAt,
      hasReviews: sql<number>`${exists(
        qb
          .select({ one: sql`1` })
          .from(posts)
          .where(eq(posts.authorId, authorId)),
      )}`,
    })
    .from(users)
    .where(eq(users.id, authorId));
  return row && { accountCreatedAt: row.createdAt, hasReviews: row.hasReviews === 1 };
}

/** A held review's facts as the pause counts them (src/domain/review-signals.ts pauseAccounts). */
function heldFactsQuery(db: Database) {
  return db
    .select({
      postId: posts.id,
      authorId: posts.authorId,
      accountCreatedAt: users.createdAt,
      createdAt: posts.createdAt,
      networkHash: reviewNetworks.networkHash,
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .leftJoin(reviewNetworks, eq(reviewNetworks.postId, posts.id));
}

/**
 * Reviews of the item held since `since` (at most PAUSE_WINDOW_MS back). A held review was
 * written at most TEXT_PEERS_DAYS before it was held (a near-copy found later), which bounds
 * the index range.
 */
export async function heldReviewsSince(
  db: Database,
  kind: ItemKind,
  id: number,
  since: number,
): Promise<HeldFacts[]> {
  return heldFactsQuery(db).where(
    and(
      eq(itemColumn(kind), id),
      gte(posts.createdAt, since - TEXT_PEERS_DAYS * DAY_MS),
      gte(posts.flaggedAt, since),
    ),
  );
}

/** The facts of reviews about to be held with this write (the pattern's earlier members). */
export async function heldFactsOf(db: Database, postIds: number[]): Promise<HeldFacts[]> {
  const parts = await Promise.all(
    chunks(postIds, IDS_PER_STATEMENT).map((part) => heldFactsQuery(db).where(inArray(posts.id, part))),
  );
  return parts.flat();
}

/**
 * Where the pause window starts for the item: PAUSE_WINDOW_MS back, or when its last pause
 * ended (by itself or lifted by a moderator), so reviews held before a lift do not pause it
 * again at the next one.
 */
export async function pauseWindowStart(
  db: Database,
  kind: ItemKind,
  id: number,
  now: number,
): Promise<number> {
  const [row] = await db
    .select({ endsAt: max(reviewPauses.endsAt) })
    .from(reviewPauses)
    .where(and(eq(reviewPauses.itemKind, kind), eq(reviewPauses.itemId, id), lte(reviewPauses.endsAt, now)));
  return Math.max(now - PAUSE_WINDOW_MS, row?.endsAt ?? 0);
}

/** A moderator's lift: the item's pause in force ends now; its row stays for the transparency report. */
export function endPauseStatement(db: Database, kind: ItemKind, id: number, now: number): BatchStatement {
  return db
    .update(reviewPauses)
    .set({ endsAt: now })
    .where(and(eq(reviewPauses.itemKind, kind), eq(reviewPauses.itemId, id), gt(reviewPauses.endsAt, now)));
}

/**
 * heldWith on the queue items of a pattern's earlier members: the new post whose write found
 * the pattern (mainPost, as SQL inside the batch that inserts it).
 */
export function heldWithStatements(db: Database, postIds: number[], mainPost: SQL): BatchStatement[] {
  return chunks(postIds, IDS_PER_STATEMENT).map((part) =>
    db
      .update(moderationItems)
      .set({ signals: sql`json_set(coalesce(${moderationItems.signals}, '{}'), '$.heldWith', ${mainPost})` })
      .where(
        and(
          eq(moderationItems.kind, "review"),
          inArray(moderationItems.targetId, part),
          eq(moderationItems.state, "open"),
        ),
      ),
  );
}

/** The id of the group's new post of one item, inside the batch that inserts it (mainPost: the group's). */
export function newPostOfItem(mainPost: SQL, kind: ItemKind, id: number): SQL {
  return sql`(SELECT ${posts.id} FROM ${posts} WHERE (${posts.id} = ${mainPost} OR ${posts.reviewGroupId} = ${mainPost}) AND ${itemColumn(kind)} = ${id})`;
}

/** The end of the item's pause in force at `now`, or null. */
export async function pausedUntil(
  db: Database,
  kind: ItemKind,
  id: number,
  now: number,
): Promise<number | null> {
  const [row] = await db
    .select({ endsAt: max(reviewPauses.endsAt) })
    .from(reviewPauses)
    .where(and(eq(reviewPauses.itemKind, kind), eq(reviewPauses.itemId, id), gt(reviewPauses.endsAt, now)));
  return row?.endsAt ?? null;
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Holds earlier reviews of a pattern; one a moderator cleared stays counted. */
export function holdPostsStatements(db: Database, postIds: number[], now: number): BatchStatement[] {
  return chunks(postIds, IDS_PER_STATEMENT).map((part) =>
    db
      .update(posts)
      .set({ flaggedAt: now })
      .where(and(inArray(posts.id, part), isNull(posts.flaggedAt), isNull(posts.flagClearedAt))),
  );
}

/** A moderator's keep: the review counts again, and detection never holds it again. */
export function clearHoldStatement(db: Database, postId: number, now: number): BatchStatement {
  return db.update(posts).set({ flaggedAt: null, flagClearedAt: now }).where(eq(posts.id, postId));
}

/** The network row of every post of the group just inserted (mainPost: its id, as SQL). */
export function networkRowsStatement(db: Database, mainPost: SQL, networkHash: string): BatchStatement {
  return db.insert(reviewNetworks).select(
    qb
      .select({ postId: posts.id, networkHash: sql<string>`${networkHash}`.as("network_hash") })
      .from(posts)
      .where(or(eq(posts.id, mainPost), eq(posts.reviewGroupId, mainPost))),
  );
}

export function pauseStatement(
  db: Database,
  pause: { kind: ItemKind; id: number; startedAt: number; endsAt: number },
): BatchStatement {
  return db
    .insert(reviewPauses)
    .values({ itemKind: pause.kind, itemId: pause.id, startedAt: pause.startedAt, endsAt: pause.endsAt });
}

export interface HeldPostRow {
  id: number;
  restaurantId: number | null;
  dishId: number | null;
  flaggedAt: number | null;
  removedAt: number | null;
}

export async function heldStateOf(db: Database, postId: number): Promise<HeldPostRow | undefined> {
  const [row] = await db
    .select({
      id: posts.id,
      restaurantId: posts.restaurantId,
      dishId: posts.dishId,
      flaggedAt: posts.flaggedAt,
      removedAt: posts.removedAt,
    })
    .from(posts)
    .where(eq(posts.id, postId));
  return row;
}
