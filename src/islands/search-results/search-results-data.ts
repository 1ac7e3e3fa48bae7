// The five searches behind the results page (spec points 2 and 7), each with keyword and
// location; the first trending restaurant and dish are "the" trending ones. Top dishes and
// top restaurants page on (issue 30): each answer carries how many match and the next
// page's cursor, and the page URL keeps how many pages are shown (dishPages, restaurantPages).
import {
  hasListFilters,
  listFilterParams,
  placeFilterParams,
  type ListFilters,
} from "../../components/filters/list-filters.ts";
import { readDeclaredList } from "../../components/filters/undeclared-dishes.ts";
import { nearApiParams, type Near } from "../../client/near-place.ts";
import { MAX_SEARCH_PAGES, SEARCH_PAGE_SIZE, type MatchCount } from "../../domain/search-pages.ts";
import type { ClientResponse } from "hono/client";
import { api, itemOf, listOf, type ApiClient } from "../../shared/api-client.ts";
import type { DishItem, OfferItem, RestaurantItem } from "../../shared/schemas/catalogue-items.ts";
import type { NamedPlace } from "../../shared/schemas/search-pages.ts";

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
  /** Issue 30: how many dishes and restaurants match, and where their next pages start. */
  dishMatches?: MatchCount;
  restaurantMatches?: MatchCount;
  dishCursor?: string | null;
  restaurantCursor?: string | null;
  /** Issue 31: the station or district the words ended with ("ramen near Old Street"). */
  place?: NamedPlace | null;
}

/** How many pages of each list the page shows (1 each unless Show more was pressed). */
export interface ShownPages {
  dishPages: number;
  restaurantPages: number;
}

export type PagedKind = "dish" | "restaurant";
export const PAGE_PARAM = { dish: "dishPages", restaurant: "restaurantPages" } as const;

const pagesFrom = (value: string | null) => {
  const pages = Number(value);
  return Number.isInteger(pages) && pages >= 1 ? Math.min(pages, MAX_SEARCH_PAGES) : 1;
};

/** dishPages and restaurantPages from the page URL: 1 when absent or not a page count. */
export function readShownPages(search: string): ShownPages {
  const params = new URLSearchParams(search);
  return {
    dishPages: pagesFrom(params.get(PAGE_PARAM.dish)),
    restaurantPages: pagesFrom(params.get(PAGE_PARAM.restaurant)),
  };
}

/** The page URL with `kind`'s page count set (left out at 1), the rest as it was. */
export function withShownPages(href: string, kind: PagedKind, pages: number): string {
  const url = new URL(href);
  if (pages > 1) url.searchParams.set(PAGE_PARAM[kind], String(pages));
  else url.searchParams.delete(PAGE_PARAM[kind]);
  return url.pathname + url.search + url.hash;
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

/** How many match: from the answers' counts, else (an older answer) what is shown. */
export function matchCounts(results: SearchResults): { dishes: MatchCount; restaurants: MatchCount } {
  return {
    dishes: results.dishMatches ?? { count: results.topDishes.length, capped: false },
    restaurants: results.restaurantMatches ?? { count: results.topRestaurants.length, capped: false },
  };
}

/** The words every dish and restaurant search of the page sends. */
function searchWords(query: SearchQuery, near: Near | null) {
  // Issue 31: near a place, every dish and restaurant search takes it (offers do not: none).
  const text = { keyword: query.keyword, ...(query.location ? { location: query.location } : {}) };
  return { text, words: { ...text, ...nearApiParams(near) } };
}

/**
 * Any failed search rejects, so the page shows its one failure message. Filters (issue 24)
 * narrow the dish searches by price, open now, diet and free-from, the restaurant searches by
 * price, open now and diet (issue 30); offers are not filtered, so a filtered search shows none.
 * `pages` reads that many pages of top dishes and restaurants at once (a reload after Show more).
 */
export async function fetchSearchResults(
  query: SearchQuery,
  client: ApiClient = api,
  filters: ListFilters = {},
  near: Near | null = null,
  pages: ShownPages = { dishPages: 1, restaurantPages: 1 },
): Promise<SearchResults> {
  const { text, words } = searchWords(query, near);
  const dishWords = { ...words, ...listFilterParams(filters) };
  const placeWords = { ...words, ...placeFilterParams(filters) };
  let dishPage: { matches: MatchCount | null; nextCursor: string | null; place?: NamedPlace | null } | undefined;
  // readDeclaredList reads `filters` itself first, then maybe "with undeclared" to count.
  const readTopDishes = async (f: ListFilters) => {
    const page = await pageOf(
      client.dishes.search.$get({
        query: { ...words, ...listFilterParams(f), topNum: SEARCH_PAGE_SIZE * pages.dishPages },
      }),
    );
    if (f === filters) dishPage = page;
    return page.items;
  };
  const [offers, top, restaurantPage, trendingRestaurants, trendingDishes] = await Promise.all([
    hasListFilters(filters) || near
      ? []
      : listOf(client.offers.search.$get({ query: { ...text, topNum: 6 } })),
    readDeclaredList(filters, readTopDishes),
    pageOf(
      client.restaurants.search.$get({
        query: { ...placeWords, topNum: SEARCH_PAGE_SIZE * pages.restaurantPages },
      }),
    ),
    listOf(client.restaurants.searchTrending.$get({ query: { ...placeWords, topNum: 1 } })),
    listOf(client.dishes.searchTrending.$get({ query: { ...dishWords, topNum: 1 } })),
  ]);
  return {
    offers,
    topDishes: top.dishes,
    topRestaurants: restaurantPage.items,
    trendingRestaurant: trendingRestaurants[0] ?? null,
    trendingDish: trendingDishes[0] ?? null,
    hiddenDishes: top.hidden,
    undeclaredDishes: top.undeclared,
    dishMatches: dishPage?.matches ?? undefined,
    restaurantMatches: restaurantPage.matches ?? undefined,
    dishCursor: dishPage?.nextCursor ?? null,
    restaurantCursor: restaurantPage.nextCursor,
    place: restaurantPage.place ?? dishPage?.place ?? null,
  };
}

export interface SearchPage<T> {
  items: T[];
  matches: MatchCount | null;
  nextCursor: string | null;
  place?: NamedPlace | null;
}

/** A search page's answer; a search never answers 404, but an empty page reads as one. */
async function pageOf<R extends ClientResponse<unknown, number, string>>(call: Promise<R>) {
  return (await itemOf(call)) ?? { items: [], matches: { count: 0, capped: false }, nextCursor: null, place: null };
}

/** The next page of top dishes or restaurants after `cursor`, with the filters shown. */
export async function fetchMoreResults(
  kind: PagedKind,
  query: SearchQuery,
  cursor: string,
  filters: ListFilters = {},
  near: Near | null = null,
  client: ApiClient = api,
): Promise<{ dishes?: DishItem[]; restaurants?: RestaurantItem[]; nextCursor: string | null }> {
  const { words } = searchWords(query, near);
  if (kind === "dish") {
    const page = await pageOf(
      client.dishes.search.$get({ query: { ...words, ...listFilterParams(filters), cursor } }),
    );
    return { dishes: page.items, nextCursor: page.nextCursor };
  }
  const page = await pageOf(
    client.restaurants.search.$get({ query: { ...words, ...placeFilterParams(filters), cursor } }),
  );
  return { restaurants: page.items, nextCursor: page.nextCursor };
}
