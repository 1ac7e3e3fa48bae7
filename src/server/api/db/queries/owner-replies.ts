// Owners' public replies to reviews and their reports (issue 22, docs/owners.md). A reply is
// keyed by its review; nothing here reads or writes a review, a rating or an aggregate.
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { getRow } from "../client.ts";
import { ownerReplies, replyReports, reviewReports } from "../schema.ts";

export interface ReplyTarget {
  postId: number;
  authorId: number;
  /** The restaurant whose owner may answer: the reviewed one, or the reviewed dish's. */
  restaurantId: number;
  restaurantName: string;
  /** The item whose review list shows the review, and (for a dish review posted with one) its restaurant review's. */
  item: { kind: "restaurant" | "dish"; id: number };
  groupRestaurantId: number | null;
}

/** A live review (not removed) and the restaurant it belongs to. */
export async function replyTarget(db: Database, postId: number): Promise<ReplyTarget | undefined> {
  const row = await getRow<{
    postId: number;
    authorId: number;
    restaurantId: number | null;
    dishId: number | null;
    ownerRestaurantId: number;
    restaurantName: string;
    groupRestaurantId: number | null;
  }>(
    db,
    sql`SELECT p.id AS postId, p.author_id AS authorId, p.restaurant_id AS restaurantId, p.dish_id AS dishId,
        r.id AS ownerRestaurantId, r.name AS restaurantName,
        (SELECT g.restaurant_id FROM posts g WHERE g.id = p.review_group_id) AS groupRestaurantId
      FROM posts p
      LEFT JOIN dishes d ON d.id = p.dish_id
      JOIN restaurants r ON r.id = coalesce(p.restaurant_id, d.restaurant_id)
      WHERE p.id = ${postId} AND p.removed_at IS NULL`,
  );
  if (!row) return undefined;
  return {
    postId: Number(row.postId),
    authorId: Number(row.authorId),
    restaurantId: Number(row.ownerRestaurantId),
    restaurantName: String(row.restaurantName),
    item:
      row.restaurantId !== null
        ? { kind: "restaurant", id: Number(row.restaurantId) }
        : { kind: "dish", id: Number(row.dishId) },
    groupRestaurantId: row.groupRestaurantId === null ? null : Number(row.groupRestaurantId),
  };
}

export type ReplyRow = typeof ownerReplies.$inferSelect;

export async function replyOf(db: Database, postId: number): Promise<ReplyRow | undefined> {
  const [row] = await db.select().from(ownerReplies).where(eq(ownerReplies.postId, postId));
  return row;
}

export function insertReplyStatement(
  db: Database,
  r: { postId: number; restaurantId: number; authorId: number; content: string; createdAt: number },
) {
  return db.insert(ownerReplies).values(r);
}

export function updateReplyStatement(db: Database, postId: number, content: string, now: number) {
  return db
    .update(ownerReplies)
    .set({ content, updatedAt: now })
    .where(and(eq(ownerReplies.postId, postId), isNull(ownerReplies.removedAt)));
}

export function deleteReplyStatement(db: Database, postId: number) {
  return db.delete(ownerReplies).where(eq(ownerReplies.postId, postId));
}

/** The reviewer hears of the reply once (notifications_once_idx), unless a block stands between. */
export function replyNotificationStatement(
  db: Database,
  n: { recipientId: number; actorId: number; postId: number; createdAt: number },
) {
  return db.run(sql`INSERT INTO notifications (recipient_id, actor_id, kind, post_id, created_at)
    SELECT ${n.recipientId}, ${n.actorId}, 'owner-reply', ${n.postId}, ${n.createdAt}
    WHERE ${n.recipientId} <> ${n.actorId}
      AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = ${n.recipientId} AND b.blocked_id = ${n.actorId})
        OR (b.blocker_id = ${n.actorId} AND b.blocked_id = ${n.recipientId}))
    ON CONFLICT DO NOTHING`);
}

/** The shown replies of these reviews (a moderator's removal hides one), by review id. */
export async function repliesOfPosts(db: Database, postIds: number[]) {
  if (postIds.length === 0)
    return new Map<number, { content: string; createdAt: string; updatedAt: string | null }>();
  const rows = await db
    .select({
      postId: ownerReplies.postId,
      content: ownerReplies.content,
      createdAt: ownerReplies.createdAt,
      updatedAt: ownerReplies.updatedAt,
    })
    .from(ownerReplies)
    .where(and(inArray(ownerReplies.postId, postIds), isNull(ownerReplies.removedAt)));
  return new Map(
    rows.map((r) => [
      r.postId,
      {
        content: r.content,
        createdAt: new Date(r.createdAt).toISOString(),
        updatedAt: r.updatedAt === null ? null : new Date(r.updatedAt).toISOString(),
      },
    ]),
  );
}

/** One report per person per reply; a repeat stores nothing. True when stored. */
export async function insertReplyReport(
  db: Database,
  r: { postId: number; reporterId: number; reason: string; note: string; createdAt: number },
): Promise<boolean> {
  const rows = await db
    .insert(replyReports)
    .values(r)
    .onConflictDoNothing()
    .returning({ postId: replyReports.postId });
  return rows.length > 0;
}

/** The restaurant named by each owner-reply notification's review, for "The owner of X replied". */
export async function restaurantNamesOfReplies(
  db: Database,
  postIds: number[],
): Promise<Map<number, string>> {
  if (postIds.length === 0) return new Map();
  const rows = await db.all<{ postId: number; name: string }>(sql`SELECT x.post_id AS postId, r.name AS name
    FROM owner_replies x JOIN restaurants r ON r.id = x.restaurant_id
    WHERE x.post_id IN (${sql.join(
      postIds.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  return new Map(rows.map((r) => [Number(r.postId), String(r.name)]));
}

/** An owner's report of a review of their restaurant: a review report like anyone's, once. */
export function insertReviewReport(
  db: Database,
  r: { postId: number; reporterId: number; reason: string; note: string; createdAt: number },
) {
  return db.insert(reviewReports).values(r).onConflictDoNothing();
}

/** A reply for moderation: its text, its owner, and the review it answers (removed ones too). */
export async function replyModerationTarget(db: Database, postId: number) {
  const row = await getRow<{
    authorId: number;
    content: string;
    removedAt: number | null;
    postContent: string;
    restaurantId: number;
    restaurantName: string;
  }>(
    db,
    sql`SELECT x.author_id AS authorId, x.content AS content, x.removed_at AS removedAt,
        coalesce(p.content, '') AS postContent, r.id AS restaurantId, r.name AS restaurantName
      FROM owner_replies x LEFT JOIN posts p ON p.id = x.post_id JOIN restaurants r ON r.id = x.restaurant_id
      WHERE x.post_id = ${postId}`,
  );
  return row
    ? {
        ...row,
        authorId: Number(row.authorId),
        restaurantId: Number(row.restaurantId),
        removedAt: row.removedAt === null ? null : Number(row.removedAt),
      }
    : undefined;
}

export function setReplyRemovedStatement(db: Database, postId: number, removedAt: number | null) {
  return db.update(ownerReplies).set({ removedAt }).where(eq(ownerReplies.postId, postId));
}
