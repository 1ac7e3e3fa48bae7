// The text box of a new comment, a reply or an edit, and the notice that sends a signed-out
// reader to log in (spec point 5).
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { MAX_COMMENT_LENGTH } from "../../domain/social-rules.ts";
import { loginHref } from "../login-return.ts";
import type { Session } from "../session.ts";
import { failureText, type FailedOutcome } from "../failure-text.ts";
import { FEED_MESSAGES } from "../feed-messages.ts";

export function LoginNotice({ text }: { text: string }) {
  return (
    <p className="ir-notice" role="alert">
      {text} <a href={loginHref()}>Login</a>
    </p>
  );
}

/** The text box of a new comment, a reply or an edit. Empty text is not sent (spec point 5). */
export function CommentForm({
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
