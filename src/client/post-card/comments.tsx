// A post's comments (issue 12, "Comments"; spec points 3, 4, 5 and 9): threads two deep,
// each reply list collapsible; the author edits and deletes (with a confirm step) their own,
// anyone else reports with a reason, and the post's author may also delete any comment under
// their post (issue 20); likes toggle at once, are remembered in the session's
// userLikedComments, sync with the server and roll back when it refuses.
import { useEffect, useId, useState } from "react";
import { browserStore, type Session } from "../session.ts";
import type { Comment, Reply } from "../../shared/schemas/social-posts.ts";
import type { FailedOutcome } from "../failure-text.ts";
import type { FeedApi } from "../feed-api.ts";
import { commentTotal, likedCommentIds, toggledLike } from "../feed-state.ts";
import { FEED_MESSAGES } from "../feed-messages.ts";
import { CommentForm, LoginNotice } from "./comment-form.tsx";
import { CommentItem } from "./comment-item.tsx";

export interface CommentContext {
  postId: number;
  /** Who wrote the post: they may delete any comment under it. */
  postAuthorId: number;
  session: Session | null;
  api: FeedApi;
  now: number;
  /** One level under the post card's heading. */
  headingLevel: 3 | 4;
  update(change: (list: Comment[]) => Comment[]): void;
}

function Thread({ comment, context }: { comment: Comment; context: CommentContext }) {
  const [open, setOpen] = useState(true);
  const listId = useId();
  const count = comment.replies.length;
  return (
    <li>
      <CommentItem comment={comment} topLevel={null} context={context}>
        {count > 0 && (
          <>
            <button
              type="button"
              className="ir-link"
              aria-expanded={open}
              aria-controls={listId}
              onClick={() => setOpen(!open)}
            >
              {open ? `Hide replies (${count})` : `Show replies (${count})`}
            </button>
            <ul id={listId} className="sf-replies" hidden={!open}>
              {comment.replies.map((reply) => (
                <li key={reply.id}>
                  <CommentItem comment={reply} topLevel={comment} context={context} />
                </li>
              ))}
            </ul>
          </>
        )}
      </CommentItem>
    </li>
  );
}

export function Comments({
  postId,
  postAuthorId,
  session,
  api,
  now,
  headingLevel,
  onCount,
}: {
  postId: number;
  postAuthorId: number;
  session: Session | null;
  api: FeedApi;
  now: number;
  headingLevel: 3 | 4;
  onCount(count: number): void;
}) {
  const [comments, setComments] = useState<Comment[] | null>(null);
  const [failure, setFailure] = useState<FailedOutcome | null>(null);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  async function load(cursor: string | null) {
    if (!session) return;
    setLoading(true);
    setFailure(null);
    const outcome = await api.comments(session.token, postId, cursor);
    setLoading(false);
    if (outcome.kind !== "ok") {
      setFailure(outcome);
      return;
    }
    // The session remembers likes made here even before the server's list shows them.
    const local = browserStore();
    const remembered = local ? likedCommentIds(local, session.userId) : new Set<number>();
    const mark = <T extends Comment | Reply>(c: T): T =>
      remembered.has(c.id) && !c.likedByUser ? toggledLike(c, true) : c;
    const page = outcome.data.comments.map((c) => ({ ...mark(c), replies: c.replies.map(mark) }));
    setComments((shown) => (cursor && shown ? [...shown, ...page] : page));
    setNextCursor(outcome.data.nextCursor);
  }

  useEffect(() => {
    void load(null);
    // Loaded once when the comments open.
  }, [postId]);

  // The card's count follows what the thread shows after each change.
  useEffect(() => {
    if (comments) onCount(commentTotal(comments));
    // onCount is a new function on every render of the card; the count depends on comments only.
  }, [comments]);

  const context: CommentContext = {
    postId,
    postAuthorId,
    session,
    api,
    now,
    headingLevel,
    update(change) {
      setComments((list) => change(list ?? []));
    },
  };

  return (
    <section className="sf-comments" aria-label="Comments">
      {!session && <LoginNotice text={FEED_MESSAGES.loginToComment} />}
      {comments === null && loading && <p className="ir-state">{FEED_MESSAGES.loadingComments}</p>}
      {failure && (
        <div className="ir-state--failed" role="alert">
          <p>
            {failure.kind === "failed" && failure.status === 401
              ? FEED_MESSAGES.loginToComment
              : FEED_MESSAGES.commentsFailed}
          </p>
          <button type="button" className="btn btn-secondary" onClick={() => void load(null)}>
            Try again
          </button>
        </div>
      )}
      {comments && comments.length === 0 && <p className="ir-state">{FEED_MESSAGES.noComments}</p>}
      {comments && comments.length > 0 && (
        <ul className="sf-thread">
          {comments.map((comment) => (
            <Thread key={comment.id} comment={comment} context={context} />
          ))}
        </ul>
      )}
      {nextCursor && (
        <button
          type="button"
          className="btn btn-secondary"
          aria-disabled={loading || undefined}
          onClick={() => !loading && void load(nextCursor)}
        >
          More comments
        </button>
      )}
      <CommentForm
        label="Add a comment"
        submitLabel="Post comment"
        signedOutText={FEED_MESSAGES.loginToComment}
        session={session}
        send={async (content) => {
          if (!session) return null;
          const outcome = await api.saveComment(session.token, { postId, content });
          if (outcome.kind !== "ok") return outcome;
          const created = { ...outcome.data, replies: outcome.data.replies ?? [] };
          context.update((list) => [...list, created]);
          return null;
        }}
      />
    </section>
  );
}
