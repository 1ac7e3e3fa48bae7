// The moderation queue (issue 21, docs/moderation.md): moderation_items and their reasons.
// Reports reach it through triggers (drizzle/0022); other sources call openModerationItem.
// A queue page is one walk of a partial index over open items, oldest first, by keyset.
import { sql, type SQL } from "drizzle-orm";
import type { ModerationKind } from "../../../../domain/moderation.ts";
import { getRow, type Database } from "../client.ts";

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

const ITEM_COLUMNS = sql`i.id AS id, i.kind AS kind, i.target_id AS targetId, i.state AS state, i.source AS source,
  i.opened_at AS openedAt, i.report_count AS reportCount, i.signals AS signals, i.appeal_id AS appealId,
  i.excluded_moderator_id AS excludedModeratorId, i.queue_tier AS queueTier`;

type RawItem = Omit<ModerationItemRow, "signals"> & { signals: string | null };

const toItem = (r: RawItem): ModerationItemRow => ({
  id: Number(r.id),
  kind: r.kind,
  targetId: Number(r.targetId),
  state: r.state,
  source: r.source,
  openedAt: Number(r.openedAt),
  reportCount: Number(r.reportCount),
  signals: r.signals === null ? null : (JSON.parse(r.signals) as Record<string, unknown>),
  appealId: r.appealId === null ? null : Number(r.appealId),
  excludedModeratorId: r.excludedModeratorId === null ? null : Number(r.excludedModeratorId),
  queueTier: Number(r.queueTier),
});

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
  const signals = input.signals === undefined ? null : JSON.stringify(input.signals);
  const statements: BatchStatement[] = [
    db.run(sql`INSERT INTO moderation_items (kind, target_id, state, source, opened_at, report_count, signals)
      VALUES (${input.kind}, ${input.targetId}, 'open', ${input.source}, ${input.openedAt}, 0, ${signals})
      ON CONFLICT (kind, target_id) WHERE state = 'open' DO UPDATE SET
        signals = CASE WHEN excluded.signals IS NULL THEN signals
          ELSE json_patch(coalesce(signals, '{}'), excluded.signals) END`),
    ...(input.reasons ?? []).map((reason) =>
      db.run(sql`INSERT INTO moderation_item_reasons (item_id, reason, kind, report_count, opened_at, is_open)
        SELECT id, ${reason}, kind, 0, opened_at, 1 FROM moderation_items
        WHERE kind = ${input.kind} AND target_id = ${input.targetId} AND state = 'open'
        ON CONFLICT (item_id, reason) DO NOTHING`),
    ),
    db.all(
      sql`SELECT id FROM moderation_items WHERE kind = ${input.kind} AND target_id = ${input.targetId} AND state = 'open'`,
    ),
  ];
  const results = await db.batch(statements as [BatchStatement, ...BatchStatement[]]);
  return Number((results.at(-1) as { id: number }[])[0]!.id);
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
  const notMine = sql`(i.excluded_moderator_id IS NULL OR i.excluded_moderator_id <> ${f.moderatorId})`;
  if (f.reason === undefined) {
    // Tier first (issue 22: extortion reports on top), then oldest first.
    const after = f.after
      ? sql`AND (i.queue_tier, i.opened_at, i.id) > (${f.after.queueTier}, ${f.after.openedAt}, ${f.after.id})`
      : sql``;
    const index = sql.raw(
      f.kind === undefined ? "moderation_items_open_tier_idx" : "moderation_items_open_kind_tier_idx",
    );
    return sql`SELECT ${ITEM_COLUMNS} FROM moderation_items i INDEXED BY ${index}
      WHERE i.state = 'open' ${f.kind === undefined ? sql`` : sql`AND i.kind = ${f.kind}`} ${after} AND ${notMine}
      ORDER BY i.queue_tier, i.opened_at, i.id LIMIT ${f.limit}`;
  }
  const after = f.after ? sql`AND (r.opened_at, r.item_id) > (${f.after.openedAt}, ${f.after.id})` : sql``;
  const index = sql.raw(
    f.kind === undefined ? "moderation_item_reasons_open_idx" : "moderation_item_reasons_open_kind_idx",
  );
  return sql`SELECT ${ITEM_COLUMNS} FROM moderation_item_reasons r INDEXED BY ${index}
    JOIN moderation_items i ON i.id = r.item_id
    WHERE r.is_open = 1 AND r.reason = ${f.reason} ${f.kind === undefined ? sql`` : sql`AND r.kind = ${f.kind}`}
      ${after} AND i.state = 'open' AND ${notMine}
    ORDER BY r.opened_at, r.item_id LIMIT ${f.limit}`;
}

export async function queuePage(db: Database, f: QueueFilter): Promise<ModerationItemRow[]> {
  return (await db.all<RawItem>(queuePageQuery(f))).map(toItem);
}

