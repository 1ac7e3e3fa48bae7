// Keyword search over dishes and restaurants with FTS5 (drizzle/0001_search_index.sql).
// The user's words only ever reach MATCH through buildMatch (fts-match.ts). Location and tag
// filters are terms inside the same MATCH (one distinctive word of the name, see filterWords),
// so FTS intersects them before ranking, and are then checked exactly against the item's ids
// so a hit elsewhere cannot leak in.
//
// Two plans, chosen by how many rows match (docs/api.md has the measurements):
// - up to BM25_MAX_MATCHES: score every match with bm25, keep the best SEARCH_CANDIDATES,
//   and order them by relevance band, then quality (Bayesian score or trending key);
// - more than that (a word in a large share of the catalogue, e.g. "chicken"): bm25 over
//   100k rows costs about a second, so walk the quality index instead and keep the first
//   items that match, name matches before the rest. Cost is then one doclist read plus a
//   short index walk; with no filter and very common words, the best items are probed by
//   rowid first so the doclist need not be read whole (probeQuery).
import { sql, type SQL } from "drizzle-orm";
import * as z from "../../../../shared/schemas/zod.ts";
import type { Database } from "../client.ts";
import { idRow, rawRow, rawRows, sqlInteger } from "../raw-rows.ts";
import { hasListFilter, listFilterConditions, type ListFilter } from "./list-filters.ts";
import { buildMatch, filterWords, namesMatch } from "./fts-match.ts";
import { resolveLocation } from "./place-reads.ts";
import type { Place, RankedKind } from "./ranked-reads.ts";
import { everyTagName, findTagAmongAll } from "./tag-reads.ts";

/** How many of a search's bm25 best another list starts from (offers of the matching restaurants). */
export const SEARCH_CANDIDATES = 200;
/** Above this many matching rows the quality-index plan is used (see the header). */
// 500, not 2,000: on the scale-100 seed (532k dishes) scoring 500-2,000 matches with bm25 put
// the uncached p99 at 51 ms against 32 ms with this cap (300 bench-like queries, one client).
export const BM25_MAX_MATCHES = 500;
/**
 * The relevance plan orders every match (it runs only below BM25_MAX_MATCHES, and bm25 scores
 * each one either way): a search pages on (issue 30), and keeping only the best 200 would end
 * a filtered list early, below the count it shows.
 */
const RELEVANCE_CANDIDATES = BM25_MAX_MATCHES;

// Everything here is a constant of ours, never caller text. bm25 weights follow each FTS
// table's column order: a hit in the name counts most, then tags, then restaurant name /
// dish names, then descriptions and place.
const TABLES = {
  dish: {
    fts: sql.raw("dish_search"),
    items: sql.raw("dishes"),
    tagJoin: sql.raw("dish_tags"),
    tagKey: sql.raw("dish_id"),
    nameColumn: "dish_name",
    // dish_name, restaurant_name, tags, description, place
    weights: "bm25(10.0, 4.0, 5.0, 1.0, 1.0)",
    qualityIndex: { top: sql.raw("dishes_bayes_idx"), trending: sql.raw("dishes_trending_idx") },
  },
  restaurant: {
    fts: sql.raw("restaurant_search"),
    items: sql.raw("restaurants"),
    tagJoin: sql.raw("restaurant_tags"),
    tagKey: sql.raw("restaurant_id"),
    nameColumn: "name",
    // name, tags, description, dish_names, place
    weights: "bm25(10.0, 5.0, 1.0, 3.0, 1.0)",
    qualityIndex: { top: sql.raw("restaurants_bayes_idx"), trending: sql.raw("restaurants_trending_idx") },
  },
} as const;

const QUALITY = {
  // Every row qualifies (unrated rows hold 0 and the empty trending key); the range only
  // lets the quality index be walked from its top.
  top: { column: sql.raw("i.bayes_score"), floor: sql`i.bayes_score >= 0` },
  trending: { column: sql.raw("i.trending_key"), floor: sql`i.trending_key >= -1e18` },
} as const;

export type SearchOrder = keyof typeof QUALITY;

