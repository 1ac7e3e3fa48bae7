// Build-time data for every dish, restaurant and tag page at once (about 98% of the
// prerendered pages). Per page through the API, a restaurant page cost three requests and a
// tag page six, about 6 and 12 ms of CPU, nearly all of it reading a handful of rows one
// page at a time; here each kind's rows are read in a few statements for all pages. The
// items come from the same row readers the endpoints answer with (dishesByIds,
// restaurantsByIds, offersByIds), and the lists from the same ranking queries or their bulk
// twins in the same order, so a page shows what the API (and so the client fallback,
// src/components/catalogue/page-data.ts) shows: catalogue-page-data.test.ts compares the two
// for every item and tag of the test catalogue.
import {
  RELATED_DISHES,
  RESTAURANT_OFFERS,
  type DishPageData,
  type RestaurantPageData,
} from "../components/catalogue/page-data.ts";
import type { DishItem, OfferItem, RestaurantItem } from "../shared/schemas/catalogue-items.ts";
import type { Database } from "./db/client.ts";
import { offerIdsByRestaurant, rankedDishIdsByRestaurant } from "./db/queries/catalogue-page-reads.ts";
import { dishesByIds } from "./db/queries/dish-reads.ts";
import { offerIdQueries, offersByIds } from "./db/queries/offer-reads.ts";
import { rankedIdQueries, rankedIds } from "./db/queries/ranked-ids.ts";
import { restaurantsByIds } from "./db/queries/restaurant-reads.ts";

export interface CataloguePages {
  dishes: Map<number, DishPageData>;
  restaurants: Map<number, RestaurantPageData>;
}

// Bound parameters per IN list: far below SQLite's limit, and large scales stay in chunks.
const CHUNK = 1000;

async function byId<T extends { id: number }>(
  ids: number[],
  read: (ids: number[]) => Promise<T[]>,
): Promise<Map<number, T>> {
  const items = new Map<number, T>();
  for (let start = 0; start < ids.length; start += CHUNK) {
    for (const item of await read(ids.slice(start, start + CHUNK))) items.set(item.id, item);
  }
  return items;
}

const pick = <T>(items: Map<number, T>, ids: number[]): T[] =>
  ids.flatMap((id) => {
    const item = items.get(id);
    return item ? [item] : [];
  });

export async function loadCataloguePages(db: Database, restaurantIds: number[]): Promise<CataloguePages> {
  const [rankedDishIds, offerIds] = await Promise.all([
    rankedDishIdsByRestaurant(db),
    offerIdsByRestaurant(db),
  ]);
  const shownOfferIds = [...offerIds.values()].flatMap((ids) => ids.slice(0, RESTAURANT_OFFERS));
  const [dishItems, restaurantItems, offerItems] = await Promise.all([
    byId<DishItem>([...rankedDishIds.values()].flat(), (ids) => dishesByIds(db, ids)),
    byId<RestaurantItem>(restaurantIds, (ids) => restaurantsByIds(db, ids)),
    byId<OfferItem>(shownOfferIds, (ids) => offersByIds(db, ids)),
  ]);

  const dishes = new Map<number, DishPageData>();
  const restaurants = new Map<number, RestaurantPageData>();
  for (const restaurant of restaurantItems.values()) {
    const ranked = pick(dishItems, rankedDishIds.get(restaurant.id) ?? []);
    for (const dish of ranked) {
      // The restaurant's best dishes other than this one, as page-data.ts loadDishPage picks
      // them from one more than it shows.
      const moreFromRestaurant = ranked
        .slice(0, RELATED_DISHES + 1)
        .filter((other) => other.id !== dish.id)
        .slice(0, RELATED_DISHES);
      dishes.set(dish.id, { dish, moreFromRestaurant });
    }
    restaurants.set(restaurant.id, {
      restaurant,
      offers: pick(offerItems, (offerIds.get(restaurant.id) ?? []).slice(0, RESTAURANT_OFFERS)),
      topDishes: ranked.slice(0, RELATED_DISHES),
    });
  }
  return { dishes, restaurants };
}

