// Every SQL statement about comments, their likes and reports (issue 12). A reply points at
// the top-level comment it belongs to (parent_id), so threads are two levels deep and one
// page of top-level comments brings its replies in one range read of comments_parent_idx.
// Writes are single statements or one batch; a like is INSERT ... ON CONFLICT DO NOTHING on
// the (comment, user) primary key, so any number at once leave one row.
import { sql } from "drizzle-orm";
import { getRow, type Database } from "../client.ts";
import { commentShown, notBlockedEitherWay, type ViewerId } from "./social-graph.ts";
import { visibleAuthor } from "./social-posts.ts";

export interface CommentRow {
  id: number;
  postId: number;
  userId: number;
  parentId: number | null;
  mentionedUserId: number | null;
  mentionedUsername: string | null;
  content: string;
  createdAt: number;
  updatedAt: number | null;
  username: string;
  avatar: string | null;
}

const COMMENT_COLUMNS = sql`c.id AS id, c.post_id AS postId, c.user_id AS userId, c.parent_id AS parentId,
  c.mentioned_user_id AS mentionedUserId, mu.username AS mentionedUsername, c.content AS content,
  c.created_at AS createdAt, c.updated_at AS updatedAt, u.username AS username, pr.profile_image AS avatar`;
const COMMENT_JOINS = sql`JOIN users u ON u.id = c.user_id LEFT JOIN profiles pr ON pr.user_id = c.user_id
  LEFT JOIN users mu ON mu.id = c.mentioned_user_id`;

const toComment = (r: CommentRow): CommentRow => ({
  ...r,
  id: Number(r.id),
  postId: Number(r.postId),
  userId: Number(r.userId),
  parentId: r.parentId === null ? null : Number(r.parentId),
  mentionedUserId: r.mentionedUserId === null ? null : Number(r.mentionedUserId),
  createdAt: Number(r.createdAt),
  updatedAt: r.updatedAt === null ? null : Number(r.updatedAt),
});

export async function commentById(db: Database, id: number): Promise<CommentRow | undefined> {
  const row = await getRow<CommentRow>(
    db,
    sql`SELECT ${COMMENT_COLUMNS} FROM comments c ${COMMENT_JOINS} WHERE c.id = ${id}`,
  );
  return row ? toComment(row) : undefined;
}

/**
 * The comment when `viewer` may see it: its post is one they may see (visibleAuthor) and the
 * comment is shown to them (commentShown); undefined otherwise, as for no comment at all.
 * With its post's author, who may delete it.
 */
export async function shownCommentById(
  db: Database,
  viewer: ViewerId,
  id: number,
): Promise<(CommentRow & { postAuthorId: number }) | undefined> {
  const row = await getRow<CommentRow & { postAuthorId: number }>(
    db,
    sql`SELECT ${COMMENT_COLUMNS}, po.author_id AS postAuthorId FROM comments c ${COMMENT_JOINS}
      JOIN posts po ON po.id = c.post_id
    WHERE c.id = ${id} AND ${visibleAuthor(viewer, sql`po.author_id`)} AND ${commentShown(viewer, "c")}`,
  );
  return row ? { ...toComment(row), postAuthorId: Number(row.postAuthorId) } : undefined;
}

/**
 * One page of a post's top-level comments, oldest first after the cursor, leaving out those
 * not shown to the viewer (commentShown: a block with the viewer, or between the writer and
 * the post's author), a range of comments_post_idx.
 */
export async function topLevelComments(
  db: Database,
  viewer: ViewerId,
  postId: number,
  after: { createdAt: number; id: number } | undefined,
  limit: number,
): Promise<CommentRow[]> {
  const rows = await db.all<CommentRow>(sql`
    SELECT ${COMMENT_COLUMNS} FROM comments c ${COMMENT_JOINS}
    WHERE c.post_id = ${postId} AND c.parent_id IS NULL
      ${after ? sql`AND (c.created_at, c.id) > (${after.createdAt}, ${after.id})` : sql``}
      AND ${commentShown(viewer, "c")}
    ORDER BY c.created_at, c.id LIMIT ${limit}`);
  return rows.map(toComment);
}

/** The replies under these top-level comments, oldest first, those shown to the viewer. */
export async function repliesOf(db: Database, viewer: ViewerId, parentIds: number[]): Promise<CommentRow[]> {
  if (parentIds.length === 0) return [];
  const rows = await db.all<CommentRow>(sql`
    SELECT ${COMMENT_COLUMNS} FROM comments c ${COMMENT_JOINS}
    WHERE c.parent_id IN (${sql.join(
      parentIds.map((id) => sql`${id}`),
      sql`, `,
    )}) AND ${commentShown(viewer, "c")}
    ORDER BY c.created_at, c.id`);
  return rows.map(toComment);
}