/**
 * The name indexes in quality order (drizzle/0031_search_rank.sql, without tags since 0032):
 * rowid is the Bayesian
 * score in millionths times RANK_ID_SPAN plus the id, so `ORDER BY rowid DESC` is "best
 * first, then the higher id", as the quality index orders, and FTS5 hands the matches over
 * in that order: the read stops at the LIMIT instead of scoring and sorting every match.
 */
const RANK = { dish: sql.raw("dish_rank"), restaurant: sql.raw("restaurant_rank") } as const;
export const RANK_ID_SPAN = 4_194_304;

export interface SearchSpec {
  match: string;
  place?: Place;
  tagId?: number;
  /** Price and open now (issue 24); for dishes also the owner-declared diet and free-from (issue 22). */
  facts?: ListFilter;
  order: SearchOrder;
  limit: number;
}

// Issue 21: search finds an item anyone added before a moderator approves it (the answer
// marks it, communityAdded), but never one a moderator removed or merged into another.
const FINDABLE = sql`i.removed_at IS NULL AND i.listing_state <> 'merged'`;

function exactFilters(kind: RankedKind, spec: SearchSpec): SQL[] {
  const t = TABLES[kind];
  const filters: SQL[] = [FINDABLE];
  if (spec.place) {
    const column = spec.place.kind === "area" ? sql.raw("area_id") : sql.raw("region_id");
    filters.push(sql`i.${column} = ${spec.place.id}`);
  }
  if (spec.tagId !== undefined) {
    filters.push(
      sql`EXISTS (SELECT 1 FROM ${t.tagJoin} j WHERE j.${t.tagKey} = i.id AND j.tag_id = ${spec.tagId})`,
    );
  }
  filters.push(...listFilterConditions(kind, spec.facts));
  return filters;
}

const and = (parts: SQL[]) => (parts.length > 0 ? sql` AND ${sql.join(parts, sql` AND `)}` : sql``);

/**
 * How many items a search lists (issue 30): the matches that pass every filter, counted no
 * further than `cap`, among the first `scanCap` matches, so a filter few items pass costs at
 * most `scanCap` lookups by primary key rather than one per match of a common word.
 */
export function filteredCountQuery(kind: RankedKind, spec: SearchSpec, cap: number, scanCap: number): SQL {
  const t = TABLES[kind];
  return sql`SELECT count(*) AS n FROM (
      SELECT 1 FROM (SELECT rowid AS id FROM ${t.fts} WHERE ${t.fts} MATCH ${spec.match} LIMIT ${scanCap}) h
      CROSS JOIN ${t.items} i ON i.id = h.id
      WHERE ${sql.join(exactFilters(kind, spec), sql` AND `)} LIMIT ${cap}
    )`;
}

/** How many rows match, counting no further than `cap` (the doclist read is the cost). */
export function matchCountQuery(kind: RankedKind, match: string, cap: number): SQL {
  const { fts } = TABLES[kind];
  return sql`SELECT count(*) AS n FROM (SELECT 1 FROM ${fts} WHERE ${fts} MATCH ${match} LIMIT ${cap})`;
}

/**
 * The relevance plan. CROSS JOIN pins the join order: start from the (at most CANDIDATES)
 * hits and look each item up by primary key. Left free, SQLite may walk every dish of an
 * area through the area index and probe the hits instead.
 *
 * Relevance bands: four quarters of the best hit's bm25 (at least 75% of it, 50%, 25%,
 * less), so a strong name match stays above a passing mention in a description while
 * near-equal hits share a band; within a band, quality decides.
 */
export function relevanceQuery(kind: RankedKind, spec: SearchSpec): SQL {
  const t = TABLES[kind];
  return sql`WITH hits AS (${relevanceHits(kind, spec)})
    SELECT i.id AS id FROM hits CROSS JOIN ${t.items} i ON i.id = hits.id
    WHERE ${sql.join(exactFilters(kind, spec), sql` AND `)}
    ORDER BY ${RELEVANCE_BAND} DESC, ${QUALITY[spec.order].column} DESC, i.id DESC
    LIMIT ${spec.limit}`;
}

