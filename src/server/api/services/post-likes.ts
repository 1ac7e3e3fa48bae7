// Post likes and saves (issue 12): like and unlike, save and unsave a post the caller may
// see, and the caller's own Liked and Saved lists for the profile tabs, most recent first.
// Likes and saves are limited per user (issue 20); a post the caller cannot see answers as
// one that does not exist on every call.
// A like or save is one INSERT ... ON CONFLICT DO NOTHING, so repeats and concurrent twins
// leave one row; counts are count(*) over the pair's key. No cached read shows them.
import { cursorCodec, type CursorCodec } from "../../../domain/keyset-cursor.ts";
import { SOCIAL_POST_MESSAGES } from "../../../domain/social-rules.ts";
import type { PostCardList, PostLikeState, PostSaveState } from "../../../shared/schemas/social-posts.ts";
import {
  followedAuthorIds,
  markedPosts,
  markPost,
  postLikeCount,
  unmarkPost,
  visiblePost,
  type PostMark,
} from "../db/queries/social-posts.ts";
import { enforceRateLimit, RATE_LIMITS } from "../auth/rate-limit.ts";
import type { AppDeps } from "../deps.ts";
import { ApiError } from "../http/envelope.ts";
import { postCards, sourceFor } from "./feed.ts";
import { notify } from "./notifications.ts";
import { readCursor } from "./page-cursor.ts";

type Deps = AppDeps;

// One kind per list, so the Liked tab's cursor is refused by the Saved tab.
const markCursors: Record<PostMark, CursorCodec<"createdAt" | "id">> = {
  post_likes: cursorCodec("liked", ["createdAt", "id"]),
  post_saves: cursorCodec("saved", ["createdAt", "id"]),
};

/**
 * The post when the caller may see it. A hidden post (a private account's the caller does not
 * follow, one across a block) answers the 404 of a post that does not exist, on every call:
 * taking back a like or a save too, so its like count is not told (issue 20).
 */
async function seenPost(deps: Deps, userId: number, postId: number) {
  const post = await visiblePost(deps.db, userId, postId);
  if (!post) throw new ApiError(404, SOCIAL_POST_MESSAGES.postNotFound);
  return post;
}

/** Likes and saves count against one limit before anything is looked up (rate-limit.ts says why). */
const countMark = (deps: Deps, userId: number) =>
  enforceRateLimit(deps.db, RATE_LIMITS.postMarksPerUser, String(userId), deps.now());

export async function likePost(deps: Deps, userId: number, postId: number): Promise<PostLikeState> {
  await countMark(deps, userId);
  const post = await seenPost(deps, userId, postId);
  // notify() stores one post-like per liker and post: liking again after unliking tells nobody.
  if (await markPost(deps.db, "post_likes", postId, userId, deps.now())) {
    await notify(deps, { recipientId: post.authorId, actorId: userId, kind: "post-like", postId });
  }
  return { postId, likes: await postLikeCount(deps.db, postId), likedByUser: true };
}

export async function unlikePost(deps: Deps, userId: number, postId: number): Promise<PostLikeState> {
  await seenPost(deps, userId, postId);
  await unmarkPost(deps.db, "post_likes", postId, userId);
  return { postId, likes: await postLikeCount(deps.db, postId), likedByUser: false };
}

export async function savePost(deps: Deps, userId: number, postId: number): Promise<PostSaveState> {
  await countMark(deps, userId);
  await seenPost(deps, userId, postId);
  await markPost(deps.db, "post_saves", postId, userId, deps.now());
  return { postId, savedByUser: true };
}

export async function unsavePost(deps: Deps, userId: number, postId: number): Promise<PostSaveState> {
  await seenPost(deps, userId, postId);
  await unmarkPost(deps.db, "post_saves", postId, userId);
  return { postId, savedByUser: false };
}

/** The caller's liked or saved posts that they may still see, most recently marked first. */
export async function markedList(
  deps: Deps,
  userId: number,
  table: PostMark,
  request: { pageSize: number; cursor?: string },
): Promise<PostCardList> {
  const after = readCursor(markCursors[table], request.cursor);
  const rows = await markedPosts(deps.db, table, userId, after, request.pageSize + 1);
  const shown = rows.slice(0, request.pageSize);
  const last = shown.at(-1);
  const following = new Set(await followedAuthorIds(deps.db, userId));
  return {
    data: await postCards(deps, userId, shown, (row) => sourceFor(userId, following, row)),
    nextCursor:
      rows.length > request.pageSize && last
        ? markCursors[table].encode({ createdAt: last.markedAt, id: last.id })
        : null,
  };
}
