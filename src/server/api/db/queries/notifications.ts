// Every SQL statement about notifications (issue 12). Paged newest first by id; the unread
// count reads the partial index notifications_unread_idx, which holds unread rows only. The
// list and the count leave out the same rows (shown below), so they always agree.
import { sql, type SQL } from "drizzle-orm";
import type { NotificationKind } from "../../../../shared/schemas/social-profiles.ts";
import type { Database } from "../client.ts";
import { commentShown, notBlockedEitherWay } from "./social-graph.ts";

export interface NewNotification {
  recipientId: number;
  actorId: number;
  kind: NotificationKind;
  postId?: number | null;
  commentId?: number | null;
  createdAt: number;
}

/**
 * Stores it unless it would tell someone about themselves or cross a block (checked in the
 * same statement, so a block that lands first always wins), or the recipient was already
 * told this actor did this to this object (notifications_once_idx: a like taken back and
 * given again does not notify again). True when stored.
 */
export async function insertNotification(db: Database, n: NewNotification): Promise<boolean> {
  const rows = await db.all(sql`
    INSERT INTO notifications (recipient_id, actor_id, kind, post_id, comment_id, created_at)
    SELECT ${n.recipientId}, ${n.actorId}, ${n.kind}, ${n.postId ?? null}, ${n.commentId ?? null}, ${n.createdAt}
    WHERE ${n.recipientId} <> ${n.actorId} AND ${notBlockedEitherWay(n.recipientId, sql`${n.actorId}`)}
    ON CONFLICT DO NOTHING
    RETURNING id`);
  return rows.length > 0;
}

/**
 * A notification is shown while nothing hides what it is about: no block between recipient
 * and actor (a block deletes them, but a race may not), and its comment, if any, still shown
 * to the recipient (commentShown: a blocked person's words on the blocker's posts are hidden
 * for everyone, and so is any news of them).
 */
function shown(recipientId: number): SQL {
  return sql`${notBlockedEitherWay(recipientId, sql`n.actor_id`)}
    AND (n.comment_id IS NULL OR EXISTS (SELECT 1 FROM comments c WHERE c.id = n.comment_id AND ${commentShown(recipientId, "c")}))`;
}

export interface NotificationRow {
  id: number;
  kind: NotificationKind;
  actorId: number;
  actorUsername: string;
  actorName: string;
  actorImage: string | null;
  postId: number | null;
  commentId: number | null;
  decisionId: number | null;
  createdAt: number;
  read: boolean;
}

export async function readNotifications(
  db: Database,
  recipientId: number,
  beforeId: number | undefined,
  limit: number,
): Promise<NotificationRow[]> {
  const range = beforeId === undefined ? sql`` : sql`AND n.id < ${beforeId}`;
  const rows = await db.all<Record<string, number | string | null>>(sql`
    SELECT n.id, n.kind, n.actor_id, u.username, coalesce(p.name, '') AS name, p.profile_image,
      n.post_id, n.comment_id, n.decision_id, n.created_at, n.read_at
    FROM notifications n JOIN users u ON u.id = n.actor_id LEFT JOIN profiles p ON p.user_id = u.id
    WHERE n.recipient_id = ${recipientId} ${range} AND ${shown(recipientId)}
    ORDER BY n.id DESC
    LIMIT ${limit}`);
  return rows.map((row) => ({
    id: Number(row.id),
    kind: row.kind as NotificationKind,
    actorId: Number(row.actor_id),
    actorUsername: String(row.username),
    actorName: String(row.name),
    actorImage: row.profile_image === null ? null : String(row.profile_image),
    postId: row.post_id === null ? null : Number(row.post_id),
    commentId: row.comment_id === null ? null : Number(row.comment_id),
    decisionId: row.decision_id === null ? null : Number(row.decision_id),
    createdAt: Number(row.created_at),
    read: row.read_at !== null,
  }));
}

export async function countUnread(db: Database, recipientId: number): Promise<number> {
  const row = await db.get<{ n: number }>(
    sql`SELECT count(*) AS n FROM notifications n
      WHERE n.recipient_id = ${recipientId} AND n.read_at IS NULL AND ${shown(recipientId)}`,
  );
  return row?.n ?? 0;
}

/** Marks read every unread notification up to `upToId` (all when undefined). */
export async function markRead(
  db: Database,
  recipientId: number,
  upToId: number | undefined,
  nowMs: number,
): Promise<void> {
  const range = upToId === undefined ? sql`` : sql`AND id <= ${upToId}`;
  await db.run(sql`UPDATE notifications SET read_at = ${nowMs}
    WHERE recipient_id = ${recipientId} AND read_at IS NULL ${range}`);
}
