// The transparency report's reads (issue 21, docs/moderation.md "Transparency"). Typed raw
// SQL (decision 013): the quarters arrive as a VALUES table of London bounds computed in
// src/domain/transparency.ts, since SQLite knows no time zones, and each figure is one
// grouped walk of its table joined to them.
import { sql, type SQL } from "drizzle-orm";
import * as z from "../../../../shared/schemas/zod.ts";
import type { Database } from "../client.ts";
import { rawRow, rawRows, sqlInteger } from "../raw-rows.ts";
import {
  commentReports,
  moderationAppeals,
  moderationDecisions,
  moderationItems,
  posts,
  replyReports,
  reviewPauses,
  reviewReports,
  userReports,
} from "../schema.ts";

/** A quarter's bounds: [start, end) in ms. */
export interface Bounds {
  start: number;
  end: number;
}

/** `WITH q(i, qs, qe) AS (VALUES …)`: quarter i's bounds, to join a time column against. */
function quartersTable(quarters: readonly Bounds[]): SQL {
  const rows = quarters.map((q, i) => sql`(${i}, ${q.start}, ${q.end})`);
  return sql`q(i, qs, qe) AS (VALUES ${sql.join(rows, sql`, `)})`;
}

const inQuarter = (column: SQL | unknown) => sql`${column} >= q.qs AND ${column} < q.qe`;

const nullableInteger = sqlInteger.nullable();

/**
 * When moderation's record starts: the first report, decision, appeal or review pause. The
 * report covers the quarters from this one on; undefined when there is none yet.
 */
export async function firstModerationRecordAt(db: Database): Promise<number | undefined> {
  const row = await rawRow(
    db,
    z.object({ first: nullableInteger }),
    sql`SELECT min(t) AS first FROM (
      SELECT min(${reviewReports.createdAt}) AS t FROM ${reviewReports}
      UNION ALL SELECT min(${commentReports.createdAt}) FROM ${commentReports}
      UNION ALL SELECT min(${userReports.createdAt}) FROM ${userReports}
      UNION ALL SELECT min(${replyReports.createdAt}) FROM ${replyReports}
      UNION ALL SELECT min(${moderationDecisions.createdAt}) FROM ${moderationDecisions}
      UNION ALL SELECT min(${moderationAppeals.createdAt}) FROM ${moderationAppeals}
      UNION ALL SELECT min(${reviewPauses.startedAt}) FROM ${reviewPauses}
    )`,
  );
  return row?.first ?? undefined;
}

const perQuarter = <T extends z.ZodRawShape>(shape: T) => z.object({ i: sqlInteger, ...shape });

/**
 * Reviews posted in each quarter (an index walk of posts_created_idx, which holds the id), and
 * of those the ones a moderator has removed since: found from the removal decisions, few,
 * rather than by reading every post's row. A restaurant review's dish reviews go with it.
 */
export async function reviewsByQuarter(db: Database, quarters: readonly Bounds[]) {
  const [submitted, removed] = await Promise.all([
    rawRows(
      db,
      perQuarter({ n: sqlInteger }),
      sql`WITH ${quartersTable(quarters)}
        SELECT q.i AS i, (SELECT count(*) FROM ${posts} WHERE ${inQuarter(posts.createdAt)}) AS n FROM q`,
    ),
    rawRows(
      db,
      perQuarter({ n: sqlInteger }),
      sql`WITH ${quartersTable(quarters)},
        removed(id) AS (SELECT ${moderationDecisions.targetId} FROM ${moderationDecisions}
          WHERE ${moderationDecisions.kind} = 'review' AND ${moderationDecisions.action} = 'remove'),
        gone(id, created_at) AS (
          SELECT id, created_at FROM posts WHERE removed_at IS NOT NULL AND id IN (SELECT id FROM removed)
          UNION
          SELECT id, created_at FROM posts WHERE removed_at IS NOT NULL
            AND review_group_id IN (SELECT id FROM removed))
        SELECT q.i AS i, count(gone.id) AS n FROM q JOIN gone ON ${inQuarter(sql`gone.created_at`)} GROUP BY q.i`,
    ),
  ]);
  const removedBy = new Map(removed.map((r) => [r.i, r.n]));
  return submitted.map((r) => ({ i: r.i, submitted: r.n, removed: removedBy.get(r.i) ?? 0 }));
}

