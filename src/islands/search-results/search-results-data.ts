// The five searches behind the results page (spec points 2 and 7), each with keyword and
// location; the first trending restaurant and dish are "the" trending ones.
import {
  hasListFilters,
  listFilterParams,
  placeFilterParams,
  type ListFilters,
} from "../../components/filters/list-filters.ts";
import { readDeclaredList } from "../../components/filters/undeclared-dishes.ts";
import { nearApiParams, type Near } from "../../client/near-place.ts";
import { api, listOf, type ApiClient } from "../../shared/api-client.ts";
import type { DishItem, OfferItem, RestaurantItem } from "../../shared/schemas/catalogue-items.ts";

export const SEARCH_TOP_NUM = 10;
export const SEARCH_FAILED_MESSAGE = "Failed to fetch search results. Please try again.";

export interface SearchQuery {
  keyword: string;
  location: string;
}

export interface SearchResults {
  offers: OfferItem[];
  topDishes: DishItem[];
  topRestaurants: RestaurantItem[];
  trendingRestaurant: RestaurantItem | null;
  trendingDish: DishItem | null;
  /** Issue 30: top dishes a diet or free-from filter left out for having no declaration. */
  hiddenDishes?: number;
  /** Issue 30: top dishes shown, marked, only because undeclared dishes were asked for. */
  undeclaredDishes?: number;
}

/** keyword and location from the page URL; null when there is no keyword to search. */
export function readSearchQuery(search: string): SearchQuery | null {
  const params = new URLSearchParams(search);
  const keyword = (params.get("keyword") ?? "").trim();
  if (!keyword) return null;
  return { keyword: keyword.slice(0, 200), location: (params.get("location") ?? "").trim() };
}

export function hasAnyResult(results: SearchResults): boolean {
  return (
    results.offers.length > 0 ||
    results.topDishes.length > 0 ||
    results.topRestaurants.length > 0 ||
    results.trendingRestaurant !== null ||
    results.trendingDish !== null
  );
}

/** How many dishes and restaurants the page lists: "12 results" counts what is shown. */
export function resultCount(results: SearchResults): number {
  return results.topDishes.length + results.topRestaurants.length;
}

/**
 * Any failed search rejects, so the page shows its one failure message. Filters (issue 24)
 * narrow the dish searches by price, open now, diet and free-from, the restaurant searches by
 * price, open now and diet (issue 30); offers are not filtered, so a filtered search shows none.
 */
export async function fetchSearchResults(
  query: SearchQuery,
  client: ApiClient = api,
  filters: ListFilters = {},
  near: Near | null = null,
): Promise<SearchResults> {
  // Issue 31: near a place, every dish and restaurant search takes it (offers do not: none).
  const text = { keyword: query.keyword, ...(query.location ? { location: query.location } : {}) };
  const words = { ...text, ...nearApiParams(near) };
  const dishWords = { ...words, ...listFilterParams(filters) };
  const placeWords = { ...words, ...placeFilterParams(filters) };
  const readTopDishes = (f: ListFilters) =>
    listOf(
      client.dishes.searchByKeywordLocationTop.$get({
        query: { ...words, ...listFilterParams(f), topNum: SEARCH_TOP_NUM },
      }),
    );
  const [offers, top, topRestaurants, trendingRestaurants, trendingDishes] = await Promise.all([
    hasListFilters(filters) || near
      ? []
      : listOf(client.offers.search.$get({ query: { ...text, topNum: 6 } })),
    readDeclaredList(filters, readTopDishes),
    listOf(client.restaurants.searchTop.$get({ query: { ...placeWords, topNum: SEARCH_TOP_NUM } })),
    listOf(client.restaurants.searchTrending.$get({ query: { ...placeWords, topNum: 1 } })),
    listOf(client.dishes.searchTrending.$get({ query: { ...dishWords, topNum: 1 } })),
  ]);
  return {
    offers,
    topDishes: top.dishes,
    topRestaurants,
    trendingRestaurant: trendingRestaurants[0] ?? null,
    trendingDish: trendingDishes[0] ?? null,
    hiddenDishes: top.hidden,
    undeclaredDishes: top.undeclared,
  };
}