/** The best hits by bm25, at most `limit` (RELEVANCE_CANDIDATES, or none past a count's cap). */
function relevanceHits(kind: RankedKind, spec: SearchSpec, limit: SQL = sql`${RELEVANCE_CANDIDATES}`): SQL {
  const t = TABLES[kind];
  return sql`SELECT id, relevance, min(relevance) OVER () AS best FROM (
      SELECT rowid AS id, rank AS relevance FROM ${t.fts}
      WHERE ${t.fts} MATCH ${spec.match} AND rank MATCH ${t.weights}
      ORDER BY rank LIMIT ${limit}
    )`;
}

/** A hit's relevance band, 3 (at least 75% of the best hit's bm25) down to 0 (see relevanceQuery). */
const RELEVANCE_BAND = sql`CASE WHEN hits.best < 0 THEN min(CAST(hits.relevance / hits.best * 4 AS INTEGER), 3) ELSE 0 END`;

/**
 * relevanceQuery with the match count that decides whether it may run, in one statement: its
 * ids in its order when fewer than `cap` rows match, none at the cap. At the cap the hits' LIMIT is 0, which SQLite checks before it
 * starts the FTS scan, so no match is scored ("chicken" at scale 100: 0.2 ms against 250-560
 * ms scored). A guard in the WHERE did not stop the scan; one in a join's ON lost FTS5's own
 * ORDER BY rank (a sort of every hit); answering the count on a row of its own when no id
 * passes (a LEFT JOIN) cost more than the count it saved.
 */
export function cappedRelevanceQuery(kind: RankedKind, spec: SearchSpec, cap: number): SQL {
  const t = TABLES[kind];
  const limit = sql`CASE WHEN (SELECT n FROM counted) < ${cap} THEN ${RELEVANCE_CANDIDATES} ELSE 0 END`;
  return sql`WITH counted AS (${matchCountQuery(kind, spec.match, cap)}),
    hits AS (${relevanceHits(kind, spec, limit)})
    SELECT i.id AS id FROM hits CROSS JOIN ${t.items} i ON i.id = hits.id
    WHERE ${sql.join(exactFilters(kind, spec), sql` AND `)}
    ORDER BY ${RELEVANCE_BAND} DESC, ${QUALITY[spec.order].column} DESC, i.id DESC
    LIMIT ${spec.limit}`;
}

/**
 * Matching items in quality order, no bm25. `manyMatches` picks the plan: few matches are
 * looked up by primary key and sorted; many are found by walking the quality index from the
 * top and keeping rows in the match set, which stops after `limit`.
 */
export function qualityQuery(kind: RankedKind, spec: SearchSpec, manyMatches: boolean): SQL {
  const t = TABLES[kind];
  const quality = QUALITY[spec.order];
  const filters = exactFilters(kind, spec);
  const orderBy = sql`ORDER BY ${quality.column} DESC, i.id DESC LIMIT ${spec.limit}`;
  if (!manyMatches) {
    return sql`SELECT i.id AS id FROM ${t.fts} CROSS JOIN ${t.items} i ON i.id = ${t.fts}.rowid
      WHERE ${t.fts} MATCH ${spec.match}${and(filters)} ${orderBy}`;
  }
  return sql`SELECT i.id AS id FROM ${t.items} i INDEXED BY ${t.qualityIndex[spec.order]}
    WHERE ${quality.floor} AND i.id IN (SELECT rowid FROM ${t.fts} WHERE ${t.fts} MATCH ${spec.match})${and(filters)}
    ${orderBy}`;
}

/**
 * The name tiers of a search in "top" order, in one statement: items whose own name holds
 * the words with the last one whole, then those where it is a prefix, each best first and
 * each stopping after `limit` (the caller drops the repeats). Every filter is checked on the
 * item row the walk reaches (exactFilters), so no match is scored or sorted.
 */
