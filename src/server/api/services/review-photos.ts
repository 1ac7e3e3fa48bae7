// Changing the photos of one's own review (issue 30, the composer's edit): only its author adds
// or takes photos, within the spec's 10 over the review and the dish reviews posted with it.
// Photos go through the review photos' pipeline (the same checks; on Node the widths are
// encoded off the request, issue 23). Each change keeps the review as it was for moderators
// (issue 20), waits its turn in the write queue like every other edit, and drops the cached
// reads that show the review. Nothing here touches a rating or an aggregate.
import { REVIEW_PHOTO_EDIT_MESSAGES } from "../../../domain/review-photo-edits.ts";
import { MAX_REVIEW_IMAGES, REVIEW_MESSAGES } from "../../../domain/review-rules.ts";
import { enforceRateLimit, RATE_LIMITS } from "../auth/rate-limit.ts";
import { runBatch } from "../db/batch.ts";
import { keepVersionsStatement } from "../db/queries/review-edits.ts";
import {
  addPostPhotoStatements,
  photoCountOf,
  photosOfPost,
  removePostPhotoStatement,
  touchPostStatement,
} from "../db/queries/review-photo-edits.ts";
import { postsInGroups, type PostRow } from "../db/queries/reviews-reads.ts";
import type { AppDeps } from "../deps.ts";
import {
  checkAndStagePhotos,
  PhotoRejectedError,
  processAndStorePhotos,
  removeFiles,
  type ProcessedPhoto,
  type UploadedPhoto,
} from "../files/image-pipeline.ts";
import { ApiError, fieldError } from "../http/envelope.ts";
import { publishCatalogueChanges } from "./catalogue-changes.ts";
import { holdRewriteOfRemoved } from "./moderation-rewrites.ts";
import { ownPost, subjectOf } from "./own-reviews.ts";

type Deps = Pick<AppDeps, "db" | "cache" | "files" | "images" | "photoJobs" | "now" | "config" | "log" | "writes">;

/** The reviews posted together with this one: a restaurant review and its dish reviews. */
async function groupIds(deps: Pick<AppDeps, "db">, post: PostRow): Promise<number[]> {
  const mainId = post.reviewGroupId ?? post.id;
  const dishReviews = await postsInGroups(deps.db, [mainId]);
  return [mainId, ...dishReviews.map((d) => d.id)];
}

/** After a change: a rewrite of a removed review waits for a moderator; the review's reads follow. */
async function changed(deps: Deps, post: PostRow): Promise<void> {
  await holdRewriteOfRemoved(deps, post.id);
  const { kind, id } = subjectOf(post);
  await publishCatalogueChanges(deps, {
    restaurantIds: kind === "restaurant" ? [id] : [],
    dishIds: kind === "dish" ? [id] : [],
  });
}

async function prepared(deps: Deps, uploads: UploadedPhoto[]): Promise<{ photos: ProcessedPhoto[]; staged: boolean }> {
  const check = deps.photoJobs && deps.images.checkReviewPhoto?.bind(deps.images);
  try {
    const photos = check
      ? await checkAndStagePhotos(check, uploads)
      : await processAndStorePhotos(deps.images, deps.files, uploads);
    return { photos, staged: Boolean(check) };
  } catch (error) {
    if (error instanceof PhotoRejectedError) {
      throw new ApiError(400, error.message, {}, { fields: { [`images.${error.index}`]: error.message } });
    }
    throw error;
  }
}

export async function addReviewPhotos(deps: Deps, userId: number, postId: number, uploads: UploadedPhoto[]) {
  if (uploads.length === 0) throw fieldError(400, "images", REVIEW_PHOTO_EDIT_MESSAGES.noPhoto);
  const post = await ownPost(deps, userId, postId);
  const shown = await photoCountOf(deps.db, await groupIds(deps, post));
  // Refused before anything is decoded or counted against the hourly photo limit.
  if (shown + uploads.length > MAX_REVIEW_IMAGES) throw fieldError(400, "images", REVIEW_MESSAGES.tooManyImages);
  const now = deps.now();
  await enforceRateLimit(deps.db, RATE_LIMITS.photosPerUser, String(userId), now, uploads.length);
  const { photos, staged } = await prepared(deps, uploads);
  try {
    await deps.writes.run(userId, async () => {
      // Counted again in the queue: two requests at once cannot pass 10 together.
      if ((await photoCountOf(deps.db, await groupIds(deps, post))) + photos.length > MAX_REVIEW_IMAGES) {
        throw fieldError(400, "images", REVIEW_MESSAGES.tooManyImages);
      }
      await runBatch(deps.db, [
        keepVersionsStatement(deps.db, [post.id], now),
        touchPostStatement(deps.db, post.id, now),
        ...photos.flatMap((photo) =>
          addPostPhotoStatements(deps.db, {
            postId: post.id,
            authorId: userId,
            fileName: photo.fileName,
            variants: photo.variants,
            placeholder: photo.placeholder ?? null,
            files: photo.files,
            staged,
            createdAt: now,
          }),
        ),
      ]);
    });
  } catch (error) {
    if (!staged) await removeFiles(deps.files, photos.flatMap((p) => p.outputs.map((o) => o.name)));
    throw error;
  }
  if (staged) {
    // The bytes once their rows have committed, then the encode (services/photo-encodes.ts).
    for (const output of photos.flatMap((p) => p.outputs)) {
      await deps.files.put(output.name, output.body, output.contentType).catch((error: unknown) => {
        deps.log("error", "Could not store a staged photo", error);
      });
    }
    deps.photoJobs!.enqueue(photos.map((p) => p.fileName));
  }
  await changed(deps, post);
}

/**
 * Takes one photo off the review, named as its card names it: the file's name, or
 * `pending-{position}` while its widths are prepared.
 */
export async function removeReviewPhoto(deps: Deps, userId: number, postId: number, name: string) {
  const post = await ownPost(deps, userId, postId);
  const pending = /^pending-([0-9]{1,4})$/.exec(name);
  const photo = (await photosOfPost(deps.db, post.id)).find((p) =>
    pending ? p.position === Number(pending[1]) : p.fileName === name,
  );
  if (!photo) throw fieldError(404, "name", REVIEW_PHOTO_EDIT_MESSAGES.notFound);
  const now = deps.now();
  await deps.writes.run(userId, () =>
    runBatch(deps.db, [
      keepVersionsStatement(deps.db, [post.id], now),
      touchPostStatement(deps.db, post.id, now),
      removePostPhotoStatement(deps.db, post.id, photo.position),
    ]),
  );
  await changed(deps, post);
}
