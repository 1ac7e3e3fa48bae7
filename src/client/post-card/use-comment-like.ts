// A comment's like (spec point 5): toggled at once on screen and in the session's
// userLikedComments, settled by the server's count, rolled back when it refuses.
import { useState } from "react";
import type { Comment, Reply } from "../../shared/schemas/social-posts.ts";
import { browserStore } from "../session.ts";
import type { CommentContext } from "./comments.tsx";
import { rememberCommentLike, toggledLike, withComment } from "../feed-state.ts";
import { FEED_MESSAGES } from "../feed-messages.ts";

export function useCommentLike(comment: Comment | Reply, context: CommentContext) {
  const [likeNotice, setLikeNotice] = useState<string | null>(null);
  const { session, api } = context;

  async function like() {
    if (!session) {
      setLikeNotice(FEED_MESSAGES.loginToLike);
      return;
    }
    const next = !comment.likedByUser;
    // At once on screen and in the session; the server's answer settles the count.
    context.update((list) => withComment(list, comment.id, (c) => toggledLike(c, next)));
    const local = browserStore();
    if (local) rememberCommentLike(local, session.userId, comment.id, next);
    setLikeNotice(null);
    const outcome = await api.likeComment(session.token, comment.id, next);
    if (outcome.kind === "ok") {
      context.update((list) =>
        withComment(list, comment.id, (c) => ({
          ...c,
          likes: outcome.data.likes,
          likedByUser: outcome.data.likedByUser,
        })),
      );
      return;
    }
    context.update((list) => withComment(list, comment.id, (c) => toggledLike(c, !next)));
    if (local) rememberCommentLike(local, session.userId, comment.id, !next);
    setLikeNotice(
      outcome.kind === "failed" && outcome.status === 401
        ? FEED_MESSAGES.loginToLike
        : FEED_MESSAGES.actionFailed,
    );
  }

  return { likeNotice, setLikeNotice, like };
}
