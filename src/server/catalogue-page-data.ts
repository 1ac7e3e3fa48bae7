// Build-time data for every dish and restaurant page at once (about 95% of the prerendered
// pages). Per page through the API, a restaurant page cost three requests and about 6 ms of
// CPU; here the whole catalogue is a handful of statements. The items come from the same
// row readers the by-id and list endpoints answer with (dishesByIds, restaurantsByIds,
// offersByIds) and the lists keep the endpoints' order, so a page shows what its client
// fallback (src/components/catalogue/page-data.ts over the API) shows for the same id:
// catalogue-page-data.test.ts compares the two for every item of the test catalogue.
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
import { offersByIds } from "./db/queries/offer-reads.ts";
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
  const [rankedDishIds, offerIds] = await Promise.all([rankedDishIdsByRestaurant(db), offerIdsByRestaurant(db)]);
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
