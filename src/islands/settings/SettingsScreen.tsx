// Settings (/settings; issue 12): private account switch, blocked accounts (unblock), change
// password (every other session ends), download my data (a JSON file) and delete my account
// (confirmed with the password). Each section reports its own outcome next to it.
import { useEffect, useId, useState } from "react";
import { failureText } from "../../client/failure-text.ts";
import "../../client/post-card/post-card.css";
import "../../client/signed-in-screens.css";
import { currentSession, type Session } from "../../client/session.ts";
import { ScreenBoundary, ScreenError, SIGNED_OUT, type FailedRead } from "../../client/screen-parts.tsx";
import { ACCOUNT_DELETED_PATH, forgetThisDevice } from "./forget-device.ts";
import { settingsApi, type SettingsApi } from "./settings-api.ts";
import { BlockedSection } from "./BlockedSection.tsx";
import { DeleteSection } from "./DeleteSection.tsx";
import { ListActivitySection } from "./ListActivitySection.tsx";
import { PasswordSection } from "./PasswordSection.tsx";
import { StatusLine, type Line } from "./StatusLine.tsx";

export default function SettingsScreen() {
  return (
    <ScreenBoundary>
      <Settings api={settingsApi()} />
    </ScreenBoundary>
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
      <ListActivitySection session={session} />
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
