// The ids behind every 'top' and 'trending' list, each one index range read that stops at
// LIMIT (checked by query-plans.test.ts with EXPLAIN QUERY PLAN). Dishes and restaurants
// carry the same ranking columns and indexes, so one set of queries serves both; the rows
// are fetched afterwards by id (dish-reads.ts, restaurant-reads.ts).
import { sql, type SQL } from "drizzle-orm";
import { EMPTY_TRENDING_KEY } from "../../../../domain/ranking.ts";
import type { Database } from "../client.ts";
import { idRow, rawRows } from "../raw-rows.ts";
import { andListConditions, type ListFilter } from "./list-filters.ts";

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
// these range conditions on the indexed columns themselves (of the item, or of its tag row `j`).
const ratedBayes = (alias: "i" | "j") => sql`${sql.raw(alias)}.bayes_score > 0`;
const ratedTrending = (alias: "i" | "j") => sql`${sql.raw(alias)}.trending_key > ${EMPTY_TRENDING_KEY}`;

// Issue 21: only approved items no moderator removed rank (an item anyone adds waits for a
// moderator; a merged duplicate has gone into another). Checked on each row the index walk
// reaches, a primary-key read of a row the list reads next anyway, rather than kept in the
// ranking indexes: unlisted items are the few awaiting moderation, so a walk still stops at
// LIMIT after a skip or two, and the indexes every review write updates stay as they were.
const LISTED = sql`i.listing_state = 'approved' AND i.removed_at IS NULL`;

export const rankedIdQueries = {
  top: (kind: RankedKind, limit: number, filter?: ListFilter): SQL =>
    sql`SELECT i.id AS id FROM ${TABLES[kind].items} i WHERE ${ratedBayes("i")} AND ${LISTED}${andListConditions(kind, filter)} ORDER BY i.bayes_score DESC, i.id DESC LIMIT ${limit}`,

  topInPlace: (kind: RankedKind, place: Place, limit: number, filter?: ListFilter): SQL => {
    const column = place.kind === "area" ? sql.raw("i.area_id") : sql.raw("i.region_id");
    return sql`SELECT i.id AS id FROM ${TABLES[kind].items} i WHERE ${column} = ${place.id} AND ${ratedBayes("i")} AND ${LISTED}${andListConditions(kind, filter)} ORDER BY i.bayes_score DESC, i.id DESC LIMIT ${limit}`;
  },

  // CROSS JOIN keeps the tag row's index first: each row reached is then checked by primary key.
  // filter: price and open now (issue 24); for dishes also the owner-declared diet and
  // free-from (issue 22). list-filters.ts checks them on each row the walk reaches.
  topWithTag: (kind: RankedKind, tagId: number, limit: number, filter?: ListFilter): SQL => {
    const { items, tagJoin, tagKey } = TABLES[kind];
    return sql`SELECT j.${tagKey} AS id FROM ${tagJoin} j CROSS JOIN ${items} i ON i.id = j.${tagKey} WHERE j.tag_id = ${tagId} AND ${ratedBayes("j")} AND ${LISTED}${andListConditions(kind, filter)} ORDER BY j.bayes_score DESC LIMIT ${limit}`;
  },

  trending: (kind: RankedKind, limit: number, filter?: ListFilter): SQL =>
    sql`SELECT i.id AS id FROM ${TABLES[kind].items} i WHERE ${ratedTrending("i")} AND ${LISTED}${andListConditions(kind, filter)} ORDER BY i.trending_key DESC, i.id DESC LIMIT ${limit}`,

  /** Items carrying any of the tags: the best `limit` of each tag, merged. */
  trendingWithAnyTag: (kind: RankedKind, tagIds: number[], limit: number, filter?: ListFilter): SQL => {
    const { items, tagJoin, tagKey } = TABLES[kind];
    const perTag = tagIds.map(
      (tagId) =>
        sql`SELECT * FROM (SELECT j.${tagKey} AS id, j.trending_key AS k FROM ${tagJoin} j CROSS JOIN ${items} i ON i.id = j.${tagKey} WHERE j.tag_id = ${tagId} AND ${ratedTrending("j")} AND ${LISTED}${andListConditions(kind, filter)} ORDER BY j.trending_key DESC LIMIT ${limit})`,
    );
    return sql`SELECT id FROM (${sql.join(perTag, sql` UNION ALL `)}) GROUP BY id ORDER BY max(k) DESC, id DESC LIMIT ${limit}`;
  },

  /** A restaurant's own dishes, best first; unrated ones follow so a new restaurant's menu still shows. */
  dishesOfRestaurant: (restaurantId: number, limit: number): SQL =>
    sql`SELECT i.id AS id FROM dishes i WHERE i.restaurant_id = ${restaurantId} AND ${LISTED} ORDER BY i.bayes_score DESC, i.id DESC LIMIT ${limit}`,
};

export async function rankedIds(db: Database, query: SQL): Promise<number[]> {
  const rows = await rawRows(db, idRow, query);
  return rows.map((row) => row.id);
}
