// Settings: change password; every other session ends and this one gets a new token (issue 12).
import { useId, useState, type SubmitEvent } from "react";
import { ACCOUNT_MESSAGES } from "../../domain/account-rules.ts";
import { failureText } from "../../client/failure-text.ts";
import type { Session } from "../../client/session.ts";
import { SIGNED_OUT } from "../../client/screen-parts.tsx";
import type { SettingsApi } from "./settings-api.ts";
import { StatusLine, type Line } from "./StatusLine.tsx";

export function PasswordSection({
  api,
  session,
  onNewToken,
}: {
  api: SettingsApi;
  session: Session;
  onNewToken: (token: string) => void;
}) {
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [line, setLine] = useState<Line>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const missing: Record<string, string> = {};
    if (!current) missing.currentPassword = ACCOUNT_MESSAGES.passwordRequired;
    if (!next) missing.newPassword = ACCOUNT_MESSAGES.passwordRequired;
    if (Object.keys(missing).length > 0) {
      setFields(missing);
      return;
    }
    setBusy(true);
    const outcome = await api.changePassword(session.token, session.userId, current, next);
    setBusy(false);
    if (outcome.kind !== "ok") {
      setFields(outcome.kind === "failed" ? outcome.fields : {});
      setLine(
        outcome.kind === "failed" && Object.keys(outcome.fields).length > 0
          ? null
          : {
              text: failureText(outcome, "Failed to change the password. Please try again.", SIGNED_OUT),
              error: true,
            },
      );
      return;
    }
    onNewToken(outcome.data.token);
    setCurrent("");
    setNext("");
    setFields({});
    setLine({ text: outcome.message, error: false });
  }

  const field = (
    name: "currentPassword" | "newPassword",
    label: string,
    value: string,
    set: (v: string) => void,
    autoComplete: string,
  ) => (
    <div className="sp-field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        type="password"
        value={value}
        autoComplete={autoComplete}
        readOnly={busy}
        aria-invalid={fields[name] ? true : undefined}
        aria-describedby={fields[name] ? `${id}-${name}-error` : undefined}
        onChange={(event) => {
          set(event.target.value);
          setFields(({ [name]: _gone, ...rest }) => rest);
        }}
      />
      {fields[name] && (
        <p id={`${id}-${name}-error`} className="ir-error">
          {fields[name]}
        </p>
      )}
    </div>
  );

  return (
    <section className="sp-panel-box" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Change password</h2>
      <form onSubmit={(event) => void submit(event)} noValidate>
        {field("currentPassword", "Current password", current, setCurrent, "current-password")}
        {field("newPassword", "New password (at least 8 characters)", next, setNext, "new-password")}
        <p className="sp-note">Changing it logs you out everywhere else.</p>
        <button type="submit" className="btn btn-primary" aria-disabled={busy || undefined}>
          {busy ? "Changing…" : "Change password"}
        </button>
      </form>
      <StatusLine line={line} />
    </section>
  );
}
