// "Appeal this decision" on a moderation-decision notification (issue 21, docs/moderation.md
// "Appeals"): a small dialog with a note, sent as POST /api/moderation/appeals. The API words
// every refusal (appealed already, final, too late); the dialog shows it beside the note.
import { useId, useRef, useState, type SubmitEvent } from "react";
import { MODERATION_MESSAGES, MODERATION_NOTE_MAX_LENGTH } from "../../domain/moderation.ts";
import { Dialog, SIGNED_OUT } from "../../client/screen-parts.tsx";
import type { NotificationsApi } from "./notifications-api.ts";

export function AppealButton({
  api,
  token,
  decisionId,
}: {
  api: NotificationsApi;
  token: string;
  decisionId: number;
}) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const sentRef = useRef<HTMLParagraphElement>(null);
  const busyRef = useRef(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const id = useId();

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busyRef.current) return;
    if (!note.trim()) return setError(MODERATION_MESSAGES.appealNoteRequired);
    busyRef.current = true;
    setBusy(true);
    const outcome = await api.appeal(token, decisionId, note.trim());
    busyRef.current = false;
    setBusy(false);
    if (outcome.kind === "ok") {
      const message = outcome.message || MODERATION_MESSAGES.appealReceived;
      // The button gives way to the confirmation, which takes the focus as the dialog closes.
      setSent(message);
      setOpen(false);
      return;
    }
    if (outcome.kind === "failed" && outcome.status === 401) return setError(SIGNED_OUT);
    const fields = outcome.kind === "failed" ? Object.values(outcome.fields) : [];
    setError(fields[0] ?? (outcome.message || "Could not send the appeal. Please try again."));
  }

  return (
    <>
      {sent ? (
        <p ref={sentRef} className="sp-note" tabIndex={-1}>
          Appeal sent. {sent}
        </p>
      ) : (
        <button
          ref={buttonRef}
          type="button"
          className="btn btn-secondary"
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
        >
          Appeal this decision
        </button>
      )}
      <Dialog
        open={open}
        title="Appeal this decision"
        onClose={() => setOpen(false)}
        returnFocus={sent ? sentRef : buttonRef}
        initialFocus={noteRef}
      >
        <form className="sp-field" onSubmit={(event) => void submit(event)} noValidate>
          <p id={`${id}-hint`} className="sp-note">
            A different moderator will look again, and their decision is final. You can appeal once.
          </p>
          <label htmlFor={`${id}-note`}>Why should the decision change?</label>
          <textarea
            id={`${id}-note`}
            ref={noteRef}
            rows={4}
            maxLength={MODERATION_NOTE_MAX_LENGTH}
            value={note}
            readOnly={busy}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error ${id}-hint` : `${id}-hint`}
            onChange={(event) => {
              setNote(event.target.value);
              setError(null);
            }}
          />
          {error && (
            <p id={`${id}-error`} className="ir-error" role="alert">
              {error}
            </p>
          )}
          <div className="ir-buttons">
            <button type="submit" className="btn btn-primary" aria-disabled={busy || undefined}>
              {busy ? "Sending…" : "Send appeal"}
            </button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
