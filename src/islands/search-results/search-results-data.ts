// The five searches behind the results page (spec points 2 and 7), each with keyword and
// location; the first trending restaurant and dish are "the" trending ones.
import { ALLERGEN_IDS, type AllergenId } from "../../domain/allergens.ts";
import { DIET_IDS, type DietId } from "../../domain/diets.ts";
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
}

/** keyword and location from the page URL; null when there is no keyword to search. */
export function readSearchQuery(search: string): SearchQuery | null {
  const params = new URLSearchParams(search);
  const keyword = (params.get("keyword") ?? "").trim();
  if (!keyword) return null;
  return { keyword: keyword.slice(0, 200), location: (params.get("location") ?? "").trim() };
}

/**
 * The dish filters on owner-declared facts (issue 22, docs/owners.md): a diet, and "free from"
 * an allergen. They narrow the dish searches only; an unknown id in the URL is no filter.
 */
export interface DishFilters {
  diet?: DietId;
  freeFrom?: AllergenId;
}

export function readDishFilters(search: string): DishFilters {
  const params = new URLSearchParams(search);
  const diet = params.get("diet");
  const freeFrom = params.get("freeFrom");
  return {
    ...((DIET_IDS as readonly string[]).includes(diet ?? "") ? { diet: diet as DietId } : {}),
    ...((ALLERGEN_IDS as readonly string[]).includes(freeFrom ?? "") ? { freeFrom: freeFrom as AllergenId } : {}),
  };
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

/** Any failed search rejects, so the page shows its one failure message. */
export async function fetchSearchResults(
  query: SearchQuery,
  client: ApiClient = api,
  filters: DishFilters = {},
): Promise<SearchResults> {
  const words = { keyword: query.keyword, ...(query.location ? { location: query.location } : {}) };
  const dishWords = { ...words, ...filters };
  const [offers, topDishes, topRestaurants, trendingRestaurants, trendingDishes] = await Promise.all([
    listOf(client.offers.search.$get({ query: { ...words, topNum: 6 } })),
    listOf(client.dishes.searchByKeywordLocationTop.$get({ query: { ...dishWords, topNum: SEARCH_TOP_NUM } })),
    listOf(client.restaurants.searchTop.$get({ query: { ...words, topNum: SEARCH_TOP_NUM } })),
    listOf(client.restaurants.searchTrending.$get({ query: { ...words, topNum: 1 } })),
    listOf(client.dishes.searchTrending.$get({ query: { ...dishWords, topNum: 1 } })),
  ]);
  return {
    offers,
    topDishes,
    topRestaurants,
    trendingRestaurant: trendingRestaurants[0] ?? null,
    trendingDish: trendingDishes[0] ?? null,
  };
}
