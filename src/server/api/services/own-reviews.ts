// An author's own review, for an edit or a delete (author only): finding it, and the guarded
// aggregate change of an item once its reviews change, recomputed from all of them.
import { aggregateOf } from "../../../domain/ranking.ts";
import { REVIEW_MESSAGES } from "../../../domain/review-rules.ts";
import { readAggregateRows, type AggregateChange } from "../db/queries/review-aggregates.ts";
import { postById, reviewsOfItem, type PostRow } from "../db/queries/reviews-reads.ts";
import type { AppDeps } from "../deps.ts";
import { ApiError } from "../http/envelope.ts";

export async function ownPost(deps: Pick<AppDeps, "db">, userId: number, postId: number): Promise<PostRow> {
  const post = await postById(deps.db, postId);
  if (!post) throw new ApiError(404, REVIEW_MESSAGES.reviewNotFound);
  if (post.authorId !== userId) throw new ApiError(403);
  return post;
}

export const subjectOf = (p: PostRow) =>
  p.restaurantId !== null
    ? { kind: "restaurant" as const, id: p.restaurantId }
    : { kind: "dish" as const, id: p.dishId! };

/** The guarded aggregate change of an item whose reviews become `remaining`. */
export async function recomputed(
  deps: Pick<AppDeps, "db">,
  kind: "restaurant" | "dish",
  id: number,
  transform: (
    reviews: Awaited<ReturnType<typeof reviewsOfItem>>,
  ) => Awaited<ReturnType<typeof reviewsOfItem>>,
): Promise<AggregateChange | undefined> {
  const [rows, reviews] = await Promise.all([
    readAggregateRows(deps.db, kind, [id]),
    reviewsOfItem(deps.db, kind, id),
  ]);
  const before = rows.get(id);
  if (!before) return undefined;
  const remaining = transform(reviews);
  return {
    kind,
    id,
    before,
    after: aggregateOf(remaining),
    reviewCountDelta: remaining.length - reviews.length,
  };
}
