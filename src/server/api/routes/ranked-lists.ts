// The ranked lists dishes and restaurants both offer (top by place or tag, trending,
// trending by tags, search), written once per kind. Each returns [] when a place or tag
// names nothing we know, as the contract says, and names the list it read (scopes.ts) so a
// write that changes that list drops the cached answer.
import type { ListedScopes } from "../cache/cached-read.ts";
import { readScopes } from "../cache/scopes.ts";
import type { Database } from "../db/client.ts";
import { searchIds, type SearchOrder } from "../db/queries/catalogue-search-reads.ts";
import { resolveLocation } from "../db/queries/place-reads.ts";
import type { DishFactFilter } from "../db/queries/dish-fact-filter.ts";
import type { ListFilter } from "../db/queries/list-filters.ts";
import { londonClock } from "../../../domain/open-now.ts";
import type { PriceLevel } from "../../../domain/price-range.ts";
import { rankedIdQueries, rankedIds, type RankedKind } from "../db/queries/ranked-reads.ts";
import { findTag, findTags } from "../db/queries/tag-reads.ts";

/** A list's filters as asked (issue 24; diet and free-from for dishes only, issue 22). */
export interface ListFilterInput extends DishFactFilter {
  price?: PriceLevel;
  openNow?: boolean;
}

/**
 * The filters as the queries take them. "Open now" is read at the time of asking; the answer
 * is cached like any list, so it is as fresh as the cache's TTL (CACHE_TTL_SECONDS, 30 s) and
 * the 30 s max-age allow.
 */
export function listFilterOf(f: ListFilterInput | undefined, now: () => number): ListFilter | undefined {
  return (
    f && {
      diet: f.diet,
      freeFrom: f.freeFrom,
      undeclared: f.undeclared,
      price: f.price,
      openAt: f.openNow ? londonClock(now()) : undefined,
    }
  );
}

export function rankedLists<T>(
  db: Database,
  kind: RankedKind,
  rowsOf: (ids: number[]) => Promise<T[]>,
  now: () => number = Date.now,
) {
  const listOf = async (query: Parameters<typeof rankedIds>[1]) => rowsOf(await rankedIds(db, query));
  const filterOf = (f: ListFilterInput | undefined) => listFilterOf(f, now);
  return {
    async top(topNum: number, listed: ListedScopes): Promise<T[]> {
      listed(readScopes.rankedAll(kind));
      return listOf(rankedIdQueries.top(kind, topNum));
    },
    async dishesOfRestaurant(restaurantId: number, topNum: number, listed: ListedScopes): Promise<T[]> {
      listed(readScopes.dishesOfRestaurant(restaurantId));
      return listOf(rankedIdQueries.dishesOfRestaurant(restaurantId, topNum));
    },
    async topInLocation(
      location: string,
      topNum: number,
      listed: ListedScopes,
      filter?: ListFilterInput,
    ): Promise<T[]> {
      // A place created later could make an unknown name known.
      listed(readScopes.places);
      const place = await resolveLocation(db, location);
      if (place.kind === "unknown") return [];
      if (place.kind === "anywhere") {
        listed(readScopes.rankedAll(kind));
        return listOf(rankedIdQueries.top(kind, topNum, filterOf(filter)));
      }
      listed(readScopes.rankedInPlace(kind, place));
      return listOf(rankedIdQueries.topInPlace(kind, place, topNum, filterOf(filter)));
    },
    // facts: dishes only, owner-declared diet and free-from (issue 22); a menu edit names the
    // dish, which drops these lists like any dish change. Price and open now: issue 24.
    async topWithTag(
      tagName: string,
      topNum: number,
      listed: ListedScopes,
      facts?: ListFilterInput,
    ): Promise<T[]> {
      listed(readScopes.tags);
      const tag = await findTag(db, tagName);
      if (!tag) return [];
      listed(readScopes.rankedWithTag(kind, tag.id));
      return listOf(rankedIdQueries.topWithTag(kind, tag.id, topNum, filterOf(facts)));
    },
    async trending(
      tagName: string | undefined,
      topNum: number,
      listed: ListedScopes,
      facts?: ListFilterInput,
    ): Promise<T[]> {
      if (tagName === undefined) {
        listed(readScopes.rankedAll(kind));
        return listOf(rankedIdQueries.trending(kind, topNum, filterOf(facts)));
      }
      listed(readScopes.tags);
      const tag = await findTag(db, tagName);
      if (!tag) return [];
      listed(readScopes.rankedWithTag(kind, tag.id));
      return listOf(rankedIdQueries.trendingWithAnyTag(kind, [tag.id], topNum, filterOf(facts)));
    },
    async trendingWithAnyTag(names: string[], topNum: number, listed: ListedScopes): Promise<T[]> {
      listed(readScopes.tags);
      const found = await findTags(db, names);
      if (found.length === 0) return [];
      listed(...found.map((t) => readScopes.rankedWithTag(kind, t.id)));
      return listOf(
        rankedIdQueries.trendingWithAnyTag(
          kind,
          found.map((t) => t.id),
          topNum,
        ),
      );
    },
    // The routes name the filters a search always took; a diet for restaurants and "undeclared
    // too" (issue 30) arrive beside them in q.
    async search(
      q: {
        keyword: string;
        location?: string;
        tagName?: string;
        topNum: number;
        facts?: ListFilterInput;
      } & Pick<ListFilterInput, "diet" | "undeclared">,
      order: SearchOrder,
      listed: ListedScopes,
    ): Promise<T[]> {
      listed(readScopes.search(kind), readScopes.tags, readScopes.places);
      const { diet, undeclared, ...rest } = q;
      const facts = { ...q.facts, diet: q.facts?.diet ?? diet, undeclared: q.facts?.undeclared ?? undeclared };
      return rowsOf(await searchIds(db, kind, { ...rest, facts: filterOf(facts), order, limit: q.topNum }));
    },
  };
}
