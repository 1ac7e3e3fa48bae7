// Every SQL statement about notifications (issue 12). Paged newest first by id; the unread
// count reads the partial index notifications_unread_idx, which holds unread rows only. The
// list and the count leave out the same rows (shown below), so they always agree.
import { and, desc, eq, exists, isNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import { alias, QueryBuilder } from "drizzle-orm/sqlite-core";
import type { NotificationKind } from "../../../../shared/schemas/social-profiles.ts";
import * as z from "../../../../shared/schemas/zod.ts";
import type { Database } from "../client.ts";
import { columnList, rawRows, sqlInteger } from "../raw-rows.ts";
import { comments, notifications, profiles, users } from "../schema.ts";
import { commentShown, notBlockedEitherWay } from "./social-graph.ts";

const qb = new QueryBuilder();

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
  // Typed raw SQL (decision 013): an INSERT ... SELECT of some of the table's columns.
  const t = notifications;
  const rows = await rawRows(
    db,
    z.object({ id: sqlInteger }),
    sql`
    INSERT INTO ${t} (${columnList(t.recipientId, t.actorId, t.kind, t.postId, t.commentId, t.createdAt)})
    SELECT ${n.recipientId}, ${n.actorId}, ${n.kind}, ${n.postId ?? null}, ${n.commentId ?? null}, ${n.createdAt}
    WHERE ${n.recipientId} <> ${n.actorId} AND ${notBlockedEitherWay(n.recipientId, sql`${n.actorId}`)}
    ON CONFLICT DO NOTHING
    RETURNING ${sql.identifier(t.id.name)} AS id`,
  );
  return rows.length > 0;
}

/**
 * A notification is shown while nothing hides what it is about: no block between recipient
 * and actor (a block deletes them, but a race may not), and its comment, if any, still shown
 * to the recipient (commentShown: a blocked person's words on the blocker's posts are hidden
 * for everyone, and so is any news of them).
 */
function shown(recipientId: number): SQL {
  const c = alias(comments, "c");
  return and(
    notBlockedEitherWay(recipientId, notifications.actorId),
    or(
      isNull(notifications.commentId),
      exists(
        qb
          .select({ one: sql`1` })
          .from(c)
          .where(and(eq(c.id, notifications.commentId), commentShown(recipientId, "c"))),
      ),
    ),
  )!;
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
  const n = notifications;
  return db
    .select({
      id: n.id,
      kind: n.kind,
      actorId: n.actorId,
      actorUsername: users.username,
      actorName: sql<string>`coalesce(${profiles.name}, '')`,
      actorImage: profiles.profileImage,
      postId: n.postId,
      commentId: n.commentId,
      decisionId: n.decisionId,
      createdAt: n.createdAt,
      read: sql<boolean>`${n.readAt} IS NOT NULL`.mapWith(Boolean),
    })
    .from(n)
    .innerJoin(users, eq(users.id, n.actorId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(
      and(
        eq(n.recipientId, recipientId),
        beforeId === undefined ? undefined : lt(n.id, beforeId),
        shown(recipientId),
      ),
    )
    .orderBy(desc(n.id))
    .limit(limit);
}

export async function countUnread(db: Database, recipientId: number): Promise<number> {
  return db.$count(
    notifications,
    and(eq(notifications.recipientId, recipientId), isNull(notifications.readAt), shown(recipientId)),
  );
}

/** Marks read every unread notification up to `upToId` (all when undefined). */
export async function markRead(
  db: Database,
  recipientId: number,
  upToId: number | undefined,
  nowMs: number,
): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: nowMs })
    .where(
      and(
        eq(notifications.recipientId, recipientId),
        isNull(notifications.readAt),
        upToId === undefined ? undefined : lte(notifications.id, upToId),
      ),
    );
}
