// One voice per person per item (issue 20): the reads behind the rule. Which of the items a
// post would rate the author already reviewed, whether those items exist (and the dishes are
// the restaurant's), and the earlier versions of a review that moderation will read.
import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { reviewVersions } from "../schema.ts";

export interface ExistingReview {
  kind: "restaurant" | "dish";
  itemId: number;
  /** The live review of that item by the author (a dish review may sit inside a restaurant review). */
  postId: number;
}

/**
 * The author's live reviews of these items, restaurant first, then dishes in the order asked.
 * Each is one seek on the unique indexes posts_one_restaurant_review_idx / posts_one_dish_review_idx.
 */
export async function existingReviews(
  db: Database,
  authorId: number,
  restaurantId: number | undefined,
  dishIds: number[],
): Promise<ExistingReview[]> {
  if (restaurantId === undefined && dishIds.length === 0) return [];
  const dishList = dishIds.length > 0 ? sql.join(dishIds.map((id) => sql`${id}`), sql`, `) : sql`NULL`;
  const rows = await db.all<ExistingReview>(
    sql`SELECT 'restaurant' AS kind, restaurant_id AS itemId, id AS postId FROM posts
        WHERE author_id = ${authorId} AND restaurant_id = ${restaurantId ?? null}
      UNION ALL
      SELECT 'dish' AS kind, dish_id AS itemId, id AS postId FROM posts
        WHERE author_id = ${authorId} AND dish_id IN (${dishList})`,
  );
  const order = (r: ExistingReview) => (r.kind === "restaurant" ? -1 : dishIds.indexOf(Number(r.itemId)));
  return rows
    .map((r) => ({ kind: r.kind, itemId: Number(r.itemId), postId: Number(r.postId) }))
    .sort((a, b) => order(a) - order(b));
}

/** The restaurant (if any) and the dishes among these ids, with each dish's restaurant. */
export async function reviewSubjectRows(
  db: Database,
  restaurantId: number | undefined,
  dishIds: number[],
): Promise<{ kind: "restaurant" | "dish"; id: number; restaurantId: number }[]> {
  const dishList = dishIds.length > 0 ? sql.join(dishIds.map((id) => sql`${id}`), sql`, `) : sql`NULL`;
  const rows = await db.all<{ kind: "restaurant" | "dish"; id: number; restaurantId: number }>(
    sql`SELECT 'restaurant' AS kind, id, id AS restaurantId FROM restaurants WHERE id = ${restaurantId ?? null}
      UNION ALL
      SELECT 'dish' AS kind, id, restaurant_id AS restaurantId FROM dishes WHERE id IN (${dishList})`,
  );
  return rows.map((r) => ({ kind: r.kind, id: Number(r.id), restaurantId: Number(r.restaurantId) }));
}

/** A review's earlier states, oldest first: for moderators only, never in a public answer. */
export async function reviewVersionsOf(db: Database, postId: number) {
  return db
    .select()
    .from(reviewVersions)
    .where(eq(reviewVersions.postId, postId))
    .orderBy(asc(reviewVersions.editedAt), asc(reviewVersions.id));
}

/**
 * Every file these posts show or showed (their photos' widths, and their versions' photos),
 * so deleting the posts can remove the files nothing else shows.
 */
export async function photoFilesOfReviews(db: Database, postIds: number[]): Promise<string[]> {
  if (postIds.length === 0) return [];
  const ids = sql.join(
    postIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await db.all<{ fileName: string; variants: string }>(
    sql`SELECT file_name AS fileName, variants FROM post_images WHERE post_id IN (${ids})
      UNION ALL
      SELECT json_extract(photo.value, '$.fileName'), json_extract(photo.value, '$.variants')
        FROM review_versions v, json_each(v.photos) photo WHERE v.post_id IN (${ids})`,
  );
  const names = rows.flatMap((r) => [
    r.fileName,
    ...(JSON.parse(r.variants || "[]") as { name: string }[]).map((v) => v.name),
  ]);
  return [...new Set(names)];
}
