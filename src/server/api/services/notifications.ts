// Notifications (issue 12): what happened to a person that they should hear about. Every
// feature tells people through notify() (or notifyInBatch(), for news that commits with its
// write): follows, follow requests and acceptances, comments, replies and likes, an owner's
// reply, a moderation decision, a dropped photo. None of these writes changes a cached public read.
import { cursorCodec } from "../../../domain/keyset-cursor.ts";
import {
  type Notification,
  type NotificationKind,
} from "../../../shared/schemas/social-profiles.ts";
import {
  countUnread,
  insertNotification,
  markRead,
  notificationStatement,
  readNotifications,
  type NewNotification,
} from "../db/queries/notifications.ts";
import { restaurantNamesOfReplies } from "../db/queries/owner-replies.ts";
import type { AppDeps } from "../deps.ts";
import { fileUrl } from "../../../domain/file-url.ts";
import { decisionNoticesFor } from "./decision-notices.ts";
import { readCursor } from "./page-cursor.ts";

const notificationCursor = cursorCodec("notifications", ["beforeId"]);

// Issue 23: a photo that could not be prepared is news from the site, not from a person.
const PHOTO_ACTOR = { userId: 0, username: "dishcovery", name: "Dishcovery", avatar: null };
const MODERATION_ACTOR = { userId: 0, username: "dishcovery", name: "Dishcovery moderation", avatar: null };

export interface NotifyInput {
  /** Who hears about it. */
  recipientId: number;
  /** Who did it. */
  actorId: number;
  kind: NotificationKind;
  postId?: number | null;
  commentId?: number | null;
  /** moderation-decision: the decision, to appeal. */
  decisionId?: number | null;
  /** When it happened, if not now (a decision's own time). */
  createdAt?: number;
}

const stored = (deps: Pick<AppDeps, "now">, input: NotifyInput): NewNotification => ({
  ...input,
  createdAt: input.createdAt ?? deps.now(),
});

/**
 * Tells `recipientId` that `actorId` did something. From a person (not FROM_THE_SITE), nothing
 * is stored when they are the same person or either has blocked the other. Best effort: a
 * notification that cannot be stored is logged and never fails the write that caused it. True
 * when stored.
 */
export async function notify(
  deps: Pick<AppDeps, "db" | "now" | "log">,
  input: NotifyInput,
): Promise<boolean> {
  try {
    return await insertNotification(deps.db, stored(deps, input));
  } catch (error) {
    deps.log("warn", `Could not store a ${input.kind} notification`, error);
    return false;
  }
}

/** notify() as a statement of the caller's batch: the news commits with the write, or neither does. */
export function notifyInBatch(deps: Pick<AppDeps, "db" | "now">, input: NotifyInput) {
  return notificationStatement(deps.db, stored(deps, input));
}

export async function listNotifications(
  deps: AppDeps,
  recipientId: number,
  page: { cursor?: string; limit: number },
): Promise<{ notifications: Notification[]; nextCursor: string | null; unreadCount: number }> {
  const before = readCursor(notificationCursor, page.cursor);
  const rows = await readNotifications(deps.db, recipientId, before?.beforeId, page.limit + 1);
  const shown = rows.slice(0, page.limit);
  // An owner's reply is told as "The owner of X replied" (issue 22): the owner's own account is not shown.
  const replied = await restaurantNamesOfReplies(
    deps.db,
    shown.flatMap((row) => (row.kind === "owner-reply" && row.postId !== null ? [row.postId] : [])),
  );
  const decisions = await decisionNoticesFor(
    deps,
    recipientId,
    shown.flatMap((row) => (row.kind === "moderation-decision" && row.decisionId !== null ? [row.decisionId] : [])),
  );
  return {
    notifications: shown.map((row) => ({
      id: row.id,
      kind: row.kind,
      // Moderators are not named to the people they decide about (issue 21).
      actor:
        row.kind === "moderation-decision"
          ? MODERATION_ACTOR
          : row.kind === "photo-dropped"
            ? PHOTO_ACTOR
          : row.kind === "owner-reply"
            ? { userId: 0, username: "owner", name: `The owner of ${replied.get(row.postId ?? 0) ?? "the restaurant"}`, avatar: null }
            : {
              userId: row.actorId,
              username: row.actorUsername,
              name: row.actorName,
              avatar: fileUrl(row.actorImage),
            },
      postId: row.postId,
      commentId: row.commentId,
      decisionId: row.decisionId,
      decision: (row.decisionId !== null && decisions.get(row.decisionId)) || null,
      createdAt: new Date(row.createdAt).toISOString(),
      read: row.read,
    })),
    nextCursor: rows.length > page.limit ? notificationCursor.encode({ beforeId: shown.at(-1)!.id }) : null,
    unreadCount: await countUnread(deps.db, recipientId),
  };
}

export async function unreadCount(deps: AppDeps, recipientId: number): Promise<number> {
  return countUnread(deps.db, recipientId);
}

export async function markNotificationsRead(
  deps: AppDeps,
  recipientId: number,
  upToId: number | undefined,
): Promise<number> {
  await markRead(deps.db, recipientId, upToId, deps.now());
  return countUnread(deps.db, recipientId);
}
