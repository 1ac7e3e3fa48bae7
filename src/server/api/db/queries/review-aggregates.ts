// The ranking aggregates of rated restaurants and dishes: reading them, and the guarded
// UPDATEs that move them in the same batch as the reviews that change them. Every review
// writer (the post batch, the bulk recorder, edits, deletes, detection and moderation) computes
// its AggregateChange from rows read here and writes it through aggregateStatements.
import { inArray, sql } from "drizzle-orm";
import { addReview, type RankingAggregate } from "../../../../domain/ranking.ts";
import { MAX_RATING_TENTHS } from "../../../../domain/review-rules.ts";
import { chunks, rowsPerStatement, type BatchStatement } from "../batch.ts";
import type { Database } from "../client.ts";
import { columnList as names, rawWrite } from "../raw-rows.ts";
import { dishes, dishTags, restaurants, restaurantTags } from "../schema.ts";

export type ReviewSubject = { restaurantId: number } | { dishId: number };

export interface AggregateRow extends RankingAggregate {
  id: number;
  reviewCount: number;
}

/** The stored aggregate of a restaurant or dish (AggregateRow), for a select. */
export function aggregateColumns(table: typeof restaurants | typeof dishes) {
  return {
    id: table.id,
    reviewCount: table.reviewCount,
    ratingCount: table.ratingCount,
    ratingSumTenths: table.ratingSumTenths,
    bayesScore: table.bayesScore,
    trendingKey: table.trendingKey,
  };
}

/** The stored aggregates of these items, in chunks of ids; unknown ids are simply absent. */
export async function readAggregateRows(
  db: Database,
  kind: "restaurant" | "dish",
  ids: number[],
): Promise<Map<number, AggregateRow>> {
  const table = kind === "restaurant" ? restaurants : dishes;
  const out = new Map<number, AggregateRow>();
  for (const part of chunks([...new Set(ids)], rowsPerStatement(1))) {
    const rows = await db.select(aggregateColumns(table)).from(table).where(inArray(table.id, part));
    for (const row of rows) out.set(row.id, row);
  }
  return out;
}

/** Throws, before anything is written, when one of `ids` was not read. */
export function requireAll(
  kind: "restaurant" | "dish",
  ids: number[],
  rows: Map<number, AggregateRow>,
): void {
  const missing = [...new Set(ids)].filter((id) => !rows.has(id));
  if (missing.length > 0) throw new UnknownReviewSubjectError(kind, missing);
}

export function checkRatings(reviews: { ratingTenths: number }[]): void {
  for (const r of reviews) {
    if (!Number.isInteger(r.ratingTenths) || r.ratingTenths < 0 || r.ratingTenths > MAX_RATING_TENTHS) {
      throw new RangeError(
        `ratingTenths must be an integer from 0 to ${MAX_RATING_TENTHS}, got ${r.ratingTenths}`,
      );
    }
  }
}

export interface AggregateChange {
  kind: "restaurant" | "dish";
  id: number;
  before: AggregateRow;
  /** New ranking values, or undefined when no ranked review changed. */
  after?: RankingAggregate;
  reviewCountDelta: number;
}

/**
 * The UPDATEs that apply `changes` to the items and to the score copies on their tag rows,
 * one UPDATE ... FROM (VALUES ...) per chunk rather than statements per item: the seed
 * records a million reviews through here. Each plan is a primary-key or index seek per row.
 * The rating UPDATE is guarded: a row whose ranking values differ from `before` (it changed
 * since it was read) gets rating_count NULL, which NOT NULL refuses, so the whole batch rolls
 * back and runBatch throws StaleAggregateError.
 */
