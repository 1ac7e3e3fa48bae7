// The moderation queue (issue 21, docs/moderation.md): moderation_items and their reasons.
// Reports reach it through triggers (drizzle/0022); other sources call openModerationItem.
// A queue page is one walk of a partial index over open items, oldest first, by keyset.
import { and, asc, desc, eq, inArray, ne, notExists, sql, type SQL } from "drizzle-orm";
import { alias, QueryBuilder } from "drizzle-orm/sqlite-core";
import type { ModerationKind } from "../../../../domain/moderation.ts";
import * as z from "../../../../shared/schemas/zod.ts";
import type { Database } from "../client.ts";
import { columnList, rawBatchRead, rawRows, rawWrite, parseRows, idRow, sqlInteger } from "../raw-rows.ts";
import {
  commentReports,
  moderationItemReasons,
  moderationItems,
  replyReports,
  reviewReports,
  userReports,
  users,
} from "../schema.ts";

type BatchStatement = Parameters<Database["batch"]>[0][number];

export type ModerationSource = "reports" | "signals" | "community-added" | "claim-evidence";

export interface ModerationItemRow {
  id: number;
  kind: ModerationKind;
  targetId: number;
  state: "open" | "decided" | "gone";
  source: ModerationSource;
  openedAt: number;
  reportCount: number;
  signals: Record<string, unknown> | null;
  appealId: number | null;
  excludedModeratorId: number | null;
  /** 0 reads before 1: an owner's extortion report (issue 22, drizzle/0028). */
  queueTier: number;
}

const qb = new QueryBuilder();
const items = moderationItems;
const i = alias(moderationItems, "i");
const o = alias(moderationItems, "o");
const r = alias(moderationItemReasons, "r");

/** An item's columns, as the queue's raw page reads them through `i`. */
const ITEM_COLUMNS = sql`${i.id} AS id, ${i.kind} AS kind, ${i.targetId} AS targetId, ${i.state} AS state,
  ${i.source} AS source, ${i.openedAt} AS openedAt, ${i.reportCount} AS reportCount, ${i.signals} AS signals,
  ${i.appealId} AS appealId, ${i.excludedModeratorId} AS excludedModeratorId, ${i.queueTier} AS queueTier`;

const nullableInteger = sqlInteger.nullable();
const itemRow = z.object({
  id: sqlInteger,
  kind: z.enum(items.kind.enumValues),
  targetId: sqlInteger,
  state: z.enum(items.state.enumValues),
  source: z.enum(items.source.enumValues),
  openedAt: sqlInteger,
  reportCount: sqlInteger,
  signals: z
    .string()
    .nullable()
    .transform((text) => (text === null ? null : (JSON.parse(text) as Record<string, unknown>))),
  appealId: nullableInteger,
  excludedModeratorId: nullableInteger,
  queueTier: sqlInteger,
});

/** The same columns through the builder. */
const ITEM_FIELDS = {
  id: items.id,
  kind: items.kind,
  targetId: items.targetId,
  state: items.state,
  source: items.source,
  openedAt: items.openedAt,
  reportCount: items.reportCount,
  signals: items.signals,
  appealId: items.appealId,
  excludedModeratorId: items.excludedModeratorId,
  queueTier: items.queueTier,
};

/** The target's open item: moderation_items_open_target_unique holds at most one. */
const openOf = (kind: ModerationKind, targetId: number | SQL) =>
  and(eq(items.kind, kind), eq(items.targetId, targetId), eq(items.state, "open"));

/** The partial unique index's condition, as SQLite must read it to match an ON CONFLICT target. */
const OPEN = sql`${columnList(items.state)} = 'open'`;

export interface OpenItemInput {
  kind: ModerationKind;
  targetId: number;
  source: ModerationSource;
  openedAt: number;
  /** Reason ids the source suspects (src/domain/report-reasons.ts), so the reason filter finds it. */
  reasons?: string[];
  /** Detection's findings; merged into an open item's (json_patch), shown as stored. */
  signals?: Record<string, unknown>;
}

/**
 * The seam for every source other than reports (detection, catalogue additions, owner claim
 * evidence): opens the target's item, or adds to the open one (its signals merged, its
 * reasons added with no report counted). Answers the open item's id.
 */
export async function openModerationItem(db: Database, input: OpenItemInput): Promise<number> {
  const statements: BatchStatement[] = [
    ...openItemStatements(db, input),
    rawBatchRead(db, sql`SELECT ${items.id} AS id FROM ${items} WHERE ${openOf(input.kind, input.targetId)}`),
  ];
  const results = await db.batch(statements as [BatchStatement, ...BatchStatement[]]);
  return parseRows(idRow, results.at(-1) as unknown[])[0]!.id;
}

/**
 * openModerationItem's writes, for a caller's own batch (decision 013: an item opens in the
 * write that calls for it). The target may be SQL naming a row the same batch inserts.
 */
