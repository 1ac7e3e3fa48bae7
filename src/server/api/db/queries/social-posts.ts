// Every SQL statement of the feed, post search, post likes and saves (issue 12). Reads take
// the viewer (0 for a visitor: no user has that id, so every relation is false) and answer
// only what the viewer may see: a private author's posts to their followers, nothing between
// two people when either has blocked the other. Writes are single statements (libSQL's file
// mode stalls when interactive transactions overlap); a like or a save is INSERT ... ON
// CONFLICT DO NOTHING on the pair's primary key, so any number at once leave one row, and
// counts are count(*) over that key, exact whatever ran in parallel.
import { sql, type SQL } from "drizzle-orm";
import { getRow, type Database } from "../client.ts";
import type { PostRow } from "./reviews-reads.ts";
import { commentShown, notBlockedEitherWay, type ViewerId } from "./social-graph.ts";

/** Where a keyset page starts: after the post with this time and id. */
export interface PostCursor {
  createdAt: number;
  id: number;
}

const POST_COLUMNS = sql`p.id AS id, p.author_id AS authorId, p.restaurant_id AS restaurantId, p.dish_id AS dishId,
  p.review_group_id AS reviewGroupId, p.content AS content, p.rating_tenths AS ratingTenths,
  p.incentivised AS incentivised, p.created_at AS createdAt, p.updated_at AS updatedAt`;

interface RawPost {
  id: number;
  authorId: number;
  restaurantId: number | null;
  dishId: number | null;
  reviewGroupId: number | null;
  content: string;
  ratingTenths: number;
  incentivised: number;
  createdAt: number;
  updatedAt: number | null;
}

const toPostRow = (r: RawPost): PostRow => ({
  id: Number(r.id),
  authorId: Number(r.authorId),
  restaurantId: r.restaurantId === null ? null : Number(r.restaurantId),
  dishId: r.dishId === null ? null : Number(r.dishId),
  reviewGroupId: r.reviewGroupId === null ? null : Number(r.reviewGroupId),
  content: String(r.content),
  ratingTenths: Number(r.ratingTenths),
  incentivised: Boolean(r.incentivised),
  createdAt: Number(r.createdAt),
  updatedAt: r.updatedAt === null ? null : Number(r.updatedAt),
});

async function posts(db: Database, query: SQL): Promise<PostRow[]> {
  return (await db.all<RawPost>(query)).map(toPostRow);
}

const olderThan = (cursor: PostCursor | undefined) =>
  cursor ? sql`AND (p.created_at, p.id) < (${cursor.createdAt}, ${cursor.id})` : sql``;

// ---------------------------------------------------------------------------------------------
// Who may see whom

/** A post removed by a moderator (issue 21) is shown to its author only. */
export function notRemovedFor(viewer: ViewerId, alias: string): SQL {
  return sql`(${sql.raw(`${alias}.removed_at`)} IS NULL OR ${sql.raw(`${alias}.author_id`)} = ${viewer})`;
}

/**
 * The viewer may see what the person in `author` posts and writes: it is their own, or
 * neither blocked the other and the author is public or followed by the viewer.
 */
export function visibleAuthor(viewer: ViewerId, author: SQL): SQL {
  return sql`(${author} = ${viewer} OR (${notBlockedEitherWay(viewer, author)}
    AND (coalesce((SELECT pr.is_private FROM profiles pr WHERE pr.user_id = ${author}), 0) = 0
      OR EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ${viewer} AND f.following_id = ${author}))))`;
}

/**
 * The post's id, its top-level post and author, when the viewer may see it; undefined when it
 * does not exist or is hidden from the viewer (the two answer alike, so a hidden post is not
 * revealed).
 */
export async function visiblePost(
  db: Database,
  viewer: ViewerId,
  postId: number,
): Promise<{ id: number; authorId: number } | undefined> {
  const row = await getRow<{ id: number; authorId: number }>(
    db,
    sql`
    SELECT p.id AS id, p.author_id AS authorId FROM posts p
    WHERE p.id = ${postId} AND ${visibleAuthor(viewer, sql`p.author_id`)} AND ${notRemovedFor(viewer, "p")}`,
  );
  return row ? { id: Number(row.id), authorId: Number(row.authorId) } : undefined;
}

/**
 * The viewer has blocked someone or been blocked: public lists of reviews then differ for them
 * (routes/reviews.ts). Two primary-key or index seeks.
 */
