// /moderation (issue 21, docs/moderation.md): the queue for moderators and admins, and for
// admins the Moderators and Log sections. The role is read from the API (GET /users/{id}, the
// caller's own answer); a signed-in account without it is told this page is not for it. A
// visitor never gets here: SocialLayout sends them to the login page and back.
import { useEffect, useState } from "react";
import type { Role } from "../../domain/moderation.ts";
import { currentSession, type Session } from "../../client/session.ts";
import { ScreenBoundary, ScreenError, type FailedRead } from "../../client/screen-parts.tsx";
import "../../client/signed-in-screens.css";
import "../../client/post-card/post-card.css";
import "./moderation.css";
import { LogPanel } from "./LogPanel.tsx";
import { moderationApi, type ModerationApi } from "./moderation-api.ts";
import { ModeratorsPanel } from "./ModeratorsPanel.tsx";
import { QueueSection } from "./QueueSection.tsx";

export const NOT_FOR_YOU = "This page is for moderators";

export default function ModerationScreen() {
  return (
    <ScreenBoundary>
      <Moderation api={moderationApi()} />
    </ScreenBoundary>
  );
}

function NotForYou() {
  return (
    <section className="sp-screen" aria-labelledby="mod-not-heading">
      <h1 id="mod-not-heading">{NOT_FOR_YOU}</h1>
      <p>Moderators decide on reports and flagged reviews here. Your account is not a moderator's.</p>
      <p>
        <a className="btn btn-secondary" href="/">
          Go to the home page
        </a>
      </p>
    </section>
  );
}

function Moderation({ api }: { api: ModerationApi }) {
  const [session] = useState<Session | null>(currentSession);
  const [role, setRole] = useState<Role | null>(null);
  const [failure, setFailure] = useState<FailedRead | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!session) return;
    let current = true;
    void api.account(session.token, session.userId).then((outcome) => {
      if (!current) return;
      if (outcome.kind !== "ok") return setFailure(outcome);
      setFailure(null);
      setRole("role" in outcome.data ? outcome.data.role : "user");
    });
    return () => {
      current = false;
    };
  }, [api, session, attempt]);

  if (failure) return <ScreenError failure={failure} onRetry={() => setAttempt((n) => n + 1)} />;
  if (!session || role === null) return <p role="status">Loading moderation…</p>;
  if (role === "user") return <NotForYou />;

  return (
    <div className="sp-screen mod-screen">
      <h1>Moderation</h1>
      {role === "admin" && (
        <nav aria-label="Moderation sections">
          <ul className="mod-jump">
            <li>
              <a href="#queue">Queue</a>
            </li>
            <li>
              <a href="#moderators">Moderators</a>
            </li>
            <li>
              <a href="#log">Log</a>
            </li>
          </ul>
        </nav>
      )}
      <QueueSection api={api} session={session} />
      {role === "admin" && <ModeratorsPanel api={api} session={session} />}
      {role === "admin" && <LogPanel api={api} session={session} />}
    </div>
  );
}