export function openItemStatements(
  db: Database,
  input: Omit<OpenItemInput, "targetId"> & { targetId: number | SQL },
): BatchStatement[] {
  const signals = columnList(items.signals);
  return [
    db
      .insert(items)
      .values({
        kind: input.kind,
        targetId: input.targetId,
        state: "open",
        source: input.source,
        openedAt: input.openedAt,
        reportCount: 0,
        signals: input.signals ?? null,
      })
      .onConflictDoUpdate({
        target: [items.kind, items.targetId],
        targetWhere: OPEN,
        set: {
          signals: sql`CASE WHEN excluded.${signals} IS NULL THEN ${signals}
            ELSE json_patch(coalesce(${signals}, '{}'), excluded.${signals}) END`,
        },
      }),
    // Typed raw SQL (decision 013): an INSERT ... SELECT of some of the table's columns.
    ...(input.reasons ?? []).map((reason) => {
      const t = moderationItemReasons;
      return rawWrite(
        db,
        sql`INSERT INTO ${t} (${columnList(t.itemId, t.reason, t.kind, t.reportCount, t.openedAt, t.isOpen)})
        SELECT ${items.id}, ${reason}, ${items.kind}, 0, ${items.openedAt}, 1 FROM ${items}
        WHERE ${openOf(input.kind, input.targetId)}
        ON CONFLICT (${columnList(t.itemId, t.reason)}) DO NOTHING`,
      );
    }),
  ];
}

export interface QueueFilter {
  kind?: ModerationKind;
  reason?: string;
  /** The moderator reading: appeals of their own decisions are not theirs to see. */
  moderatorId: number;
  after?: { queueTier: number; openedAt: number; id: number };
  limit: number;
}

/**
 * Open items, oldest first, after the cursor. Without a reason, a walk of
 * moderation_items_open_tier_idx (or _open_kind_tier_idx); with one, of moderation_item_reasons'
 * open indexes, each row joined to its item by primary key.
 */
export function queuePageQuery(f: QueueFilter): SQL {
  // Typed raw SQL (decision 013): INDEXED BY pins the walk of the partial index.
  const notMine = sql`(${i.excludedModeratorId} IS NULL OR ${i.excludedModeratorId} <> ${f.moderatorId})`;
  if (f.reason === undefined) {
    // Tier first (issue 22: extortion reports on top), then oldest first.
    const after = f.after
      ? sql`AND (${i.queueTier}, ${i.openedAt}, ${i.id}) > (${f.after.queueTier}, ${f.after.openedAt}, ${f.after.id})`
      : sql``;
    const index = sql.raw(
      f.kind === undefined ? "moderation_items_open_tier_idx" : "moderation_items_open_kind_tier_idx",
    );
    return sql`SELECT ${ITEM_COLUMNS} FROM ${items} ${i} INDEXED BY ${index}
      WHERE ${i.state} = 'open' ${f.kind === undefined ? sql`` : sql`AND ${i.kind} = ${f.kind}`} ${after} AND ${notMine}
      ORDER BY ${i.queueTier}, ${i.openedAt}, ${i.id} LIMIT ${f.limit}`;
  }
  const after = f.after
    ? sql`AND (${r.openedAt}, ${r.itemId}) > (${f.after.openedAt}, ${f.after.id})`
    : sql``;
  const index = sql.raw(
    f.kind === undefined ? "moderation_item_reasons_open_idx" : "moderation_item_reasons_open_kind_idx",
  );
  return sql`SELECT ${ITEM_COLUMNS} FROM ${moderationItemReasons} ${r} INDEXED BY ${index}
    JOIN ${items} ${i} ON ${i.id} = ${r.itemId}
    WHERE ${r.isOpen} = 1 AND ${r.reason} = ${f.reason} ${f.kind === undefined ? sql`` : sql`AND ${r.kind} = ${f.kind}`}
      ${after} AND ${i.state} = 'open' AND ${notMine}
    ORDER BY ${r.openedAt}, ${r.itemId} LIMIT ${f.limit}`;
}

export async function queuePage(db: Database, f: QueueFilter): Promise<ModerationItemRow[]> {
  return rawRows(db, itemRow, queuePageQuery(f));
}

export async function openItemOf(
  db: Database,
  kind: ModerationKind,
  targetId: number,
): Promise<ModerationItemRow | undefined> {
  const [row] = await db.select(ITEM_FIELDS).from(items).where(openOf(kind, targetId));
  return row;
}

export async function itemById(db: Database, id: number): Promise<ModerationItemRow | undefined> {
  const [row] = await db.select(ITEM_FIELDS).from(items).where(eq(items.id, id));
  return row;
}

/**
 * A decision's item: the open one of the target, or a new one opened now (a moderator may act
 * on something nobody reported). In the decision's batch; the item is found again by target.
 */
