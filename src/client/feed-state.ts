// The feed's rules as pure functions (spec points 4, 9; issue 12): the first load reads one
// page of 5, each Load More three more and stops early at a short page; comment likes are
// remembered per user in the session's userLikedComments (spec point 3: a map from userId to
// the liked comment ids) and toggle at once.
import type { ApiOutcome } from "../shared/api-client.ts";
import type { Comment, PostCard, PostCardPage } from "../shared/schemas/social-posts.ts";

export const PAGES_PER_LOAD_MORE = 3;

export interface Batch {
  posts: PostCard[];
  /** The next page number and cursor to read from. */
  nextPage: number;
  nextCursor: string | null;
  /** A short page or an empty one was read: nothing more to load. */
  ended: boolean;
  /** The failure that stopped the batch, after any pages read before it. */
  failure: Exclude<ApiOutcome<unknown>, { kind: "ok" }> | null;
}

export type PageReader = (page: number, cursor: string | null) => Promise<ApiOutcome<PostCardPage>>;

/** Reads `pages` pages from `page`, stopping early at a short page or a failure. */
export async function readBatch(read: PageReader, page: number, cursor: string | null, pages: number, pageSize: number): Promise<Batch> {
  const posts: PostCard[] = [];
  let nextPage = page;
  let nextCursor = cursor;
  for (let i = 0; i < pages; i += 1) {
    const outcome = await read(nextPage, nextCursor);
    if (outcome.kind !== "ok") return { posts, nextPage, nextCursor, ended: false, failure: outcome };
    posts.push(...outcome.data.data);
    nextPage += 1;
    nextCursor = outcome.data.nextCursor;
    if (outcome.data.data.length < pageSize || outcome.data.nextCursor === null) {
      return { posts, nextPage, nextCursor, ended: true, failure: null };
    }
  }
  return { posts, nextPage, nextCursor, ended: false, failure: null };
}

/** The shown posts followed by a batch's, none twice. */
export function appendPosts(shown: PostCard[], more: PostCard[]): PostCard[] {
  const seen = new Set(shown.map((post) => post.id));
  return [...shown, ...more.filter((post) => !seen.has(post.id))];
}

export const LIKED_COMMENTS_KEY = "userLikedComments";

type Store = Pick<Storage, "getItem" | "setItem">;

function likedMap(store: Store): Record<string, number[]> {
  try {
    const value: unknown = JSON.parse(store.getItem(LIKED_COMMENTS_KEY) ?? "{}");
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, number[]>) : {};
  } catch {
    return {};
  }
}

export function likedCommentIds(store: Store, userId: number): Set<number> {
  const ids = likedMap(store)[String(userId)];
  return new Set(Array.isArray(ids) ? ids.filter((id) => Number.isInteger(id)) : []);
}

export function rememberCommentLike(store: Store, userId: number, commentId: number, liked: boolean): void {
  const map = likedMap(store);
  const ids = likedCommentIds(store, userId);
  if (liked) ids.add(commentId);
  else ids.delete(commentId);
  map[String(userId)] = [...ids];
  try {
    store.setItem(LIKED_COMMENTS_KEY, JSON.stringify(map));
  } catch {
    // Storage full or disabled: the server still holds the like.
  }
}

/** A comment or reply with its like toggled, as shown before the server answers. */
export function toggledLike<T extends { likes: number; likedByUser: boolean }>(comment: T, liked: boolean): T {
  if (comment.likedByUser === liked) return comment;
  return { ...comment, likedByUser: liked, likes: Math.max(0, comment.likes + (liked ? 1 : -1)) };
}

/** The thread list with one comment or reply changed in place. */
export function withComment(list: Comment[], id: number, change: <T extends Comment | Comment["replies"][number]>(c: T) => T): Comment[] {
  return list.map((comment) =>
    comment.id === id
      ? change(comment)
      : comment.replies.some((reply) => reply.id === id)
        ? { ...comment, replies: comment.replies.map((reply) => (reply.id === id ? change(reply) : reply)) }
        : comment,
  );
}

/** The thread list without a deleted comment (a top-level one takes its replies). */
export function withoutComment(list: Comment[], id: number): Comment[] {
  return list
    .filter((comment) => comment.id !== id)
    .map((comment) => (comment.replies.some((reply) => reply.id === id) ? { ...comment, replies: comment.replies.filter((reply) => reply.id !== id) } : comment));
}

/** Comments and replies together, as a post card counts them. */
export function commentTotal(list: Comment[]): number {
  return list.reduce((sum, comment) => sum + 1 + comment.replies.length, 0);
}