/** What a tag page shows (spec point 2, "Tag-filtered home"); the lists are the API's. */
export interface TagPageData {
  /** GET /offers/filter?tagName=&topNum=6 */
  offers: OfferItem[];
  /** GET /dishes/top/filter?tagName=&topNum=10 */
  topDishes: DishItem[];
  /** GET /restaurants/trendingbytag?tags=&topNum=1 */
  trendingRestaurant: RestaurantItem | undefined;
  /** GET /dishes/top?restaurantId={trendingRestaurant}&topNum=5 */
  trendingRestaurantDishes: DishItem[];
  /** GET /restaurants/top/filter?tagName=&topNum=5 */
  topRestaurants: RestaurantItem[];
  /** GET /dishes/trending?tagName=&topNum=1 */
  trendingDish: DishItem | undefined;
}

export const TAG_PAGE_SIZES = { offers: 6, topDishes: 10, topRestaurants: 5, restaurantDishes: 5 } as const;

export async function loadTagPages(db: Database, tagIds: number[]): Promise<Map<number, TagPageData>> {
  // Ids first, each list with the query its endpoint runs (one short index read each), then
  // the rows of every page in a few IN reads.
  const lists = new Map<number, { [K in keyof TagPageData]: number[] }>();
  for (const tagId of tagIds) {
    const [offers, topDishes, trendingRestaurant, topRestaurants, trendingDish] = await Promise.all([
      rankedIds(db, offerIdQueries.withTag(tagId, TAG_PAGE_SIZES.offers)),
      rankedIds(db, rankedIdQueries.topWithTag("dish", tagId, TAG_PAGE_SIZES.topDishes)),
      rankedIds(db, rankedIdQueries.trendingWithAnyTag("restaurant", [tagId], 1)),
      rankedIds(db, rankedIdQueries.topWithTag("restaurant", tagId, TAG_PAGE_SIZES.topRestaurants)),
      rankedIds(db, rankedIdQueries.trendingWithAnyTag("dish", [tagId], 1)),
    ]);
    const trendingRestaurantDishes = trendingRestaurant[0]
      ? await rankedIds(
          db,
          rankedIdQueries.dishesOfRestaurant(trendingRestaurant[0], TAG_PAGE_SIZES.restaurantDishes),
        )
      : [];
    lists.set(tagId, {
      offers,
      topDishes,
      trendingRestaurant,
      trendingRestaurantDishes,
      topRestaurants,
      trendingDish,
    });
  }
  const all = (...keys: (keyof TagPageData)[]) => [
    ...new Set([...lists.values()].flatMap((l) => keys.flatMap((k) => l[k]))),
  ];
  const [dishItems, restaurantItems, offerItems] = await Promise.all([
    byId<DishItem>(all("topDishes", "trendingRestaurantDishes", "trendingDish"), (ids) =>
      dishesByIds(db, ids),
    ),
    byId<RestaurantItem>(all("trendingRestaurant", "topRestaurants"), (ids) => restaurantsByIds(db, ids)),
    byId<OfferItem>(all("offers"), (ids) => offersByIds(db, ids)),
  ]);
  const pages = new Map<number, TagPageData>();
  for (const [tagId, l] of lists) {
    pages.set(tagId, {
      offers: pick(offerItems, l.offers),
      topDishes: pick(dishItems, l.topDishes),
      trendingRestaurant: pick(restaurantItems, l.trendingRestaurant)[0],
      trendingRestaurantDishes: pick(dishItems, l.trendingRestaurantDishes),
      topRestaurants: pick(restaurantItems, l.topRestaurants),
      trendingDish: pick(dishItems, l.trendingDish)[0],
    });
  }
  return pages;
}
