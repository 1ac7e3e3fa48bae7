// The filtered lists of a tag or area page (issue 24). The page itself is prerendered with the
// unfiltered lists; with filters in its address, these reads replace them: the same ranked
// lists through the API, with the filters as query parameters.
import {
  listFilterParams,
  onlyDishFilters,
  placeFilterParams,
  type ListFilters,
} from "../../components/filters/list-filters.ts";
import { api, listOf, type ApiClient } from "../../shared/api-client.ts";
import type { DishItem, RestaurantItem } from "../../shared/schemas/catalogue-items.ts";

export const FILTERED_TOP_NUM = 10;

export type FilterScope = "tag" | "area";

export interface FilteredLists {
  dishes: DishItem[];
  /** null when only dish filters (diet, free-from) are set: no restaurant list takes them. */
  restaurants: RestaurantItem[] | null;
}

export async function fetchFilteredLists(
  scope: FilterScope,
  name: string,
  filters: ListFilters,
  client: ApiClient = api,
): Promise<FilteredLists> {
  const dishQuery = { topNum: FILTERED_TOP_NUM, ...listFilterParams(filters) };
  const placeQuery = { topNum: FILTERED_TOP_NUM, ...placeFilterParams(filters) };
  const withRestaurants = !onlyDishFilters(filters);
  const [dishes, restaurants] = await Promise.all(
    scope === "tag"
      ? [
          listOf(client.dishes.top.filter.$get({ query: { tagName: name, ...dishQuery } })),
          withRestaurants
            ? listOf(client.restaurants.top.filter.$get({ query: { tagName: name, ...placeQuery } }))
            : null,
        ]
      : [
          listOf(client.dishes.top.location.$get({ query: { location: name, ...dishQuery } })),
          withRestaurants
            ? listOf(client.restaurants.top.location.$get({ query: { location: name, ...placeQuery } }))
            : null,
        ],
  );
  return { dishes, restaurants };
}
