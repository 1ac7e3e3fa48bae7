// The filtered lists of a tag or area page (issue 24). The page itself is prerendered with the
// unfiltered lists; with filters in its address, these reads replace them: the same ranked
// lists through the API, with the filters as query parameters. Issue 31: with a place in the
// address too (near-place.ts), the lists are those within its distance, each item with its
// distance, as search results are.
import {
  listFilterParams,
  onlyDishFilters,
  placeFilterParams,
  type ListFilters,
} from "../../components/filters/list-filters.ts";
import { readDeclaredList } from "../../components/filters/undeclared-dishes.ts";
import { nearApiParams, type Near } from "../../client/near-place.ts";
import { api, listOf, type ApiClient } from "../../shared/api-client.ts";
import type { DishItem, RestaurantItem } from "../../shared/schemas/catalogue-items.ts";

export const FILTERED_TOP_NUM = 10;

export type FilterScope = "tag" | "area";

/** An item listed near a place carries its distance (the API's distanceMeters). */
type Listed<T> = T & { distanceMeters?: number };

export interface FilteredLists {
  dishes: Listed<DishItem>[];
  /** Issue 30: dishes left out for having no declaration, or shown marked (undeclared-dishes.ts). */
  hiddenDishes: number;
  undeclaredDishes: number;
  /** null when only free-from is set: no restaurant list takes it. */
  restaurants: Listed<RestaurantItem>[] | null;
}

export async function fetchFilteredLists(
  scope: FilterScope,
  name: string,
  filters: ListFilters,
  near: Near | null = null,
  client: ApiClient = api,
): Promise<FilteredLists> {
  const nearQuery = nearApiParams(near);
  const placeQuery = { topNum: FILTERED_TOP_NUM, ...placeFilterParams(filters), ...nearQuery };
  const withRestaurants = !onlyDishFilters(filters);
  const readDishes = (f: ListFilters) => {
    const dishQuery = { topNum: FILTERED_TOP_NUM, ...listFilterParams(f), ...nearQuery };
    return scope === "tag"
      ? listOf(client.dishes.top.filter.$get({ query: { tagName: name, ...dishQuery } }))
      : listOf(client.dishes.top.location.$get({ query: { location: name, ...dishQuery } }));
  };
  const [dishes, restaurants] = await Promise.all([
    readDeclaredList(filters, readDishes),
    !withRestaurants
      ? null
      : scope === "tag"
        ? listOf(client.restaurants.top.filter.$get({ query: { tagName: name, ...placeQuery } }))
        : listOf(client.restaurants.top.location.$get({ query: { location: name, ...placeQuery } })),
  ]);
  return {
    dishes: dishes.dishes,
    hiddenDishes: dishes.hidden,
    undeclaredDishes: dishes.undeclared,
    restaurants,
  };
}
