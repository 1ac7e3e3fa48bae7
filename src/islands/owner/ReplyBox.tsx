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

export function ReplyBox({ api, token, review, onChange }: Props) {
  const id = useId();
  const reply = review.ownerReply;
  const [mode, setMode] = useState<Mode>(reply ? "view" : "closed");
  const [text, setText] = useState(reply?.content ?? "");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const replyButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const after = (target: { current: HTMLElement | null }) => requestAnimationFrame(() => target.current?.focus());

  async function save(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!text.trim()) {
      setError(OWNER_MESSAGES.replyEmpty);
      box.current?.focus();
      return;
    }
    setBusy(true);
    const outcome = await api.reply(token, review.id, text, reply !== null);
    setBusy(false);
    if (outcome.kind !== "ok") {
      setError((outcome.kind === "failed" && outcome.fields.content) || outcome.message);
      box.current?.focus();
      return;
    }
    const { content, createdAt, updatedAt } = outcome.data;
    onChange({ content, createdAt, updatedAt });
    setMode("view");
    after(editButton);
  }

  async function remove() {
    if (busy) return;
    setBusy(true);
    const outcome = await api.deleteReply(token, review.id);
    setBusy(false);
    if (outcome.kind !== "ok") return setError(outcome.message);
    onChange(null);
    setText("");
    setMode("closed");
    after(replyButton);
  }

  if (!reply && mode !== "edit") {
    return (
      <div className="owner-buttons">
        <button type="button" className="btn btn-secondary" ref={replyButton} onClick={() => (setMode("edit"), after(box))}>
          Reply<span className="visually-hidden"> to {review.author.username}</span>
        </button>
      </div>
    );
  }

  if (reply && mode !== "edit") {
    return (
      <div className="owner-reply">
        <p className="owner-reply__head">
          <strong>Your reply</strong> <time dateTime={reply.createdAt}>{ownerDay(reply.createdAt)}</time>
          {reply.updatedAt && <span> · edited</span>}
        </p>
        <p className="owner-reply__text">{reply.content}</p>
        {mode === "confirm-delete" ? (
          <div className="owner-buttons" role="group" aria-label="Delete your reply?">
            <p className="owner-reply__confirm">Delete your reply? Reviewers and visitors will no longer see it.</p>
            <button type="button" className="btn btn-primary" ref={confirmButton} aria-disabled={busy || undefined} onClick={() => void remove()}>
              {busy ? "Deleting..." : "Delete reply"}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => (setMode("view"), after(editButton))}>
              Keep it
            </button>
          </div>
        ) : (
          <div className="owner-buttons">
            <button type="button" className="btn btn-secondary" ref={editButton} onClick={() => (setText(reply.content), setMode("edit"), after(box))}>
              Edit<span className="visually-hidden"> your reply to {review.author.username}</span>
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => (setMode("confirm-delete"), after(confirmButton))}>
              Delete<span className="visually-hidden"> your reply to {review.author.username}</span>
            </button>
          </div>
        )}
        {error && <p className="owner-error" role="alert">{error}</p>}
      </div>
    );
  }

  return (
    <form className="owner-reply owner-reply--form" onSubmit={(event) => void save(event)} noValidate>
      <label htmlFor={`${id}-reply`} className="owner-label">
        {reply ? "Edit your reply" : "Reply in public"}
        <span className="visually-hidden"> to {review.author.username}</span>
      </label>
      <p id={`${id}-hint`} className="owner-hint">
        Replies are public and follow the <a href={REVIEW_POLICY_PATH}>rules for replies</a>: no threats, no personal
        data, no guessing who wrote a review, no offers for changing it.
      </p>
      <textarea
        id={`${id}-reply`}
        ref={box}
        className="owner-input"
        rows={3}
        maxLength={MAX_REPLY_LENGTH}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        onChange={(event) => (setText(event.currentTarget.value), setError(null))}
      />
      {error && <p id={`${id}-error`} className="owner-error">{error}</p>}
      <div className="owner-buttons">
        <button type="submit" className="btn btn-primary" aria-disabled={busy || undefined}>
          {busy ? "Saving..." : reply ? "Save reply" : "Post reply"}
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => (setMode(reply ? "view" : "closed"), setError(null), after(reply ? editButton : replyButton))}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
