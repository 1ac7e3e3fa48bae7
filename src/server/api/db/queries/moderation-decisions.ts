// Decisions, appeals, the log, roles and suspensions (issue 21, docs/moderation.md). Writes
// are statements for the caller's one batch, so a decision, its effect, its item's closing and
// its log line commit together or not at all.
import { and, desc, eq, inArray, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { ModerationKind, Role } from "../../../../domain/moderation.ts";
import * as z from "../../../../shared/schemas/zod.ts";
import type { Database } from "../client.ts";
import { rawRow, sqlInteger } from "../raw-rows.ts";
import {
  commentReports,
  moderationAppeals,
  moderationDecisions,
  moderationItems,
  moderationLog,
  posts,
  reviewReports,
  userReports,
  users,
} from "../schema.ts";

type BatchStatement = Parameters<Database["batch"]>[0][number];

/**
 * before and after as the log has always stored them: JSON text, a null value as the text
 * "null", and nothing for undefined (the json column's own mapping would store SQL NULL).
 */
const json = (value: unknown) => sql`${value === undefined ? null : JSON.stringify(value)}`;

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
  return db.insert(moderationDecisions).values({ ...d, before: json(d.before), after: json(d.after) });
}

/** The decision just inserted in this batch (the write lock is held, so it is the newest). */
export const lastDecisionIdSql = sql`(SELECT max(${moderationDecisions.id}) FROM ${moderationDecisions})`;