export function ensureOpenItemStatement(
  db: Database,
  kind: ModerationKind,
  targetId: number,
  now: number,
): BatchStatement {
  // Typed raw SQL (decision 013): the builder cannot name a partial index's condition in
  // ON CONFLICT ... DO NOTHING.
  const t = items;
  return rawWrite(
    db,
    sql`INSERT INTO ${t} (${columnList(t.kind, t.targetId, t.state, t.source, t.openedAt, t.reportCount)})
    VALUES (${kind}, ${targetId}, 'open', 'reports', ${now}, 0)
    ON CONFLICT (${columnList(t.kind, t.targetId)}) WHERE ${OPEN} DO NOTHING`,
  );
}

/** The open item of the target, as SQL for statements in the same batch. */
export const openItemIdSql = (kind: ModerationKind, targetId: number) =>
  sql`${qb.select({ id: items.id }).from(items).where(openOf(kind, targetId))}`;

export function closeItemStatement(db: Database, itemId: SQL, now: number): BatchStatement {
  return db
    .update(items)
    .set({ state: "decided", decidedAt: now, appealId: null, excludedModeratorId: null })
    .where(eq(items.id, itemId));
}

/**
 * An appeal puts its decision's item back in the queue, hidden from the moderator who decided:
 * the target's open item if a new report opened one meanwhile, else the decided item itself.
 */
export function reopenForAppealStatements(
  db: Database,
  a: {
    itemId: number;
    kind: ModerationKind;
    targetId: number;
    appealId: SQL | number;
    moderatorId: number | null;
    now: number;
  },
): BatchStatement[] {
  return [
    db
      .update(items)
      .set({ appealId: sql`${a.appealId}`, excludedModeratorId: a.moderatorId })
      .where(openOf(a.kind, a.targetId)),
    db
      .update(items)
      .set({
        state: "open",
        openedAt: a.now,
        decidedAt: null,
        appealId: sql`${a.appealId}`,
        excludedModeratorId: a.moderatorId,
      })
      .where(
        and(
          eq(items.id, a.itemId),
          ne(items.state, "open"),
          notExists(
            db
              .select({ one: sql`1` })
              .from(o)
              .where(and(eq(o.kind, a.kind), eq(o.targetId, a.targetId), eq(o.state, "open"))),
          ),
        ),
      ),
  ];
}

export interface ItemReason {
  itemId: number;
  reason: string;
  count: number;
}

export async function reasonsOfItems(db: Database, itemIds: number[]): Promise<ItemReason[]> {
  if (itemIds.length === 0) return [];
  return db
    .select({
      itemId: moderationItemReasons.itemId,
      reason: moderationItemReasons.reason,
      count: moderationItemReasons.reportCount,
    })
    .from(moderationItemReasons)
    .where(inArray(moderationItemReasons.itemId, itemIds))
    .orderBy(desc(moderationItemReasons.reportCount), asc(moderationItemReasons.reason));
}

export interface ReportRow {
  reporterId: number | null;
  reporterUsername: string | null;
  reason: string;
  note: string;
  createdAt: number;
}

const REPORT_TABLES = {
  review: { table: reviewReports, target: reviewReports.postId },
  // An owner's reply (issue 22), keyed by its review's post id.
  reply: { table: replyReports, target: replyReports.postId },
  comment: { table: commentReports, target: commentReports.commentId },
  user: { table: userReports, target: userReports.targetId },
};

const reportRow = z.object({
  reporterId: nullableInteger,
  reporterUsername: z.string().nullable(),
  reason: z.string(),
  note: z.string(),
  createdAt: sqlInteger,
});

/** The reports of a target, oldest first (at most `limit`): reporters and their notes. */
export async function reportsOf(
  db: Database,
  kind: ModerationKind,
  targetId: number,
  limit = 50,
): Promise<ReportRow[]> {
  if (kind !== "review" && kind !== "comment" && kind !== "user" && kind !== "reply") return [];
  // Typed raw SQL (decision 013): the table is the kind's, and ties are broken by rowid.
  const { table: t, target } = REPORT_TABLES[kind];
  return rawRows(
    db,
    reportRow,
    sql`SELECT ${t.reporterId} AS reporterId, ${users.username} AS reporterUsername,
      ${t.reason} AS reason, ${t.note} AS note, ${t.createdAt} AS createdAt
    FROM ${t} LEFT JOIN ${users} ON ${users.id} = ${t.reporterId}
    WHERE ${target} = ${targetId} ORDER BY ${t.createdAt}, ${t}.rowid LIMIT ${limit}`,
  );
}

/** Everyone who reported the target (to tell them the decision). */
export async function reporterIdsOf(db: Database, kind: ModerationKind, targetId: number): Promise<number[]> {
  return (await reportsOf(db, kind, targetId, 10_000))
    .map((r) => r.reporterId)
    .filter((id): id is number => id !== null);
}
