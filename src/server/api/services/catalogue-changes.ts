// The last step of every catalogue write: after its transaction commits, the service names
// the dishes and restaurants it changed and the cache drops every read that shows them
// (cache/scopes.ts). Routes never touch the cache; a service that writes calls this.
import { changeScopes, type Scope } from "../cache/scopes.ts";
import { changedDishes, changedRestaurants } from "../db/queries/changed-items.ts";
import type { AppDeps } from "../deps.ts";

export interface CatalogueChanges {
  dishIds?: number[];
  restaurantIds?: number[];
  offers?: { id: number; restaurantId: number }[];
}

export async function publishCatalogueChanges(
  deps: Pick<AppDeps, "db" | "cache" | "onCatalogueChange">,
  { dishIds = [], restaurantIds = [], offers = [] }: CatalogueChanges,
): Promise<void> {
  const [dishFacts, restaurantFacts] = await Promise.all([
    changedDishes(deps.db, [...new Set(dishIds)]),
    changedRestaurants(deps.db, [...new Set(restaurantIds)]),
  ]);
  const scopes: Scope[] = [
    ...dishFacts.flatMap(changeScopes.dish),
    ...restaurantFacts.flatMap(changeScopes.restaurant),
    ...offers.flatMap(changeScopes.offer),
  ];
  deps.cache.invalidate([...new Set(scopes)]);
  await deps.onCatalogueChange?.({ dishIds, restaurantIds, offers });
}
