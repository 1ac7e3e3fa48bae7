// The FTS5 tables of the catalogue (drizzle/0001_search_index.sql, and the name indexes in
// quality order of 0031) are kept current by the triggers of 0026 and 0031, in the same
// statement as every write; rowid is the item id (in 0031, the score and the id). Only a bulk load does otherwise (decision 013): the seed's
// thousands of inserts would each rewrite their restaurant's row, so it drops the triggers
// for the load and builds the index once.
import { sql, type SQLWrapper } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import * as z from "../../../../shared/schemas/zod.ts";
import type { Database } from "../client.ts";
import { rawRows, rawWrite } from "../raw-rows.ts";
import { RANK_ID_SPAN } from "./catalogue-search-reads.ts";
import { areas, dishes, dishTags, regions, restaurants, restaurantTags, tags } from "../schema.ts";

const TRIGGERS = sql`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'catalogue\\_search\\_%' ESCAPE '\\'`;

/**
 * Runs a bulk load of the catalogue without the search triggers, puts them back as the
 * migration wrote them (whatever happens), then builds both indexes from scratch. The one
 * exception to "triggers keep derived tables" (decision 013): the seed, whose restaurant load
 * took 5 to 8 times as long with them. Nothing else may write the catalogue meanwhile.
 */
export async function withoutSearchTriggers<T>(db: Database, load: () => Promise<T>): Promise<T> {
  const triggers = await rawRows(db, z.object({ name: z.string(), sql: z.string() }), TRIGGERS);
  for (const { name } of triggers) await rawWrite(db, sql`DROP TRIGGER ${sql.identifier(name)}`);
  try {
    return await load();
  } finally {
    for (const trigger of triggers) await rawWrite(db, sql.raw(trigger.sql));
    await rebuildSearchIndex(db);
  }
}

/**
 * The name indexes in quality order (drizzle/0031_search_rank.sql, made anew without tags by
 * 0032), whose rowid is the score in millionths times RANK_ID_SPAN plus the id, as their
 * triggers write it.
 */
function rankStatements(db: Database) {
  const [d, r, a, g] = [alias(dishes, "d"), alias(restaurants, "r"), alias(areas, "a"), alias(regions, "g")];
  const place = sql`${a.areaName} || ' ' || ${g.regionName}`;
  const key = (score: SQLWrapper, id: SQLWrapper) =>
    sql`CAST(round(${score} * 1000000) AS INTEGER) * ${sql.raw(String(RANK_ID_SPAN))} + ${id}`;
  return [
    rawWrite(db, sql`DELETE FROM dish_rank`),
    rawWrite(db, sql`DELETE FROM restaurant_rank`),
    rawWrite(
      db,
      sql`
      INSERT INTO dish_rank (rowid, dish_name, place)
      SELECT ${key(d.bayesScore, d.id)}, ${d.dishName}, ${place}
      FROM ${dishes} ${d}
      JOIN ${areas} ${a} ON ${a.id} = ${d.areaId}
      JOIN ${regions} ${g} ON ${g.id} = ${d.regionId}`,
    ),
    rawWrite(
      db,
      sql`
      INSERT INTO restaurant_rank (rowid, name, place)
      SELECT ${key(r.bayesScore, r.id)}, ${r.name}, ${place}
      FROM ${restaurants} ${r}
      JOIN ${areas} ${a} ON ${a.id} = ${r.areaId}
      JOIN ${regions} ${g} ON ${g.id} = ${r.regionId}`,
    ),
    rawWrite(db, sql`INSERT INTO dish_rank (dish_rank) VALUES ('optimize')`),
    rawWrite(db, sql`INSERT INTO restaurant_rank (restaurant_rank) VALUES ('optimize')`),
  ];
}

/**
 * Both indexes from the catalogue's rows in one statement each, then merged into one segment:
 * the search's lookups by rowid cost about five times less in one
 * (drizzle/0002_search_index_prefixes.sql). The search tables are FTS5 tables, which the
 * schema does not model; the rows they are built from are named through it.
 */
export async function rebuildSearchIndex(db: Database): Promise<void> {
  const [d, r, a, g, t] = [
    alias(dishes, "d"),
    alias(restaurants, "r"),
    alias(areas, "a"),
    alias(regions, "g"),
    alias(tags, "t"),
  ];
  const [dt, rt] = [alias(dishTags, "dt"), alias(restaurantTags, "rt")];
  const place = sql`${a.areaName} || ' ' || ${g.regionName}`;
  await db.batch([
    rawWrite(db, sql`DELETE FROM dish_search`),
    rawWrite(db, sql`DELETE FROM restaurant_search`),
    rawWrite(
      db,
      sql`
      INSERT INTO dish_search (rowid, dish_name, restaurant_name, tags, description, place)
      SELECT ${d.id}, ${d.dishName}, ${r.name},
        coalesce((SELECT group_concat(${t.tagName}, ' ') FROM ${dishTags} ${dt} JOIN ${tags} ${t} ON ${t.id} = ${dt.tagId} WHERE ${dt.dishId} = ${d.id}), ''),
        ${d.description} || ' ' || ${d.about}, ${place}
      FROM ${dishes} ${d}
      JOIN ${restaurants} ${r} ON ${r.id} = ${d.restaurantId}
      JOIN ${areas} ${a} ON ${a.id} = ${d.areaId}
      JOIN ${regions} ${g} ON ${g.id} = ${d.regionId}`,
    ),
    rawWrite(
      db,
      sql`
      INSERT INTO restaurant_search (rowid, name, tags, description, dish_names, place)
      SELECT ${r.id}, ${r.name},
        coalesce((SELECT group_concat(${t.tagName}, ' ') FROM ${restaurantTags} ${rt} JOIN ${tags} ${t} ON ${t.id} = ${rt.tagId} WHERE ${rt.restaurantId} = ${r.id}), ''),
        ${r.description},
        coalesce((SELECT group_concat(${d.dishName}, ' ') FROM ${dishes} ${d} WHERE ${d.restaurantId} = ${r.id}), ''),
        ${place}
      FROM ${restaurants} ${r}
      JOIN ${areas} ${a} ON ${a.id} = ${r.areaId}
      JOIN ${regions} ${g} ON ${g.id} = ${r.regionId}`,
    ),
    rawWrite(db, sql`INSERT INTO dish_search (dish_search) VALUES ('optimize')`),
    rawWrite(db, sql`INSERT INTO restaurant_search (restaurant_search) VALUES ('optimize')`),
    ...rankStatements(db),
  ]);
}