export async function openItemOf(
  db: Database,
  kind: ModerationKind,
  targetId: number,
): Promise<ModerationItemRow | undefined> {
  const row = await getRow<RawItem>(
    db,
    sql`SELECT ${ITEM_COLUMNS} FROM moderation_items i WHERE i.kind = ${kind} AND i.target_id = ${targetId} AND i.state = 'open'`,
  );
  return row ? toItem(row) : undefined;
}

export async function itemById(db: Database, id: number): Promise<ModerationItemRow | undefined> {
  const row = await getRow<RawItem>(
    db,
    sql`SELECT ${ITEM_COLUMNS} FROM moderation_items i WHERE i.id = ${id}`,
  );
  return row ? toItem(row) : undefined;
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
  return db.run(sql`INSERT INTO moderation_items (kind, target_id, state, source, opened_at, report_count)
    VALUES (${kind}, ${targetId}, 'open', 'reports', ${now}, 0)
    ON CONFLICT (kind, target_id) WHERE state = 'open' DO NOTHING`);
}

/** The open item of the target, as SQL for statements in the same batch. */
export const openItemIdSql = (kind: ModerationKind, targetId: number) =>
  sql`(SELECT id FROM moderation_items WHERE kind = ${kind} AND target_id = ${targetId} AND state = 'open')`;

export function closeItemStatement(db: Database, itemId: SQL, now: number): BatchStatement {
  return db.run(sql`UPDATE moderation_items SET state = 'decided', decided_at = ${now}, appeal_id = NULL,
    excluded_moderator_id = NULL WHERE id = ${itemId}`);
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
    db.run(sql`UPDATE moderation_items SET appeal_id = ${a.appealId}, excluded_moderator_id = ${a.moderatorId}
      WHERE kind = ${a.kind} AND target_id = ${a.targetId} AND state = 'open'`),
    db.run(sql`UPDATE moderation_items SET state = 'open', opened_at = ${a.now}, decided_at = NULL,
        appeal_id = ${a.appealId}, excluded_moderator_id = ${a.moderatorId}
      WHERE id = ${a.itemId} AND state <> 'open'
        AND NOT EXISTS (SELECT 1 FROM moderation_items o WHERE o.kind = ${a.kind} AND o.target_id = ${a.targetId} AND o.state = 'open')`),
  ];
}

export interface ItemReason {
  itemId: number;
  reason: string;
  count: number;
}

export async function reasonsOfItems(db: Database, itemIds: number[]): Promise<ItemReason[]> {
  if (itemIds.length === 0) return [];
  const rows = await db.all<{ itemId: number; reason: string; count: number }>(sql`
    SELECT item_id AS itemId, reason, report_count AS count FROM moderation_item_reasons
    WHERE item_id IN (${sql.join(
      itemIds.map((id) => sql`${id}`),
      sql`, `,
    )}) ORDER BY report_count DESC, reason`);
  return rows.map((r) => ({ itemId: Number(r.itemId), reason: String(r.reason), count: Number(r.count) }));
}

export interface ReportRow {
  reporterId: number | null;
  reporterUsername: string | null;
  reason: string;
  note: string;
  createdAt: number;
}

const REPORT_TABLES: Record<"review" | "comment" | "user" | "reply", { table: SQL; target: SQL }> = {
  review: { table: sql.raw("review_reports"), target: sql.raw("post_id") },
  // An owner's reply (issue 22), keyed by its review's post id.
  reply: { table: sql.raw("reply_reports"), target: sql.raw("post_id") },
  comment: { table: sql.raw("comment_reports"), target: sql.raw("comment_id") },
  user: { table: sql.raw("user_reports"), target: sql.raw("target_id") },
};

/** The reports of a target, oldest first (at most `limit`): reporters and their notes. */
export async function reportsOf(
  db: Database,
  kind: ModerationKind,
  targetId: number,
  limit = 50,
): Promise<ReportRow[]> {
  if (kind !== "review" && kind !== "comment" && kind !== "user" && kind !== "reply") return [];
  const { table, target } = REPORT_TABLES[kind];
  const rows = await db.all<ReportRow>(sql`SELECT r.reporter_id AS reporterId, u.username AS reporterUsername,
      r.reason AS reason, r.note AS note, r.created_at AS createdAt
    FROM ${table} r LEFT JOIN users u ON u.id = r.reporter_id
    WHERE r.${target} = ${targetId} ORDER BY r.created_at, r.rowid LIMIT ${limit}`);
  return rows.map((r) => ({
    reporterId: r.reporterId === null ? null : Number(r.reporterId),
    reporterUsername: r.reporterUsername === null ? null : String(r.reporterUsername),
    reason: String(r.reason),
    note: String(r.note),
    createdAt: Number(r.createdAt),
  }));
}

/** Everyone who reported the target (to tell them the decision). */
export async function reporterIdsOf(db: Database, kind: ModerationKind, targetId: number): Promise<number[]> {
  return (await reportsOf(db, kind, targetId, 10_000))
    .map((r) => r.reporterId)
    .filter((id): id is number => id !== null);
}