/** Who likes each comment (people with a block with the viewer left out), oldest like first. */
export async function likersOf(
  db: Database,
  viewer: ViewerId,
  commentIds: number[],
): Promise<Map<number, number[]>> {
  const likers = new Map<number, number[]>(commentIds.map((id) => [id, []]));
  if (commentIds.length === 0) return likers;
  const rows = await db.all<{ commentId: number; userId: number }>(sql`
    SELECT l.comment_id AS commentId, l.user_id AS userId FROM comment_likes l
    WHERE l.comment_id IN (${sql.join(
      commentIds.map((id) => sql`${id}`),
      sql`, `,
    )}) AND ${notBlockedEitherWay(viewer, sql`l.user_id`)}
    ORDER BY l.created_at, l.user_id`);
  for (const row of rows) likers.get(Number(row.commentId))?.push(Number(row.userId));
  return likers;
}

export interface NewComment {
  postId: number;
  userId: number;
  parentId: number | null;
  mentionedUserId: number | null;
  content: string;
  createdAt: number;
}

export async function insertComment(db: Database, comment: NewComment): Promise<number> {
  const row = await getRow<{ id: number }>(
    db,
    sql`
    INSERT INTO comments (post_id, user_id, parent_id, mentioned_user_id, content, created_at)
    VALUES (${comment.postId}, ${comment.userId}, ${comment.parentId}, ${comment.mentionedUserId}, ${comment.content}, ${comment.createdAt})
    RETURNING id`,
  );
  return Number(row!.id);
}

/** Only the author's own comment changes; false when it is gone or not theirs. */
export async function updateCommentContent(
  db: Database,
  id: number,
  userId: number,
  content: string,
  now: number,
): Promise<boolean> {
  const result = await db.run(
    sql`UPDATE comments SET content = ${content}, updated_at = ${now} WHERE id = ${id} AND user_id = ${userId}`,
  );
  return result.rowsAffected > 0;
}

/**
 * Deletes the comment, and for a top-level comment its replies, in one batch, when `actorId`
 * wrote it or wrote the post it is on (a post's author moderates its comments). Likes and
 * reports go with them (foreign keys cascade). False when it is gone or not theirs to delete.
 */
export async function deleteCommentThread(db: Database, id: number, actorId: number): Promise<boolean> {
  const mayDelete = sql`EXISTS (SELECT 1 FROM comments o JOIN posts p ON p.id = o.post_id
    WHERE o.id = ${id} AND (o.user_id = ${actorId} OR p.author_id = ${actorId}))`;
  const [, own] = await db.batch([
    db.run(sql`DELETE FROM comments WHERE parent_id = ${id} AND ${mayDelete}`),
    db.run(sql`DELETE FROM comments WHERE id = ${id} AND ${mayDelete}`),
  ]);
  return own.rowsAffected > 0;
}

export async function likeComment(
  db: Database,
  commentId: number,
  userId: number,
  now: number,
): Promise<boolean> {
  const result = await db.run(sql`INSERT INTO comment_likes (comment_id, user_id, created_at)
    VALUES (${commentId}, ${userId}, ${now}) ON CONFLICT DO NOTHING`);
  return result.rowsAffected > 0;
}

export async function unlikeComment(db: Database, commentId: number, userId: number): Promise<boolean> {
  const result = await db.run(
    sql`DELETE FROM comment_likes WHERE comment_id = ${commentId} AND user_id = ${userId}`,
  );
  return result.rowsAffected > 0;
}

export async function commentLikeCount(db: Database, commentId: number): Promise<number> {
  const row = await getRow<{ n: number }>(
    db,
    sql`SELECT count(*) AS n FROM comment_likes WHERE comment_id = ${commentId}`,
  );
  return Number(row?.n ?? 0);
}

/** True when this is the reporter's first report of the comment (one per person per comment). */
export async function recordCommentReport(
  db: Database,
  report: { commentId: number; reporterId: number; reason: string; note: string; createdAt: number },
): Promise<boolean> {
  const result =
    await db.run(sql`INSERT INTO comment_reports (comment_id, reporter_id, reason, note, created_at)
    VALUES (${report.commentId}, ${report.reporterId}, ${report.reason}, ${report.note}, ${report.createdAt})
    ON CONFLICT DO NOTHING`);
  return result.rowsAffected > 0;
}
