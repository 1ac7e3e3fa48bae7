// Recording reviews for the API: the posts and the ranking aggregates in one transaction
// (db/queries/reviews.ts), then every cached read that shows the rated items is dropped.
// The seed writes through recordReviews directly: it runs before any server caches a read.
import { recordReviews, type NewReview } from "../db/queries/reviews.ts";
import type { AppDeps } from "../deps.ts";
import { publishCatalogueChanges } from "./catalogue-changes.ts";

export async function postReviews(
  deps: Pick<AppDeps, "db" | "cache">,
  reviews: NewReview[],
): Promise<number[]> {
  const ids = await recordReviews(deps.db, reviews);
  await publishCatalogueChanges(deps, {
    dishIds: reviews.flatMap((r) => ("dishId" in r ? [r.dishId] : [])),
    restaurantIds: reviews.flatMap((r) => ("restaurantId" in r ? [r.restaurantId] : [])),
  });
  return ids;
}
