// The FTS5 tables of the catalogue (drizzle/0001_search_index.sql) are kept current by the
// triggers of drizzle/0026_catalogue_search_triggers.sql, in the same statement as every
// write; rowid is the item id. Only a bulk load does otherwise (decision 013): the seed's
// thousands of inserts would each rewrite their restaurant's row, so it drops the triggers
// for the load and builds the index once.
import { sql } from "drizzle-orm";
import type { Database } from "../client.ts";

const TRIGGERS = sql`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'catalogue\\_search\\_%' ESCAPE '\\'`;

/**
 * Runs a bulk load of the catalogue without the search triggers, puts them back as the
 * migration wrote them (whatever happens), then builds both indexes from scratch. The one
 * exception to "triggers keep derived tables" (decision 013): the seed, measured 14 times
 * faster at scale 1 this way. Nothing else may write the catalogue meanwhile.
 */
export async function withoutSearchTriggers<T>(db: Database, load: () => Promise<T>): Promise<T> {
  const triggers = await db.all<{ name: string; sql: string }>(TRIGGERS);
  for (const { name } of triggers) await db.run(sql`DROP TRIGGER ${sql.identifier(name)}`);
  try {
    return await load();
  } finally {
    for (const trigger of triggers) await db.run(sql.raw(trigger.sql));
    await rebuildSearchIndex(db);
  }
}

/**
 * Both indexes from the catalogue's rows in one statement each, then merged into one segment:
 * the search's lookups by rowid cost about five times less in one
 * (drizzle/0002_search_index_prefixes.sql).
 */
export async function rebuildSearchIndex(db: Database): Promise<void> {
  await db.batch([
    db.run(sql`DELETE FROM dish_search`),
    db.run(sql`DELETE FROM restaurant_search`),
    db.run(sql`
      INSERT INTO dish_search (rowid, dish_name, restaurant_name, tags, description, place)
      SELECT d.id, d.dish_name, r.name,
        coalesce((SELECT group_concat(t.tag_name, ' ') FROM dish_tags dt JOIN tags t ON t.id = dt.tag_id WHERE dt.dish_id = d.id), ''),
        d.description || ' ' || d.about,
        a.area_name || ' ' || g.region_name
      FROM dishes d
      JOIN restaurants r ON r.id = d.restaurant_id
      JOIN areas a ON a.id = d.area_id
      JOIN regions g ON g.id = d.region_id`),
    db.run(sql`
      INSERT INTO restaurant_search (rowid, name, tags, description, dish_names, place)
      SELECT r.id, r.name,
        coalesce((SELECT group_concat(t.tag_name, ' ') FROM restaurant_tags rt JOIN tags t ON t.id = rt.tag_id WHERE rt.restaurant_id = r.id), ''),
        r.description,
        coalesce((SELECT group_concat(d.dish_name, ' ') FROM dishes d WHERE d.restaurant_id = r.id), ''),
        a.area_name || ' ' || g.region_name
      FROM restaurants r
      JOIN areas a ON a.id = r.area_id
      JOIN regions g ON g.id = r.region_id`),
    db.run(sql`INSERT INTO dish_search (dish_search) VALUES ('optimize')`),
    db.run(sql`INSERT INTO restaurant_search (restaurant_search) VALUES ('optimize')`),
  ]);
}
