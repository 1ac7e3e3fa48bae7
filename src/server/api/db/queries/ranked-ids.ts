// The ids behind every 'top' and 'trending' list, each one index range read that stops at
// LIMIT (checked by ranked-ids.test.ts with EXPLAIN QUERY PLAN). Dishes and restaurants
// carry the same ranking columns and indexes, so one set of queries serves both; the rows
// are fetched afterwards by id (dish-reads.ts, restaurant-reads.ts).
import { sql, type SQL } from "drizzle-orm";
import { EMPTY_TRENDING_KEY } from "../../../../domain/ranking.ts";
import type { Database } from "../client.ts";

export type RankedKind = "dish" | "restaurant";

/** Table names are constants chosen here, never caller text. */
const TABLES = {
  dish: { items: sql.raw("dishes"), tagJoin: sql.raw("dish_tags"), tagKey: sql.raw("dish_id") },
  restaurant: {
    items: sql.raw("restaurants"),
    tagJoin: sql.raw("restaurant_tags"),
    tagKey: sql.raw("restaurant_id"),
  },
} as const;

export type Place = { kind: "area" | "region"; id: number };

// An unrated item has bayes_score 0 and the empty trending key, while any rated one scores
// above 0 (the Bayesian prior alone gives 3.5 * 10 / (10 + n)), so "rating_count > 0" is
// these range conditions on the indexed columns themselves.
const RATED_BAYES = sql`bayes_score > 0`;
const RATED_TRENDING = sql`trending_key > ${EMPTY_TRENDING_KEY}`;

export const rankedIdQueries = {
  top: (kind: RankedKind, limit: number): SQL =>
    sql`SELECT id FROM ${TABLES[kind].items} WHERE ${RATED_BAYES} ORDER BY bayes_score DESC, id DESC LIMIT ${limit}`,

  topInPlace: (kind: RankedKind, place: Place, limit: number): SQL => {
    const column = place.kind === "area" ? sql.raw("area_id") : sql.raw("region_id");
    return sql`SELECT id FROM ${TABLES[kind].items} WHERE ${column} = ${place.id} AND ${RATED_BAYES} ORDER BY bayes_score DESC, id DESC LIMIT ${limit}`;
  },

  topWithTag: (kind: RankedKind, tagId: number, limit: number): SQL => {
    const { tagJoin, tagKey } = TABLES[kind];
    return sql`SELECT ${tagKey} AS id FROM ${tagJoin} WHERE tag_id = ${tagId} AND ${RATED_BAYES} ORDER BY bayes_score DESC LIMIT ${limit}`;
  },

  trending: (kind: RankedKind, limit: number): SQL =>
    sql`SELECT id FROM ${TABLES[kind].items} WHERE ${RATED_TRENDING} ORDER BY trending_key DESC, id DESC LIMIT ${limit}`,

  /** Items carrying any of the tags: the best `limit` of each tag, merged. */
  trendingWithAnyTag: (kind: RankedKind, tagIds: number[], limit: number): SQL => {
    const { tagJoin, tagKey } = TABLES[kind];
    const perTag = tagIds.map(
      (tagId) =>
        sql`SELECT * FROM (SELECT ${tagKey} AS id, trending_key AS k FROM ${tagJoin} WHERE tag_id = ${tagId} AND ${RATED_TRENDING} ORDER BY trending_key DESC LIMIT ${limit})`,
    );
    return sql`SELECT id FROM (${sql.join(perTag, sql` UNION ALL `)}) GROUP BY id ORDER BY max(k) DESC, id DESC LIMIT ${limit}`;
  },

  /** A restaurant's own dishes, best first; unrated ones follow so a new restaurant's menu still shows. */
  dishesOfRestaurant: (restaurantId: number, limit: number): SQL =>
    sql`SELECT id FROM dishes WHERE restaurant_id = ${restaurantId} ORDER BY bayes_score DESC, id DESC LIMIT ${limit}`,
};

export async function rankedIds(db: Database, query: SQL): Promise<number[]> {
  const rows = await db.all<{ id: number }>(query);
  return rows.map((row) => row.id);
}
