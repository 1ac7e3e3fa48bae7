// The last step of every catalogue write: after its transaction commits, the service names
// the dishes and restaurants it changed and the cache drops every read that shows them
// (cache/scopes.ts). Routes never touch the cache; a service that writes calls this.
import { changeScopes, readScopes, type Scope } from "../cache/scopes.ts";
import { changedDishes, changedRestaurants } from "../db/queries/changed-items.ts";
import type { AppDeps } from "../deps.ts";

export interface CatalogueChanges {
  dishIds?: number[];
  restaurantIds?: number[];
  offers?: { id: number; restaurantId: number }[];
  /** An item was added or its tags edited: how many items carry each tag changed. */
  tagsChanged?: boolean;
  /**
   * What the items showed before the write, read before it (changeScopes of their old tags and
   * places): a moderator's merge or edit moves an item out of lists its present facts no longer name.
   */
  formerScopes?: Scope[];
  /**
   * A moderation decision or appeal (issue 21): the transparency report's figures changed, so on
   * Node the site refresh rebuilds /transparency even when no catalogue item changed.
   */
  transparency?: boolean;
}

export async function publishCatalogueChanges(
  deps: Pick<AppDeps, "db" | "cache" | "onCatalogueChange">,
  {
    dishIds = [],
    restaurantIds = [],
    offers = [],
    tagsChanged = false,
    formerScopes = [],
    transparency = false,
  }: CatalogueChanges,
): Promise<void> {
  const [dishFacts, restaurantFacts] = await Promise.all([
    changedDishes(deps.db, [...new Set(dishIds)]),
    changedRestaurants(deps.db, [...new Set(restaurantIds)]),
  ]);
  const scopes: Scope[] = [
    ...dishFacts.flatMap(changeScopes.dish),
    ...restaurantFacts.flatMap(changeScopes.restaurant),
    ...offers.flatMap(changeScopes.offer),
    ...(tagsChanged ? [readScopes.tagUsage] : []),
    ...formerScopes,
    // The transparency report counts reviews as well as decisions: any catalogue write may move it.
    readScopes.transparency,
  ];
  deps.cache.invalidate([...new Set(scopes)]);
  // A restaurant's page lists its dishes with their ratings and allergens: a dish's write changes
  // that page too, which the hosts then rebuild, re-render or purge (issue 30).
  const pageRestaurantIds = [...new Set([...restaurantIds, ...dishFacts.map((dish) => dish.restaurantId)])];
  await deps.onCatalogueChange?.({
    dishIds,
    restaurantIds: pageRestaurantIds,
    offers,
    ...(transparency ? { transparency } : {}),
  });
}

/**
 * How a person's reviews show changed: who may see them (their account went private or
 * public) or the photo they show beside them (a new avatar). The item lists that list those
 * reviews, and nothing else: an item's rating counts every review whoever wrote it, so no
 * ranking or page changes and nothing is rebuilt.
 */
export function publishReviewVisibilityChanges(
  deps: Pick<AppDeps, "cache">,
  items: { dishIds: number[]; restaurantIds: number[] },
): void {
  deps.cache.invalidate(changeScopes.reviewer(items));
}
