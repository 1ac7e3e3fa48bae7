// Comments on posts (issue 12; spec points 3 "Comment", 5, 6, 7, 8): read a post's comments
// with their replies and likes, post, reply, edit and delete one's own, like and unlike,
// report others'; a post's author may delete any comment on it (issue 20). A comment is seen
// only by those who may see its post (a private author's followers), never by someone with a
// block with its writer, and by nobody when its writer and the post's author have a block
// between them (issue 20); anything hidden answers as if it did not exist. Writes are single statements or one batch, and touch no cached read (no
// public read shows comments), so they name no cache scope.
import { cursorCodec } from "../../../domain/keyset-cursor.ts";
import { REPORT_RECEIVED_MESSAGE, type ReportReasonId } from "../../../domain/report-reasons.ts";
import { SOCIAL_POST_MESSAGES } from "../../../domain/social-rules.ts";
import type { Comment, CommentLikeState, CommentPage, Reply } from "../../../shared/schemas/social-posts.ts";
import { enforceRateLimit, RATE_LIMITS } from "../auth/rate-limit.ts";
import {
  commentById,
  commentLikeCount,
  deleteCommentThread,
  insertComment,
  likeComment as insertCommentLike,
  likersOf,
  recordCommentReport,
  repliesOf,
  shownCommentById,
  topLevelComments,
  unlikeComment as deleteCommentLike,
  updateCommentContent,
  type CommentRow,
} from "../db/queries/comments.ts";
import type { ViewerId } from "../db/queries/social-graph.ts";
import { visiblePost } from "../db/queries/social-posts.ts";
import type { AppDeps } from "../deps.ts";
import { ApiError, fieldError } from "../http/envelope.ts";
import { notify } from "./notifications.ts";
import { readCursor } from "./page-cursor.ts";
import { publishReportReceived } from "./transparency.ts";

type Deps = AppDeps;

const postNotFound = () => new ApiError(404, SOCIAL_POST_MESSAGES.postNotFound);
const commentNotFound = () => new ApiError(404, SOCIAL_POST_MESSAGES.commentNotFound);

function toReply(row: CommentRow, likers: number[], viewer: ViewerId): Reply {
  return {
    id: row.id,
    postId: row.postId,
    userId: row.userId,
    parentId: row.parentId,
    mentionedUserId: row.mentionedUserId,
    mentionedUsername: row.mentionedUsername,
    content: row.content,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: row.updatedAt === null ? null : new Date(row.updatedAt).toISOString(),
    beLikedBy: likers,
    likes: likers.length,
    likedByUser: likers.includes(viewer),
    username: row.username,
    avatar: row.avatar,
  };
}

async function commentsWithReplies(deps: Deps, viewer: ViewerId, top: CommentRow[]): Promise<Comment[]> {
  const replies = await repliesOf(
    deps.db,
    viewer,
    top.map((c) => c.id),
  );
  const likers = await likersOf(
    deps.db,
    viewer,
    [...top, ...replies].map((c) => c.id),
  );
  return top.map((c) => ({
    ...toReply(c, likers.get(c.id) ?? [], viewer),
    replies: replies
      .filter((r) => r.parentId === c.id)
      .map((r) => toReply(r, likers.get(r.id) ?? [], viewer)),
  }));
}

/**
 * The comment when the viewer may see it: its post is visible to them, and it is shown to
 * them (no block between them and its writer or its thread's, nor between its writer and the
 * post's author). Anything else answers the one 404 a nonexistent comment answers.
 */
async function visibleComment(deps: Deps, viewer: ViewerId, id: number) {
  const comment = await shownCommentById(deps.db, viewer, id);
  if (!comment) throw commentNotFound();
  return comment;
}

// ---------------------------------------------------------------------------------------------
// Reading

const commentCursor = cursorCodec("comments", ["createdAt", "id"]);

export async function listComments(
  deps: Deps,
  viewer: ViewerId,
  postId: number,
  request: { pageSize: number; cursor?: string },
): Promise<CommentPage> {
  const after = readCursor(commentCursor, request.cursor);
  if (!(await visiblePost(deps.db, viewer, postId))) throw postNotFound();
  const rows = await topLevelComments(deps.db, viewer, postId, after, request.pageSize + 1);
  const shown = rows.slice(0, request.pageSize);
  const last = shown.at(-1);
  return {
    comments: await commentsWithReplies(deps, viewer, shown),
    nextCursor: rows.length > request.pageSize && last ? commentCursor.encode(last) : null,
  };
}

async function oneComment(deps: Deps, viewer: ViewerId, id: number): Promise<Comment> {
  const row = await commentById(deps.db, id);
  if (!row) throw commentNotFound();
  const [comment] = await commentsWithReplies(deps, viewer, [row]);
  return comment!;
}

// ---------------------------------------------------------------------------------------------
// Writing

