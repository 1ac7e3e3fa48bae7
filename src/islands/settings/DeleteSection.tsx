// Settings: delete my account, confirmed with the password (issue 12).
import { useEffect, useId, useRef, useState, type SubmitEvent } from "react";
import { ACCOUNT_DATA_MESSAGES } from "../../domain/account-rules.ts";
import { failureText } from "../../client/failure-text.ts";
import type { Session } from "../../client/session.ts";
import { SIGNED_OUT } from "../../client/screen-parts.tsx";
import { FormFooter } from "../../client/form-footer.tsx";
import type { SettingsApi } from "./settings-api.ts";

export function DeleteSection({
  api,
  session,
  onDeleted,
}: {
  api: SettingsApi;
  session: Session;
  onDeleted: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const id = useId();
  const passwordRef = useRef<HTMLInputElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);

  useEffect(() => {
    if (confirming) passwordRef.current?.focus();
    else if (wasConfirming.current) openRef.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!password) {
      setError(ACCOUNT_DATA_MESSAGES.passwordToDelete);
      return;
    }
    setBusy(true);
    const outcome = await api.deleteAccount(session.token, session.userId, password);
    setBusy(false);
    if (outcome.kind !== "ok") {
      const fieldMessage = outcome.kind === "failed" ? outcome.fields.password : undefined;
      setError(
        fieldMessage ?? failureText(outcome, "Failed to delete your account. Please try again.", SIGNED_OUT),
      );
      return;
    }
    onDeleted();
  }

  return (
    <section className="sp-panel-box" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Delete my account</h2>
      <p>
        This deletes your account, profile, photos, posts, comments, likes and follows at once. It cannot be
        undone.
      </p>
      {confirming ? (
        <form onSubmit={(event) => void submit(event)} noValidate aria-label="Confirm account deletion">
          <div className="sp-field">
            <label htmlFor={`${id}-password`}>Password</label>
            <input
              ref={passwordRef}
              id={`${id}-password`}
              type="password"
              autoComplete="current-password"
              value={password}
              readOnly={busy}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => {
                setPassword(event.target.value);
                setError("");
              }}
            />
          </div>
          <FormFooter
            error={error}
            errorId={`${id}-error`}
            action="Delete my account for good"
            busyAction="Deleting…"
            busy={busy}
            onCancel={() => setConfirming(false)}
            danger
          />
        </form>
      ) : (
        <button ref={openRef} type="button" className="btn btn-secondary" onClick={() => setConfirming(true)}>
          Delete my account
        </button>
      )}
    </section>
  );
}
