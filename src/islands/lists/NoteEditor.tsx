// The owner's note on one item of their list (issue 32), edited where the item is: "Edit note"
// opens a text box, Save keeps it (the API's message when it is refused: too long, the text
// rules), Cancel or Escape closes it; the focus goes back to "Edit note" either way.
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { MAX_LIST_NOTE } from "../../domain/lists.ts";
import type { SaveTarget } from "../../client/save/pending-save.ts";
import { failureText } from "../../client/failure-text.ts";
import { listsApi } from "../../client/save/lists-api.ts";

const FAILED = "Could not save the note. Please try again.";
const SIGNED_OUT = "Log in again to change your lists.";

export function NoteEditor({
  token,
  listId,
  item,
  name,
  note,
  onSaved,
}: {
  token: string;
  listId: number;
  item: SaveTarget;
  name: string;
  note: string;
  onSaved: (note: string) => void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(note);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (open) box.current?.focus();
    else if (returnFocus.current) opener.current?.focus();
  }, [open]);

  const close = () => {
    returnFocus.current = true;
    setOpen(false);
    setError("");
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const outcome = await listsApi.note(token, listId, item, text);
    setBusy(false);
    if (outcome.kind !== "ok") {
      setError(failureText(outcome, FAILED, SIGNED_OUT));
      return;
    }
    onSaved(text);
    close();
  }

  if (!open) {
    return (
      <button
        ref={opener}
        type="button"
        className="lp-note-button"
        onClick={() => {
          setText(note);
          setOpen(true);
        }}
      >
        {note ? "Edit note" : "Add a note"}
        <span className="visually-hidden">{` on ${name}`}</span>
      </button>
    );
  }
  return (
    <form
      className="lp-note-form"
      onSubmit={save}
      onKeyDown={(event: KeyboardEvent) => {
        if (event.key === "Escape") close();
      }}
    >
      <label htmlFor={`${id}-note`}>{`Your note on ${name}`}</label>
      <textarea
        id={`${id}-note`}
        ref={box}
        rows={3}
        value={text}
        readOnly={busy}
        onChange={(event) => {
          setText(event.target.value);
          setError("");
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
      />
      <p className="list-form__hint" id={`${id}-hint`}>{`Up to ${MAX_LIST_NOTE} characters.`}</p>
      <p className="list-form__error" id={`${id}-error`} role="alert">
        {error}
      </p>
      <div className="lp-settings__buttons">
        <button type="submit" className="btn btn-primary" aria-disabled={busy ? "true" : undefined}>
          Save note
        </button>
        <button type="button" className="btn btn-secondary" onClick={close}>
          Cancel
        </button>
      </div>
    </form>
  );
}
