// Decisions, appeals, the log, roles and suspensions (issue 21, docs/moderation.md). Writes
// are statements for the caller's one batch, so a decision, its effect, its item's closing and
// its log line commit together or not at all.
import { sql, type SQL } from "drizzle-orm";
import type { ModerationKind, Role } from "../../../../domain/moderation.ts";
import { getRow, type Database } from "../client.ts";

type BatchStatement = Parameters<Database["batch"]>[0][number];

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

export interface NewDecision {
  itemId: SQL;
  moderatorId: number;
  kind: ModerationKind;
  targetId: number;
  subjectUserId: number | null;
  action: string;
  reason: string;
  note: string;
  days: number | null;
  before: unknown;
  after: unknown;
  appealId: number | null;
  createdAt: number;
}

export function insertDecisionStatement(db: Database, d: NewDecision): BatchStatement {
  return db.run(sql`INSERT INTO moderation_decisions (item_id, moderator_id, kind, target_id, subject_user_id,
      action, reason, note, days, before, after, appeal_id, created_at)
    VALUES (${d.itemId}, ${d.moderatorId}, ${d.kind}, ${d.targetId}, ${d.subjectUserId}, ${d.action}, ${d.reason},
      ${d.note}, ${d.days}, ${json(d.before)}, ${json(d.after)}, ${d.appealId}, ${d.createdAt})`);
}

/** The decision just inserted in this batch (the write lock is held, so it is the newest). */
export const lastDecisionIdSql = sql`(SELECT max(id) FROM moderation_decisions)`;

export function decidedAppealStatement(db: Database, appealId: number): BatchStatement {
  return db.run(sql`UPDATE moderation_appeals SET decided_by = ${lastDecisionIdSql} WHERE decision_id =
    (SELECT decision_id FROM moderation_appeals WHERE id = ${appealId}) AND decided_by IS NULL`);
}

export interface DecisionRow {
  id: number;
  itemId: number;
  moderatorId: number | null;
  kind: ModerationKind;
  targetId: number;
  subjectUserId: number | null;
  action: string;
  reason: string;
  note: string;
  appealId: number | null;
  createdAt: number;
}

const DECISION_COLUMNS = sql`id, item_id AS itemId, moderator_id AS moderatorId, kind, target_id AS targetId,
  subject_user_id AS subjectUserId, action, reason, note, appeal_id AS appealId, created_at AS createdAt`;

const toDecision = (r: DecisionRow): DecisionRow => ({
  ...r,
  id: Number(r.id),
  itemId: Number(r.itemId),
  moderatorId: r.moderatorId === null ? null : Number(r.moderatorId),
  targetId: Number(r.targetId),
  subjectUserId: r.subjectUserId === null ? null : Number(r.subjectUserId),
  appealId: r.appealId === null ? null : Number(r.appealId),
  createdAt: Number(r.createdAt),
});

export async function decisionById(db: Database, id: number): Promise<DecisionRow | undefined> {
  const row = await getRow<DecisionRow>(
    db,
    sql`SELECT ${DECISION_COLUMNS} FROM moderation_decisions WHERE id = ${id}`,
  );
  return row ? toDecision(row) : undefined;
}

/** A target's decisions, newest first. */
export async function decisionsOfTarget(
  db: Database,
  kind: ModerationKind,
  targetId: number,
  limit = 20,
): Promise<DecisionRow[]> {
  const rows = await db.all<DecisionRow>(sql`SELECT ${DECISION_COLUMNS} FROM moderation_decisions
    WHERE item_id IN (SELECT id FROM moderation_items WHERE kind = ${kind} AND target_id = ${targetId})
    ORDER BY id DESC LIMIT ${limit}`);
  return rows.map(toDecision);
}

/** Earlier decisions about a person, newest first (the queue's context). */
export async function decisionsAbout(db: Database, userId: number, limit = 10): Promise<DecisionRow[]> {
  const rows = await db.all<DecisionRow>(sql`SELECT ${DECISION_COLUMNS} FROM moderation_decisions
    WHERE subject_user_id = ${userId} ORDER BY created_at DESC LIMIT ${limit}`);
  return rows.map(toDecision);
}

// ---------------------------------------------------------------------------------------------
// Appeals

