// One comment or reply: its author and age, its text (or the edit form), its actions, and
// the reply, delete, report panels they open. Focus returns to the button that opened a panel.
import { useId, useRef, useState, type RefObject } from "react";
import { REPORT_RECEIVED_MESSAGE } from "../../domain/report-reasons.ts";
import type { Comment, Reply } from "../../shared/schemas/social-posts.ts";
import { Avatar, ConfirmDelete, PostAge, ReportForm } from "./post-pieces.tsx";
import type { FailedOutcome } from "../failure-text.ts";
import { useFocusAfterRender } from "../use-focus-after-render.ts";
import { withComment, withoutComment } from "../feed-state.ts";
import { FEED_MESSAGES } from "../feed-messages.ts";
import { CommentActions, type CommentButtons, type CommentPanel } from "./comment-actions.tsx";
import { textAfterMention } from "./mention.ts";
import { useCommentLike } from "./use-comment-like.ts";
import { CommentForm, LoginNotice } from "./comment-form.tsx";
import type { CommentContext } from "./comments.tsx";

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

export function CommentItem({
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
  const own = session !== null && session.userId === comment.userId;
  const moderates = !own && session !== null && session.userId === context.postAuthorId;

  function close(returnTo: RefObject<HTMLButtonElement | null>) {
    setPanel("none");
    focusAfterRender(returnTo);
  }

  return (
    <article className="sf-comment" aria-labelledby={titleId}>
      <CommentHead
        comment={comment}
        titleId={titleId}
        headingLevel={context.headingLevel}
        now={context.now}
      />
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
            const failure = await saveEdit(context, comment, content);
            if (!failure) close(editButton);
            return failure;
          }}
        />
      ) : (
        <CommentText comment={comment} />
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
            const failure = await saveReply(context, topLevel ?? (comment as Comment), comment, content);
            if (!failure) close(replyButton);
            return failure;
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

/** Saves an edit of `comment`; its text changes in the list once the server took it. */
async function saveEdit(
  context: CommentContext,
  comment: Comment | Reply,
  content: string,
): Promise<FailedOutcome | null> {
  if (!context.session) return null;
  const outcome = await context.api.updateComment(context.session.token, {
    id: comment.id,
    postId: context.postId,
    content,
  });
  if (outcome.kind !== "ok") return outcome;
  context.update((list) =>
    withComment(list, comment.id, (c) => ({ ...c, content, updatedAt: new Date().toISOString() })),
  );
  return null;
}

/** Saves a reply to `comment`; it joins the replies of `thread`, the top-level comment (two deep). */
async function saveReply(
  context: CommentContext,
  thread: Comment,
  comment: Comment | Reply,
  content: string,
): Promise<FailedOutcome | null> {
  if (!context.session) return null;
  const outcome = await context.api.saveComment(context.session.token, {
    postId: context.postId,
    content,
    parentId: comment.id,
  });
  if (outcome.kind !== "ok") return outcome;
  const reply = { ...outcome.data, replies: undefined } as unknown as Reply;
  context.update((list) =>
    list.map((c) => (c.id === thread.id ? { ...c, replies: [...c.replies, reply] } : c)),
  );
  return null;
}

function CommentHead({
  comment,
  titleId,
  headingLevel,
  now,
}: {
  comment: Comment | Reply;
  titleId: string;
  headingLevel: 3 | 4;
  now: number;
}) {
  const AuthorHeading = headingLevel === 3 ? "h3" : "h4";
  return (
    <header className="sf-comment__head">
      <Avatar name={comment.username} avatar={comment.avatar} size={32} />
      <AuthorHeading id={titleId} className="sf-comment__author">
        <a href={`/user/${comment.userId}`}>{comment.username}</a>
      </AuthorHeading>
      <PostAge createdAt={comment.createdAt} updatedAt={comment.updatedAt} now={now} />
    </header>
  );
}

/** The comment's text, after the @name of the person it answers, as a link to them. */
function CommentText({ comment }: { comment: Comment | Reply }) {
  return (
    <p className="sf-comment__text">
      {comment.mentionedUsername && (
        <a href={`/user/${comment.mentionedUserId}`}>@{comment.mentionedUsername}</a>
      )}{" "}
      {textAfterMention(comment.content, comment.mentionedUsername)}
    </p>
  );
}
