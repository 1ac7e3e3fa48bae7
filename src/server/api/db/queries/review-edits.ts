// Writes to reviews after they are posted: edits (each keeping the state it replaces in
// review_versions, issue 20), deletes and the files they leave unused, reports, and pruning
// expired Idempotency-Keys. Statements are returned for the caller's one batch where they
// must commit together with the aggregates (services/review-edit.ts, review-delete.ts).
import { and, eq, inArray, ne, notInArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Database } from "../client.ts";
import { columnList, rawWrite } from "../raw-rows.ts";
import { files, idempotencyKeys, postImages, posts, reviewReports, reviewVersions } from "../schema.ts";

type BatchStatement = Parameters<Database["batch"]>[0][number];

/**
 * Keeps the current state of these posts as versions, read inside the batch so the version is
 * exactly what the following UPDATE replaces. `onlyIfIncentiveNot`: only the posts whose
 * incentive answer is about to change (the dish reviews that follow their restaurant review).
 */
export function keepVersionsStatement(
  db: Database,
  postIds: number[],
  editedAt: number,
  onlyIfIncentiveNot?: boolean,
): BatchStatement {
  // Typed raw SQL (decision 013): an INSERT ... SELECT of some of the table's columns.
  const p = alias(posts, "p");
  const v = reviewVersions;
  const i = postImages;
  const changing = onlyIfIncentiveNot === undefined ? sql`1 = 1` : ne(p.incentivised, onlyIfIncentiveNot);
  return rawWrite(
    db,
    sql`INSERT INTO ${v} (${columnList(v.postId, v.content, v.ratingTenths, v.incentivised, v.photos, v.writtenAt, v.editedAt)})
    SELECT ${p.id}, ${p.content}, ${p.ratingTenths}, ${p.incentivised},
      (SELECT json_group_array(json_object('fileName', shown.file_name, 'variants', json(shown.variants)))
        FROM (SELECT ${i.fileName} AS file_name, ${i.variants} AS variants FROM ${i}
          WHERE ${i.postId} = ${p.id} ORDER BY ${i.position}) shown),
      coalesce(${p.updatedAt}, ${p.createdAt}), ${editedAt}
    FROM ${posts} ${p} WHERE ${inArray(p.id, postIds)} AND ${changing}`,
  );
}

export function updateReviewStatement(
  db: Database,
  postId: number,
  next: { content: string; ratingTenths: number; incentivised: boolean },
  updatedAt: number,
): BatchStatement {
  return db
    .update(posts)
    .set({
      content: next.content,
      ratingTenths: next.ratingTenths,
      incentivised: next.incentivised,
      updatedAt,
    })
    .where(eq(posts.id, postId));
}

/**
 * The incentive answer covers a restaurant review's dish reviews too. Their text and rating
 * are untouched, so they are not marked edited (updated_at stays): only the label follows.
 */
export function updateGroupIncentiveStatement(
  db: Database,
  groupId: number,
  incentivised: boolean,
): BatchStatement {
  return db
    .update(posts)
    .set({ incentivised })
    .where(and(eq(posts.reviewGroupId, groupId), ne(posts.incentivised, incentivised)));
}

/** post_images and review_versions rows go with their posts (ON DELETE CASCADE). */
export function deletePostsStatement(db: Database, postIds: number[]): BatchStatement {
  return db.delete(posts).where(inArray(posts.id, postIds));
}

/**
 * Deletes the rows of these files that the owner uploaded and nothing shows any more (no
 * post's photo, no version's), and answers their names so their bytes can go too. Files the
 * owner did not upload (the seed's shared pictures) are never removed through a review.
 */
export async function deleteUnusedFiles(db: Database, names: string[], ownerId: number): Promise<string[]> {
  if (names.length === 0) return [];
  const v = alias(reviewVersions, "v");
  const rows = await db
    .delete(files)
    .where(
      and(
        inArray(files.name, names),
        eq(files.ownerId, ownerId),
        notInArray(files.name, db.select({ fileName: postImages.fileName }).from(postImages)),
        // A version's photos are read through json_each, which the builder cannot name.
        sql`${files.name} NOT IN (SELECT json_extract(photo.value, '$.fileName')
          FROM ${reviewVersions} ${v}, json_each(${v.photos}) photo)`,
      ),
    )
    .returning({ name: files.name });
  return rows.map((r) => r.name);
}

/** Drops a user's expired key so it can be used again, and now and then everyone's. */
export async function pruneIdempotencyKeys(db: Database, notBefore: number, userId?: number) {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        userId === undefined ? undefined : eq(idempotencyKeys.userId, userId),
        sql`${idempotencyKeys.createdAt} <= ${notBefore}`,
      ),
    );
}

/** True when this is the reporter's first report of the post (one per person per item). */
export async function recordReport(
  db: Database,
  report: { postId: number; reporterId: number; reason: string; note: string; createdAt: number },
): Promise<boolean> {
  const rows = await db
    .insert(reviewReports)
    .values(report)
    .onConflictDoNothing()
    .returning({ postId: reviewReports.postId });
  return rows.length > 0;
}
