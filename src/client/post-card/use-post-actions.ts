// A post's like and save (spec point 5): shown at once, settled by the server's answer, rolled
// back with a notice when it refuses. One call at a time per card.
import { useState } from "react";
import type { PostCard as Post } from "../../shared/schemas/social-posts.ts";
import type { Session } from "../session.ts";
import type { FeedApi } from "../feed-api.ts";
import { FEED_MESSAGES } from "../feed-messages.ts";

export function usePostActions(
  post: Post,
  session: Session | null,
  api: FeedApi,
  onChange: (change: (post: Post) => Post) => void,
) {
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<"like" | "save" | null>(null);

  async function toggleLike() {
    if (busy) return;
    if (!session) return setNotice(FEED_MESSAGES.loginToAct);
    const next = !post.likedByUser;
    setBusy("like");
    onChange((p) => ({ ...p, likedByUser: next, likes: Math.max(0, p.likes + (next ? 1 : -1)) }));
    const outcome = await api.likePost(session.token, post.id, next);
    setBusy(null);
    if (outcome.kind === "ok") {
      onChange((p) => ({ ...p, likedByUser: outcome.data.likedByUser, likes: outcome.data.likes }));
      setNotice(null);
    } else {
      onChange((p) => ({ ...p, likedByUser: !next, likes: Math.max(0, p.likes + (next ? -1 : 1)) }));
      setNotice(
        outcome.kind === "failed" && outcome.status === 401
          ? FEED_MESSAGES.loginToAct
          : FEED_MESSAGES.actionFailed,
      );
    }
  }

  async function toggleSave() {
    if (busy) return;
    if (!session) return setNotice(FEED_MESSAGES.loginToAct);
    const next = !post.savedByUser;
    setBusy("save");
    onChange((p) => ({ ...p, savedByUser: next }));
    const outcome = await api.savePost(session.token, post.id, next);
    setBusy(null);
    if (outcome.kind === "ok") setNotice(null);
    else {
      onChange((p) => ({ ...p, savedByUser: !next }));
      setNotice(
        outcome.kind === "failed" && outcome.status === 401
          ? FEED_MESSAGES.loginToAct
          : FEED_MESSAGES.actionFailed,
      );
    }
  }

  return { notice, busy, toggleLike, toggleSave };
}
