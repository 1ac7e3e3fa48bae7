// A post's comments (issue 12, "Comments"; spec points 3, 4, 5 and 9): threads two deep,
// each reply list collapsible; the author edits and deletes (with a confirm step) their own,
// anyone else reports with a reason, and the post's author may also delete any comment under
// their post (issue 20); likes toggle at once, are remembered in the session's
// userLikedComments, sync with the server and roll back when it refuses.
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from "react";
import { REPORT_RECEIVED_MESSAGE } from "../../domain/report-reasons.ts";
import { MAX_COMMENT_LENGTH } from "../../domain/social-rules.ts";
import { loginHref } from "../login-return.ts";
import { browserStore, type Session } from "../session.ts";
import type { Comment, Reply } from "../../shared/schemas/social-posts.ts";
import { Avatar, ConfirmDelete, PostAge, ReportForm } from "./post-pieces.tsx";
import { failureText, type FailedOutcome } from "../failure-text.ts";
import { useFocusAfterRender } from "../use-focus-after-render.ts";
import type { FeedApi } from "../feed-api.ts";
import { commentTotal, likedCommentIds, toggledLike, withComment, withoutComment } from "../feed-state.ts";
import { FEED_MESSAGES } from "../feed-messages.ts";
import { CommentActions, type CommentButtons, type CommentPanel } from "./comment-actions.tsx";
import { textAfterMention } from "./mention.ts";
import { useCommentLike } from "./use-comment-like.ts";

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

const DELETE_TEXT = {
  question: FEED_MESSAGES.confirmDelete,
  failed: FEED_MESSAGES.deleteFailed,
  signedOut: FEED_MESSAGES.loginToAct,
};

const REPORT_TEXT = {
  name: "Report this comment",
  legend: "Why are you reporting this comment?",
  reasonMissing: FEED_MESSAGES.reportReason,
  failed: FEED_MESSAGES.reportFailed,
  signedOut: FEED_MESSAGES.loginToReport,
};

function LoginNotice({ text }: { text: string }) {
  return (
    <p className="ir-notice" role="alert">
      {text} <a href={loginHref()}>Login</a>
    </p>
  );
}

