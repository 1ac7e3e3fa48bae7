// Build-time reads in bulk: each restaurant's ranked dish ids and its offer ids for the whole
// catalogue in one statement each, where the API's per-restaurant lists (ranked-ids.ts
// dishesOfRestaurant, offer-reads.ts ofRestaurant) take one statement per restaurant. The
// order within a restaurant is the same as theirs; catalogue-page-data.test.ts checks it.
import { sql } from "drizzle-orm";
import type { Database } from "../client.ts";

function groupByRestaurant(rows: { id: number; restaurantId: number }[]): Map<number, number[]> {
  const byRestaurant = new Map<number, number[]>();
  for (const { id, restaurantId } of rows) {
    const ids = byRestaurant.get(restaurantId);
    if (ids) ids.push(id);
    else byRestaurant.set(restaurantId, [id]);
  }
  return byRestaurant;
}

/** Every restaurant's dish ids, best first (bayes_score, then id, both descending). */
export async function rankedDishIdsByRestaurant(db: Database): Promise<Map<number, number[]>> {
  // Read backwards along dishes_restaurant_bayes_idx (rowid breaks ties): no sort step.
  const rows = await db.all<{ id: number; restaurantId: number }>(
    sql`SELECT id, restaurant_id AS restaurantId FROM dishes ORDER BY restaurant_id DESC, bayes_score DESC, id DESC`,
  );
  return groupByRestaurant(rows);
}

/** Every restaurant's offer ids, oldest first. */
export async function offerIdsByRestaurant(db: Database): Promise<Map<number, number[]>> {
  const rows = await db.all<{ id: number; restaurantId: number }>(
    sql`SELECT id, restaurant_id AS restaurantId FROM offers ORDER BY restaurant_id, id`,
  );
  return groupByRestaurant(rows);
}