/** Removal decisions in each quarter by reason: reviews, and everything removed. */
export function removalsByQuarter(db: Database, quarters: readonly Bounds[]) {
  const d = moderationDecisions;
  return rawRows(
    db,
    perQuarter({ reason: z.string(), reviews: sqlInteger, total: sqlInteger }),
    sql`WITH ${quartersTable(quarters)}
      SELECT q.i AS i, ${d.reason} AS reason, sum(${d.kind} = 'review') AS reviews, count(*) AS total
      FROM q JOIN ${d} ON ${inQuarter(d.createdAt)}
      WHERE ${d.action} = 'remove'
      GROUP BY q.i, ${d.reason}`,
  );
}

/**
 * Every report received since `since`, with when the first decision on what it reported came
 * (null while none has): the decision of the item the report opened or joined, or of a later
 * one. One probe per report through moderation_items_target_idx and the decisions' item index.
 */
export function reportsSince(db: Database, since: number) {
  return rawRows(
    db,
    z.object({ reportedAt: sqlInteger, decidedAt: nullableInteger }),
    sql`SELECT r.created_at AS reportedAt,
        (SELECT min(d.created_at) FROM ${moderationItems} i
          JOIN ${moderationDecisions} d ON d.item_id = i.id
          WHERE i.kind = r.kind AND i.target_id = r.target_id AND d.created_at >= r.created_at) AS decidedAt
      FROM (
        SELECT 'review' AS kind, ${reviewReports.postId} AS target_id, ${reviewReports.createdAt} AS created_at
          FROM ${reviewReports} WHERE ${reviewReports.createdAt} >= ${since}
        UNION ALL SELECT 'comment', ${commentReports.commentId}, ${commentReports.createdAt}
          FROM ${commentReports} WHERE ${commentReports.createdAt} >= ${since}
        UNION ALL SELECT 'user', ${userReports.targetId}, ${userReports.createdAt}
          FROM ${userReports} WHERE ${userReports.createdAt} >= ${since}
        UNION ALL SELECT 'reply', ${replyReports.postId}, ${replyReports.createdAt}
          FROM ${replyReports} WHERE ${replyReports.createdAt} >= ${since}
      ) r`,
  );
}

/**
 * Every appeal since `since`: when, and when decided whether the decision on appeal took
 * another action than the one appealed (overturned).
 */
export function appealsSince(db: Database, since: number) {
  return rawRows(
    db,
    z.object({ appealedAt: sqlInteger, appealed: z.string(), onAppeal: z.string().nullable() }),
    sql`SELECT a.created_at AS appealedAt, d0.action AS appealed, d1.action AS onAppeal
      FROM ${moderationAppeals} a
      JOIN ${moderationDecisions} d0 ON d0.id = a.decision_id
      LEFT JOIN ${moderationDecisions} d1 ON d1.id = a.decided_by
      WHERE a.created_at >= ${since}`,
  );
}

/** Restaurants and dishes whose reviews were paused (the unusual-activity notice), per quarter. */
export function pausedItemsByQuarter(db: Database, quarters: readonly Bounds[]) {
  const p = reviewPauses;
  return rawRows(
    db,
    perQuarter({ n: sqlInteger }),
    sql`WITH ${quartersTable(quarters)}
      SELECT q.i AS i, count(DISTINCT ${p.itemKind} || ':' || ${p.itemId}) AS n
      FROM q JOIN ${p} ON ${inQuarter(p.startedAt)} GROUP BY q.i`,
  );
}

/**
 * Accounts suspended in each quarter, each once. An account erased since has no subject id
 * left; its decision still counts, as one account.
 */
export function suspensionsByQuarter(db: Database, quarters: readonly Bounds[]) {
  const d = moderationDecisions;
  return rawRows(
    db,
    perQuarter({ n: sqlInteger }),
    sql`WITH ${quartersTable(quarters)}
      SELECT q.i AS i, count(DISTINCT coalesce(${d.subjectUserId}, -${d.id})) AS n
      FROM q JOIN ${d} ON ${inQuarter(d.createdAt)}
      WHERE ${d.action} = 'suspend' GROUP BY q.i`,
  );
}
