// Every SQL statement of the feed, post search, post likes and saves (issue 12). Reads take
// the viewer (0 for a visitor: no user has that id, so every relation is false) and answer
// only what the viewer may see: a private author's posts to their followers, nothing between
// two people when either has blocked the other. Writes are single statements (libSQL's file
// mode stalls when interactive transactions overlap); a like or a save is INSERT ... ON
// CONFLICT DO NOTHING on the pair's primary key, so any number at once leave one row, and
// counts are count(*) over that key, exact whatever ran in parallel.
//
// Typed raw SQL (decision 013) for the feed page, the suggestions (INDEXED BY), post search
// (FTS5 MATCH), the capped follow count and the social counts of a list of ids (a VALUES
// table): each names tables and columns through the schema and is read through rawRows.
// The rest is the query builder.
import { and, eq, exists, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { alias, QueryBuilder } from "drizzle-orm/sqlite-core";
import * as z from "../../../../shared/schemas/zod.ts";
import type { Database } from "../client.ts";
import { rawRows, rawRow, sqlBoolean, sqlInteger } from "../raw-rows.ts";
import { blocks, comments, feedEntries, follows, postLikes, postSaves, posts, profiles } from "../schema.ts";
import type { PostRow } from "./reviews-reads.ts";
import { commentShown, notBlockedEitherWay, type ViewerId } from "./social-graph.ts";

/** Where a keyset page starts: after the post with this time and id. */
export interface PostCursor {
  createdAt: number;
  id: number;
}

const qb = new QueryBuilder();
// The post p in every statement here; the plan tests read its alias.
const p = alias(posts, "p");

const POST_COLUMNS = sql`${p.id} AS id, ${p.authorId} AS authorId, ${p.restaurantId} AS restaurantId,
  ${p.dishId} AS dishId, ${p.reviewGroupId} AS reviewGroupId, ${p.content} AS content,
  ${p.ratingTenths} AS ratingTenths, ${p.incentivised} AS incentivised, ${p.createdAt} AS createdAt,
  ${p.updatedAt} AS updatedAt`;

export const postRow = z.object({
  id: sqlInteger,
  authorId: sqlInteger,
  restaurantId: sqlInteger.nullable(),
  dishId: sqlInteger.nullable(),
  reviewGroupId: sqlInteger.nullable(),
  content: z.string(),
  ratingTenths: sqlInteger,
  incentivised: sqlBoolean,
  createdAt: sqlInteger,
  updatedAt: sqlInteger.nullable(),
}) satisfies z.ZodType<PostRow>;

const olderThan = (cursor: PostCursor | undefined) =>
  cursor ? sql`AND (${p.createdAt}, ${p.id}) < (${cursor.createdAt}, ${cursor.id})` : sql``;

// ---------------------------------------------------------------------------------------------
// Who may see whom

/** A post removed by a moderator (issue 21) is shown to its author only. */
export function notRemovedFor(viewer: ViewerId, post: typeof p = p): SQL {
  return or(sql`${post.removedAt} IS NULL`, eq(post.authorId, viewer))!;
}

/**
 * The viewer may see what the person in `author` posts and writes: it is their own, or
 * neither blocked the other and the author is public or followed by the viewer.
 */
export function visibleAuthor(viewer: ViewerId, author: SQLWrapper): SQL {
  const [pr, f] = [alias(profiles, "pr"), alias(follows, "f")];
  return sql`(${author} = ${viewer} OR (${notBlockedEitherWay(viewer, author)}
    AND (coalesce((SELECT ${pr.isPrivate} FROM ${profiles} ${pr} WHERE ${pr.userId} = ${author}), 0) = 0
      OR ${exists(
        qb
          .select({ one: sql`1` })
          .from(f)
          .where(and(eq(f.followerId, viewer), eq(f.followingId, author))),
      )})))`;
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
  const [row] = await db
    .select({ id: p.id, authorId: p.authorId })
    .from(p)
    .where(and(eq(p.id, postId), visibleAuthor(viewer, p.authorId), notRemovedFor(viewer)));
  return row;
}

/**
 * The viewer has blocked someone or been blocked: public lists of reviews then differ for them
 * (routes/reviews.ts). Two primary-key or index seeks.
 */
export async function hasAnyBlock(db: Database, viewer: ViewerId): Promise<boolean> {
  // SQLite answers the OR with both indexes (MULTI-INDEX OR), stopping at the first row.
  const rows = await db
    .select({ one: sql`1` })
    .from(blocks)
    .where(or(eq(blocks.blockerId, viewer), eq(blocks.blockedId, viewer)))
    .limit(1);
  return rows.length > 0;
}

/** The people the viewer follows whom neither has blocked (a block removes follows, but a race may not). */
export async function followedAuthorIds(db: Database, viewer: ViewerId): Promise<number[]> {
  const f = alias(follows, "f");
  const rows = await db
    .select({ id: f.followingId })
    .from(f)
    .where(and(eq(f.followerId, viewer), notBlockedEitherWay(viewer, f.followingId)));
  return rows.map((row) => row.id);
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
  const e = alias(feedEntries, "e");
  return sql`SELECT ${POST_COLUMNS} FROM ${feedEntries} ${e} JOIN ${posts} ${p} ON ${p.id} = ${e.postId}
    WHERE ${e.ownerId} = ${viewer}
      ${cursor ? sql`AND (${e.createdAt}, ${e.postId}) < (${cursor.createdAt}, ${cursor.id})` : sql``}
      AND (${p.authorId} = ${viewer} OR ${notBlockedEitherWay(viewer, p.authorId)})
      AND ${notRemovedFor(viewer)}
    ORDER BY ${e.createdAt} DESC, ${e.postId} DESC LIMIT ${limit}`;
}

export async function feedPage(
  db: Database,
  viewer: ViewerId,
  cursor: PostCursor | undefined,
  limit: number,
): Promise<PostRow[]> {
  return rawRows(db, postRow, feedPageQuery(viewer, cursor, limit));
}

/** How many people the viewer follows (no block between them), counting no further than `atMost`. */
export async function followingCountUpTo(db: Database, viewer: ViewerId, atMost: number): Promise<number> {
  const f = alias(follows, "f");
  const row = await rawRow(
    db,
    z.object({ n: sqlInteger }),
    sql`SELECT count(*) AS n FROM (SELECT 1 FROM ${follows} ${f}
      WHERE ${f.followerId} = ${viewer} AND ${notBlockedEitherWay(viewer, f.followingId)} LIMIT ${atMost})`,
  );
  return row?.n ?? 0;
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
  const [pr, fo] = [alias(profiles, "pr"), alias(follows, "f")];
  return sql`SELECT ${POST_COLUMNS} FROM ${posts} ${p} INDEXED BY posts_top_created_idx
    WHERE ${p.reviewGroupId} IS NULL ${olderThan(f.cursor)} AND ${p.createdAt} >= ${f.since}
      AND ${p.ratingTenths} >= ${f.minRatingTenths} AND ${p.incentivised} = 0
      AND ${p.authorId} <> ${f.viewer} AND ${p.removedAt} IS NULL
      AND coalesce((SELECT ${pr.isPrivate} FROM ${profiles} ${pr} WHERE ${pr.userId} = ${p.authorId}), 0) = 0
      AND NOT EXISTS (SELECT 1 FROM ${follows} ${fo} WHERE ${fo.followerId} = ${f.viewer} AND ${fo.followingId} = ${p.authorId})
      AND ${notBlockedEitherWay(f.viewer, p.authorId)}
    ORDER BY ${p.createdAt} DESC, ${p.id} DESC LIMIT ${f.limit}`;
}

export async function suggestedPosts(db: Database, f: SuggestedFilter): Promise<PostRow[]> {
  return rawRows(db, postRow, suggestedPostsQuery(f));
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
  const rating = sql`${f.minTenths === undefined ? sql`` : sql`AND ${p.ratingTenths} >= ${f.minTenths}`}
    ${f.maxTenths === undefined ? sql`` : sql`AND ${p.ratingTenths} <= ${f.maxTenths}`}`;
  const visible = sql`${visibleAuthor(f.viewer, p.authorId)} AND ${notRemovedFor(f.viewer)}`;
  if (f.match === null) {
    return sql`SELECT ${POST_COLUMNS} FROM ${posts} ${p}
      WHERE ${p.reviewGroupId} IS NULL ${f.beforeId === undefined ? sql`` : sql`AND ${p.id} < ${f.beforeId}`} ${rating} AND ${visible}
      ORDER BY ${p.id} DESC LIMIT ${f.limit}`;
  }
  // post_search is an FTS5 table (drizzle/0010), which the schema does not model.
  return sql`SELECT ${POST_COLUMNS} FROM post_search s JOIN ${posts} ${p} ON ${p.id} = s.rowid
    WHERE post_search MATCH ${f.match} ${f.beforeId === undefined ? sql`` : sql`AND s.rowid < ${f.beforeId}`}
      AND ${p.reviewGroupId} IS NULL ${rating} AND ${visible}
    ORDER BY s.rowid DESC LIMIT ${f.limit}`;
}

export async function searchPosts(db: Database, f: PostSearchFilter): Promise<PostRow[]> {
  return rawRows(db, postRow, searchPostsQuery(f));
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
  const [l, sv, c] = [alias(postLikes, "l"), alias(postSaves, "s"), alias(comments, "c")];
  const rows = await rawRows(
    db,
    z.object({
      id: sqlInteger,
      likes: sqlInteger,
      liked: sqlBoolean,
      saved: sqlBoolean,
      comments: sqlInteger,
    }),
    sql`
    WITH ids(id) AS (VALUES ${ids})
    SELECT ids.id AS id,
      (SELECT count(*) FROM ${postLikes} ${l} WHERE ${l.postId} = ids.id) AS likes,
      EXISTS (SELECT 1 FROM ${postLikes} ${l} WHERE ${l.postId} = ids.id AND ${l.userId} = ${viewer}) AS liked,
      EXISTS (SELECT 1 FROM ${postSaves} ${sv} WHERE ${sv.postId} = ids.id AND ${sv.userId} = ${viewer}) AS saved,
      (SELECT count(*) FROM ${comments} ${c} WHERE ${c.postId} = ids.id AND ${commentShown(viewer, "c")}) AS comments
    FROM ids`,
  );
  return new Map(
    rows.map((r) => [
      r.id,
      { likes: r.likes, likedByUser: r.liked, savedByUser: r.saved, commentCount: r.comments },
    ]),
  );
}

export type PostMark = "post_likes" | "post_saves";

/** The two lists share their shape: a post, a person and when they marked it. */
const MARKS = { post_likes: postLikes, post_saves: postSaves } as const;

// Writes answer through RETURNING, which both drivers map, where a run()'s count of changed
// rows is libSQL's rowsAffected but D1's meta.changes.

/** True when this call added the row (a repeat or a concurrent twin adds nothing). */
export async function markPost(
  db: Database,
  table: PostMark,
  postId: number,
  userId: number,
  now: number,
): Promise<boolean> {
  const t = MARKS[table];
  const rows = await db
    .insert(t)
    .values({ postId, userId, createdAt: now })
    .onConflictDoNothing()
    .returning({ postId: t.postId });
  return rows.length > 0;
}

export async function unmarkPost(
  db: Database,
  table: PostMark,
  postId: number,
  userId: number,
): Promise<boolean> {
  const t = MARKS[table];
  const rows = await db
    .delete(t)
    .where(and(eq(t.postId, postId), eq(t.userId, userId)))
    .returning({ postId: t.postId });
  return rows.length > 0;
}

export async function postExists(db: Database, postId: number): Promise<boolean> {
  const rows = await db.select({ id: posts.id }).from(posts).where(eq(posts.id, postId));
  return rows.length > 0;
}

export async function postLikeCount(db: Database, postId: number): Promise<number> {
  return db.$count(postLikes, eq(postLikes.postId, postId));
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
  const m = alias(MARKS[table], "m");
  return rawRows(
    db,
    postRow.extend({ markedAt: sqlInteger }),
    sql`
    SELECT ${POST_COLUMNS}, ${m.createdAt} AS markedAt FROM ${MARKS[table]} ${m} JOIN ${posts} ${p} ON ${p.id} = ${m.postId}
    WHERE ${m.userId} = ${userId}
      ${cursor ? sql`AND (${m.createdAt}, ${m.postId}) < (${cursor.createdAt}, ${cursor.id})` : sql``}
      AND ${visibleAuthor(userId, p.authorId)} AND ${notRemovedFor(userId)}
    ORDER BY ${m.createdAt} DESC, ${m.postId} DESC LIMIT ${limit}`,
  );
}