export interface AppealRow {
  id: number;
  decisionId: number;
  appellantId: number;
  role: "author" | "reporter";
  note: string;
  createdAt: number;
  decidedBy: number | null;
}

export async function appealsOf(db: Database, decisionId: number): Promise<AppealRow[]> {
  const rows =
    await db.all<AppealRow>(sql`SELECT id, decision_id AS decisionId, appellant_id AS appellantId, role,
      note, created_at AS createdAt, decided_by AS decidedBy FROM moderation_appeals WHERE decision_id = ${decisionId}`);
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    decisionId: Number(r.decisionId),
    appellantId: Number(r.appellantId),
    createdAt: Number(r.createdAt),
    decidedBy: r.decidedBy === null ? null : Number(r.decidedBy),
  }));
}

export async function appealById(db: Database, id: number): Promise<AppealRow | undefined> {
  const row = await getRow<AppealRow>(
    db,
    sql`SELECT id, decision_id AS decisionId, appellant_id AS appellantId,
      role, note, created_at AS createdAt, decided_by AS decidedBy FROM moderation_appeals WHERE id = ${id}`,
  );
  return row
    ? { ...row, id: Number(row.id), decisionId: Number(row.decisionId), appellantId: Number(row.appellantId) }
    : undefined;
}

export function insertAppealStatement(
  db: Database,
  a: {
    decisionId: number;
    appellantId: number;
    role: "author" | "reporter";
    note: string;
    createdAt: number;
  },
): BatchStatement {
  return db.run(sql`INSERT INTO moderation_appeals (decision_id, appellant_id, role, note, created_at)
    VALUES (${a.decisionId}, ${a.appellantId}, ${a.role}, ${a.note}, ${a.createdAt})`);
}

/** The appeal just inserted in this batch, or the open one of the decision if it was there first. */
export const appealIdSql = (decisionId: number, appellantId: number) =>
  sql`(SELECT id FROM moderation_appeals WHERE decision_id = ${decisionId} AND appellant_id = ${appellantId})`;

/** Whether the person reported this target (so they may appeal its decision). */
export async function reportedBy(
  db: Database,
  kind: ModerationKind,
  targetId: number,
  reporterId: number,
): Promise<boolean> {
  const query =
    kind === "review"
      ? sql`SELECT 1 AS one FROM review_reports WHERE post_id = ${targetId} AND reporter_id = ${reporterId}`
      : kind === "comment"
        ? sql`SELECT 1 AS one FROM comment_reports WHERE comment_id = ${targetId} AND reporter_id = ${reporterId}`
        : kind === "user"
          ? sql`SELECT 1 AS one FROM user_reports WHERE target_id = ${targetId} AND reporter_id = ${reporterId}`
          : undefined;
  return query !== undefined && (await getRow(db, query)) !== undefined;
}

// ---------------------------------------------------------------------------------------------
// The log (append-only: drizzle/0022's triggers refuse UPDATE and DELETE)

export interface NewLogEntry {
  actorId: number | null;
  actorLabel: string;
  action: string;
  kind?: string | null;
  targetId?: number | null;
  reason?: string | null;
  note?: string;
  before?: unknown;
  after?: unknown;
  createdAt: number;
}

export function logStatement(db: Database, e: NewLogEntry): BatchStatement {
  return db.run(sql`INSERT INTO moderation_log (actor_id, actor_label, action, kind, target_id, reason, note, before, after, created_at)
    VALUES (${e.actorId}, ${e.actorLabel}, ${e.action}, ${e.kind ?? null}, ${e.targetId ?? null}, ${e.reason ?? null},
      ${e.note ?? ""}, ${json(e.before)}, ${json(e.after)}, ${e.createdAt})`);
}

export interface LogRow {
  id: number;
  actorId: number | null;
  actorLabel: string;
  action: string;
  kind: string | null;
  targetId: number | null;
  reason: string | null;
  note: string;
  before: string | null;
  after: string | null;
  createdAt: number;
}

