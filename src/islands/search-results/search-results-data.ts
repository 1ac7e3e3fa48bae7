// The five searches behind the results page (spec points 2 and 7), each with keyword and
// location; the first trending restaurant and dish are "the" trending ones.
import type { ApiEnvelope, Dish, Offer, Restaurant } from "../../shared/catalogue-types.ts";

export const SEARCH_TOP_NUM = 10;
export const SEARCH_FAILED_MESSAGE = "Failed to fetch search results. Please try again.";

export interface SearchQuery {
  keyword: string;
  location: string;
}

export interface SearchResults {
  offers: Offer[];
  topDishes: Dish[];
  topRestaurants: Restaurant[];
  trendingRestaurant: Restaurant | null;
  trendingDish: Dish | null;
}

type Fetch = (input: string) => Promise<Response>;

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

async function list<T>(fetchFn: Fetch, path: string, query: SearchQuery, topNum: number): Promise<T[]> {
  const params = new URLSearchParams({ keyword: query.keyword, topNum: String(topNum) });
  if (query.location) params.set("location", query.location);
  const response = await fetchFn(`/api${path}?${params.toString()}`);
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  const body = (await response.json()) as ApiEnvelope<T[]>;
  return body.data ?? [];
}

export async function fetchSearchResults(query: SearchQuery, fetchFn: Fetch): Promise<SearchResults> {
  const [offers, topDishes, topRestaurants, trendingRestaurants, trendingDishes] = await Promise.all([
    list<Offer>(fetchFn, "/offers/search", query, 6),
    list<Dish>(fetchFn, "/dishes/searchByKeywordLocationTop", query, SEARCH_TOP_NUM),
    list<Restaurant>(fetchFn, "/restaurants/searchTop", query, SEARCH_TOP_NUM),
    list<Restaurant>(fetchFn, "/restaurants/searchTrending", query, 1),
    list<Dish>(fetchFn, "/dishes/searchTrending", query, 1),
  ]);
  return {
    offers,
    topDishes,
    topRestaurants,
    trendingRestaurant: trendingRestaurants[0] ?? null,
    trendingDish: trendingDishes[0] ?? null,
  };
}
