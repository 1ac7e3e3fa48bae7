// Notifications (/notifications; issue 12): follow requests to accept or decline, then every
// notification newest first with the unread ones marked. Opening the screen marks what it
// shows as read (the sidebar's count follows); the marks stay until the next visit.
import { useEffect, useRef, useState } from "react";
import { relativeAge } from "../../domain/relative-age.ts";
import type { Notification, Person } from "../../shared/schemas/social-profiles.ts";
import { Avatar, failureText } from "../post-card/PostPieces.tsx";
import "../post-card/post-card.css";
import "../profile/profile.css";
import { currentSession, type Session } from "../accounts/session.ts";
import { ScreenBoundary, ScreenError, SIGNED_OUT, type FailedRead } from "../profile/screen-parts.tsx";
import { AppealButton } from "./AppealDialog.tsx";
import { NOTIFICATION_TEXT } from "./notification-text.ts";
import { notificationsApi, type NotificationsApi } from "./notifications-api.ts";

type Request = Person & { requestedAt: string };

export default function NotificationsScreen() {
  return (
    <ScreenBoundary>
      <Notifications api={notificationsApi()} />
    </ScreenBoundary>
  );
}

function Notifications({ api }: { api: NotificationsApi }) {
  const [session] = useState<Session | null>(currentSession);
  const [items, setItems] = useState<Notification[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [requests, setRequests] = useState<Request[]>([]);
  const [state, setState] = useState<"loading" | "ready" | "more">("loading");
  const [failure, setFailure] = useState<FailedRead | null>(null);
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [now] = useState(() => Date.now());
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!session) return;
    let current = true;
    setState("loading");
    void Promise.all([api.list(session.token, null), api.requests(session.token, null)]).then(
      ([list, waiting]) => {
        if (!current) return;
        if (list.kind !== "ok") return setFailure(list);
        if (waiting.kind !== "ok") return setFailure(waiting);
        setFailure(null);
        setItems(list.data.notifications);
        setCursor(list.data.nextCursor);
        setRequests(waiting.data.requests);
        setState("ready");
        const newest = list.data.notifications[0];
        if (newest && list.data.unreadCount > 0) {
          void api.markRead(session.token, newest.id).then((marked) => {
            if (marked.kind === "ok") {
              window.dispatchEvent(
                new CustomEvent("dishcovery:unread-count", {
                  detail: { unreadCount: marked.data.unreadCount },
                }),
              );
            }
          });
        }
      },
    );
    return () => {
      current = false;
    };
  }, [api, session, attempt]);

  async function more() {
    if (!session || !cursor || state !== "ready") return;
    setState("more");
    const outcome = await api.list(session.token, cursor);
    setState("ready");
    if (outcome.kind !== "ok") {
      setStatus({ text: failureText(outcome, "Failed to fetch data", SIGNED_OUT), error: true });
      return;
    }
    setItems((all) => [...all, ...outcome.data.notifications]);
    setCursor(outcome.data.nextCursor);
  }

  async function answer(request: Request, accept: boolean) {
    if (!session) return;
    const outcome = await api.answer(session.token, request.userId, accept);
    if (outcome.kind !== "ok") {
      setStatus({
        text: failureText(outcome, "Failed to answer the request. Please try again.", SIGNED_OUT),
        error: true,
      });
      return;
    }
    setRequests((all) => all.filter((r) => r.userId !== request.userId));
    setStatus({ text: `${outcome.message} (@${request.username})`, error: false });
    headingRef.current?.focus();
  }

  if (failure) return <ScreenError failure={failure} onRetry={() => setAttempt((n) => n + 1)} />;
  if (!session || state === "loading") return <p role="status">Loading notifications…</p>;
  const unread = items.filter((item) => !item.read).length;

  return (
    <div className="sp-screen">
      <h1 ref={headingRef} tabIndex={-1}>
        Notifications
      </h1>
      <p className={status?.error ? "ir-error" : "sp-status"} role={status?.error ? "alert" : "status"}>
        {status?.text ?? ""}
      </p>
      {requests.length > 0 && (
        <section className="sp-panel-box" aria-labelledby="sp-requests-heading">
          <h2 id="sp-requests-heading">Follow requests</h2>
          <ul className="sp-list">
            {requests.map((request) => (
              <li key={request.userId} className="sp-row">
                <Avatar name={request.username} avatar={request.avatar} />
                <p className="sp-row__text">
                  <a href={`/user/${request.userId}`}>{request.name || request.username}</a> (@
                  {request.username}) asked to follow you.
                </p>
                <div className="ir-buttons">
                  <button
                    type="button"
                    className="btn btn-primary"
                    onClick={() => void answer(request, true)}
                    aria-label={`Accept @${request.username}`}
                  >
                    Accept
                  </button>
                  <button
                    type="button"
                    className="btn btn-secondary"
                    onClick={() => void answer(request, false)}
                    aria-label={`Decline @${request.username}`}
                  >
                    Decline
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="sp-notifications-heading" className="sp-screen">
        <h2 id="sp-notifications-heading">
          {unread > 0 ? `All notifications (${unread} new)` : "All notifications"}
        </h2>
        {items.length === 0 ? (
          <p>
            No notifications yet. When someone follows you, comments on or likes your reviews, you'll see it
            here.
          </p>
        ) : (
          <ul className="sp-list">
            {items.map((item) => {
              const age = relativeAge(item.createdAt, now);
              return (
                <li key={item.id} className={item.read ? "sp-row" : "sp-row sp-row--unread"}>
                  <Avatar name={item.actor.username} avatar={item.actor.avatar} />
                  <p className="sp-row__text">
                    {!item.read && <span className="sp-tag sp-new">New: </span>}
                    {/* Moderators are not named (issue 21): "Dishcovery moderation" has no profile to link. */}
                    {item.kind === "moderation-decision" || item.kind === "photo-dropped" ? (
                      <strong>{item.actor.name || item.actor.username}</strong>
                    ) : (
                      <a href={`/user/${item.actor.userId}`}>{item.actor.name || item.actor.username}</a>
                    )}{" "}
                    {NOTIFICATION_TEXT[item.kind]}
                  </p>
                  {item.kind === "moderation-decision" && item.decisionId !== null && session && (
                    <AppealButton api={api} token={session.token} decisionId={item.decisionId} />
                  )}
                  <time className="sp-row__time" dateTime={item.createdAt}>
                    <span aria-hidden="true">{age.short}</span>
                    <span className="visually-hidden">{age.spoken}</span>
                  </time>
                </li>
              );
            })}
          </ul>
        )}
        {cursor && (
          <button
            type="button"
            className="btn btn-secondary"
            aria-disabled={state === "more" || undefined}
            onClick={() => void more()}
          >
            {state === "more" ? "Loading…" : "Load more"}
          </button>
        )}
      </section>
    </div>
  );
}
