// Deleting one's own review: a restaurant review takes the dish reviews posted with it along,
// the aggregates are recomputed in the same batch, and unused photos go after it.
import { runBatch } from "../db/batch.ts";
import { aggregateStatements, type AggregateChange } from "../db/queries/review-aggregates.ts";
import { deletePostsStatement, deleteUnusedFiles } from "../db/queries/review-edits.ts";
import { photoFilesOfReviews } from "../db/queries/review-voices.ts";
import { postsInGroups } from "../db/queries/reviews-reads.ts";
import { withStaleRetries } from "../db/with-stale-retries.ts";
import type { AppDeps } from "../deps.ts";
import { removeFiles } from "../files/image-pipeline.ts";
import { publishCatalogueChanges } from "./catalogue-changes.ts";
import { keepRemovalRecord } from "./moderation-rewrites.ts";
import { ownPost, recomputed, subjectOf } from "./own-reviews.ts";

type Deps = Pick<AppDeps, "db" | "cache" | "files" | "writes">;

/** Deletes the review; a restaurant review takes the dish reviews posted with it along. */
export async function deleteReview(deps: Deps, userId: number, postId: number): Promise<void> {
  const post = await ownPost(deps, userId, postId);
  const group = post.restaurantId !== null ? await postsInGroups(deps.db, [post.id]) : [];
  // A removed review is the record of its removal: deleting it to post a copy is refused.
  await keepRemovalRecord(deps.db, [post.id, ...group.map((p) => p.id)]);
  const gone = [post, ...group];
  const goneIds = new Set(gone.map((p) => p.id));
  const items = [
    ...new Map(gone.map((p) => [`${subjectOf(p).kind}:${subjectOf(p).id}`, subjectOf(p)])).values(),
  ];
  const files = await photoFilesOfReviews(deps.db, [...goneIds]);
  // In the app's write queue, in turn with every other aggregate write (write-queue.ts).
  await deps.writes.run(userId, () =>
    withStaleRetries(async () => {
      const changes = (
        await Promise.all(
          items.map((item) =>
            recomputed(deps, item.kind, item.id, (reviews) => reviews.filter((r) => !goneIds.has(r.id))),
          ),
        )
      ).filter((c): c is AggregateChange => c !== undefined);
      // post_images and review_versions rows go with their posts: ON DELETE CASCADE, with
      // foreign keys enforced on libSQL (node-client.ts) and D1 alike.
      await runBatch(deps.db, [
        deletePostsStatement(deps.db, [...goneIds]),
        ...aggregateStatements(deps.db, changes),
      ]);
    }),
  );
  // The photos' rows and bytes go after the posts that showed them; a failure only leaves
  // unreferenced files behind.
  const unused = await deleteUnusedFiles(deps.db, files, post.authorId).catch(() => []);
  if (unused.length > 0) await removeFiles(deps.files, unused);
  await publishCatalogueChanges(deps, {
    restaurantIds: items.filter((i) => i.kind === "restaurant").map((i) => i.id),
    dishIds: items.filter((i) => i.kind === "dish").map((i) => i.id),
  });
}
