// The owner's one public reply to a review (docs/owners.md "Replying to reviews"): a Reply
// button opens the box on demand (issue 30: not a text box under every review), then the reply
// can be edited or deleted (with a confirm step). Errors stay beside the box and describe it
// until the text changes; the focus goes where the next thing to do is.
import { useId, useRef, useState, type FormEvent } from "react";
import { MAX_REPLY_LENGTH, OWNER_MESSAGES } from "../../domain/owners.ts";
import { REVIEW_POLICY_PATH } from "../../components/trust/trust-links.ts";
import { ownerDay } from "../../components/catalogue/owner-day.ts";
import type { DashboardReview, OwnerApi } from "./owner-api.ts";

type Reply = DashboardReview["ownerReply"];
type Mode = "closed" | "view" | "edit" | "confirm-delete";

interface Props {
  api: OwnerApi;
  token: string;
  review: DashboardReview;
  onChange: (reply: Reply) => void;
}

/** The box's state and its two writes; errors stay until the text changes or a write works. */
function useReplyBox({ api, token, review, onChange }: Props) {
  const reply = review.ownerReply;
  const [mode, setMode] = useState<Mode>(reply ? "view" : "closed");
  const [text, setText] = useState(reply?.content ?? "");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const refs = {
    box: useRef<HTMLTextAreaElement>(null),
    editButton: useRef<HTMLButtonElement>(null),
    replyButton: useRef<HTMLButtonElement>(null),
    confirmButton: useRef<HTMLButtonElement>(null),
  };
  /** Opens `next` and moves the focus to where the next thing to do is, once it is drawn. */
  const show = (next: Mode, focus: { current: HTMLElement | null }) => {
    setMode(next);
    requestAnimationFrame(() => focus.current?.focus());
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!text.trim()) {
      setError(OWNER_MESSAGES.replyEmpty);
      refs.box.current?.focus();
      return;
    }
    setBusy(true);
    const outcome = await api.reply(token, review.id, text, reply !== null);
    setBusy(false);
    if (outcome.kind !== "ok") {
      setError((outcome.kind === "failed" && outcome.fields.content) || outcome.message);
      refs.box.current?.focus();
      return;
    }
    const { content, createdAt, updatedAt } = outcome.data;
    onChange({ content, createdAt, updatedAt });
    show("view", refs.editButton);
  }

  async function remove() {
    if (busy) return;
    setBusy(true);
    const outcome = await api.deleteReply(token, review.id);
    setBusy(false);
    if (outcome.kind !== "ok") return setError(outcome.message);
    onChange(null);
    setText("");
    show("closed", refs.replyButton);
  }

  return { reply, mode, show, text, setText, error, setError, busy, refs, save, remove };
}

type ReplyState = ReturnType<typeof useReplyBox>;

/** The reply as the public sees it, with Edit and Delete (and Delete's confirm step). */
function ReplyShown({ box, reply, to }: { box: ReplyState; reply: NonNullable<Reply>; to: string }) {
  const { show, refs, busy, error } = box;
  return (
    <div className="owner-reply">
      <p className="owner-reply__head">
        <strong>Your reply</strong> <time dateTime={reply.createdAt}>{ownerDay(reply.createdAt)}</time>
        {reply.updatedAt && <span> · edited</span>}
      </p>
      <p className="owner-reply__text">{reply.content}</p>
      {box.mode === "confirm-delete" ? (
        <div className="owner-buttons" role="group" aria-label="Delete your reply?">
          <p className="owner-reply__confirm">Delete your reply? Reviewers and visitors will no longer see it.</p>
          <button type="button" className="btn btn-primary" ref={refs.confirmButton} aria-disabled={busy || undefined} onClick={() => void box.remove()}>
            {busy ? "Deleting..." : "Delete reply"}
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => show("view", refs.editButton)}>
            Keep it
          </button>
        </div>
      ) : (
        <div className="owner-buttons">
          <button type="button" className="btn btn-secondary" ref={refs.editButton} onClick={() => (box.setText(reply.content), show("edit", refs.box))}>
            Edit<span className="visually-hidden"> your reply to {to}</span>
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => show("confirm-delete", refs.confirmButton)}>
            Delete<span className="visually-hidden"> your reply to {to}</span>
          </button>
        </div>
      )}
      {error && <p className="owner-error" role="alert">{error}</p>}
    </div>
  );
}

/** Writing a new reply or editing the one there is. */
function ReplyForm({ box, to }: { box: ReplyState; to: string }) {
  const id = useId();
  const { reply, error, busy, refs } = box;
  return (
    <form className="owner-reply owner-reply--form" onSubmit={(event) => void box.save(event)} noValidate>
      <label htmlFor={`${id}-reply`} className="owner-label">
        {reply ? "Edit your reply" : "Reply in public"}
        <span className="visually-hidden"> to {to}</span>
      </label>
      <p id={`${id}-hint`} className="owner-hint">
        Replies are public and follow the <a href={REVIEW_POLICY_PATH}>rules for replies</a>: no threats, no personal
        data, no guessing who wrote a review, no offers for changing it.
      </p>
      <textarea
        id={`${id}-reply`}
        ref={refs.box}
        className="owner-input"
        rows={3}
        maxLength={MAX_REPLY_LENGTH}
        value={box.text}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        onChange={(event) => (box.setText(event.currentTarget.value), box.setError(null))}
      />
      {error && <p id={`${id}-error`} className="owner-error">{error}</p>}
      <div className="owner-buttons">
        <button type="submit" className="btn btn-primary" aria-disabled={busy || undefined}>
          {busy ? "Saving..." : reply ? "Save reply" : "Post reply"}
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => (box.setError(null), reply ? box.show("view", refs.editButton) : box.show("closed", refs.replyButton))}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}

export function ReplyBox(props: Props) {
  const box = useReplyBox(props);
  const { reply, mode, show, refs } = box;
  const to = props.review.author.username;
  if (mode === "edit") return <ReplyForm box={box} to={to} />;
  if (reply) return <ReplyShown box={box} reply={reply} to={to} />;
  return (
    <div className="owner-buttons">
      <button type="button" className="btn btn-secondary" ref={refs.replyButton} onClick={() => show("edit", refs.box)}>
        Reply<span className="visually-hidden"> to {to}</span>
      </button>
    </div>
  );
}
