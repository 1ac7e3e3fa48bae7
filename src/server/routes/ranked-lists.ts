// The ranked lists dishes and restaurants both offer (top by place or tag, trending,
// trending by tags, search), written once per kind. Each returns [] when a place or tag
// names nothing we know, as the contract says.
import type { Database } from "../db/client.ts";
import { searchIds, type SearchOrder } from "../db/queries/catalogue-search.ts";
import { resolveLocation } from "../db/queries/place-reads.ts";
import { rankedIdQueries, rankedIds, type RankedKind } from "../db/queries/ranked-ids.ts";
import { findTag, findTags } from "../db/queries/tag-reads.ts";

export function rankedLists<T>(db: Database, kind: RankedKind, rowsOf: (ids: number[]) => Promise<T[]>) {
  const listOf = async (query: Parameters<typeof rankedIds>[1]) => rowsOf(await rankedIds(db, query));
  return {
    listOf,
    async topInLocation(location: string, topNum: number): Promise<T[]> {
      const place = await resolveLocation(db, location);
      if (place.kind === "unknown") return [];
      return listOf(
        place.kind === "anywhere"
          ? rankedIdQueries.top(kind, topNum)
          : rankedIdQueries.topInPlace(kind, place, topNum),
      );
    },
    async topWithTag(tagName: string, topNum: number): Promise<T[]> {
      const tag = await findTag(db, tagName);
      return tag ? listOf(rankedIdQueries.topWithTag(kind, tag.id, topNum)) : [];
    },
    async trending(tagName: string | undefined, topNum: number): Promise<T[]> {
      if (tagName === undefined) return listOf(rankedIdQueries.trending(kind, topNum));
      const tag = await findTag(db, tagName);
      return tag ? listOf(rankedIdQueries.trendingWithAnyTag(kind, [tag.id], topNum)) : [];
    },
    async trendingWithAnyTag(names: string[], topNum: number): Promise<T[]> {
      const found = await findTags(db, names);
      if (found.length === 0) return [];
      return listOf(
        rankedIdQueries.trendingWithAnyTag(
          kind,
          found.map((t) => t.id),
          topNum,
        ),
      );
    },
    async search(
      q: { keyword: string; location?: string; tagName?: string; topNum: number },
      order: SearchOrder,
    ): Promise<T[]> {
      return rowsOf(await searchIds(db, kind, { ...q, order, limit: q.topNum }));
    },
  };
}

/** Cache key of a tag list: case and order of the names do not matter. */
export function tagListKey(names: string[]): string {
  return names
    .map((n) => n.toLowerCase())
    .sort()
    .join(",");
}
