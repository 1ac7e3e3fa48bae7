// Owners' public replies to reviews and their reports (issue 22, docs/owners.md). A reply is
// keyed by its review; nothing here reads or writes a review, a rating or an aggregate.
import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Database } from "../client.ts";
import { dishes, ownerReplies, posts, replyReports, restaurants, reviewReports } from "../schema.ts";
import type { ViewerId } from "./social-graph.ts";
import { visibleAuthor } from "./social-posts.ts";

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

/**
 * A live review (not removed) and the restaurant it belongs to. With a viewer, only a review that
 * viewer may see (issue 29: a private author's review, or one across a block, is undefined, as a
 * missing one is); `null` is a moderator's read, which sees every live review.
 */
export async function replyTarget(
  db: Database,
  postId: number,
  viewer: ViewerId | null,
): Promise<ReplyTarget | undefined> {
  const g = alias(posts, "g");
  const [row] = await db
    .select({
      postId: posts.id,
      authorId: posts.authorId,
      restaurantId: posts.restaurantId,
      dishId: posts.dishId,
      ownerRestaurantId: restaurants.id,
      restaurantName: restaurants.name,
      groupRestaurantId: sql<number | null>`${db
        .select({ restaurantId: g.restaurantId })
        .from(g)
        .where(eq(g.id, posts.reviewGroupId))}`,
    })
    .from(posts)
    .leftJoin(dishes, eq(dishes.id, posts.dishId))
    .innerJoin(restaurants, eq(restaurants.id, sql`coalesce(${posts.restaurantId}, ${dishes.restaurantId})`))
    .where(
      and(
        eq(posts.id, postId),
        isNull(posts.removedAt),
        viewer === null ? undefined : visibleAuthor(viewer, posts.authorId),
      ),
    );
  if (!row) return undefined;
  return {
    postId: row.postId,
    authorId: row.authorId,
    restaurantId: row.ownerRestaurantId,
    restaurantName: row.restaurantName,
    item:
      row.restaurantId !== null
        ? { kind: "restaurant", id: row.restaurantId }
        : { kind: "dish", id: row.dishId! },
    groupRestaurantId: row.groupRestaurantId,
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
    .where(
      and(eq(ownerReplies.postId, postId), isNull(ownerReplies.removedAt), isNull(ownerReplies.deletedAt)),
    );
}

/**
 * The owner's deletion keeps the row (issue 29): its reports and moderation item stay for
 * moderators, who can still remove it, and a removal then holds.
 */
export function softDeleteReplyStatement(db: Database, postId: number, now: number) {
  return db
    .update(ownerReplies)
    .set({ deletedAt: now })
    .where(and(eq(ownerReplies.postId, postId), isNull(ownerReplies.removedAt)));
}

/** A new reply where the owner deleted one (never where a moderator removed one). */
export function rewriteDeletedReplyStatement(
  db: Database,
  r: { postId: number; authorId: number; content: string; createdAt: number },
) {
  return db
    .update(ownerReplies)
    .set({ authorId: r.authorId, content: r.content, createdAt: r.createdAt, updatedAt: null, deletedAt: null })
    .where(
      and(eq(ownerReplies.postId, r.postId), isNull(ownerReplies.removedAt), isNotNull(ownerReplies.deletedAt)),
    );
}

/** The shown replies of these reviews (a moderator's removal or the owner's deletion hides one), by review id. */
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
    .where(
      and(inArray(ownerReplies.postId, postIds), isNull(ownerReplies.removedAt), isNull(ownerReplies.deletedAt)),
    );
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
  const rows = await db
    .select({ postId: ownerReplies.postId, name: restaurants.name })
    .from(ownerReplies)
    .innerJoin(restaurants, eq(restaurants.id, ownerReplies.restaurantId))
    .where(inArray(ownerReplies.postId, postIds));
  return new Map(rows.map((r) => [r.postId, r.name]));
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
  const [row] = await db
    .select({
      authorId: ownerReplies.authorId,
      content: ownerReplies.content,
      removedAt: ownerReplies.removedAt,
      postContent: sql<string>`coalesce(${posts.content}, '')`,
      restaurantId: restaurants.id,
      restaurantName: restaurants.name,
    })
    .from(ownerReplies)
    .leftJoin(posts, eq(posts.id, ownerReplies.postId))
    .innerJoin(restaurants, eq(restaurants.id, ownerReplies.restaurantId))
    .where(eq(ownerReplies.postId, postId));
  return row;
}

export function setReplyRemovedStatement(db: Database, postId: number, removedAt: number | null) {
  return db.update(ownerReplies).set({ removedAt }).where(eq(ownerReplies.postId, postId));
}