export function decidedAppealStatement(db: Database, appealId: number): BatchStatement {
  const a = moderationAppeals;
  return db
    .update(a)
    .set({ decidedBy: lastDecisionIdSql })
    .where(
      and(
        eq(a.decisionId, sql`(SELECT ${a.decisionId} FROM ${a} WHERE ${a.id} = ${appealId})`),
        isNull(a.decidedBy),
      ),
    );
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

const d = moderationDecisions;
const DECISION_FIELDS = {
  id: d.id,
  itemId: d.itemId,
  moderatorId: d.moderatorId,
  kind: d.kind,
  targetId: d.targetId,
  subjectUserId: d.subjectUserId,
  action: d.action,
  reason: d.reason,
  note: d.note,
  appealId: d.appealId,
  createdAt: d.createdAt,
};

export async function decisionById(db: Database, id: number): Promise<DecisionRow | undefined> {
  const [row] = await db.select(DECISION_FIELDS).from(d).where(eq(d.id, id));
  return row;
}

/** A target's decisions, newest first. */
export async function decisionsOfTarget(
  db: Database,
  kind: ModerationKind,
  targetId: number,
  limit = 20,
): Promise<DecisionRow[]> {
  const items = moderationItems;
  return db
    .select(DECISION_FIELDS)
    .from(d)
    .where(
      inArray(
        d.itemId,
        db
          .select({ id: items.id })
          .from(items)
          .where(and(eq(items.kind, kind), eq(items.targetId, targetId))),
      ),
    )
    .orderBy(desc(d.id))
    .limit(limit);
}

/** Earlier decisions about a person, newest first (the queue's context). */
export async function decisionsAbout(db: Database, userId: number, limit = 10): Promise<DecisionRow[]> {
  return db
    .select(DECISION_FIELDS)
    .from(d)
    .where(eq(d.subjectUserId, userId))
    .orderBy(desc(d.createdAt))
    .limit(limit);
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

const APPEAL_FIELDS = {
  id: moderationAppeals.id,
  decisionId: moderationAppeals.decisionId,
  appellantId: moderationAppeals.appellantId,
  role: moderationAppeals.role,
  note: moderationAppeals.note,
  createdAt: moderationAppeals.createdAt,
  decidedBy: moderationAppeals.decidedBy,
};

export async function appealsOf(db: Database, decisionId: number): Promise<AppealRow[]> {
  return db.select(APPEAL_FIELDS).from(moderationAppeals).where(eq(moderationAppeals.decisionId, decisionId));
}

export async function appealById(db: Database, id: number): Promise<AppealRow | undefined> {
  const [row] = await db.select(APPEAL_FIELDS).from(moderationAppeals).where(eq(moderationAppeals.id, id));
  return row;
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
  return db.insert(moderationAppeals).values(a);
}

/** The appeal just inserted in this batch, or the open one of the decision if it was there first. */
export const appealIdSql = (decisionId: number, appellantId: number) =>
  sql`(SELECT ${moderationAppeals.id} FROM ${moderationAppeals}
    WHERE ${moderationAppeals.decisionId} = ${decisionId} AND ${moderationAppeals.appellantId} = ${appellantId})`;

/** Whether the person reported this target (so they may appeal its decision). */
export async function reportedBy(
  db: Database,
  kind: ModerationKind,
  targetId: number,
  reporterId: number,
): Promise<boolean> {
  const reported = async (
    table: typeof reviewReports | typeof commentReports | typeof userReports,
    target: SQL,
  ) =>
    (
      await db
        .select({ one: sql`1` })
        .from(table)
        .where(target)
        .limit(1)
    ).length > 0;
  switch (kind) {
    case "review":
      return reported(
        reviewReports,
        and(eq(reviewReports.postId, targetId), eq(reviewReports.reporterId, reporterId))!,
      );
    case "comment":
      return reported(
        commentReports,
        and(eq(commentReports.commentId, targetId), eq(commentReports.reporterId, reporterId))!,
      );
    case "user":
      return reported(
        userReports,
        and(eq(userReports.targetId, targetId), eq(userReports.reporterId, reporterId))!,
      );
    default:
      return false;
  }
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
  return db.insert(moderationLog).values({
    actorId: e.actorId,
    actorLabel: e.actorLabel,
    action: e.action,
    kind: e.kind ?? null,
    targetId: e.targetId ?? null,
    reason: e.reason ?? null,
    note: e.note ?? "",
    before: json(e.before),
    after: json(e.after),
    createdAt: e.createdAt,
  });
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
  const l = moderationLog;
  return db
    .select({
      id: l.id,
      actorId: l.actorId,
      actorLabel: l.actorLabel,
      action: l.action,
      kind: l.kind,
      targetId: l.targetId,
      reason: l.reason,
      note: l.note,
      // As stored: the log page shows the JSON text.
      before: sql<string | null>`${l.before}`,
      after: sql<string | null>`${l.after}`,
      createdAt: l.createdAt,
    })
    .from(l)
    .where(beforeId === undefined ? undefined : lt(l.id, beforeId))
    .orderBy(desc(l.id))
    .limit(limit);
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

const ACCOUNT_FIELDS = {
  id: users.id,
  username: users.username,
  email: users.email,
  role: users.role,
  suspendedUntil: users.suspendedUntil,
  suspensionReason: users.suspensionReason,
  createdAt: users.createdAt,
};

export async function accountById(db: Database, id: number): Promise<ModerationAccount | undefined> {
  const [row] = await db.select(ACCOUNT_FIELDS).from(users).where(eq(users.id, id));
  return row;
}

export async function accountByEmail(db: Database, email: string): Promise<ModerationAccount | undefined> {
  const [row] = await db
    .select(ACCOUNT_FIELDS)
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()));
  return row;
}

export function setRoleStatement(db: Database, userId: number, role: Role): BatchStatement {
  return db.update(users).set({ role }).where(eq(users.id, userId));
}

export function suspendStatement(
  db: Database,
  userId: number,
  until: number,
  reason: string,
): BatchStatement {
  return db
    .update(users)
    .set({ suspendedUntil: until, suspensionReason: reason })
    .where(eq(users.id, userId));
}

export function liftSuspensionStatement(db: Database, userId: number): BatchStatement {
  return db.update(users).set({ suspendedUntil: null, suspensionReason: null }).where(eq(users.id, userId));
}

/**
 * How many live reviews a person has (the queue's context): their entries in
 * posts_author_created_idx (index-only) less their removed reviews, found through the partial
 * posts_author_removed_idx. "removed_at IS NULL" on the author's rows read every row of a
 * prolific author (docs/perf/moderation.md).
 */
// Typed raw SQL (decision 013): INDEXED BY pins each count to its index.
export const reviewCountQuery = (userId: number) =>
  sql`SELECT (SELECT count(*) FROM ${posts} INDEXED BY posts_author_created_idx WHERE ${posts.authorId} = ${userId})
    - (SELECT count(*) FROM ${posts} INDEXED BY posts_author_removed_idx
        WHERE ${posts.authorId} = ${userId} AND ${posts.removedAt} IS NOT NULL) AS n`;

export async function reviewCountOf(db: Database, userId: number): Promise<number> {
  const row = await rawRow(db, z.object({ n: sqlInteger }), reviewCountQuery(userId));
  return row?.n ?? 0;
}

export function runModerationBatch(db: Database, statements: BatchStatement[]): Promise<unknown[]> {
  return db.batch(statements as [BatchStatement, ...BatchStatement[]]);
}

export async function emailsOf(db: Database, userIds: number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, userIds));
  return new Map(rows.map((r) => [r.id, r.email]));
}
