// One voice per person per item (issue 20): the reads behind the rule. Which of the items a
// post would rate the author already reviewed, whether those items exist (and the dishes are
// the restaurant's), and the earlier versions of a review that moderation will read.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import * as z from "../../../../shared/schemas/zod.ts";
import type { Database } from "../client.ts";
import { rawRows } from "../raw-rows.ts";
import { dishes, postImages, posts, restaurants, reviewVersions } from "../schema.ts";

type ItemKind = "restaurant" | "dish";
const kindIs = (kind: ItemKind) => sql<ItemKind>`${kind}`;
/** No restaurant asked for matches no row. */
const optional = (id: number | undefined) => (id === undefined ? [] : [id]);

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
  const rows = await db
    .select({ kind: kindIs("restaurant"), itemId: posts.restaurantId, postId: posts.id })
    .from(posts)
    .where(and(eq(posts.authorId, authorId), inArray(posts.restaurantId, optional(restaurantId))))
    .unionAll(
      db
        .select({ kind: kindIs("dish"), itemId: posts.dishId, postId: posts.id })
        .from(posts)
        .where(and(eq(posts.authorId, authorId), inArray(posts.dishId, dishIds))),
    );
  const order = (r: ExistingReview) => (r.kind === "restaurant" ? -1 : dishIds.indexOf(r.itemId));
  return rows
    .map((r) => ({ kind: r.kind, itemId: r.itemId!, postId: r.postId }))
    .sort((a, b) => order(a) - order(b));
}

/** The restaurant (if any) and the dishes among these ids, with each dish's restaurant. */
export async function reviewSubjectRows(
  db: Database,
  restaurantId: number | undefined,
  dishIds: number[],
): Promise<{ kind: "restaurant" | "dish"; id: number; restaurantId: number }[]> {
  return db
    .select({ kind: kindIs("restaurant"), id: restaurants.id, restaurantId: restaurants.id })
    .from(restaurants)
    .where(inArray(restaurants.id, optional(restaurantId)))
    .unionAll(
      db
        .select({ kind: kindIs("dish"), id: dishes.id, restaurantId: dishes.restaurantId })
        .from(dishes)
        .where(inArray(dishes.id, dishIds)),
    );
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
  // Typed raw SQL (decision 013): a version's photos are read through json_each.
  const v = alias(reviewVersions, "v");
  const rows = await rawRows(
    db,
    z.object({ fileName: z.string(), variants: z.string().nullable() }),
    sql`SELECT ${postImages.fileName} AS fileName, ${postImages.variants} AS variants FROM ${postImages}
        WHERE ${inArray(postImages.postId, postIds)}
      UNION ALL
      SELECT json_extract(photo.value, '$.fileName'), json_extract(photo.value, '$.variants')
        FROM ${reviewVersions} ${v}, json_each(${v.photos}) photo WHERE ${inArray(v.postId, postIds)}`,
  );
  const names = rows.flatMap((r) => [
    r.fileName,
    ...(JSON.parse(r.variants || "[]") as { name: string }[]).map((v) => v.name),
  ]);
  return [...new Set(names)];
}
