// Settings (/settings; issue 12): private account switch, blocked accounts (unblock), change
// password (every other session ends), download my data (a JSON file) and delete my account
// (confirmed with the password). Each section reports its own outcome next to it.
import { useEffect, useId, useRef, useState, type SubmitEvent } from "react";
import { ACCOUNT_DATA_MESSAGES, ACCOUNT_MESSAGES } from "../../domain/account-rules.ts";
import type { Person } from "../../shared/schemas/social-profiles.ts";
import { Avatar } from "../../client/post-card/post-pieces.tsx";
import { failureText } from "../../client/failure-text.ts";
import "../../client/post-card/post-card.css";
import "../../client/signed-in-screens.css";
import { currentSession, type Session } from "../../client/session.ts";
import { ScreenBoundary, ScreenError, SIGNED_OUT, type FailedRead } from "../../client/screen-parts.tsx";
import { ACCOUNT_DELETED_PATH, forgetThisDevice } from "./forget-device.ts";
import { settingsApi, type SettingsApi } from "./settings-api.ts";

type Line = { text: string; error: boolean } | null;

export default function SettingsScreen() {
  return (
    <ScreenBoundary>
      <Settings api={settingsApi()} />
    </ScreenBoundary>
  );
}

function StatusLine({ line, id }: { line: Line; id?: string }) {
  return (
    <p id={id} className={line?.error ? "ir-error" : "sp-status"} role={line?.error ? "alert" : "status"}>
      {line?.text ?? ""}
    </p>
  );
}

function Settings({ api }: { api: SettingsApi }) {
  const [session, setSession] = useState<Session | null>(currentSession);
  const [isPrivate, setIsPrivate] = useState<boolean | null>(null);
  const [failure, setFailure] = useState<FailedRead | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!session) return;
    void api.profile(session.token, session.userId).then((outcome) => {
      if (outcome.kind === "ok") {
        setFailure(null);
        setIsPrivate(outcome.data.isPrivate);
      } else setFailure(outcome);
    });
    // The token changes after a password change; the setting does not need reading again.
  }, [api, attempt]);

  if (failure) return <ScreenError failure={failure} onRetry={() => setAttempt((n) => n + 1)} />;
  if (!session || isPrivate === null) return <p role="status">Loading settings…</p>;

  return (
    <div className="sp-screen">
      <h1>Settings</h1>
      <PrivacySection api={api} session={session} isPrivate={isPrivate} onChange={setIsPrivate} />
      <BlockedSection api={api} session={session} />
      <PasswordSection
        api={api}
        session={session}
        onNewToken={(token) => {
          window.localStorage.setItem("token", token);
          setSession({ ...session, token });
        }}
      />
      <ExportSection api={api} session={session} />
      <DeleteSection api={api} session={session} onDeleted={leaveDeletedAccount} />
    </div>
  );
}

/**
 * Issue 24: the account is gone, so the device forgets everything of it (its address, searches,
 * drafts) and the person lands on a public page in the signed-out layout, not on a signed-in
 * screen with nobody signed in. replace(): Back must not return to this account's settings.
 */
function leaveDeletedAccount() {
  forgetThisDevice();
  window.location.replace(ACCOUNT_DELETED_PATH);
}

function PrivacySection({
  api,
  session,
  isPrivate,
  onChange,
}: {
  api: SettingsApi;
  session: Session;
  isPrivate: boolean;
  onChange: (value: boolean) => void;
}) {
  const [line, setLine] = useState<Line>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function toggle(next: boolean) {
    if (busy) return;
    setBusy(true);
    onChange(next);
    const outcome = await api.setPrivate(session.token, session.userId, next);
    setBusy(false);
    if (outcome.kind !== "ok") {
      onChange(!next);
      setLine({
        text: failureText(outcome, "Failed to save the setting. Please try again.", SIGNED_OUT),
        error: true,
      });
      return;
    }
    setLine({ text: outcome.message, error: false });
  }

  return (
    <section className="sp-panel-box" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Privacy</h2>
      <label className="sp-switch">
        <input
          type="checkbox"
          role="switch"
          checked={isPrivate}
          aria-describedby={`${id}-hint`}
          onChange={(event) => void toggle(event.target.checked)}
        />
        Private account
      </label>
      <p id={`${id}-hint`} className="sp-note">
        Only people you approve can see your posts and who you follow. Your name, photo and bio stay visible.
        Making your account public accepts every waiting request.
      </p>
      <StatusLine line={line} />
    </section>
  );
}

type BlockedPerson = Person & { blockedAt: string };

/**
 * Blocked accounts: their profiles answer 404, so this is the one place to unblock them. No
 * confirm step (unblocking hides nothing and can be undone from their profile): the row
 * leaves, the status line says so, and the focus moves to the next row's button (or the
 * previous one, or the heading when none is left) instead of falling to the page.
 */