export function rankedNamesQuery(kind: RankedKind, spec: SearchSpec, matches: readonly string[]): SQL {
  const t = TABLES[kind];
  const fts = RANK[kind];
  const filters = and(exactFilters(kind, spec));
  const tier = (match: string) =>
    sql`SELECT * FROM (SELECT i.id AS id FROM ${fts} f CROSS JOIN ${t.items} i ON i.id = f.rowid % ${sql.raw(String(RANK_ID_SPAN))}
      WHERE ${fts} MATCH ${match}${filters} ORDER BY f.rowid DESC LIMIT ${spec.limit})`;
  return sql.join(
    matches.map((match) => tier(match)),
    sql` UNION ALL `,
  );
}

/** At most this many tags named like the keyword make the tag tier (see taggedQuery). */
export const MAX_TAGS_BY_NAME = 4;

/**
 * The tag tier: items carrying a tag whose name holds the words ("pakistani" finds the dishes
 * tagged Pakistani though none is named so), best first, read from the tag join's own
 * quality index (`*_tags_bayes_idx`, `*_tags_trending_idx`): with one tag the walk stops at
 * the LIMIT, with a few it sorts only their rows. Filters are checked on the item row.
 */
export function taggedQuery(kind: RankedKind, spec: SearchSpec, tagIds: readonly number[]): SQL {
  const t = TABLES[kind];
  const quality = spec.order === "top" ? sql.raw("j.bayes_score") : sql.raw("j.trending_key");
  const ids = sql.join(
    tagIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return sql`SELECT i.id AS id FROM ${t.tagJoin} j CROSS JOIN ${t.items} i ON i.id = j.${t.tagKey}
    WHERE j.tag_id IN (${ids})${and(exactFilters(kind, spec))}
    ORDER BY ${quality} DESC, j.${t.tagKey} DESC LIMIT ${spec.limit}`;
}

/** How many of the best items the probing walk checks against the match (see probeQuery). */
export const PROBE_WALK = 200;
/**
 * The probing walk is tried when at least this share of all items match: then about
 * PROBE_WALK × share of the best items match, enough for a page of 10. Rarer matches go
 * straight to the full walk, whose match set is then small enough to build cheaply.
 */
export const PROBE_MIN_SHARE = 0.05;
/**
 * …and at least this many: below it the full walk's match set costs about as much to build
 * as 200 probes (restaurant rows, which hold all their dishes' names, probe slower still).
 */
export const PROBE_MIN_MATCHES = 20_000;

/**
 * Many matches and no filter, tried first: the best PROBE_WALK items, read from the quality
 * index, each checked against the MATCH by rowid. At scale 100 a probe costs 10-50 µs, while
 * building the match set for the full walk costs about 0.3 µs a match: 40 ms for a prefix
 * found in a quarter of 532k dishes, 2 ms for this walk. When it finds fewer than `limit`,
 * the full walk follows.
 */
export function probeQuery(kind: RankedKind, spec: Omit<SearchSpec, "place" | "tagId">): SQL {
  const t = TABLES[kind];
  const quality = QUALITY[spec.order];
  return sql`WITH best AS (
      SELECT i.id AS id, ${quality.column} AS quality FROM ${t.items} i INDEXED BY ${t.qualityIndex[spec.order]}
      WHERE ${quality.floor}
      ORDER BY ${quality.column} DESC, i.id DESC LIMIT ${PROBE_WALK}
    )
    SELECT best.id AS id FROM best CROSS JOIN ${t.items} i ON i.id = best.id
    WHERE EXISTS (SELECT 1 FROM ${t.fts} WHERE ${t.fts} MATCH ${spec.match} AND ${t.fts}.rowid = best.id)
      AND ${FINDABLE}
    ORDER BY best.quality DESC, best.id DESC LIMIT ${spec.limit}`;
}

export interface SearchRequest {
  keyword: string;
  location?: string;
  tagName?: string;
  facts?: ListFilter;
  order: SearchOrder;
  limit: number;
}

async function ids(db: Database, query: SQL): Promise<number[]> {
  return (await rawRows(db, idRow, query)).map((row) => row.id);
}

/** Matching items in quality order, when there are too many to score (see the header). */
async function qualityIds(
  db: Database,
  kind: RankedKind,
  spec: SearchSpec,
  { manyMatches, probe }: { manyMatches: boolean; probe: boolean },
): Promise<number[]> {
  if (probe) {
    const found = await ids(db, probeQuery(kind, spec));
    if (found.length >= spec.limit) return found;
  }
  return ids(db, qualityQuery(kind, spec, manyMatches));
}

const nullableCount = z.object({ n: sqlInteger.nullable() });

/** The largest id: how many items there are, near enough, for a share of them. */
async function itemCount(db: Database, kind: RankedKind): Promise<number> {
  const row = await rawRow(db, nullableCount, sql`SELECT max(id) AS n FROM ${TABLES[kind].items}`);
  return row?.n ?? 0;
}

async function matchCount(db: Database, kind: RankedKind, match: string, cap: number): Promise<number> {
  const row = await rawRow(db, nullableCount, matchCountQuery(kind, match, cap));
  return row?.n ?? 0;
}

interface Thresholds {
  bm25MaxMatches: number;
  probeMinMatches: number;
}

/** The matches of `spec.match` in quality order, by whichever plan their number calls for. */
async function qualityOrderIds(
  db: Database,
  kind: RankedKind,
  spec: SearchSpec,
  t: Thresholds,
): Promise<number[]> {
  const cap = t.bm25MaxMatches + 1;
  const dense = unfiltered(spec) ? await denseCount(db, kind, t) : undefined;
  const matches = await matchCount(db, kind, spec.match, dense ?? cap);
  return qualityIds(db, kind, spec, {
    manyMatches: matches >= cap,
    probe: dense !== undefined && matches >= dense,
  });
}

const unfiltered = (spec: SearchSpec) =>
  spec.place === undefined && spec.tagId === undefined && !hasListFilter(spec.facts);

/** Without filters, how far to count to tell whether matches are common enough to probe. */
async function denseCount(db: Database, kind: RankedKind, t: Thresholds): Promise<number> {
  const share = Math.ceil((await itemCount(db, kind)) * PROBE_MIN_SHARE);
  return Math.max(t.bm25MaxMatches + 1, t.probeMinMatches, share);
}

/**
 * Every match: by relevance band then quality when few enough to score with bm25 (see
 * relevanceQuery), else in quality order. One statement when the relevance plan lists
 * something; when it lists nothing, the count says whether it was refused at the cap.
 */
async function anyColumnIds(
  db: Database,
  kind: RankedKind,
  spec: SearchSpec,
  t: Thresholds,
): Promise<number[]> {
  const cap = t.bm25MaxMatches + 1;
  const found = await ids(db, cappedRelevanceQuery(kind, spec, cap));
  if (found.length > 0) return found;
  if ((await matchCount(db, kind, spec.match, cap)) < cap) return [];
  return qualityOrderIds(db, kind, spec, t);
}

/** The MATCH and filters of a request; null when it has no words or names nothing we know. */
async function resolveSearch(db: Database, request: SearchRequest) {
  const [location, tagged] = await Promise.all([
    resolveLocation(db, request.location),
    request.tagName === undefined ? undefined : findTagAmongAll(db, request.tagName),
  ]);
  if (location.kind === "unknown" || tagged?.tag === null) return null;
  const place = location.kind === "anywhere" ? undefined : location;
  const tag = tagged?.tag ?? undefined;
  const parts = {
    keyword: request.keyword,
    place: place && filterWords(place.name, place.placeNames),
    tag: tagged?.tag ? filterWords(tagged.tag.tagName, tagged.tagNames) : undefined,
  };
  const match = buildMatch(parts);
  if (match === null) return null;
  const spec: SearchSpec = {
    match,
    place: place && { kind: place.kind, id: place.id },
    tagId: tag?.id,
    facts: request.facts,
    order: request.order,
    limit: request.limit,
  };
  return { spec, parts };
}

/**
 * How many matches to read at most when counting a filtered search (filteredCountQuery): a
 * filter few items pass leaves the count at what these held, shown as "N+" (capped).
 */
export const COUNT_SCAN_CAP = 5_000;

/**
 * How many items searchIds lists for `request` at any limit, counted up to `cap`: every
 * match passing the filters, since each tier lists matches of the same MATCH (a name, a tag
 * named like the words, any column) and the last one lists them all. `capped` when more
 * than `cap` pass, or when COUNT_SCAN_CAP matches were read before the count was known.
 */
export async function searchCount(
  db: Database,
  kind: RankedKind,
  request: Omit<SearchRequest, "limit" | "order">,
  cap: number,
  scanCap = COUNT_SCAN_CAP,
): Promise<{ count: number; capped: boolean }> {
  const resolved = await resolveSearch(db, { ...request, order: "top", limit: cap });
  if (!resolved) return { count: 0, capped: false };
  const { spec } = resolved;
  const row = await rawRow(db, nullableCount, filteredCountQuery(kind, spec, cap + 1, scanCap));
  const n = row?.n ?? 0;
  if (n > cap) return { count: cap, capped: true };
  // Fewer than cap passed: they are all, unless the scan stopped at scanCap matches.
  return { count: n, capped: (await matchCount(db, kind, spec.match, scanCap)) >= scanCap };
}

/**
 * Ids of the best matches; empty when the keyword has no words or a filter names nothing we
 * know. The thresholds are exposed for tests of the many-matches plans, and `unranked` for
 * tests that the name indexes in quality order (rankedNamesQuery) answer as the plans
 * without them do; "trending" order has no such index and always takes those plans.
 *
 * A dish-first order (issue 23): items whose own name holds every word come first, those
 * with the last word whole ("pho": Pho Bo) before those where it is only a prefix
 * ("Phoenix Wings"), each in quality order; then the items carrying a tag named so
 * (taggedQuery), best first; then the items that match only through another column (a
 * restaurant's name, a description), by relevance band then quality. So
 * "ramen" lists ramen bowls before the gyoza of a restaurant called "... Ramen".
 */
export async function searchIds(
  db: Database,
  kind: RankedKind,
  request: SearchRequest,
  { bm25MaxMatches = BM25_MAX_MATCHES, probeMinMatches = PROBE_MIN_MATCHES, unranked = false } = {},
): Promise<number[]> {
  const thresholds = { bm25MaxMatches, probeMinMatches };
  const resolved = await resolveSearch(db, request);
  if (!resolved) return [];
  const { spec, parts } = resolved;
  const keywordColumn = TABLES[kind].nameColumn;
  const names = [
    buildMatch({ ...parts, keywordColumn, wholeWords: true })!,
    buildMatch({ ...parts, keywordColumn })!,
  ];
  // The name indexes hold no tag names (drizzle/0032): the tag is checked on the item row.
  const rankedNames = [
    buildMatch({ ...parts, tag: undefined, keywordColumn, wholeWords: true })!,
    buildMatch({ ...parts, tag: undefined, keywordColumn })!,
  ];
  const tiers =
    request.order === "top" && !unranked
      ? [(limit: number) => ids(db, rankedNamesQuery(kind, { ...spec, limit }, rankedNames))]
      : names.map(
          (match) => (limit: number) => qualityOrderIds(db, kind, { ...spec, limit, match }, thresholds),
        );
  // In a place, the tag's walk may pass most of its items before finding a page there (9 ms
  // for a tag of 1,439 dishes at scale 100); the next tier's MATCH intersects tag and place.
  if (!spec.place)
    tiers.push(async (limit: number) => {
      const named = (await everyTagName(db)).filter((t) => namesMatch(t.tagName, request.keyword));
      if (named.length === 0 || named.length > MAX_TAGS_BY_NAME) return [];
      return ids(
        db,
        taggedQuery(
          kind,
          { ...spec, limit },
          named.map((t) => t.id),
        ),
      );
    });
  tiers.push((limit: number) => anyColumnIds(db, kind, { ...spec, limit }, thresholds));
  const found = new Set<number>();
  for (const tier of tiers) {
    if (found.size >= spec.limit) break;
    // Asking for as many more as were found already leaves a full page after dropping repeats.
    for (const id of await tier(spec.limit + found.size)) found.add(id);
  }
  return [...found].slice(0, spec.limit);
}
