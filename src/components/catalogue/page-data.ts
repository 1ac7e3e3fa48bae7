// What each catalogue page needs from the API, composed once for both renderers: a page
// rendered on demand (src/server/pages/catalogue-page-render.ts) calls it with the host's client;
// the offer and area pages call it at build with the build's (siteApi, the same client over
// app.request), and the dish and restaurant pages read the same answers in bulk
// (src/server/pages/catalogue-page-data.ts, tested equal to these loaders). Same calls, same exclusions, so both show the same content.
import { itemOf, listOf, type ApiClient } from "../../shared/api-client.ts";
import type { AreaItem, DishItem, OfferItem, RestaurantItem } from "../../shared/schemas/catalogue-items.ts";
import type { ReviewPause } from "../../shared/schemas/reviews.ts";
import type { itemPlaceFields } from "../../shared/schemas/near-queries.ts";
import type * as z from "../../shared/schemas/zod.ts";

export type CatalogueKind = "dish" | "restaurant" | "offers" | "area";

// Spec point 9: restaurant page top dishes 2 and offers 3; area page 6 and 6; a dish page
// shows the two top dishes of its restaurant.
export const RELATED_DISHES = 2;
export const RESTAURANT_OFFERS = 3;
export const AREA_TOP = 6;
export const OTHER_OFFERS = 3;

/** Where the item is (issue 31): GET /dishes/{id} and /restaurants/{id}'s place fields. */
export type ItemPlace = { [K in keyof typeof itemPlaceFields]: z.output<(typeof itemPlaceFields)[K]> };

/** An item by id, its place fields taken apart from the item the cards and details show. */
function withoutPlace<T extends ItemPlace>(found: T): [Omit<T, keyof ItemPlace>, ItemPlace] {
  const { postcodeDistrict, position, nearestStations, ...item } = found;
  return [item, { postcodeDistrict, position, nearestStations }];
}

export interface DishPageData {
  dish: DishItem;
  /** Issue 31; absent only in fixtures written before positions. */
  place?: ItemPlace;
  moreFromRestaurant: DishItem[];
  /** Only on a page rendered on demand (issue 21): prerendered pages leave it to the reviews island. */
  reviewPause?: ReviewPause;
}
export interface RestaurantPageData {
  restaurant: RestaurantItem;
  /** Issue 31; absent only in fixtures written before positions. */
  place?: ItemPlace;
  offers: OfferItem[];
  topDishes: DishItem[];
  /** Every dish it lists (GET /restaurants/{id}/menu, issue 30), rated best first, then unrated. */
  menu: DishItem[];
  reviewPause?: ReviewPause;
}
export interface OfferPageData {
  offer: OfferItem;
  otherOffers: OfferItem[];
}
export interface AreaPageData {
  area: AreaItem;
  topDishes: DishItem[];
  topRestaurants: RestaurantItem[];
}
export type PageData = {
  dish: DishPageData;
  restaurant: RestaurantPageData;
  offers: OfferPageData;
  area: AreaPageData;
};

/**
 * The item's review pause in force (GET /reviews/{kind}/{id}/pause, what its review lists
 * carry, without reading a page of reviews: issue 23), as a field to spread; nothing when not
 * paused or when it cannot be read: the notice is not worth failing the page for, and the
 * reviews island shows it too.
 */
async function pauseOf(page: Promise<{ reviewPause: ReviewPause | null } | null>): Promise<{ reviewPause?: ReviewPause }> {
  const answer = await page.catch(() => null);
  return answer?.reviewPause ? { reviewPause: answer.reviewPause } : {};
}

/** The restaurant's best dishes other than this one, from its dishes in ranked order. */
function moreFromRestaurant(rankedDishes: DishItem[], dishId: number): DishItem[] {
  return rankedDishes.filter((d) => d.id !== dishId).slice(0, RELATED_DISHES);
}

