// Detection's reads and writes (issue 21, decision 014). Every read is bounded: an index range
// of one item's posts over a fixed window with a LIMIT, so a write costs the same on an item
// with ten reviews as on one with ten thousand. The rules themselves are in
// src/domain/review-signals.ts.
import { sql, type SQL } from "drizzle-orm";
import {
  BASELINE_DAYS,
  BURST_WINDOW_MS,
  PAUSE_WINDOW_MS,
  RECENT_REVIEWS_LIMIT,
  TEXT_COMPARE_CHARS,
  TEXT_PEERS_DAYS,
  TEXT_PEERS_LIMIT,
  type ItemActivity,
  type ReviewFacts,
} from "../../../../domain/review-signals.ts";
import { getRow, type Database } from "../client.ts";

type BatchStatement = Parameters<Database["batch"]>[0][number];
export type ItemKind = "restaurant" | "dish";

const DAY_MS = 86_400_000;
/** A busy item's baseline stops counting here: far above any burst threshold that matters. */
const BASELINE_COUNT_CAP = 20_000;
/** D1 takes at most 100 bound parameters per statement. */
const IDS_PER_STATEMENT = 90;

const itemColumn = (kind: ItemKind) => sql.raw(kind === "restaurant" ? "restaurant_id" : "dish_id");

interface RecentRow {
  postId: number;
  authorId: number;
  accountCreatedAt: number;
  createdAt: number;
  networkHash: string | null;
  ratingTenths: number;
  other: number;
  flaggedAt: number | null;
  clearedAt: number | null;
}

