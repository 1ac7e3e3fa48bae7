// One notification (issue 12): who, what, when; the words link to what it is about (issue 24,
// notification-links.ts). People link to their profiles; Dishcovery itself (moderation, a
// dropped photo) and "The owner of X" are not accounts one can open (actor id 0).
import { decisionNoticeText } from "../../domain/moderation-notices.ts";
import { relativeAge } from "../../domain/relative-age.ts";
import type { Notification } from "../../shared/schemas/social-profiles.ts";
import { Avatar } from "../../client/post-card/post-pieces.tsx";
import { AppealButton } from "./AppealDialog.tsx";
import { notificationHref } from "./notification-links.ts";
import { NOTIFICATION_TEXT } from "./notification-text.ts";
import type { NotificationsApi } from "./notifications-api.ts";

export function NotificationRow({
  item,
  now,
  pendingRequests,
  api,
  token,
}: {
  item: Notification;
  now: number;
  pendingRequests: ReadonlySet<number>;
  api: NotificationsApi;
  token: string;
}) {
  const age = relativeAge(item.createdAt, now);
  const name = item.actor.name || item.actor.username;
  const href = notificationHref(item, pendingRequests);
  // A decision names the item and the outcome (issue 30); older rows without one keep the general words.
  const text = item.decision
    ? decisionNoticeText({ ...item.decision, appealed: item.decision.appealedAction })
    : NOTIFICATION_TEXT[item.kind];
  return (
    <li className={item.read ? "sp-row" : "sp-row sp-row--unread"}>
      <Avatar name={item.actor.username} avatar={item.actor.avatar} />
      <p className="sp-row__text">
        {!item.read && <span className="sp-tag sp-new">New: </span>}
        {item.actor.userId > 0 ? (
          <a href={`/user/${item.actor.userId}`}>{name}</a>
        ) : (
          <strong>{name}</strong>
        )}{" "}
        {href ? (
          <a className="sp-row__target" href={href}>
            {text}
          </a>
        ) : (
          text
        )}
      </p>
      {item.kind === "moderation-decision" && item.decisionId !== null && item.decision?.appealable && (
        <AppealButton api={api} token={token} decisionId={item.decisionId} />
      )}
      <time className="sp-row__time" dateTime={item.createdAt}>
        <span aria-hidden="true">{age.short}</span>
        <span className="visually-hidden">{age.spoken}</span>
      </time>
    </li>
  );
}
