// Writes to reviews after they are posted: edits (each keeping the state it replaces in
// review_versions, issue 20), deletes and the files they leave unused, reports, and pruning
// expired Idempotency-Keys. Statements are returned for the caller's one batch where they
// must commit together with the aggregates (services/reviews.ts).
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { idempotencyKeys, reviewReports } from "../schema.ts";

type BatchStatement = Parameters<Database["batch"]>[0][number];

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

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
  const changing =
    onlyIfIncentiveNot === undefined ? sql`1 = 1` : sql`incentivised <> ${onlyIfIncentiveNot ? 1 : 0}`;
  return db.run(sql`INSERT INTO review_versions (post_id, content, rating_tenths, incentivised, photos, written_at, edited_at)
    SELECT p.id, p.content, p.rating_tenths, p.incentivised,
      (SELECT json_group_array(json_object('fileName', i.file_name, 'variants', json(i.variants)))
        FROM (SELECT file_name, variants FROM post_images WHERE post_id = p.id ORDER BY position) i),
      coalesce(p.updated_at, p.created_at), ${editedAt}
    FROM posts p WHERE p.id IN (${idList(postIds)}) AND ${changing}`);
}

export function updateReviewStatement(
  db: Database,
  postId: number,
  next: { content: string; ratingTenths: number; incentivised: boolean },
  updatedAt: number,
): BatchStatement {
  return db.run(sql`UPDATE posts SET content = ${next.content}, rating_tenths = ${next.ratingTenths},
    incentivised = ${next.incentivised ? 1 : 0}, updated_at = ${updatedAt} WHERE id = ${postId}`);
}

/**
 * The incentive answer covers a restaurant review's dish reviews too. Their text and rating
 * are untouched, so they are not marked edited (updated_at stays): only the label follows.
 */
export function updateGroupIncentiveStatement(db: Database, groupId: number, incentivised: boolean): BatchStatement {
  return db.run(sql`UPDATE posts SET incentivised = ${incentivised ? 1 : 0}
    WHERE review_group_id = ${groupId} AND incentivised <> ${incentivised ? 1 : 0}`);
}

/** post_images and review_versions rows go with their posts (ON DELETE CASCADE). */
export function deletePostsStatement(db: Database, postIds: number[]): BatchStatement {
  return db.run(sql`DELETE FROM posts WHERE id IN (${idList(postIds)})`);
}

/**
 * Deletes the rows of these files that the owner uploaded and nothing shows any more (no
 * post's photo, no version's), and answers their names so their bytes can go too. Files the
 * owner did not upload (the seed's shared pictures) are never removed through a review.
 */
export async function deleteUnusedFiles(db: Database, names: string[], ownerId: number): Promise<string[]> {
  if (names.length === 0) return [];
  const list = sql.join(
    names.map((n) => sql`${n}`),
    sql`, `,
  );
  const rows = await db.all<{ name: string }>(sql`DELETE FROM files WHERE name IN (${list}) AND owner_id = ${ownerId}
    AND name NOT IN (SELECT file_name FROM post_images)
    AND name NOT IN (SELECT json_extract(photo.value, '$.fileName') FROM review_versions v, json_each(v.photos) photo)
    RETURNING name`);
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
