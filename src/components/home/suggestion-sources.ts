// What the search island suggests from (spec point 5): every tag name and the names of the
// dishes the page already lists, de-duplicated, so suggestions need no request.
import type { DishItem as Dish, TagItem as Tag } from "../../shared/schemas/catalogue-items.ts";

export const MAX_SUGGESTED_DISH_NAMES = 60;

export function searchSuggestionSources(tags: readonly Tag[], dishLists: ReadonlyArray<readonly Dish[]>) {
  const dishNames = [...new Set(dishLists.flat().map((dish) => dish.dishName))].slice(0, MAX_SUGGESTED_DISH_NAMES);
  return { tagNames: tags.map((tag) => tag.tagName), dishNames };
}
