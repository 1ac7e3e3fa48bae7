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
}

export async function publishCatalogueChanges(
  deps: Pick<AppDeps, "db" | "cache" | "onCatalogueChange">,
  { dishIds = [], restaurantIds = [], offers = [], tagsChanged = false }: CatalogueChanges,
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
  ];
  deps.cache.invalidate([...new Set(scopes)]);
  await deps.onCatalogueChange?.({ dishIds, restaurantIds, offers });
}

/**
 * Who may see a person's reviews changed (their account went private or public): the item
 * lists that listed or left out those reviews, and nothing else. An item's rating counts every
 * review whoever may see it, so no ranking or page changes and nothing is rebuilt.
 */
export function publishReviewVisibilityChanges(
  deps: Pick<AppDeps, "cache">,
  items: { dishIds: number[]; restaurantIds: number[] },
): void {
  deps.cache.invalidate([
    ...items.dishIds.map((id) => readScopes.reviewsOf("dish", id)),
    ...items.restaurantIds.map((id) => readScopes.reviewsOf("restaurant", id)),
  ]);
}
