// Keyword search over dishes and restaurants with FTS5 (drizzle/0001_search_index.sql).
// The user's words only ever reach MATCH through buildMatch (fts-match.ts). Location and tag
// filters are phrases inside the same MATCH, so FTS intersects them before ranking, and are
// then checked exactly against the item's ids so a phrase hit elsewhere cannot leak in.
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../client.ts";
import { buildMatch } from "./fts-match.ts";
import { resolveLocation } from "./place-reads.ts";
import type { Place, RankedKind } from "./ranked-ids.ts";
import { findTag } from "./tag-reads.ts";

/**
 * FTS ranks every match, but only the best CANDIDATES by relevance are ordered by quality.
 * bm25 has to score each matching row either way; capping here keeps the join and the final
 * sort small however common the word is (see docs/api.md for measured timings).
 */
export const SEARCH_CANDIDATES = 200;

// Column weights for bm25, in each table's column order: a hit in the name counts most,
// then tags, then restaurant name / dish names, then descriptions and place.
const TABLES = {
  dish: {
    fts: sql.raw("dish_search"),
    items: sql.raw("dishes"),
    tagJoin: sql.raw("dish_tags"),
    tagKey: sql.raw("dish_id"),
    // dish_name, restaurant_name, tags, description, place
    weights: "bm25(10.0, 4.0, 5.0, 1.0, 1.0)",
  },
  restaurant: {
    fts: sql.raw("restaurant_search"),
    items: sql.raw("restaurants"),
    tagJoin: sql.raw("restaurant_tags"),
    tagKey: sql.raw("restaurant_id"),
    // name, tags, description, dish_names, place
    weights: "bm25(10.0, 5.0, 1.0, 3.0, 1.0)",
  },
} as const;

export type SearchOrder = "top" | "trending";

export interface SearchSpec {
  match: string;
  place?: Place;
  tagId?: number;
  order: SearchOrder;
  limit: number;
}

/**
 * CROSS JOIN pins the join order: start from the (at most CANDIDATES) hits and look each
 * item up by primary key. Left free, SQLite may walk every dish of an area through the area
 * index and probe the hits instead, which at 400k dishes is a scan of a whole area.
 *
 * Candidates in bm25 order; then four relevance bands relative to the best hit (a strong
 * name match stays above a passing mention in a description) and, within a band, the
 * Bayesian score or trending key so good places beat merely wordy ones.
 */
export function searchIdQuery(kind: RankedKind, spec: SearchSpec): SQL {
  const t = TABLES[kind];
  const filters: SQL[] = [];
  if (spec.place) {
    const column = spec.place.kind === "area" ? sql.raw("area_id") : sql.raw("region_id");
    filters.push(sql`i.${column} = ${spec.place.id}`);
  }
  if (spec.tagId !== undefined) {
    filters.push(sql`EXISTS (SELECT 1 FROM ${t.tagJoin} j WHERE j.${t.tagKey} = i.id AND j.tag_id = ${spec.tagId})`);
  }
  const where = filters.length > 0 ? sql`WHERE ${sql.join(filters, sql` AND `)}` : sql``;
  const quality = spec.order === "top" ? sql.raw("i.bayes_score") : sql.raw("i.trending_key");
  return sql`WITH hits AS (
      SELECT id, relevance, min(relevance) OVER () AS best FROM (
        SELECT rowid AS id, rank AS relevance FROM ${t.fts}
        WHERE ${t.fts} MATCH ${spec.match} AND rank MATCH ${t.weights}
        ORDER BY rank LIMIT ${SEARCH_CANDIDATES}
      )
    )
    SELECT i.id AS id FROM hits CROSS JOIN ${t.items} i ON i.id = hits.id
    ${where}
    ORDER BY CASE WHEN hits.best < 0 THEN CAST(hits.relevance / hits.best * 4 AS INTEGER) ELSE 0 END DESC,
      ${quality} DESC, i.id DESC
    LIMIT ${spec.limit}`;
}

export interface SearchRequest {
  keyword: string;
  location?: string;
  tagName?: string;
  order: SearchOrder;
  limit: number;
}

/** Ids of the best matches; empty when the keyword has no words or a filter names nothing we know. */
export async function searchIds(db: Database, kind: RankedKind, request: SearchRequest): Promise<number[]> {
  const location = await resolveLocation(db, request.location);
  if (location.kind === "unknown") return [];
  const tag = request.tagName === undefined ? undefined : await findTag(db, request.tagName);
  if (tag === null) return [];
  const place = location.kind === "anywhere" ? undefined : location;
  const match = buildMatch({ keyword: request.keyword, place: place?.name, tag: tag?.tagName });
  if (match === null) return [];
  const rows = await db.all<{ id: number }>(
    searchIdQuery(kind, {
      match,
      place: place && { kind: place.kind, id: place.id },
      tagId: tag?.id,
      order: request.order,
      limit: request.limit,
    }),
  );
  return rows.map((row) => row.id);
}