export function aggregateStatements(db: Database, changes: AggregateChange[]): BatchStatement[] {
  const statements: BatchStatement[] = [];
  for (const kind of ["restaurant", "dish"] as const) {
    // Typed raw SQL (decision 013): UPDATE ... FROM a VALUES table, one statement per chunk.
    const t = kind === "restaurant" ? restaurants : dishes;
    const j = kind === "restaurant" ? restaurantTags : dishTags;
    const joinColumn = kind === "restaurant" ? restaurantTags.restaurantId : dishTags.dishId;
    const ofKind = changes.filter((c) => c.kind === kind);
    const ranked = ofKind.flatMap((c) => (c.after ? [{ ...c, after: c.after }] : []));
    const countOnly = ofKind.filter((c) => !c.after && c.reviewCountDelta !== 0);
    for (const part of chunks(ranked, rowsPerStatement(9))) {
      const values = sql.join(
        part.map(
          ({ id, before: b, after: a, reviewCountDelta }) =>
            sql`(${id}, ${reviewCountDelta}, ${a.ratingCount}, ${a.ratingSumTenths}, ${a.bayesScore}, ${a.trendingKey}, ${b.ratingCount}, ${b.ratingSumTenths}, ${b.trendingKey})`,
        ),
        sql`, `,
      );
      statements.push(
        rawWrite(
          db,
          sql`WITH v(id, delta, rating_count, rating_sum_tenths, bayes_score, trending_key, old_count, old_sum, old_key) AS (VALUES ${values})
        UPDATE ${t} SET
          ${names(t.reviewCount)} = ${t.reviewCount} + v.delta,
          ${names(t.ratingCount)} = CASE WHEN ${t.ratingCount} = v.old_count AND ${t.ratingSumTenths} = v.old_sum
            AND ${t.trendingKey} = v.old_key THEN v.rating_count ELSE NULL END,
          ${names(t.ratingSumTenths)} = v.rating_sum_tenths, ${names(t.bayesScore)} = v.bayes_score,
          ${names(t.trendingKey)} = v.trending_key
        FROM v WHERE ${t.id} = v.id`,
        ),
      );
    }
    for (const part of chunks(ranked, rowsPerStatement(3))) {
      const values = sql.join(
        part.map(({ id, after: a }) => sql`(${id}, ${a.bayesScore}, ${a.trendingKey})`),
        sql`, `,
      );
      statements.push(
        rawWrite(
          db,
          sql`WITH v(id, bayes_score, trending_key) AS (VALUES ${values})
        UPDATE ${j} SET ${names(j.bayesScore)} = v.bayes_score, ${names(j.trendingKey)} = v.trending_key
        FROM v WHERE ${joinColumn} = v.id`,
        ),
      );
    }
    for (const part of chunks(countOnly, rowsPerStatement(2))) {
      const values = sql.join(
        part.map((c) => sql`(${c.id}, ${c.reviewCountDelta})`),
        sql`, `,
      );
      statements.push(
        rawWrite(
          db,
          sql`WITH v(id, delta) AS (VALUES ${values})
        UPDATE ${t} SET ${names(t.reviewCount)} = ${t.reviewCount} + v.delta
        FROM v WHERE ${t.id} = v.id`,
        ),
      );
    }
  }
  return statements;
}

/**
 * The changes that recording `reviews` makes to the items they rate, from the rows read
 * before the batch. Every review adds to review_count; only ranked ones move the scores.
 */
export function changesFor(
  kind: "restaurant" | "dish",
  rows: Map<number, AggregateRow>,
  reviews: { id: number; ratingTenths: number; createdAt: number; ranked: boolean }[],
): AggregateChange[] {
  const changes = new Map<number, AggregateChange>();
  // Chronological order keeps the trending key's log-sum numerically tight.
  for (const review of [...reviews].sort((a, b) => a.createdAt - b.createdAt)) {
    let change = changes.get(review.id);
    if (!change) {
      change = { kind, id: review.id, before: rows.get(review.id)!, reviewCountDelta: 0 };
      changes.set(review.id, change);
    }
    change.reviewCountDelta += 1;
    if (review.ranked) {
      change.after = addReview(change.after ?? change.before, review.ratingTenths, review.createdAt);
    }
  }
  return [...changes.values()];
}

// Plain fields, not parameter properties: Node runs our .ts by stripping types only.
export class UnknownReviewSubjectError extends Error {
  readonly kind: "restaurant" | "dish";
  readonly ids: number[];
  constructor(kind: "restaurant" | "dish", ids: number[]) {
    super(`Unknown ${kind} id(s): ${ids.join(", ")}`);
    this.kind = kind;
    this.ids = ids;
  }
}
