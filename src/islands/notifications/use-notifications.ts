// The notifications screen's state (issue 12): the first page and the waiting follow requests,
// read together; opening the screen marks what it shows as read (the header's count follows);
// "Load more" and answering a request. The screen (NotificationsScreen.tsx) only shows it.
import { useEffect, useState } from "react";
import type { Notification, Person } from "../../shared/schemas/social-profiles.ts";
import { currentSession, type Session } from "../../client/session.ts";
import { failureText } from "../../client/failure-text.ts";
import { SIGNED_OUT, type FailedRead } from "../../client/screen-parts.tsx";
import type { NotificationsApi } from "./notifications-api.ts";

export type FollowRequest = Person & { requestedAt: string };
export type ScreenStatus = { text: string; error: boolean } | null;

export function useNotifications(api: NotificationsApi, onAnswered: () => void) {
  const [session] = useState<Session | null>(currentSession);
  const [items, setItems] = useState<Notification[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [requests, setRequests] = useState<FollowRequest[]>([]);
  const [state, setState] = useState<"loading" | "ready" | "more">("loading");
  const [failure, setFailure] = useState<FailedRead | null>(null);
  const [status, setStatus] = useState<ScreenStatus>(null);
  const [attempt, setAttempt] = useState(0);

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
            if (marked.kind !== "ok") return;
            window.dispatchEvent(
              new CustomEvent("dishcovery:unread-count", {
                detail: { unreadCount: marked.data.unreadCount },
              }),
            );
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

  async function answer(request: FollowRequest, accept: boolean) {
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
    onAnswered();
  }

  return {
    session,
    items,
    requests,
    state,
    failure,
    status,
    hasMore: cursor !== null,
    more,
    answer,
    retry: () => setAttempt((n) => n + 1),
  };
}