export async function loadDishPage(api: ApiClient, id: number): Promise<DishPageData | null> {
  const found = await itemOf(api.dishes[":id"].$get({ param: { id: String(id) } }));
  if (!found) return null;
  const [dish, place] = withoutPlace(found);
  // One more than shown, so the dish itself can be left out and two others remain.
  const [top, reviewPause] = await Promise.all([
    listOf(
      api.dishes.top.$get({ query: { restaurantId: String(dish.restaurantId), topNum: RELATED_DISHES + 1 } }),
    ),
    pauseOf(itemOf(api.reviews.dish[":id"].pause.$get({ param: { id: String(id) } }))),
  ]);
  return { dish, place, moreFromRestaurant: moreFromRestaurant(top, dish.id), ...reviewPause };
}

export async function loadRestaurantPage(api: ApiClient, id: number): Promise<RestaurantPageData | null> {
  const found = await itemOf(api.restaurants[":id"].$get({ param: { id: String(id) } }));
  if (!found) return null;
  // The owner's photos are shown live by the reviews island, not baked into the page: a page
  // built in bulk (catalogue-page-data.ts) and one rendered on demand carry the same data.
  const { ownerPhotos: _shownLive, ...rest } = found;
  const [restaurant, place] = withoutPlace(rest);
  const [offers, menu, reviewPause] = await Promise.all([
    listOf(
      api.offers.restaurant[":id"].$get({ param: { id: String(id) }, query: { topNum: RESTAURANT_OFFERS } }),
    ),
    listOf(api.restaurants[":id"].menu.$get({ param: { id: String(id) } })),
    pauseOf(itemOf(api.reviews.restaurant[":id"].pause.$get({ param: { id: String(id) } }))),
  ]);
  // The menu is in the order of /dishes/top?restaurantId=: its top dishes are its first ones.
  return { restaurant, place, offers, topDishes: menu.slice(0, RELATED_DISHES), menu, ...reviewPause };
}

export async function loadOfferPage(api: ApiClient, id: number): Promise<OfferPageData | null> {
  const offer = await itemOf(api.offers[":id"].$get({ param: { id: String(id) } }));
  if (!offer) return null;
  // The same restaurant's other deals first; London-wide ones fill the list up.
  const [sameRestaurant, elsewhere] = await Promise.all([
    listOf(
      api.offers.restaurant[":id"].$get({
        param: { id: String(offer.restaurantId) },
        query: { topNum: OTHER_OFFERS + 1 },
      }),
    ),
    listOf(api.offers.randomGet.$get({ query: { topNum: OTHER_OFFERS + 1 } })),
  ]);
  const seen = new Set([offer.id]);
  const otherOffers = [...sameRestaurant, ...elsewhere].filter((o) => !seen.has(o.id) && seen.add(o.id));
  return { offer, otherOffers: otherOffers.slice(0, OTHER_OFFERS) };
}

export async function loadAreaPage(api: ApiClient, id: number): Promise<AreaPageData | null> {
  const area = await itemOf(api.areas[":id"].$get({ param: { id: String(id) } }));
  if (!area) return null;
  const query = { location: area.areaName, topNum: AREA_TOP };
  const [topDishes, topRestaurants] = await Promise.all([
    listOf(api.dishes.top.location.$get({ query })),
    listOf(api.restaurants.top.location.$get({ query })),
  ]);
  return { area, topDishes, topRestaurants };
}

export const PAGE_LOADERS: {
  [K in CatalogueKind]: (api: ApiClient, id: number) => Promise<PageData[K] | null>;
} = {
  dish: loadDishPage,
  restaurant: loadRestaurantPage,
  offers: loadOfferPage,
  area: loadAreaPage,
};

/** Spec point 8: the page's failure and no-data messages, word for word. */
export const PAGE_MESSAGES: { [K in CatalogueKind]: { failed: string; noData: string } } = {
  dish: { failed: "Failed to fetch dish data", noData: "No dish data found" },
  restaurant: { failed: "Failed to fetch restaurant data", noData: "No restaurant data found" },
  offers: { failed: "Failed to fetch Offer data", noData: "No offer data found" },
  area: { failed: "Failed to fetch data", noData: "No area data found" },
};

export const EMPTY_AREA_DISHES = "No dishes found in this area";
export const EMPTY_AREA_RESTAURANTS = "No restaurants found in this area";