export async function hasAnyBlock(db: Database, viewer: ViewerId): Promise<boolean> {
  const row = await getRow<{ blocked: number }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM blocks WHERE blocker_id = ${viewer})
      OR EXISTS (SELECT 1 FROM blocks WHERE blocked_id = ${viewer}) AS blocked`,
  );
  return Number(row?.blocked ?? 0) === 1;
}

/** The people the viewer follows whom neither has blocked (a block removes follows, but a race may not). */
export async function followedAuthorIds(db: Database, viewer: ViewerId): Promise<number[]> {
  const rows = await db.all<{ id: number }>(sql`
    SELECT f.following_id AS id FROM follows f
    WHERE f.follower_id = ${viewer} AND ${notBlockedEitherWay(viewer, sql`f.following_id`)}`);
  return rows.map((r) => Number(r.id));
}

// ---------------------------------------------------------------------------------------------
// The feed

/**
 * How many of a person's newest top-level posts a new follow brings into the follower's feed
 * (everything they post afterwards arrives as they post it). Written into the triggers of
 * drizzle/0012_feed_entries.sql, which keep feed_entries true: change both together.
 */
export const FEED_FOLLOW_BACKFILL = 200;

/**
 * A page of the viewer's feed: their feed_entries rows (their own top-level posts and those of
 * the people they follow, fanned out on write) newest first after the cursor, each joined to
 * its post by primary key. One range of the feed's primary key, stopped by the LIMIT: `limit`
 * rows read at any depth. The block check reads nothing extra while the triggers keep the
 * table true (a block deletes follows, and with them the rows); it guards the page if not.
 */
export function feedPageQuery(viewer: ViewerId, cursor: PostCursor | undefined, limit: number): SQL {
  return sql`SELECT ${POST_COLUMNS} FROM feed_entries e JOIN posts p ON p.id = e.post_id
    WHERE e.owner_id = ${viewer}
      ${cursor ? sql`AND (e.created_at, e.post_id) < (${cursor.createdAt}, ${cursor.id})` : sql``}
      AND (p.author_id = ${viewer} OR ${notBlockedEitherWay(viewer, sql`p.author_id`)})
      AND ${notRemovedFor(viewer, "p")}
    ORDER BY e.created_at DESC, e.post_id DESC LIMIT ${limit}`;
}

export async function feedPage(
  db: Database,
  viewer: ViewerId,
  cursor: PostCursor | undefined,
  limit: number,
): Promise<PostRow[]> {
  return posts(db, feedPageQuery(viewer, cursor, limit));
}

/** How many people the viewer follows (no block between them), counting no further than `atMost`. */
export async function followingCountUpTo(db: Database, viewer: ViewerId, atMost: number): Promise<number> {
  const row = await getRow<{ n: number }>(
    db,
    sql`SELECT count(*) AS n FROM (SELECT 1 FROM follows f
      WHERE f.follower_id = ${viewer} AND ${notBlockedEitherWay(viewer, sql`f.following_id`)} LIMIT ${atMost})`,
  );
  return Number(row?.n ?? 0);
}

export interface SuggestedFilter {
  viewer: ViewerId;
  minRatingTenths: number;
  /** Only posts created at or after this time. */
  since: number;
  cursor?: PostCursor;
  limit: number;
}

/**
 * The best recent London reviews for someone who follows few people: top-level, rated at
 * least minRatingTenths, not incentivised, newest first, by public authors the viewer neither
 * is nor follows (those are in the followed part already) and has no block with.
 */
export function suggestedPostsQuery(f: SuggestedFilter): SQL {
  return sql`SELECT ${POST_COLUMNS} FROM posts p INDEXED BY posts_top_created_idx
    WHERE p.review_group_id IS NULL ${olderThan(f.cursor)} AND p.created_at >= ${f.since}
      AND p.rating_tenths >= ${f.minRatingTenths} AND p.incentivised = 0
      AND p.author_id <> ${f.viewer} AND p.removed_at IS NULL
      AND coalesce((SELECT pr.is_private FROM profiles pr WHERE pr.user_id = p.author_id), 0) = 0
      AND NOT EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ${f.viewer} AND f.following_id = p.author_id)
      AND ${notBlockedEitherWay(f.viewer, sql`p.author_id`)}
    ORDER BY p.created_at DESC, p.id DESC LIMIT ${f.limit}`;
}

export async function suggestedPosts(db: Database, f: SuggestedFilter): Promise<PostRow[]> {
  return posts(db, suggestedPostsQuery(f));
}

// ---------------------------------------------------------------------------------------------
// Post search

export interface PostSearchFilter {
  viewer: ViewerId;
  /** An FTS5 MATCH built by fts-match.ts (user text quoted), or null for every post. */
  match: string | null;
  minTenths?: number;
  maxTenths?: number;
  /** The id of the last post of the previous page: newest posted first, by id. */
  beforeId?: number;
  limit: number;
}

/**
 * Top-level posts matching the keyword and rating band that the viewer may see, most
 * recently posted first. With a keyword, FTS5 yields matching rowids in descending order
 * from the cursor, and each is checked by primary key; without, posts are walked by id.
 */
export function searchPostsQuery(f: PostSearchFilter): SQL {
  const rating = sql`${f.minTenths === undefined ? sql`` : sql`AND p.rating_tenths >= ${f.minTenths}`}
    ${f.maxTenths === undefined ? sql`` : sql`AND p.rating_tenths <= ${f.maxTenths}`}`;
  const visible = sql`${visibleAuthor(f.viewer, sql`p.author_id`)} AND ${notRemovedFor(f.viewer, "p")}`;
  if (f.match === null) {
    return sql`SELECT ${POST_COLUMNS} FROM posts p
      WHERE p.review_group_id IS NULL ${f.beforeId === undefined ? sql`` : sql`AND p.id < ${f.beforeId}`} ${rating} AND ${visible}
      ORDER BY p.id DESC LIMIT ${f.limit}`;
  }
  return sql`SELECT ${POST_COLUMNS} FROM post_search s JOIN posts p ON p.id = s.rowid
    WHERE post_search MATCH ${f.match} ${f.beforeId === undefined ? sql`` : sql`AND s.rowid < ${f.beforeId}`}
      AND p.review_group_id IS NULL ${rating} AND ${visible}
    ORDER BY s.rowid DESC LIMIT ${f.limit}`;
}

export async function searchPosts(db: Database, f: PostSearchFilter): Promise<PostRow[]> {
  return posts(db, searchPostsQuery(f));
}

// ---------------------------------------------------------------------------------------------
// Likes, saves and comment counts beside post cards

export interface PostSocial {
  likes: number;
  likedByUser: boolean;
  savedByUser: boolean;
  commentCount: number;
}

export async function postSocial(
  db: Database,
  viewer: ViewerId,
  postIds: number[],
): Promise<Map<number, PostSocial>> {
  if (postIds.length === 0) return new Map();
  const ids = sql.join(
    postIds.map((id) => sql`(${id})`),
    sql`, `,
  );
  const rows = await db.all<{
    id: number;
    likes: number;
    liked: number;
    saved: number;
    comments: number;
  }>(sql`
    WITH ids(id) AS (VALUES ${ids})
    SELECT ids.id AS id,
      (SELECT count(*) FROM post_likes l WHERE l.post_id = ids.id) AS likes,
      EXISTS (SELECT 1 FROM post_likes l WHERE l.post_id = ids.id AND l.user_id = ${viewer}) AS liked,
      EXISTS (SELECT 1 FROM post_saves s WHERE s.post_id = ids.id AND s.user_id = ${viewer}) AS saved,
      (SELECT count(*) FROM comments c WHERE c.post_id = ids.id AND ${commentShown(viewer, "c")}) AS comments
    FROM ids`);
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        likes: Number(r.likes),
        likedByUser: r.liked === 1,
        savedByUser: r.saved === 1,
        commentCount: Number(r.comments),
      },
    ]),
  );
}

export type PostMark = "post_likes" | "post_saves";

/** True when this call added the row (a repeat or a concurrent twin adds nothing). */
export async function markPost(
  db: Database,
  table: PostMark,
  postId: number,
  userId: number,
  now: number,
): Promise<boolean> {
  const result = await db.run(
    sql`INSERT INTO ${sql.identifier(table)} (post_id, user_id, created_at) VALUES (${postId}, ${userId}, ${now})
      ON CONFLICT DO NOTHING`,
  );
  return result.rowsAffected > 0;
}

export async function unmarkPost(
  db: Database,
  table: PostMark,
  postId: number,
  userId: number,
): Promise<boolean> {
  const result = await db.run(
    sql`DELETE FROM ${sql.identifier(table)} WHERE post_id = ${postId} AND user_id = ${userId}`,
  );
  return result.rowsAffected > 0;
}

export async function postExists(db: Database, postId: number): Promise<boolean> {
  return (await getRow<{ id: number }>(db, sql`SELECT id FROM posts WHERE id = ${postId}`)) !== undefined;
}

export async function postLikeCount(db: Database, postId: number): Promise<number> {
  const row = await getRow<{ n: number }>(
    db,
    sql`SELECT count(*) AS n FROM post_likes WHERE post_id = ${postId}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * The posts a user liked or saved, most recent mark first, after the cursor (the mark's time
 * and the post id), that the user may still see.
 */
export async function markedPosts(
  db: Database,
  table: PostMark,
  userId: number,
  cursor: PostCursor | undefined,
  limit: number,
): Promise<(PostRow & { markedAt: number })[]> {
  const rows = await db.all<RawPost & { markedAt: number }>(sql`
    SELECT ${POST_COLUMNS}, m.created_at AS markedAt FROM ${sql.identifier(table)} m JOIN posts p ON p.id = m.post_id
    WHERE m.user_id = ${userId}
      ${cursor ? sql`AND (m.created_at, m.post_id) < (${cursor.createdAt}, ${cursor.id})` : sql``}
      AND ${visibleAuthor(userId, sql`p.author_id`)} AND ${notRemovedFor(userId, "p")}
    ORDER BY m.created_at DESC, m.post_id DESC LIMIT ${limit}`);
  return rows.map((r) => ({ ...toPostRow(r), markedAt: Number(r.markedAt) }));
}
