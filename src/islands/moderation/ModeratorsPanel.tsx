// Admins grant and revoke the moderator role by e-mail address (issue 21, POST
// /api/moderation/moderators). An admin's own role and other admins' are changed from the
// command line only; the API says so, and this shows what it says.
import { useId, useRef, useState, type SubmitEvent } from "react";
import type { Session } from "../../client/session.ts";
import { SIGNED_OUT } from "../../client/screen-parts.tsx";
import { invalidProps } from "./field-props.ts";
import type { ModerationApi } from "./moderation-api.ts";

export function ModeratorsPanel({ api, session }: { api: ModerationApi; session: Session }) {
  const id = useId();
  const [email, setEmail] = useState("");
  const [grant, setGrant] = useState(true);
  const [line, setLine] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busyRef.current) return;
    if (!email.trim()) return setLine({ text: "Please type the account's e-mail address.", error: true });
    busyRef.current = true;
    setBusy(true);
    const outcome = await api.grant(session.token, email.trim(), grant);
    busyRef.current = false;
    setBusy(false);
    if (outcome.kind === "ok") {
      const now =
        outcome.data.role === "user"
          ? "is no longer a moderator"
          : `is now a${outcome.data.role === "admin" ? "n admin" : " moderator"}`;
      setLine({ text: `${email.trim()} ${now}.`, error: false });
      setEmail("");
      return;
    }
    if (outcome.kind === "failed" && outcome.status === 401)
      return setLine({ text: SIGNED_OUT, error: true });
    const fields = outcome.kind === "failed" ? Object.values(outcome.fields) : [];
    setLine({
      text: fields[0] ?? (outcome.message || "Could not change the role. Please try again."),
      error: true,
    });
  }

  const error = line?.error ? line.text : undefined;
  return (
    <section className="mod-section sp-panel-box" aria-labelledby="mod-moderators-heading" id="moderators">
      <h2 id="mod-moderators-heading">Moderators</h2>
      <form
        className="mod-grant"
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-label="Grant or revoke"
      >
        <div className="sp-field">
          <label htmlFor={`${id}-email`}>The account's e-mail address</label>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="off"
            value={email}
            readOnly={busy}
            onChange={(event) => {
              setEmail(event.target.value);
              if (line?.error) setLine(null);
            }}
            {...invalidProps(`${id}-line`, error)}
          />
        </div>
        <fieldset className="mod-actions">
          <legend>Change</legend>
          <div className="mod-radios">
            <label className="mod-radio">
              <input type="radio" name={`${id}-grant`} checked={grant} onChange={() => setGrant(true)} />
              Make a moderator
            </label>
            <label className="mod-radio">
              <input type="radio" name={`${id}-grant`} checked={!grant} onChange={() => setGrant(false)} />
              Revoke the moderator role
            </label>
          </div>
        </fieldset>
        <button type="submit" className="btn btn-primary" aria-disabled={busy || undefined}>
          {busy ? "Saving…" : "Save role"}
        </button>
      </form>
      <p
        id={`${id}-line`}
        className={line?.error ? "ir-error" : "sp-status"}
        role={line?.error ? "alert" : "status"}
      >
        {line?.text ?? ""}
      </p>
    </section>
  );
}
