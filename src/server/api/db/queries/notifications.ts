// Every SQL statement about notifications (issue 12). Paged newest first by id; the unread
// count reads the partial index notifications_unread_idx, which holds unread rows only. The
// list and the count leave out the same rows (shown below), so they always agree.
import { and, desc, eq, exists, inArray, isNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import { alias, QueryBuilder } from "drizzle-orm/sqlite-core";
import type { NotificationKind } from "../../../../shared/schemas/social-profiles.ts";
import * as z from "../../../../shared/schemas/zod.ts";
import type { Database } from "../client.ts";
import { columnList, rawRows, rawWrite, sqlInteger } from "../raw-rows.ts";
import { comments, notifications, profiles, users } from "../schema.ts";
import { commentShown, notBlockedEitherWay } from "./social-graph.ts";

const qb = new QueryBuilder();

export interface NewNotification {
  recipientId: number;
  actorId: number;
  kind: NotificationKind;
  postId?: number | null;
  commentId?: number | null;
  decisionId?: number | null;
  createdAt: number;
}

/**
 * News from the site rather than from a person (a moderation decision, a dropped photo): told
 * to the person it is about and shown to them whoever the actor is, themselves or someone they
 * blocked, and shown as from Dishcovery.
 */
export const FROM_THE_SITE: readonly NotificationKind[] = ["moderation-decision", "photo-dropped"];
const fromTheSite = (kind: NotificationKind) => FROM_THE_SITE.includes(kind);

/**
 * The one INSERT of a notification. From a person, nothing is stored when it would tell
 * someone about themselves or cross a block (checked in the same statement, so a block that
 * lands first always wins); either way nothing is stored when the recipient was already told
 * this actor did this to this object (notifications_once_idx: a like taken back and given
 * again does not notify again).
 */
function insertStatement(n: NewNotification): SQL {
  // Typed raw SQL (decision 013): an INSERT ... SELECT of some of the table's columns.
  const t = notifications;
  const toWhom = fromTheSite(n.kind)
    ? sql`1`
    : sql`${n.recipientId} <> ${n.actorId} AND ${notBlockedEitherWay(n.recipientId, sql`${n.actorId}`)}`;
  return sql`
    INSERT INTO ${t} (${columnList(t.recipientId, t.actorId, t.kind, t.postId, t.commentId, t.decisionId, t.createdAt)})
    SELECT ${n.recipientId}, ${n.actorId}, ${n.kind}, ${n.postId ?? null}, ${n.commentId ?? null},
      ${n.decisionId ?? null}, ${n.createdAt}
    WHERE ${toWhom}
    ON CONFLICT DO NOTHING`;
}

/** Stores the notification now (insertStatement's rules): true when stored. */
export async function insertNotification(db: Database, n: NewNotification): Promise<boolean> {
  const rows = await rawRows(
    db,
    z.object({ id: sqlInteger }),
    sql`${insertStatement(n)} RETURNING ${sql.identifier(notifications.id.name)} AS id`,
  );
  return rows.length > 0;
}

/** The same notification as a statement of the caller's batch, to commit with what it tells of. */
export function notificationStatement(db: Database, n: NewNotification) {
  return rawWrite(db, insertStatement(n));
}

/**
 * A notification is shown while nothing hides what it is about: no block between recipient
 * and a person who acted (a block deletes them, but a race may not; news from the site is
 * shown whoever the actor is), and its comment, if any, still shown
 * to the recipient (commentShown: a blocked person's words on the blocker's posts are hidden
 * for everyone, and so is any news of them).
 */
function shown(recipientId: number): SQL {
  const c = alias(comments, "c");
  return and(
    or(
      inArray(notifications.kind, [...FROM_THE_SITE]),
      notBlockedEitherWay(recipientId, notifications.actorId),
    ),
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