function BlockedSection({ api, session }: { api: SettingsApi; session: Session }) {
  const [people, setPeople] = useState<BlockedPerson[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  const [line, setLine] = useState<Line>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [focusAfter, setFocusAfter] = useState<number | "heading" | null>(null);
  const buttons = useRef(new Map<number, HTMLButtonElement>());
  const headingRef = useRef<HTMLHeadingElement>(null);
  const id = useId();

  async function load(after: string | null) {
    setState("loading");
    const outcome = await api.blocked(session.token, after);
    if (outcome.kind !== "ok") {
      setState("failed");
      setLine({
        text: failureText(outcome, "Failed to fetch your blocked accounts. Please try again.", SIGNED_OUT),
        error: true,
      });
      return;
    }
    setPeople((before) => (after ? [...before, ...outcome.data.blocked] : outcome.data.blocked));
    setCursor(outcome.data.nextCursor);
    setState("ready");
    setLine(null);
  }

  useEffect(() => {
    void load(null);
    // Read once; an unblock here updates the list without reading it again.
  }, [api]);

  useEffect(() => {
    if (focusAfter === null) return;
    (focusAfter === "heading" ? headingRef.current : buttons.current.get(focusAfter))?.focus();
    setFocusAfter(null);
  }, [focusAfter]);

  async function unblock(person: BlockedPerson) {
    if (busyId !== null) return;
    setBusyId(person.userId);
    const outcome = await api.unblock(session.token, person.userId);
    setBusyId(null);
    // 404: the account was deleted meanwhile, and its block with it.
    const gone = outcome.kind === "failed" && outcome.status === 404;
    if (outcome.kind !== "ok" && !gone) {
      setLine({ text: failureText(outcome, "Failed to unblock. Please try again.", SIGNED_OUT), error: true });
      return;
    }
    const index = people.findIndex((p) => p.userId === person.userId);
    const rest = people.filter((p) => p.userId !== person.userId);
    setPeople(rest);
    setFocusAfter((rest[index] ?? rest[index - 1])?.userId ?? "heading");
    setLine({
      text: gone
        ? `@${person.username}'s account no longer exists.`
        : `Unblocked @${person.username}. You can see each other's posts and profiles again.`,
      error: false,
    });
  }

  return (
    <section className="sp-panel-box" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} ref={headingRef} tabIndex={-1}>
        Blocked accounts
      </h2>
      <p className="sp-note">
        You and the people you block don't see each other's posts, comments or profiles. Unblocking doesn't bring
        back follows the block removed.
      </p>
      {state === "ready" && people.length === 0 && <p>You have not blocked anyone.</p>}
      {people.length > 0 && (
        <ul className="sp-list" aria-labelledby={`${id}-h`}>
          {people.map((person) => (
            <li key={person.userId} className="sp-row">
              <Avatar name={person.name || person.username} avatar={person.avatar} />
              <p className="sp-row__text">
                <strong>{person.name || person.username}</strong> <span className="sp-person__username">@{person.username}</span>
              </p>
              <button
                ref={(element) => {
                  if (element) buttons.current.set(person.userId, element);
                  else buttons.current.delete(person.userId);
                }}
                type="button"
                className="btn btn-secondary"
                aria-disabled={busyId === person.userId || undefined}
                onClick={() => void unblock(person)}
              >
                Unblock<span className="visually-hidden"> @{person.username}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {state === "loading" && <p role="status">Loading blocked accounts…</p>}
      {state === "failed" && (
        <button type="button" className="btn btn-secondary" onClick={() => void load(cursor)}>
          Try again
        </button>
      )}
      {state === "ready" && cursor && (
        <button type="button" className="btn btn-secondary" onClick={() => void load(cursor)}>
          Show more blocked accounts
        </button>
      )}
      <StatusLine line={line} />
    </section>
  );
}

function PasswordSection({
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

function ExportSection({ api, session }: { api: SettingsApi; session: Session }) {
  const [line, setLine] = useState<Line>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function download() {
    if (busy) return;
    setBusy(true);
    setLine({ text: "Preparing your data…", error: false });
    const outcome = await api.exportData(session.token, session.userId);
    setBusy(false);
    if (outcome.kind !== "ok") {
      setLine({
        text: failureText(outcome, "Failed to prepare your data. Please try again.", SIGNED_OUT),
        error: true,
      });
      return;
    }
    const file = new Blob([JSON.stringify(outcome.data, null, 2)], { type: "application/json" });
    const link = document.createElement("a");
    link.href = URL.createObjectURL(file);
    link.download = `dishcovery-data-${session.userId}.json`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    setLine({ text: "Your data has been downloaded as a JSON file.", error: false });
  }

  return (
    <section className="sp-panel-box" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Download my data</h2>
      <p>
        A JSON file of everything you gave us: your account and profile, posts, comments, likes, saves,
        follows and blocks, with your photos listed by address.
      </p>
      <button
        type="button"
        className="btn btn-secondary"
        aria-disabled={busy || undefined}
        onClick={() => void download()}
      >
        Download my data
      </button>
      <StatusLine line={line} />
    </section>
  );
}

function DeleteSection({
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
          {error && (
            <p id={`${id}-error`} className="ir-error" role="alert">
              {error}
            </p>
          )}
          <div className="ir-buttons">
            <button type="submit" className="btn btn-primary ir-danger" aria-disabled={busy || undefined}>
              {busy ? "Deleting…" : "Delete my account for good"}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <button ref={openRef} type="button" className="btn btn-secondary" onClick={() => setConfirming(true)}>
          Delete my account
        </button>
      )}
    </section>
  );
}
