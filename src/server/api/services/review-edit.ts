// Editing one's own review (issue 20): the new text, rating or incentive answer, the version
// it replaces kept for moderators, and the aggregates recomputed, in one batch.
import { REVIEW_MESSAGES } from "../../../domain/review-rules.ts";
import { runBatch } from "../db/batch.ts";
import { aggregateStatements, type AggregateChange } from "../db/queries/review-aggregates.ts";
import {
  keepVersionsStatement,
  updateGroupIncentiveStatement,
  updateReviewStatement,
} from "../db/queries/review-edits.ts";
import { postsInGroups, type PostRow } from "../db/queries/reviews-reads.ts";
import { withStaleRetries } from "../db/with-stale-retries.ts";
import type { AppDeps } from "../deps.ts";
import { ApiError, fieldError } from "../http/envelope.ts";
import { publishCatalogueChanges } from "./catalogue-changes.ts";
import { holdRewriteOfRemoved } from "./moderation-rewrites.ts";
import { ownPost, recomputed, subjectOf } from "./own-reviews.ts";

type Deps = Pick<AppDeps, "db" | "cache" | "now" | "writes">;

export interface ReviewEdit {
  content?: string;
  ratingTenths?: number;
  incentivised?: boolean;
}

export async function updateReview(
  deps: Deps,
  userId: number,
  postId: number,
  edit: ReviewEdit,
): Promise<void> {
  const post = await ownPost(deps, userId, postId);
  const next = editedReview(post, edit);
  const { kind, id } = subjectOf(post);
  // The incentive answer covers the whole review: a restaurant review's dish reviews follow it.
  const group =
    edit.incentivised !== undefined && post.restaurantId !== null
      ? await postsInGroups(deps.db, [post.id])
      : [];
  const now = deps.now();
  const changedDishes = [...new Set(group.map((g) => g.dishId!))];
  // In the app's write queue, in turn with every other aggregate write (write-queue.ts).
  await deps.writes.run(userId, () =>
    withStaleRetries(async () => {
      const changes = await editChanges(deps, post, next, group);
      // Every edit keeps what it replaces as a version for moderators (issue 20).
      const groupIds = group.map((g) => g.id);
      await runBatch(deps.db, [
        keepVersionsStatement(deps.db, [post.id], now),
        ...(groupIds.length > 0 ? [keepVersionsStatement(deps.db, groupIds, now, next.incentivised)] : []),
        updateReviewStatement(deps.db, post.id, next, now),
        ...(groupIds.length > 0 ? [updateGroupIncentiveStatement(deps.db, post.id, next.incentivised)] : []),
        ...aggregateStatements(deps.db, changes),
      ]);
    }),
  );
  // A rewrite of a removed review stays hidden until a moderator keeps it (issue 29).
  await holdRewriteOfRemoved(deps, post.id);
  await publishCatalogueChanges(deps, {
    restaurantIds: kind === "restaurant" ? [id] : [],
    dishIds: [...(kind === "dish" ? [id] : []), ...changedDishes],
  });
}

/**
 * The review's fields after the edit, refused (400, nothing written) when the edit would take
 * the incentive answer back or leave out what posting it requires.
 */
function editedReview(post: PostRow, edit: ReviewEdit) {
  // Issue 20: the incentive answer can be added after posting, never taken back (that would
  // bring a paid review back into the ranking).
  if (post.incentivised && edit.incentivised === false) {
    throw fieldError(400, "incentivised", REVIEW_MESSAGES.incentiveFinal);
  }
  const next = {
    content: edit.content === undefined ? post.content : edit.content.trim(),
    ratingTenths: edit.ratingTenths ?? post.ratingTenths,
    incentivised: edit.incentivised ?? post.incentivised,
  };
  if (post.restaurantId !== null || post.reviewGroupId === null) {
    // A restaurant review, or a lone dish review: the same fields are required as to post it.
    const fields: Record<string, string> = {};
    if (!next.ratingTenths) fields.rating = REVIEW_MESSAGES.requiredFields;
    if (!next.content) fields.content = REVIEW_MESSAGES.requiredFields;
    if (Object.keys(fields).length > 0)
      throw new ApiError(400, REVIEW_MESSAGES.requiredFields, {}, { fields });
  } else if (!next.ratingTenths && !next.content) {
    throw fieldError(400, "content", REVIEW_MESSAGES.dishReviewEmpty);
  }
  return next;
}

/** The guarded aggregate changes of the edited item and of the dishes whose incentive follows it. */
async function editChanges(
  deps: Pick<AppDeps, "db">,
  post: PostRow,
  next: ReturnType<typeof editedReview>,
  group: PostRow[],
): Promise<AggregateChange[]> {
  const { kind, id } = subjectOf(post);
  const changedDishes = [...new Set(group.map((g) => g.dishId!))];
  return [
    await recomputed(deps, kind, id, (reviews) =>
      reviews.map((r) => (r.id === post.id ? { ...r, ...next } : r)),
    ),
    ...(await Promise.all(
      changedDishes.map((dishId) =>
        recomputed(deps, "dish", dishId, (reviews) =>
          reviews.map((r) =>
            group.some((g) => g.id === r.id) ? { ...r, incentivised: next.incentivised } : r,
          ),
        ),
      ),
    )),
  ].filter((c): c is AggregateChange => c !== undefined);
}
