// Photos encoded off the request (issue 23): the staged photo's job row, its lease, and the
// batches that swap the encoded widths in or drop the photo. A job's stagingName is also the
// post_images / restaurant_photos file_name until the swap, so the swap finds its row by it.
import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { dishes, files, photoEncodes, postImages, posts, restaurantPhotos } from "../schema.ts";
import type { FileRow } from "./review-post-batch.ts";

export interface PhotoJob {
  stagingName: string;
  authorId: number;
  attempts: number;
  outputs: string[] | null;
  done: boolean;
  createdAt: number;
}

/**
 * Takes the lease of a job nobody holds (or whose holder stopped renewing it before
 * `expiredBefore`): true when this caller now holds it. A new job is created held, so a
 * sweep never takes it while its request is still writing the staged file.
 */
export async function claimPhotoJob(
  db: Database,
  stagingName: string,
  now: number,
  expiredBefore: number,
): Promise<PhotoJob | undefined> {
  const [row] = await db
    .update(photoEncodes)
    .set({ claimedAt: now })
    .where(
      and(
        eq(photoEncodes.stagingName, stagingName),
        or(isNull(photoEncodes.claimedAt), lt(photoEncodes.claimedAt, expiredBefore)),
      ),
    )
    .returning();
  return row;
}

/**
 * Counts an attempt as its encode starts, not at the claim: a process that dies before it
 * reaches a job (a restart, a kill) costs the photo nothing. Returns the attempts so far.
 */
export async function countPhotoAttempt(db: Database, stagingName: string): Promise<number> {
  const [row] = await db
    .update(photoEncodes)
    .set({ attempts: sql`${photoEncodes.attempts} + 1` })
    .where(eq(photoEncodes.stagingName, stagingName))
    .returning({ attempts: photoEncodes.attempts });
  return row?.attempts ?? 0;
}

/** The posts' photos still waiting for their widths: where a replayed post may restore bytes. */
export async function stagedPhotosOfPosts(
  db: Database,
  postIds: number[],
): Promise<{ postId: number; position: number; fileName: string }[]> {
  if (postIds.length === 0) return [];
  return db
    .select({ postId: postImages.postId, position: postImages.position, fileName: postImages.fileName })
    .from(postImages)
    .innerJoin(photoEncodes, eq(photoEncodes.stagingName, postImages.fileName))
    .where(and(inArray(postImages.postId, postIds), eq(photoEncodes.done, false)));
}

/** The job as stored, whoever holds it. */
export async function photoJob(db: Database, stagingName: string): Promise<PhotoJob | undefined> {
  const [row] = await db.select().from(photoEncodes).where(eq(photoEncodes.stagingName, stagingName));
  return row;
}

/** Jobs a sweep may take: unheld, or held past the lease by a process that stopped. */
export async function claimablePhotoJobs(
  db: Database,
  expiredBefore: number,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ name: photoEncodes.stagingName })
    .from(photoEncodes)
    .where(or(isNull(photoEncodes.claimedAt), lt(photoEncodes.claimedAt, expiredBefore)))
    .orderBy(photoEncodes.createdAt)
    .limit(limit);
  return rows.map((r) => r.name);
}

export async function pendingPhotoJobCount(db: Database): Promise<number> {
  return db.$count(photoEncodes);
}

/**
 * Before an attempt writes any bytes: the rows of the files it will write, owned by the author
 * and referenced by nothing yet, and their names on the job, so an attempt cut off by a crash
 * is cleaned up by the next one rather than left as orphan files. Nothing when the job is gone
 * (its review was deleted meanwhile): false.
 */
export async function recordPhotoOutputs(
  db: Database,
  job: PhotoJob,
  outputs: FileRow[],
  now: number,
): Promise<boolean> {
  const [held] = await db
    .update(photoEncodes)
    .set({ outputs: outputs.map((o) => o.name) })
    .where(eq(photoEncodes.stagingName, job.stagingName))
    .returning({ name: photoEncodes.stagingName });
  if (!held) return false;
  await db.insert(files).values(outputs.map((o) => ({ ...o, ownerId: job.authorId, createdAt: now })));
  return true;
}

