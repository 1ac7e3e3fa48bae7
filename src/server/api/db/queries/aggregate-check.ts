// db:check: every dish's and restaurant's stored review count and ranking aggregates must
// equal a recomputation from its posts (aggregateOf in src/domain/ranking.ts). Reads items
// in id ranges so memory stays bounded at a million posts.
import { sql } from "drizzle-orm";
import { aggregateOf, type RankingAggregate } from "../../../../domain/ranking.ts";
import type { Database } from "../client.ts";
import type { AggregateRow } from "./reviews.ts";

export interface AggregateMismatch {
  kind: "dish" | "restaurant";
  id: number;
  field: keyof RankingAggregate | "reviewCount";
  stored: number;
  recomputed: number;
}

const ID_RANGE = 5_000;
// The trending key is a log-sum folded in time order; posts recorded in other batches may be
// folded in another order, which moves the last bits of a double and nothing else.
const TOLERANCE = 1e-6;

interface PostRow {
  itemId: number;
  ratingTenths: number;
  createdAt: number;
  incentivised: number;
  flagged: number;
}

async function checkKind(db: Database, kind: "dish" | "restaurant", out: AggregateMismatch[]) {
  const table = sql.identifier(kind === "dish" ? "dishes" : "restaurants");
  const column = sql.identifier(kind === "dish" ? "dish_id" : "restaurant_id");
  const [bounds] = await db.all<{ maxId: number | null }>(sql`SELECT max(id) AS maxId FROM ${table}`);
  const maxId = bounds?.maxId ?? 0;
  for (let from = 1; from <= maxId; from += ID_RANGE) {
    const to = from + ID_RANGE;
    const stored = await db.all<AggregateRow>(sql`
      SELECT id, review_count AS reviewCount, rating_count AS ratingCount, rating_sum_tenths AS ratingSumTenths,
             bayes_score AS bayesScore, trending_key AS trendingKey
      FROM ${table} WHERE id >= ${from} AND id < ${to}`);
    const posts = await db.all<PostRow>(sql`
      SELECT ${column} AS itemId, rating_tenths AS ratingTenths, created_at AS createdAt, incentivised,
             flagged_at IS NOT NULL AS flagged
      FROM posts WHERE ${column} >= ${from} AND ${column} < ${to} AND removed_at IS NULL ORDER BY ${column}, created_at, id`);
    const byItem = new Map<number, PostRow[]>();
    for (const post of posts) {
      const list = byItem.get(post.itemId);
      if (list) list.push(post);
      else byItem.set(post.itemId, [post]);
    }
    for (const row of stored) {
      // A review held by detection (issue 21) counts in review_count and nowhere in the scores.
      const reviews = (byItem.get(row.id) ?? []).map((p) => ({
        ...p,
        incentivised: p.incentivised === 1,
        flagged: p.flagged === 1,
      }));
      const expected = { ...aggregateOf(reviews), reviewCount: reviews.length };
      for (const field of [
        "reviewCount",
        "ratingCount",
        "ratingSumTenths",
        "bayesScore",
        "trendingKey",
      ] as const) {
        if (Math.abs(row[field] - expected[field]) > TOLERANCE) {
          out.push({ kind, id: row.id, field, stored: row[field], recomputed: expected[field] });
        }
      }
    }
  }
}

/** Every stored aggregate that differs from its posts; empty when the database is consistent. */
export async function findAggregateMismatches(db: Database): Promise<AggregateMismatch[]> {
  const out: AggregateMismatch[] = [];
  await checkKind(db, "dish", out);
  await checkKind(db, "restaurant", out);
  return out;
}

/**
 * One voice per person per item (issue 20): the people with more than one live review of a
 * restaurant or of a dish. The unique indexes keep it empty; db:check proves they are there.
 */
export async function findRepeatedVoices(
  db: Database,
): Promise<{ kind: "dish" | "restaurant"; authorId: number; itemId: number; reviews: number }[]> {
  return db.all(sql`
    SELECT 'restaurant' AS kind, author_id AS authorId, restaurant_id AS itemId, count(*) AS reviews
      FROM posts WHERE restaurant_id IS NOT NULL GROUP BY author_id, restaurant_id HAVING count(*) > 1
    UNION ALL
    SELECT 'dish', author_id, dish_id, count(*)
      FROM posts WHERE dish_id IS NOT NULL GROUP BY author_id, dish_id HAVING count(*) > 1`);
}