export async function saveComment(
  deps: Deps,
  userId: number,
  input: { postId: number; content: string; parentId?: number },
): Promise<Comment> {
  const content = input.content.trim();
  if (!content) throw fieldError(400, "content", SOCIAL_POST_MESSAGES.commentEmpty);
  const post = await visiblePost(deps.db, userId, input.postId);
  if (!post) throw postNotFound();
  let parentId: number | null = null;
  let mentionedUserId: number | null = null;
  if (input.parentId !== undefined) {
    const parent = await visibleComment(deps, userId, input.parentId).catch(() => {
      throw fieldError(404, "parentId", SOCIAL_POST_MESSAGES.commentNotFound);
    });
    if (parent.postId !== input.postId)
      throw fieldError(400, "parentId", SOCIAL_POST_MESSAGES.replyToOtherPost);
    // Threads are two levels deep: a reply to a reply joins its thread and names whom it answers.
    parentId = parent.parentId ?? parent.id;
    mentionedUserId = parent.userId === userId ? null : parent.userId;
  }
  await enforceRateLimit(deps.db, RATE_LIMITS.commentsPerUser, String(userId), deps.now());
  const id = await insertComment(deps.db, {
    postId: input.postId,
    userId,
    parentId,
    mentionedUserId,
    content,
    createdAt: deps.now(),
  });
  // notify() stores nothing for oneself or across a block, and never fails the comment.
  if (mentionedUserId !== null) {
    await notify(deps, {
      recipientId: mentionedUserId,
      actorId: userId,
      kind: "reply",
      postId: input.postId,
      commentId: id,
    });
  }
  if (post.authorId !== mentionedUserId) {
    await notify(deps, {
      recipientId: post.authorId,
      actorId: userId,
      kind: "comment",
      postId: input.postId,
      commentId: id,
    });
  }
  return oneComment(deps, userId, id);
}

export async function updateComment(
  deps: Deps,
  userId: number,
  input: { id: number; postId?: number; content: string },
): Promise<Comment> {
  const content = input.content.trim();
  if (!content) throw fieldError(400, "content", SOCIAL_POST_MESSAGES.commentEmpty);
  const comment = await visibleComment(deps, userId, input.id);
  if (comment.userId !== userId) throw new ApiError(403);
  if (input.postId !== undefined && input.postId !== comment.postId) throw commentNotFound();
  if (!(await updateCommentContent(deps.db, comment.id, userId, content, deps.now())))
    throw commentNotFound();
  return oneComment(deps, userId, comment.id);
}

/**
 * Deletes a comment its writer or the post's author asks to delete; a top-level comment takes
 * its replies along. One's own comment can always go, even on a post no longer visible (one's
 * words are one's own to erase); anyone else's answers the 404 of a nonexistent comment unless
 * the caller wrote the post and can see the comment. True when it was the caller's own.
 */
export async function deleteComment(deps: Deps, userId: number, id: number): Promise<boolean> {
  const own = (await commentById(deps.db, id))?.userId === userId;
  if (!own) {
    const comment = await shownCommentById(deps.db, userId, id);
    if (comment?.postAuthorId !== userId) throw commentNotFound();
  }
  if (!(await deleteCommentThread(deps.db, id, userId))) throw commentNotFound();
  return own;
}

/** Counted before anything is looked up, so a flood is refused the same whatever it aims at. */
export async function likeComment(deps: Deps, userId: number, commentId: number): Promise<CommentLikeState> {
  await enforceRateLimit(deps.db, RATE_LIMITS.commentLikesPerUser, String(userId), deps.now());
  const comment = await visibleComment(deps, userId, commentId);
  if (await insertCommentLike(deps.db, commentId, userId, deps.now())) {
    await notify(deps, {
      recipientId: comment.userId,
      actorId: userId,
      kind: "comment-like",
      postId: comment.postId,
      commentId,
    });
  }
  return { commentId, likes: await commentLikeCount(deps.db, commentId), likedByUser: true };
}

/**
 * Takes back one's like of a comment the caller can still see; one they cannot answers the
 * 404 of a nonexistent comment, so its like count is not told (the like stays stored, unseen).
 */
export async function unlikeComment(
  deps: Deps,
  userId: number,
  commentId: number,
): Promise<CommentLikeState> {
  await visibleComment(deps, userId, commentId);
  await deleteCommentLike(deps.db, commentId, userId);
  return { commentId, likes: await commentLikeCount(deps.db, commentId), likedByUser: false };
}

export async function reportComment(
  deps: Deps,
  userId: number,
  report: { commentId: number; reason: ReportReasonId; note?: string },
): Promise<string> {
  await visibleComment(deps, userId, report.commentId);
  await enforceRateLimit(deps.db, RATE_LIMITS.commentReportsPerUser, String(userId), deps.now());
  await recordCommentReport(deps.db, {
    commentId: report.commentId,
    reporterId: userId,
    reason: report.reason,
    note: report.note ?? "",
    createdAt: deps.now(),
  });
  publishReportReceived(deps);
  return REPORT_RECEIVED_MESSAGE;
}
