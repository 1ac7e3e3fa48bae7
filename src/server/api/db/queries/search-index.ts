// Keeps the FTS5 tables (drizzle/0001_search_index.sql) in step with the catalogue: a save
// puts the index statements in its own batch (catalogue-saves.ts), a bulk load calls the
// reindex functions after its rows; rowid is the item id.
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../client.ts";

const CHUNK = 500;

function idList(ids: number[]): SQL {
  return sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
}

async function inChunks(ids: number[], run: (part: SQL) => Promise<unknown>): Promise<void> {
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += CHUNK) await run(idList(unique.slice(i, i + CHUNK)));
}

/**
 * The two statements that re-index the dishes `ids` names (a list, or a subquery for a row
 * the same batch inserts), for a caller to put in its own batch beside the row they index.
 */
export function dishIndexStatements(db: Database, ids: SQL) {
  return [
    db.run(sql`DELETE FROM dish_search WHERE rowid IN (${ids})`),
    db.run(sql`
      INSERT INTO dish_search (rowid, dish_name, restaurant_name, tags, description, place)
      SELECT d.id, d.dish_name, r.name,
        coalesce((SELECT group_concat(t.tag_name, ' ') FROM dish_tags dt JOIN tags t ON t.id = dt.tag_id WHERE dt.dish_id = d.id), ''),
        d.description || ' ' || d.about,
        a.area_name || ' ' || g.region_name
      FROM dishes d
      JOIN restaurants r ON r.id = d.restaurant_id
      JOIN areas a ON a.id = d.area_id
      JOIN regions g ON g.id = d.region_id
      WHERE d.id IN (${ids})`),
  ] as const;
}

/** As dishIndexStatements, for restaurants; a restaurant's row lists its dishes' names. */
export function restaurantIndexStatements(db: Database, ids: SQL) {
  return [
    db.run(sql`DELETE FROM restaurant_search WHERE rowid IN (${ids})`),
    db.run(sql`
      INSERT INTO restaurant_search (rowid, name, tags, description, dish_names, place)
      SELECT r.id, r.name,
        coalesce((SELECT group_concat(t.tag_name, ' ') FROM restaurant_tags rt JOIN tags t ON t.id = rt.tag_id WHERE rt.restaurant_id = r.id), ''),
        r.description,
        coalesce((SELECT group_concat(d.dish_name, ' ') FROM dishes d WHERE d.restaurant_id = r.id), ''),
        a.area_name || ' ' || g.region_name
      FROM restaurants r
      JOIN areas a ON a.id = r.area_id
      JOIN regions g ON g.id = r.region_id
      WHERE r.id IN (${ids})`),
  ] as const;
}

export async function reindexDishes(db: Database, dishIds: number[]): Promise<void> {
  await inChunks(dishIds, async (ids) => {
    for (const statement of dishIndexStatements(db, ids)) await statement;
  });
}

export async function reindexRestaurants(db: Database, restaurantIds: number[]): Promise<void> {
  await inChunks(restaurantIds, async (ids) => {
    for (const statement of restaurantIndexStatements(db, ids)) await statement;
  });
}

/**
 * Rebuilds both indexes from scratch (after a bulk seed, faster than row by row), then
 * merges each into one segment: the chunked inserts leave a dozen, and the search's lookups
 * by rowid cost about five times less in one (drizzle/0002_search_index_prefixes.sql).
 */
export async function rebuildSearchIndex(db: Database): Promise<void> {
  await db.run(sql`DELETE FROM dish_search`);
  await db.run(sql`DELETE FROM restaurant_search`);
  const [dishRange] = await db.all<{ lo: number | null; hi: number | null }>(
    sql`SELECT min(id) AS lo, max(id) AS hi FROM dishes`,
  );
  const [restaurantRange] = await db.all<{ lo: number | null; hi: number | null }>(
    sql`SELECT min(id) AS lo, max(id) AS hi FROM restaurants`,
  );
  const span = (lo: number | null, hi: number | null) =>
    lo === null || hi === null ? [] : Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
  await reindexDishes(db, span(dishRange?.lo ?? null, dishRange?.hi ?? null));
  await reindexRestaurants(db, span(restaurantRange?.lo ?? null, restaurantRange?.hi ?? null));
  await db.run(sql`INSERT INTO dish_search (dish_search) VALUES ('optimize')`);
  await db.run(sql`INSERT INTO restaurant_search (restaurant_search) VALUES ('optimize')`);
}