/** The text box of a new comment, a reply or an edit. Empty text is not sent (spec point 5). */
function CommentForm({
  label,
  submitLabel,
  initial = "",
  signedOutText,
  session,
  send,
  onCancel,
  autoFocus = false,
}: {
  label: string;
  submitLabel: string;
  initial?: string;
  signedOutText: string;
  session: Session | null;
  send: (content: string) => Promise<FailedOutcome | null>;
  onCancel?: () => void;
  autoFocus?: boolean;
}) {
  const id = useId();
  const [content, setContent] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [signedOut, setSignedOut] = useState(false);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (autoFocus) field.current?.focus();
  }, [autoFocus]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!session) {
      setSignedOut(true);
      return;
    }
    if (content.trim() === "") {
      setError(FEED_MESSAGES.commentEmpty);
      return;
    }
    setBusy(true);
    setError(null);
    const failure = await send(content.trim());
    setBusy(false);
    if (failure) {
      if (failure.kind === "failed" && failure.status === 401) setSignedOut(true);
      else
        setError(
          failureText(
            failure,
            initial ? FEED_MESSAGES.commentUpdateFailed : FEED_MESSAGES.commentFailed,
            signedOutText,
          ),
        );
      return;
    }
    setContent("");
  }

  return (
    <form className="sf-comment-form" onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={`${id}-text`}>{label}</label>
      <textarea
        id={`${id}-text`}
        ref={field}
        rows={2}
        value={content}
        maxLength={MAX_COMMENT_LENGTH}
        readOnly={busy}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          setContent(event.target.value);
          setError(null);
        }}
      />
      {error && (
        <p className="ir-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
      {signedOut && <LoginNotice text={signedOutText} />}
      <div className="ir-buttons">
        <button type="submit" className="btn btn-primary" aria-disabled={busy || undefined}>
          {busy ? "Sending…" : submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

function CommentItem({
  comment,
  topLevel,
  context,
  children,
}: {
  comment: Comment | Reply;
  topLevel: Comment | null;
  context: CommentContext;
  children?: React.ReactNode;
}) {
  const [panel, setPanel] = useState<CommentPanel>("none");
  const titleId = useId();
  const buttons: CommentButtons = {
    replyButton: useRef<HTMLButtonElement>(null),
    editButton: useRef<HTMLButtonElement>(null),
    deleteButton: useRef<HTMLButtonElement>(null),
    reportButton: useRef<HTMLButtonElement>(null),
  };
  const { replyButton, editButton, deleteButton, reportButton } = buttons;
  const confirmButton = useRef<HTMLButtonElement>(null);
  const reported = useRef<HTMLParagraphElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const { likeNotice, setLikeNotice, like } = useCommentLike(comment, context);
  const { session, api } = context;
  const AuthorHeading = context.headingLevel === 3 ? "h3" : "h4";
  const own = session !== null && session.userId === comment.userId;
  const moderates = !own && session !== null && session.userId === context.postAuthorId;

  function close(returnTo: RefObject<HTMLButtonElement | null>) {
    setPanel("none");
    focusAfterRender(returnTo);
  }

  const replyTo = topLevel ?? (comment as Comment);
  return (
    <article className="sf-comment" aria-labelledby={titleId}>
      <header className="sf-comment__head">
        <Avatar name={comment.username} avatar={comment.avatar} size={32} />
        <AuthorHeading id={titleId} className="sf-comment__author">
          <a href={`/user/${comment.userId}`}>{comment.username}</a>
        </AuthorHeading>
        <PostAge createdAt={comment.createdAt} updatedAt={comment.updatedAt} now={context.now} />
      </header>
      {panel === "edit" ? (
        <CommentForm
          label="Edit your comment"
          submitLabel="Save"
          initial={comment.content}
          signedOutText={FEED_MESSAGES.loginToAct}
          session={session}
          autoFocus
          onCancel={() => close(editButton)}
          send={async (content) => {
            if (!session) return null;
            const outcome = await api.updateComment(session.token, {
              id: comment.id,
              postId: context.postId,
              content,
            });
            if (outcome.kind !== "ok") return outcome;
            context.update((list) =>
              withComment(list, comment.id, (c) => ({ ...c, content, updatedAt: new Date().toISOString() })),
            );
            close(editButton);
            return null;
          }}
        />
      ) : (
        <p className="sf-comment__text">
          {comment.mentionedUsername && (
            <a href={`/user/${comment.mentionedUserId}`}>@{comment.mentionedUsername}</a>
          )}{" "}
          {textAfterMention(comment.content, comment.mentionedUsername)}
        </p>
      )}
      <CommentActions
        comment={comment}
        panel={panel}
        own={own}
        moderates={moderates}
        buttons={buttons}
        onLike={() => void like()}
        onPanel={setPanel}
        onDelete={() => {
          setPanel("confirm-delete");
          focusAfterRender(confirmButton);
        }}
        onReport={() => (session ? setPanel("report") : setLikeNotice(FEED_MESSAGES.loginToReport))}
      />
      {likeNotice && <LoginNotice text={likeNotice} />}
      {panel === "reply" && (
        <CommentForm
          label={`Reply to ${comment.username}`}
          submitLabel="Reply"
          signedOutText={FEED_MESSAGES.loginToReply}
          session={session}
          autoFocus
          onCancel={() => close(replyButton)}
          send={async (content) => {
            if (!session) return null;
            const outcome = await api.saveComment(session.token, {
              postId: context.postId,
              content,
              parentId: comment.id,
            });
            if (outcome.kind !== "ok") return outcome;
            const reply = { ...outcome.data, replies: undefined } as unknown as Reply;
            context.update((list) =>
              list.map((c) => (c.id === replyTo.id ? { ...c, replies: [...c.replies, reply] } : c)),
            );
            close(replyButton);
            return null;
          }}
        />
      )}
      {panel === "confirm-delete" && (
        <ConfirmDelete
          text={DELETE_TEXT}
          send={() => (session ? api.deleteComment(session.token, comment.id) : null)}
          onDeleted={() => context.update((list) => withoutComment(list, comment.id))}
          onCancel={() => close(deleteButton)}
          confirmRef={confirmButton}
        />
      )}
      {panel === "report" && (
        <ReportForm
          text={REPORT_TEXT}
          send={(reason) => (session ? api.reportComment(session.token, comment.id, reason) : null)}
          onDone={(sent) => {
            if (!sent) return close(reportButton);
            setPanel("reported");
            focusAfterRender(reported);
          }}
        />
      )}
      {panel === "reported" && (
        <p className="ir-notice ir-notice--done" role="status" tabIndex={-1} ref={reported}>
          {REPORT_RECEIVED_MESSAGE}
        </p>
      )}
      {children}
    </article>
  );
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