/** Newest first, before the entry `beforeId`: a range of the primary key. */
export async function logPage(db: Database, beforeId: number | undefined, limit: number): Promise<LogRow[]> {
  const rows =
    await db.all<LogRow>(sql`SELECT id, actor_id AS actorId, actor_label AS actorLabel, action, kind,
      target_id AS targetId, reason, note, before, after, created_at AS createdAt
    FROM moderation_log ${beforeId === undefined ? sql`` : sql`WHERE id < ${beforeId}`}
    ORDER BY id DESC LIMIT ${limit}`);
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    actorId: r.actorId === null ? null : Number(r.actorId),
    targetId: r.targetId === null ? null : Number(r.targetId),
    createdAt: Number(r.createdAt),
  }));
}

// ---------------------------------------------------------------------------------------------
// Roles and suspensions

export interface ModerationAccount {
  id: number;
  username: string;
  email: string;
  role: Role;
  suspendedUntil: number | null;
  suspensionReason: string | null;
  createdAt: number;
}

const ACCOUNT_COLUMNS = sql`id, username, email, role, suspended_until AS suspendedUntil,
  suspension_reason AS suspensionReason, created_at AS createdAt`;

const toAccount = (r: ModerationAccount): ModerationAccount => ({
  ...r,
  id: Number(r.id),
  suspendedUntil: r.suspendedUntil === null ? null : Number(r.suspendedUntil),
  createdAt: Number(r.createdAt),
});

export async function accountById(db: Database, id: number): Promise<ModerationAccount | undefined> {
  const row = await getRow<ModerationAccount>(db, sql`SELECT ${ACCOUNT_COLUMNS} FROM users WHERE id = ${id}`);
  return row ? toAccount(row) : undefined;
}

export async function accountByEmail(db: Database, email: string): Promise<ModerationAccount | undefined> {
  const row = await getRow<ModerationAccount>(
    db,
    sql`SELECT ${ACCOUNT_COLUMNS} FROM users WHERE email = ${email.trim().toLowerCase()}`,
  );
  return row ? toAccount(row) : undefined;
}

export function setRoleStatement(db: Database, userId: number, role: Role): BatchStatement {
  return db.run(sql`UPDATE users SET role = ${role} WHERE id = ${userId}`);
}

export function suspendStatement(
  db: Database,
  userId: number,
  until: number,
  reason: string,
): BatchStatement {
  return db.run(
    sql`UPDATE users SET suspended_until = ${until}, suspension_reason = ${reason} WHERE id = ${userId}`,
  );
}

export function liftSuspensionStatement(db: Database, userId: number): BatchStatement {
  return db.run(sql`UPDATE users SET suspended_until = NULL, suspension_reason = NULL WHERE id = ${userId}`);
}

/**
 * How many live reviews a person has (the queue's context): their entries in
 * posts_author_created_idx (index-only) less their removed reviews, found through the partial
 * posts_author_removed_idx. "removed_at IS NULL" on the author's rows read every row of a
 * prolific author (docs/perf/moderation.md).
 */
export const reviewCountQuery = (userId: number) =>
  sql`SELECT (SELECT count(*) FROM posts INDEXED BY posts_author_created_idx WHERE author_id = ${userId})
    - (SELECT count(*) FROM posts INDEXED BY posts_author_removed_idx
        WHERE author_id = ${userId} AND removed_at IS NOT NULL) AS n`;

export async function reviewCountOf(db: Database, userId: number): Promise<number> {
  const row = await getRow<{ n: number }>(db, reviewCountQuery(userId));
  return Number(row?.n ?? 0);
}

export function runModerationBatch(db: Database, statements: BatchStatement[]): Promise<unknown[]> {
  return db.batch(statements as [BatchStatement, ...BatchStatement[]]);
}

/**
 * Tells a person about a decision (kind moderation-decision). Unlike other notifications no
 * block stands in the way: a person blocking a moderator still hears the decision about them.
 */
export async function insertDecisionNotification(
  db: Database,
  n: { recipientId: number; actorId: number; decisionId: number; createdAt: number },
): Promise<void> {
  await db.run(sql`INSERT INTO notifications (recipient_id, actor_id, kind, decision_id, created_at)
    VALUES (${n.recipientId}, ${n.actorId}, 'moderation-decision', ${n.decisionId}, ${n.createdAt})
    ON CONFLICT DO NOTHING`);
}

export async function emailsOf(db: Database, userIds: number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.all<{ id: number; email: string }>(
    sql`SELECT id, email FROM users WHERE id IN (${sql.join(
      userIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((r) => [Number(r.id), String(r.email)]));
}
