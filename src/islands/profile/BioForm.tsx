// The own profile's bio editor (spec point 2, "Edit Bio"): a counted textarea that says when
// the bio is too long before sending it.
import { useId, useState, type SubmitEvent } from "react";
import { BIO_MAX_LENGTH, SOCIAL_MESSAGES } from "../../domain/social-rules.ts";
import { FormFooter } from "../../client/form-footer.tsx";

export function BioForm({
  bio,
  onSave,
  onCancel,
}: {
  bio: string;
  onSave: (bio: string) => Promise<string | null>;
  onCancel: () => void;
}) {
  const [text, setText] = useState(bio);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const length = Array.from(text).length;

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (length > BIO_MAX_LENGTH) {
      setError(SOCIAL_MESSAGES.bioTooLong);
      return;
    }
    setBusy(true);
    const problem = await onSave(text.trim());
    setBusy(false);
    setError(problem);
  }

  return (
    <form
      className="ir-form sp-bio-form"
      onSubmit={(event) => void submit(event)}
      aria-label="Edit bio"
      noValidate
    >
      <div className="ir-field">
        <label htmlFor={`${id}-bio`}>Bio</label>
        <textarea
          id={`${id}-bio`}
          value={text}
          ref={(el) => {
            if (el && !el.dataset.focused) {
              el.dataset.focused = "1";
              el.focus();
            }
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-count${error ? ` ${id}-error` : ""}`}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
          }}
        />
        <p id={`${id}-count`} className="sp-note">
          {length} of {BIO_MAX_LENGTH} characters
        </p>
      </div>
      <FormFooter
        error={error}
        errorId={`${id}-error`}
        action="Save bio"
        busyAction="Saving…"
        busy={busy}
        onCancel={onCancel}
      />
    </form>
  );
}