/** The rows an earlier, interrupted attempt recorded (their bytes are removed by the caller). */
export async function forgetPhotoOutputs(db: Database, job: PhotoJob): Promise<void> {
  const names = job.outputs ?? [];
  await db.batch([
    db.update(photoEncodes).set({ outputs: null }).where(eq(photoEncodes.stagingName, job.stagingName)),
    db.delete(files).where(inArray(files.name, names.length ? names : [""])),
  ]);
}

/**
 * The swap, in one batch: the photo's row (a review's or a restaurant's) now names the
 * encoded widths and loses its placeholder, and the job is done; the staged file's row goes
 * after its bytes (removePhotoJob). True when a row showed the photo; false when its review
 * or restaurant photo was deleted meanwhile (the caller then removes the outputs).
 */
export async function swapPhotoIn(
  db: Database,
  stagingName: string,
  largest: string,
  variants: { name: string; width: number }[],
): Promise<boolean> {
  const [reviewRows, restaurantRows] = await db.batch([
    db
      .update(postImages)
      .set({ fileName: largest, variants, placeholder: null })
      .where(eq(postImages.fileName, stagingName))
      .returning({ postId: postImages.postId }),
    db
      .update(restaurantPhotos)
      .set({ fileName: largest, variants, placeholder: null })
      .where(eq(restaurantPhotos.fileName, stagingName))
      .returning({ id: restaurantPhotos.id }),
    db
      .update(photoEncodes)
      .set({ done: true, outputs: null })
      .where(eq(photoEncodes.stagingName, stagingName)),
  ]);
  return reviewRows.length + restaurantRows.length > 0;
}

/**
 * A photo that cannot be encoded: its row goes and the job is done (the service tells the
 * author). Returns the post ids whose photos changed.
 */
export async function dropPhoto(db: Database, job: PhotoJob): Promise<number[]> {
  const [reviewRows] = await db.batch([
    db
      .delete(postImages)
      .where(eq(postImages.fileName, job.stagingName))
      .returning({ postId: postImages.postId }),
    db.delete(restaurantPhotos).where(eq(restaurantPhotos.fileName, job.stagingName)),
    db
      .update(photoEncodes)
      .set({ done: true, outputs: null })
      .where(eq(photoEncodes.stagingName, job.stagingName)),
  ]);
  return [...new Set(reviewRows.map((r) => r.postId))];
}

/** Last step: the staged file's row (its bytes were removed first); the job goes with it. */
export async function removePhotoJob(db: Database, stagingName: string): Promise<void> {
  await db.delete(files).where(eq(files.name, stagingName));
}

/** The items whose review lists show this photo, and the restaurant it belongs to: whose cached reads to drop. */
export async function photoSubjects(
  db: Database,
  fileName: string,
): Promise<{ dishIds: number[]; restaurantIds: number[]; ownerRestaurantIds: number[] }> {
  const [reviewed, owned] = await Promise.all([
    db
      .select({
        restaurantId: posts.restaurantId,
        dishId: posts.dishId,
        dishRestaurantId: dishes.restaurantId,
      })
      .from(postImages)
      .innerJoin(posts, eq(posts.id, postImages.postId))
      // A dish review posted with a restaurant review shows under it too.
      .leftJoin(dishes, eq(dishes.id, posts.dishId))
      .where(eq(postImages.fileName, fileName)),
    db
      .select({ id: restaurantPhotos.restaurantId })
      .from(restaurantPhotos)
      .where(eq(restaurantPhotos.fileName, fileName)),
  ]);
  return {
    dishIds: reviewed.flatMap((r) => (r.dishId === null ? [] : [r.dishId])),
    restaurantIds: reviewed.flatMap((r) => [r.restaurantId, r.dishRestaurantId].filter((id) => id !== null)),
    ownerRestaurantIds: owned.map((r) => r.id),
  };
}
