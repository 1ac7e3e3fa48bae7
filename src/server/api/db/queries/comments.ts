// Every SQL statement about comments, their likes and reports (issue 12). A reply points at
// the top-level comment it belongs to (parent_id), so threads are two levels deep and one
// page of top-level comments brings its replies in one range read of comments_parent_idx.
// Writes are single statements or one batch; a like is INSERT ... ON CONFLICT DO NOTHING on
// the (comment, user) primary key, so any number at once leave one row.
import { and, asc, eq, exists, inArray, isNull, or, sql } from "drizzle-orm";
import { alias, QueryBuilder, type SelectedFields } from "drizzle-orm/sqlite-core";
import type { Database } from "../client.ts";
import { commentLikes, commentReports, comments, posts, profiles, users } from "../schema.ts";
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

// The comment c, its writer u (with profile pr) and the person it mentions, mu; commentShown
// names the comment by its alias, c.
const [c, u, pr, mu] = [alias(comments, "c"), alias(users, "u"), alias(profiles, "pr"), alias(users, "mu")];
const commentColumns = {
  id: c.id,
  postId: c.postId,
  userId: c.userId,
  parentId: c.parentId,
  mentionedUserId: c.mentionedUserId,
  mentionedUsername: mu.username,
  content: c.content,
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
  username: u.username,
  avatar: pr.profileImage,
};

function selectComments<T extends SelectedFields>(db: Database, more: T) {
  return db
    .select({ ...commentColumns, ...more })
    .from(c)
    .innerJoin(u, eq(u.id, c.userId))
    .leftJoin(pr, eq(pr.userId, c.userId))
    .leftJoin(mu, eq(mu.id, c.mentionedUserId));
}

const byTime = [asc(c.createdAt), asc(c.id)];

export async function commentById(db: Database, id: number): Promise<CommentRow | undefined> {
  const [row] = await selectComments(db, {}).where(eq(c.id, id));
  return row;
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
  const po = alias(posts, "po");
  const [row] = await selectComments(db, { postAuthorId: po.authorId })
    .innerJoin(po, eq(po.id, c.postId))
    .where(and(eq(c.id, id), visibleAuthor(viewer, sql`${po.authorId}`), commentShown(viewer, "c")));
  return row;
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
  return selectComments(db, {})
    .where(
      and(
        eq(c.postId, postId),
        isNull(c.parentId),
        after && sql`(${c.createdAt}, ${c.id}) > (${after.createdAt}, ${after.id})`,
        commentShown(viewer, "c"),
      ),
    )
    .orderBy(...byTime)
    .limit(limit);
}

/** The replies under these top-level comments, oldest first, those shown to the viewer. */
export async function repliesOf(db: Database, viewer: ViewerId, parentIds: number[]): Promise<CommentRow[]> {
  if (parentIds.length === 0) return [];
  return selectComments(db, {})
    .where(and(inArray(c.parentId, parentIds), commentShown(viewer, "c")))
    .orderBy(...byTime);
}

/** Who likes each comment (people with a block with the viewer left out), oldest like first. */
export async function likersOf(
  db: Database,
  viewer: ViewerId,
  commentIds: number[],
): Promise<Map<number, number[]>> {
  const likers = new Map<number, number[]>(commentIds.map((id) => [id, []]));
  if (commentIds.length === 0) return likers;
  const l = alias(commentLikes, "l");
  const rows = await db
    .select({ commentId: l.commentId, userId: l.userId })
    .from(l)
    .where(and(inArray(l.commentId, commentIds), notBlockedEitherWay(viewer, l.userId)))
    .orderBy(asc(l.createdAt), asc(l.userId));
  for (const row of rows) likers.get(row.commentId)?.push(row.userId);
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
  const [row] = await db.insert(comments).values(comment).returning({ id: comments.id });
  return row!.id;
}

// Writes answer through RETURNING, which both drivers map, where a run()'s count of changed
// rows is libSQL's rowsAffected but D1's meta.changes.

/** Only the author's own comment changes; false when it is gone or not theirs. */
export async function updateCommentContent(
  db: Database,
  id: number,
  userId: number,
  content: string,
  now: number,
): Promise<boolean> {
  const rows = await db
    .update(comments)
    .set({ content, updatedAt: now })
    .where(and(eq(comments.id, id), eq(comments.userId, userId)))
    .returning({ id: comments.id });
  return rows.length > 0;
}

/**
 * Deletes the comment, and for a top-level comment its replies, in one batch, when `actorId`
 * wrote it or wrote the post it is on (a post's author moderates its comments). Likes and
 * reports go with them (foreign keys cascade). False when it is gone or not theirs to delete.
 */
export async function deleteCommentThread(db: Database, id: number, actorId: number): Promise<boolean> {
  const [o, p] = [alias(comments, "o"), alias(posts, "p")];
  const mayDelete = exists(
    new QueryBuilder()
      .select({ one: sql`1` })
      .from(o)
      .innerJoin(p, eq(p.id, o.postId))
      .where(and(eq(o.id, id), or(eq(o.userId, actorId), eq(p.authorId, actorId)))),
  );
  const [, own] = await db.batch([
    db.delete(comments).where(and(eq(comments.parentId, id), mayDelete)),
    db
      .delete(comments)
      .where(and(eq(comments.id, id), mayDelete))
      .returning({ id: comments.id }),
  ]);
  return own.length > 0;
}

export async function likeComment(
  db: Database,
  commentId: number,
  userId: number,
  now: number,
): Promise<boolean> {
  const rows = await db
    .insert(commentLikes)
    .values({ commentId, userId, createdAt: now })
    .onConflictDoNothing()
    .returning({ userId: commentLikes.userId });
  return rows.length > 0;
}

export async function unlikeComment(db: Database, commentId: number, userId: number): Promise<boolean> {
  const rows = await db
    .delete(commentLikes)
    .where(and(eq(commentLikes.commentId, commentId), eq(commentLikes.userId, userId)))
    .returning({ userId: commentLikes.userId });
  return rows.length > 0;
}

export async function commentLikeCount(db: Database, commentId: number): Promise<number> {
  return db.$count(commentLikes, eq(commentLikes.commentId, commentId));
}

/** True when this is the reporter's first report of the comment (one per person per comment). */
export async function recordCommentReport(
  db: Database,
  report: { commentId: number; reporterId: number; reason: string; note: string; createdAt: number },
): Promise<boolean> {
  const rows = await db
    .insert(commentReports)
    .values(report)
    .onConflictDoNothing()
    .returning({ commentId: commentReports.commentId });
  return rows.length > 0;
}
