// Build-time data for the prerendered dish, restaurant and tag pages, read together rather
// than page by page through the API: there a restaurant page cost three requests and a tag
// page six, about 6 and 12 ms of CPU, nearly all of it reading a handful of rows at a time.
// The items come from the same row readers the endpoints answer with (dishesByIds,
// restaurantsByIds, offersByIds), and the lists from the same ranking queries in the same
// order, so a prerendered page shows what the API, and so a page rendered on demand
// (src/components/catalogue/page-data.ts), shows: catalogue-page-data.test.ts compares the
// two for every item and tag of the test catalogue.
import {
  RELATED_DISHES,
  RESTAURANT_OFFERS,
  type DishPageData,
  type RestaurantPageData,
} from "../../components/catalogue/page-data.ts";
import { MAX_DISHES_PER_RESTAURANT } from "../../domain/owners.ts";
import type { DishItem, OfferItem, RestaurantItem } from "../../shared/schemas/catalogue-items.ts";
import type { SQL } from "drizzle-orm";
import type { Database } from "../api/db/client.ts";
import type { CatalogueIds } from "../api/db/queries/catalogue-ids.ts";
import { dishesByIds } from "../api/db/queries/dish-reads.ts";
import { offerIdQueries, offersByIds } from "../api/db/queries/offer-reads.ts";
import { rankedIdQueries, rankedIds } from "../api/db/queries/ranked-reads.ts";
import { restaurantsByIds } from "../api/db/queries/restaurant-reads.ts";
import type { ReferenceData } from "../api/deps.ts";
import { diskReferenceData } from "../api/reference-data-disk.ts";
import { itemPlace } from "../api/routes/near-http.ts";

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

/**
 * The data of these dish and restaurant pages and nothing else: the rows they show and, per
 * restaurant involved, its best dishes and first offers through the API's own list queries
 * (one short index read each), so a refresh that rebuilds a few pages reads a few rows.
 */
export async function loadCataloguePages(
  db: Database,
  pages: Pick<CatalogueIds, "dishes" | "restaurants">,
  // Node only (the build, the site refresh): the nearest stations from data/ on disk.
  referenceData: ReferenceData = diskReferenceData(),
): Promise<CataloguePages> {
  const [pageDishes, restaurantItems] = await Promise.all([
    byId<DishItem>(pages.dishes, (ids) => dishesByIds(db, ids)),
    byId<RestaurantItem>(pages.restaurants, (ids) => restaurantsByIds(db, ids)),
  ]);
  const restaurantIds = [
    ...new Set([...restaurantItems.keys(), ...[...pageDishes.values()].map((d) => d.restaurantId)]),
  ];
  // One dish more than a page shows, so a dish page can leave itself out and keep two others,
  // as page-data.ts loadDishPage asks for.
  // A restaurant page lists its whole menu (issue 30), as GET /restaurants/{id}/menu does.
  const [rankedDishIds, offerIds] = await Promise.all([
    idsByRestaurant(restaurantIds, (id) =>
      rankedIdQueries.dishesOfRestaurant(id, restaurantItems.has(id) ? MAX_DISHES_PER_RESTAURANT : RELATED_DISHES + 1),
    ),
    idsByRestaurant([...restaurantItems.keys()], (id) => offerIdQueries.ofRestaurant(id, RESTAURANT_OFFERS)),
  ]);
  const listedDishIds = [...rankedDishIds.values()].flat().filter((id) => !pageDishes.has(id));
  const [listedDishes, offerItems] = await Promise.all([
    byId<DishItem>([...new Set(listedDishIds)], (ids) => dishesByIds(db, ids)),
    byId<OfferItem>([...offerIds.values()].flat(), (ids) => offersByIds(db, ids)),
  ]);
  const dishItems = new Map([...pageDishes, ...listedDishes]);
  // A dish is where its restaurant is: one position read per restaurant (issue 31).
  const places = new Map(
    await Promise.all(restaurantIds.map(async (id) => [id, await itemPlace({ db, referenceData }, "restaurant", id)] as const)),
  );
  const ranked = (restaurantId: number) => pick(dishItems, rankedDishIds.get(restaurantId) ?? []);

  const dishes = new Map<number, DishPageData>();
  for (const dish of pageDishes.values()) {
    const moreFromRestaurant = ranked(dish.restaurantId)
      .filter((other) => other.id !== dish.id)
      .slice(0, RELATED_DISHES);
    dishes.set(dish.id, { dish, place: places.get(dish.restaurantId)!, moreFromRestaurant });
  }
  const restaurants = new Map<number, RestaurantPageData>();
  for (const restaurant of restaurantItems.values()) {
    restaurants.set(restaurant.id, {
      restaurant,
      place: places.get(restaurant.id)!,
      offers: pick(offerItems, offerIds.get(restaurant.id) ?? []),
      topDishes: ranked(restaurant.id).slice(0, RELATED_DISHES),
      menu: ranked(restaurant.id),
    });
  }
  return { dishes, restaurants };

  async function idsByRestaurant(ids: number[], query: (id: number) => SQL): Promise<Map<number, number[]>> {
    const lists = await Promise.all(ids.map((id) => rankedIds(db, query(id))));
    return new Map(ids.map((id, i) => [id, lists[i]!]));
  }
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