/** The item's pace over its baseline, its reviews in the burst window, and recent texts. */
export async function itemActivity(
  db: Database,
  kind: ItemKind,
  id: number,
  now: number,
): Promise<ItemActivity> {
  const column = itemColumn(kind);
  const windowStart = now - BURST_WINDOW_MS;
  const [baseline, recent, peers] = await Promise.all([
    getRow<{ n: number }>(
      db,
      sql`SELECT count(*) AS n FROM (SELECT 1 FROM posts WHERE ${column} = ${id}
        AND created_at >= ${windowStart - BASELINE_DAYS * DAY_MS} AND created_at < ${windowStart} LIMIT ${BASELINE_COUNT_CAP})`,
    ),
    // "Other reviews" leaves out the dish reviews posted with the same restaurant review.
    db.all<RecentRow>(sql`SELECT p.id AS postId, p.author_id AS authorId, u.created_at AS accountCreatedAt,
        p.created_at AS createdAt, n.network_hash AS networkHash, p.rating_tenths AS ratingTenths,
        EXISTS (SELECT 1 FROM posts o WHERE o.author_id = p.author_id
          AND coalesce(o.review_group_id, o.id) <> coalesce(p.review_group_id, p.id)) AS other,
        p.flagged_at AS flaggedAt, p.flag_cleared_at AS clearedAt
      FROM posts p JOIN users u ON u.id = p.author_id LEFT JOIN review_networks n ON n.post_id = p.id
      WHERE p.${column} = ${id} AND p.created_at >= ${windowStart} AND p.removed_at IS NULL
      ORDER BY p.created_at DESC LIMIT ${RECENT_REVIEWS_LIMIT}`),
    db.all<{
      postId: number;
      authorId: number;
      content: string;
      flaggedAt: number | null;
      clearedAt: number | null;
    }>(
      sql`SELECT id AS postId, author_id AS authorId, substr(content, 1, ${TEXT_COMPARE_CHARS}) AS content,
          flagged_at AS flaggedAt, flag_cleared_at AS clearedAt
        FROM posts WHERE ${column} = ${id} AND created_at >= ${now - TEXT_PEERS_DAYS * DAY_MS} AND removed_at IS NULL
        ORDER BY created_at DESC LIMIT ${TEXT_PEERS_LIMIT}`,
    ),
  ]);
  return {
    baselineCount: Number(baseline?.n ?? 0),
    recent: recent.map((r): ReviewFacts => ({
      postId: Number(r.postId),
      authorId: Number(r.authorId),
      accountCreatedAt: Number(r.accountCreatedAt),
      createdAt: Number(r.createdAt),
      networkHash: r.networkHash === null ? null : String(r.networkHash),
      ratingTenths: Number(r.ratingTenths),
      authorHasOtherReviews: Number(r.other) === 1,
      held: r.flaggedAt !== null,
      cleared: r.clearedAt !== null,
    })),
    textPeers: peers.map((p) => ({
      postId: Number(p.postId),
      authorId: Number(p.authorId),
      content: String(p.content),
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
  const row = await getRow<{ createdAt: number; hasReviews: number }>(
    db,
    sql`SELECT created_at AS createdAt, EXISTS (SELECT 1 FROM posts WHERE author_id = ${authorId}) AS hasReviews
      FROM users WHERE id = ${authorId}`,
  );
  return row && { accountCreatedAt: Number(row.createdAt), hasReviews: Number(row.hasReviews) === 1 };
}

/**
 * Reviews of the item held in the last PAUSE_WINDOW_MS. A held review was written at most
 * TEXT_PEERS_DAYS before it was held (a near-copy found later), which bounds the index range.
 */
export async function heldInPauseWindow(
  db: Database,
  kind: ItemKind,
  id: number,
  now: number,
): Promise<number> {
  const row = await getRow<{ n: number }>(
    db,
    sql`SELECT count(*) AS n FROM posts WHERE ${itemColumn(kind)} = ${id}
      AND created_at >= ${now - PAUSE_WINDOW_MS - TEXT_PEERS_DAYS * DAY_MS} AND flagged_at >= ${now - PAUSE_WINDOW_MS}`,
  );
  return Number(row?.n ?? 0);
}

/** The end of the item's pause in force at `now`, or null. */
export async function pausedUntil(
  db: Database,
  kind: ItemKind,
  id: number,
  now: number,
): Promise<number | null> {
  const row = await getRow<{ endsAt: number | null }>(
    db,
    sql`SELECT max(ends_at) AS endsAt FROM review_pauses WHERE item_kind = ${kind} AND item_id = ${id} AND ends_at > ${now}`,
  );
  return row?.endsAt == null ? null : Number(row.endsAt);
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** Holds earlier reviews of a pattern; one a moderator cleared stays counted. */
export function holdPostsStatements(db: Database, postIds: number[], now: number): BatchStatement[] {
  return chunks(postIds, IDS_PER_STATEMENT).map((part) =>
    db.run(sql`UPDATE posts SET flagged_at = ${now}
      WHERE id IN (${idList(part)}) AND flagged_at IS NULL AND flag_cleared_at IS NULL`),
  );
}

/** A moderator's keep: the review counts again, and detection never holds it again. */
export function clearHoldStatement(db: Database, postId: number, now: number): BatchStatement {
  return db.run(sql`UPDATE posts SET flagged_at = NULL, flag_cleared_at = ${now} WHERE id = ${postId}`);
}

/** The network row of every post of the group just inserted (mainPost: its id, as SQL). */
export function networkRowsStatement(db: Database, mainPost: SQL, networkHash: string): BatchStatement {
  return db.run(sql`INSERT INTO review_networks (post_id, network_hash)
    SELECT id, ${networkHash} FROM posts WHERE id = ${mainPost} OR review_group_id = ${mainPost}`);
}

export function pauseStatement(
  db: Database,
  pause: { kind: ItemKind; id: number; startedAt: number; endsAt: number },
): BatchStatement {
  return db.run(sql`INSERT INTO review_pauses (item_kind, item_id, started_at, ends_at)
    VALUES (${pause.kind}, ${pause.id}, ${pause.startedAt}, ${pause.endsAt})`);
}

export interface HeldPostRow {
  id: number;
  restaurantId: number | null;
  dishId: number | null;
  flaggedAt: number | null;
  removedAt: number | null;
}

export async function heldStateOf(db: Database, postId: number): Promise<HeldPostRow | undefined> {
  const row = await getRow<HeldPostRow>(
    db,
    sql`SELECT id, restaurant_id AS restaurantId, dish_id AS dishId, flagged_at AS flaggedAt, removed_at AS removedAt
      FROM posts WHERE id = ${postId}`,
  );
  return (
    row && {
      id: Number(row.id),
      restaurantId: row.restaurantId === null ? null : Number(row.restaurantId),
      dishId: row.dishId === null ? null : Number(row.dishId),
      flaggedAt: row.flaggedAt === null ? null : Number(row.flaggedAt),
      removedAt: row.removedAt === null ? null : Number(row.removedAt),
    }
  );
}
