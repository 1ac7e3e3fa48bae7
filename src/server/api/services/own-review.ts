// The caller's own live review of one item (issue 30), read when the composer's place is
// chosen: the same answer a second post would get in its 409 (review-post.ts).
import type { AppDeps } from "../deps.ts";
import { existingReviews, type ExistingReview } from "../db/queries/review-voices.ts";

export async function ownReviewOf(
  deps: Pick<AppDeps, "db">,
  userId: number,
  kind: "restaurant" | "dish",
  itemId: number,
): Promise<ExistingReview | null> {
  const [mine] =
    kind === "restaurant"
      ? await existingReviews(deps.db, userId, itemId, [])
      : await existingReviews(deps.db, userId, undefined, [itemId]);
  return mine ?? null;
}
