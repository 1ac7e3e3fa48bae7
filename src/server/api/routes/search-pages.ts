// Search that pages on (issue 30): one page of a search's dishes or restaurants, the count of
// everything it lists on the first page, and the cursor of the next page.
//
// Why not a keyset cursor: a search's order is tiered (name matches, then a tag named like
// the words, then any other match by relevance band or quality, catalogue-search-reads.ts),
// and each tier has its own plan and sort key, some relative to the whole match set (the
// relevance bands are quarters of the best hit's bm25). A key of the last item cannot say
// where the next page starts without repeating that whole ordering in SQL. So a page is the
// same ordered list read to the page's end and sliced: the cursor holds how many were shown
// and the last id shown, and the list stops at MAX_SEARCH_RESULTS, which bounds what a
// request can cost (docs/api.md, "Paging"). The first page reads exactly what the old
// endpoints read, and counts only when it is full.
import { cursorCodec } from "../../../domain/keyset-cursor.ts";
import { MAX_SEARCH_RESULTS, type MatchCount } from "../../../domain/search-pages.ts";
import type { ListedScopes } from "../cache/cached-read.ts";
import { itemScopes, readScopes } from "../cache/scopes.ts";
import type { Database } from "../db/client.ts";
import { searchCount, searchIds } from "../db/queries/catalogue-search-reads.ts";
import type { RankedKind } from "../db/queries/ranked-reads.ts";
import { invalidCursor, readCursor } from "../services/page-cursor.ts";
import type { NamedPlace } from "../../../shared/schemas/search-pages.ts";
import { nearFromKeyword, nearList, type Near, type PlaceDeps, type SearchAsked } from "./near-http.ts";
import { listFilterOf } from "./ranked-lists.ts";

const CURSORS = {
  dish: cursorCodec("searchdish", ["shown", "lastId"]),
  restaurant: cursorCodec("searchrestaurant", ["shown", "lastId"]),
} as const;

export interface SearchPageStart {
  shown: number;
  lastId: number;
}

/**
 * Where a page starts, from the cursor text (absent: the first page). A cursor of the other
 * kind, edited, or past the list's end answers 400 on the cursor field before any read.
 */
export function readSearchCursor(kind: RankedKind, text: string | undefined): SearchPageStart | undefined {
  const start = readCursor(CURSORS[kind], text);
  if (start && (start.shown < 1 || start.shown >= MAX_SEARCH_RESULTS || start.lastId < 1))
    throw invalidCursor();
  return start;
}

export interface SearchPage<T> {
  items: T[];
  matches: MatchCount | null;
  nextCursor: string | null;
  /** The place the words ended with, so the page can say "near Old Street" (issue 31). */
  place: NamedPlace | null;
}

interface PageAsked extends SearchAsked {
  near: Near | null;
  start: SearchPageStart | undefined;
  now: number;
}

interface Hits {
  ids: number[];
  distances?: Map<number, number>;
  /** Set when the read already tells how many there are. */
  matches?: MatchCount;
}

/** A page of the search, near a place when one is asked for or ends the keyword. */
export async function searchPage<T extends { id: number }>(
  deps: PlaceDeps,
  kind: RankedKind,
  rowsOf: (ids: number[]) => Promise<T[]>,
  asked: PageAsked,
  listed: ListedScopes,
): Promise<SearchPage<T & { distanceMeters?: number }>> {
  const { db } = deps;
  const shown = asked.start?.shown ?? 0;
  // One more than the page, to know whether another follows; never past the cap.
  const limit = Math.min(shown + asked.topNum + 1, MAX_SEARCH_RESULTS);
  const facts = {
    ...asked.facts,
    diet: asked.facts.diet ?? asked.diet,
    undeclared: asked.facts.undeclared ?? asked.undeclared,
  };
  const fromKeyword = asked.near ? null : await nearFromKeyword(deps, asked.keyword);
  const near = asked.near ?? fromKeyword?.near;
  const hits: Hits = near
    ? await nearHits(
        db,
        kind,
        { ...asked, facts, keyword: fromKeyword?.keyword ?? asked.keyword },
        near,
        limit,
        listed,
      )
    : await searchHits(db, kind, { ...asked, facts }, limit, listed);
  // Continue after the last item shown when it moved up (items before it left the list), so
  // nothing is skipped; when it moved down the page starts where it would have, and the
  // island drops the repeats.
  const anchor = asked.start ? hits.ids.indexOf(asked.start.lastId) : -1;
  const begin = anchor >= 0 && anchor + 1 < shown ? anchor + 1 : shown;
  const end = Math.min(begin + asked.topNum, MAX_SEARCH_RESULTS);
  const pageIds = hits.ids.slice(begin, end);
  const rows = await rowsOf(pageIds);
  listed(...itemScopes(kind, rows));
  const last = pageIds.at(-1);
  const more = last !== undefined && end < MAX_SEARCH_RESULTS && hits.ids.length > end;
  return {
    items: hits.distances
      ? rows.map((row) => ({ ...row, distanceMeters: hits.distances!.get(row.id) ?? 0 }))
      : rows,
    matches: asked.start ? null : (hits.matches ?? null),
    nextCursor: more ? CURSORS[kind].encode({ shown: end, lastId: last }) : null,
    place: fromKeyword?.place ?? null,
  };
}

/** Anywhere (or in an area or region): the tiered search, and its count on a full first page. */
async function searchHits(
  db: Database,
  kind: RankedKind,
  asked: PageAsked,
  limit: number,
  listed: ListedScopes,
): Promise<Hits> {
  listed(readScopes.search(kind), readScopes.tags, readScopes.places);
  const request = {
    keyword: asked.keyword,
    location: asked.location,
    tagName: asked.tagName,
    facts: listFilterOf(asked.facts, () => asked.now),
  };
  const ids = await searchIds(db, kind, { ...request, order: "top", limit });
  if (asked.start) return { ids };
  // A list that ended within the read is its own count; only a full page needs counting.
  if (ids.length < limit) return { ids, matches: { count: ids.length, capped: false } };
  return { ids, matches: await searchCount(db, kind, request, MAX_SEARCH_RESULTS) };
}

/**
 * Near a place: every item in the circle is sorted either way (near-reads.ts), so the first
 * page reads up to the cap and counts what it read; only the page's rows are loaded.
 */
async function nearHits(
  db: Database,
  kind: RankedKind,
  asked: PageAsked,
  near: Near,
  limit: number,
  listed: ListedScopes,
): Promise<Hits> {
  const counting = asked.start === undefined;
  const hits = await nearList(
    db,
    kind,
    async (ids) => ids.map((id) => ({ id })),
    {
      near,
      order: "top",
      limit: counting ? MAX_SEARCH_RESULTS + 1 : limit,
      facts: asked.facts,
      keyword: asked.keyword,
      location: asked.location,
      tagName: asked.tagName,
      now: asked.now,
    },
    listed,
  );
  const found = hits.length;
  return {
    ids: hits.slice(0, MAX_SEARCH_RESULTS).map((hit) => hit.id),
    distances: new Map(hits.map((hit) => [hit.id, hit.distanceMeters])),
    matches: counting
      ? { count: Math.min(found, MAX_SEARCH_RESULTS), capped: found > MAX_SEARCH_RESULTS }
      : undefined,
  };
}
