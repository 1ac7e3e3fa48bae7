// Which catalogue pages the build prerenders. Scale 100 has over half a million dishes and a
// Cloudflare Pages deployment holds at most 20,000 files (free plan), so the build writes a
// bounded set and every other dish, restaurant, offer and area page is rendered on demand
// from the same components (catalogue-page-render.ts; docs/decisions/011). The set, in order
// of priority until the cap: every area, the items the home, tag and area pages link to, then
// the best-ranked restaurants (with the offers their pages show) and dishes.
import * as z from "zod";
import { AREA_TOP, RESTAURANT_OFFERS } from "../../components/catalogue/page-data.ts";
import { TAG_PAGE_SIZES } from "./catalogue-page-data.ts";
import type { Database } from "../api/db/client.ts";
import type { CatalogueIds } from "../api/db/queries/catalogue-ids.ts";
import { listCatalogueIds } from "../api/db/queries/catalogue-ids.ts";
import { offerIdQueries } from "../api/db/queries/offer-reads.ts";
import { rankedIdQueries, rankedIds } from "../api/db/queries/ranked-reads.ts";
import { listTags } from "../api/db/queries/tag-reads.ts";

/**
 * Catalogue pages prerendered at most. With about 200 other pages, the build's assets and the
 * control files, a deployment stays under 15,000 files, well inside Cloudflare's free plan.
 */
export const DEFAULT_PRERENDER_CAP = 12_000;

// The home page's ranked lists (src/pages/index.astro) are at most this long.
const HOME_LIST = 10;
// The tag pages list every tag; the API caps getLimitedTags at 200.
const TAG_LIMIT = 200;

const capSchema = z.coerce.number().int().min(0).max(1_000_000);

/** PRERENDER_CAP from the environment (empty or unset: the default); a bad value fails the build. */
export function prerenderCap(source: Record<string, string | undefined> = process.env): number {
  const raw = source.PRERENDER_CAP?.trim();
  if (!raw) return DEFAULT_PRERENDER_CAP;
  const parsed = capSchema.safeParse(raw);
  if (!parsed.success)
    throw new Error(`PRERENDER_CAP must be a whole number from 0 to 1000000, got "${raw}"`);
  return parsed.data;
}

export type PrerenderSet = CatalogueIds;

/** The catalogue ids to prerender, each kind in ascending order, at most `cap` in all. */
export async function choosePrerenderSet(db: Database, cap: number): Promise<PrerenderSet> {
  const all = await listCatalogueIds(db);
  const total = all.dishes.length + all.restaurants.length + all.offers.length + all.areas.length;
  if (total <= cap) return all;

  const chosen = {
    dishes: new Set<number>(),
    restaurants: new Set<number>(),
    offers: new Set<number>(),
    areas: new Set<number>(),
  };
  let room = cap;
  const take = (kind: keyof PrerenderSet, ids: Iterable<number>, limit = Infinity) => {
    let taken = 0;
    for (const id of ids) {
      if (room <= 0 || taken >= limit) return;
      if (chosen[kind].has(id)) continue;
      chosen[kind].add(id);
      room--;
      taken++;
    }
  };

  take("areas", all.areas);

  // What the home, tag and area pages link to.
  const [homeDishes, homeRestaurants, trendingDishes, trendingRestaurants] = await Promise.all([
    rankedIds(db, rankedIdQueries.top("dish", HOME_LIST)),
    rankedIds(db, rankedIdQueries.top("restaurant", HOME_LIST)),
    rankedIds(db, rankedIdQueries.trending("dish", HOME_LIST)),
    rankedIds(db, rankedIdQueries.trending("restaurant", HOME_LIST)),
  ]);
  take("dishes", [...homeDishes, ...trendingDishes]);
  take("restaurants", [...homeRestaurants, ...trendingRestaurants]);
  for (const tag of await listTags(db, TAG_LIMIT)) {
    const [offers, topDishes, trendingDish, topRestaurants, trendingRestaurant] = await Promise.all([
      rankedIds(db, offerIdQueries.withTag(tag.id, TAG_PAGE_SIZES.offers)),
      rankedIds(db, rankedIdQueries.topWithTag("dish", tag.id, TAG_PAGE_SIZES.topDishes)),
      rankedIds(db, rankedIdQueries.trendingWithAnyTag("dish", [tag.id], 1)),
      rankedIds(db, rankedIdQueries.topWithTag("restaurant", tag.id, TAG_PAGE_SIZES.topRestaurants)),
      rankedIds(db, rankedIdQueries.trendingWithAnyTag("restaurant", [tag.id], 1)),
    ]);
    take("offers", offers);
    take("dishes", [...topDishes, ...trendingDish]);
    take("restaurants", [...topRestaurants, ...trendingRestaurant]);
  }
  for (const areaId of all.areas) {
    const place = { kind: "area" as const, id: areaId };
    const [dishes, restaurants] = await Promise.all([
      rankedIds(db, rankedIdQueries.topInPlace("dish", place, AREA_TOP)),
      rankedIds(db, rankedIdQueries.topInPlace("restaurant", place, AREA_TOP)),
    ]);
    take("dishes", dishes);
    take("restaurants", restaurants);
  }

  // Then the most-read: reads follow rank (the best dishes are the ones lists and searches
  // show first). A third of what is left goes to restaurants and the offers on their pages.
  // Each list asks for as many more as are already chosen, which take() skips, so the set
  // fills the cap.
  if (room > 0) {
    const restaurantRoom = Math.floor(room / 3);
    const bestRestaurants = await rankedIds(
      db,
      rankedIdQueries.top("restaurant", restaurantRoom + chosen.restaurants.size),
    );
    const restaurantsBefore = chosen.restaurants.size;
    for (const id of bestRestaurants) {
      if (chosen.restaurants.size - restaurantsBefore >= restaurantRoom) break;
      take("restaurants", [id]);
      take("offers", await rankedIds(db, offerIdQueries.ofRestaurant(id, RESTAURANT_OFFERS)));
    }
    take("dishes", await rankedIds(db, rankedIdQueries.top("dish", room + chosen.dishes.size)));
  }
  // Room left only when the ranked lists ran out (offers of restaurants not chosen, unranked
  // items): the rest in id order, so a deployment always holds as many pages as it may.
  take("offers", all.offers);
  take("restaurants", all.restaurants);
  take("dishes", all.dishes);

  const sorted = (ids: Set<number>) => [...ids].sort((a, b) => a - b);
  return {
    dishes: sorted(chosen.dishes),
    restaurants: sorted(chosen.restaurants),
    offers: sorted(chosen.offers),
    areas: sorted(chosen.areas),
  };
}
