// Notifications (/notifications; issue 12): follow requests to accept or decline, then every
// notification newest first with the unread ones marked, each linking to what it is about
// (issue 24). Opening the screen marks what it shows as read (the header's count follows);
// the marks stay until the next visit. The state is use-notifications.ts'.
import { useEffect, useRef, useState } from "react";
import "../../client/post-card/post-card.css";
import "../../client/signed-in-screens.css";
import { ScreenBoundary, ScreenError } from "../../client/screen-parts.tsx";
import { FollowRequests } from "./FollowRequests.tsx";
import { NotificationRow } from "./NotificationRow.tsx";
import { notificationsApi, type NotificationsApi } from "./notifications-api.ts";
import { useNotifications } from "./use-notifications.ts";

export default function NotificationsScreen() {
  return (
    <ScreenBoundary>
      <Notifications api={notificationsApi()} />
    </ScreenBoundary>
  );
}

function Notifications({ api }: { api: NotificationsApi }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const screen = useNotifications(api, () => headingRef.current?.focus());
  const { session, items, requests, state, status } = screen;
  const [now] = useState(() => Date.now());
  const pending = new Set(requests.map((request) => request.userId));

  // A follow-request notification links here (#follow-request-7): its row, once it is shown.
  useEffect(() => {
    if (state !== "ready" || !/^#follow-request-[0-9]+$/.test(window.location.hash)) return;
    document.getElementById(window.location.hash.slice(1))?.focus();
  }, [state]);

  if (screen.failure) return <ScreenError failure={screen.failure} onRetry={screen.retry} />;
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
      <FollowRequests
        requests={requests}
        onAnswer={(request, accept) => void screen.answer(request, accept)}
      />
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
            {items.map((item) => (
              <NotificationRow
                key={item.id}
                item={item}
                now={now}
                pendingRequests={pending}
                api={api}
                token={session.token}
              />
            ))}
          </ul>
        )}
        {screen.hasMore && (
          <button
            type="button"
            className="btn btn-secondary"
            aria-disabled={state === "more" || undefined}
            onClick={() => void screen.more()}
          >
            {state === "more" ? "Loading…" : "Load more"}
          </button>
        )}
      </section>
    </div>
  );
}
