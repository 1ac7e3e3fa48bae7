// Suggestions as a diner types (issue 23), from the live catalogue: dish names and
// restaurants from the name indexes in quality order (drizzle/0031), so each read walks the
// best matches first and stops after a few; tags and areas from their small tables, matched in
// memory. Raw SQL (decision 013): FTS5 MATCH on tables the schema does not model.
import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import {
  MAX_SUGGESTIONS,
  type Suggestion,
  type SuggestionKind,
} from "../../../../shared/schemas/search-suggestions.ts";
import * as z from "../../../../shared/schemas/zod.ts";
import type { Database } from "../client.ts";
import { rawRows, sqlInteger } from "../raw-rows.ts";
import { dishes, restaurants } from "../schema.ts";
import { RANK_ID_SPAN } from "./catalogue-search-reads.ts";
import { buildMatch, namesMatch } from "./fts-match.ts";
import { everyAreaName } from "./place-reads.ts";
import { everyTagName } from "./tag-reads.ts";

/** How many of each kind before the others fill what is left (in this order on screen). */
const SHARE: Record<SuggestionKind, number> = { tag: 2, dish: 3, restaurant: 2, area: 1 };
// Dishes share names across restaurants ("Tonkotsu Ramen" at 30 of them): reading this many
// of the best gives a few distinct names without walking every match.
const DISH_ROWS = 40;

const named = z.object({ id: sqlInteger, label: z.string() });
const span = sql.raw(String(RANK_ID_SPAN));

const [d, r] = [alias(dishes, "i"), alias(restaurants, "i")];

function dishNames(db: Database, match: string) {
  return rawRows(
    db,
    named,
    sql`SELECT ${d.id} AS id, ${d.dishName} AS label
      FROM dish_rank f CROSS JOIN ${dishes} ${d} ON ${d.id} = f.rowid % ${span}
      WHERE dish_rank MATCH ${match} AND ${d.removedAt} IS NULL AND ${d.listingState} <> 'merged'
      ORDER BY f.rowid DESC LIMIT ${DISH_ROWS}`,
  );
}

function restaurantNames(db: Database, match: string) {
  return rawRows(
    db,
    named,
    sql`SELECT ${r.id} AS id, ${r.name} AS label
      FROM restaurant_rank f CROSS JOIN ${restaurants} ${r} ON ${r.id} = f.rowid % ${span}
      WHERE restaurant_rank MATCH ${match} AND ${r.removedAt} IS NULL AND ${r.listingState} <> 'merged'
      ORDER BY f.rowid DESC LIMIT ${MAX_SUGGESTIONS}`,
  );
}

/** The first of each name, case aside (rows come best first). */
function distinctNames(rows: { id: number; label: string }[]) {
  const seen = new Set<string>();
  return rows.filter((row) => {
    const key = row.label.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Up to MAX_SUGGESTIONS names matching what was typed (every word, the last as a prefix),
 * tags first, then dishes, restaurants and areas; each kind keeps its share and the others
 * fill what one leaves unused. Empty when nothing was typed that FTS would take as a word.
 */
export async function suggestionsFor(db: Database, keyword: string): Promise<Suggestion[]> {
  const dishMatch = buildMatch({ keyword, keywordColumn: "dish_name" });
  const restaurantMatch = buildMatch({ keyword, keywordColumn: "name" });
  if (dishMatch === null || restaurantMatch === null) return [];
  const [dishRows, restaurantRows, tagRows, areaRows] = await Promise.all([
    dishNames(db, dishMatch),
    restaurantNames(db, restaurantMatch),
    everyTagName(db),
    everyAreaName(db),
  ]);
  const found: Record<SuggestionKind, { id: number; label: string }[]> = {
    tag: tagRows.filter((t) => namesMatch(t.tagName, keyword)).map((t) => ({ id: t.id, label: t.tagName })),
    dish: distinctNames(dishRows),
    restaurant: distinctNames(restaurantRows),
    area: areaRows.filter((a) => namesMatch(a.name, keyword)).map((a) => ({ id: a.id, label: a.name })),
  };
  const kinds = Object.keys(SHARE) as SuggestionKind[];
  const taken = Object.fromEntries(kinds.map((kind) => [kind, Math.min(SHARE[kind], found[kind].length)]));
  let room = MAX_SUGGESTIONS - kinds.reduce((sum, kind) => sum + taken[kind]!, 0);
  for (const kind of kinds) {
    const more = Math.min(room, found[kind].length - taken[kind]!);
    taken[kind]! += more;
    room -= more;
  }
  return kinds.flatMap((kind) => found[kind].slice(0, taken[kind]).map((row) => ({ kind, ...row })));
}
