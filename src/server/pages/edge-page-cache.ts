// What Cloudflare's cache holds of the item pages the Function renders on demand
// (hosts/cloudflare-pages.ts), and how a write takes them out (decision 011). The key is the
// page's canonical address, so a query string can neither miss the cache nor fill it with
// copies, and a write can name every key it must delete.
import type { CatalogueChanges } from "../api/services/catalogue-changes.ts";
import type { CatalogueRouteKind, PageKindName } from "./page-routes.ts";

/** The slice of the Workers Cache API used here (caches.default). */
export interface PageCache {
  match(request: Request): Promise<Response | undefined>;
  put(request: Request, response: Response): Promise<void>;
  delete(request: Request): Promise<boolean>;
}

export function defaultPageCache(): PageCache | undefined {
  const storage = (globalThis as { caches?: { default?: PageCache } }).caches;
  return storage?.default;
}

export function pageCacheKey(origin: string, kind: PageKindName, id: number | string): Request {
  return new Request(`${origin}/${kind}/${id}`);
}

/**
 * Deletes the cached pages of the changed items under each origin the site answers on.
 * caches.default is per data centre: this clears the one that took the write, and
 * s-maxage bounds how long any other keeps the old page.
 */
export async function purgeCataloguePages(
  cache: PageCache,
  origins: Iterable<string>,
  { dishIds = [], restaurantIds = [], offers = [] }: CatalogueChanges,
): Promise<void> {
  const pages: [CatalogueRouteKind, number][] = [
    ...dishIds.map((id): [CatalogueRouteKind, number] => ["dish", id]),
    ...restaurantIds.map((id): [CatalogueRouteKind, number] => ["restaurant", id]),
    ...offers.map(({ id }): [CatalogueRouteKind, number] => ["offers", id]),
  ];
  await Promise.all(
    [...origins].flatMap((origin) => pages.map(([kind, id]) => cache.delete(pageCacheKey(origin, kind, id)))),
  );
}
