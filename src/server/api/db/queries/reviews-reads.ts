// Reading reviews (issue 11): an item's or a user's reviews by keyset page, each with its
// author, subject, photos and, for a restaurant review, the dish reviews posted with it. Also
// the lookups the review services need (a post, an Idempotency-Key, an item's reviews).
import { and, eq, gt, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../client.ts";
import { notBlockedEitherWay, type ViewerId } from "./social-graph.ts";
import {
  dishes,
  idempotencyKeys,
  postImages,
  posts,
  profiles,
  restaurants,
  users,
} from "../schema.ts";

export type ReviewSort = "newest" | "highest" | "lowest";

export interface ReviewListFilter {
  scope: { kind: "restaurant" | "dish" | "user"; id: number };
  /** A signed-in viewer with a block: reviews by people on the other side of one are left out. */
  viewer?: ViewerId;
  sort: ReviewSort;
  minTenths?: number;
  maxTenths?: number;
  cursor?: ReviewCursor;
  pageSize: number;
}

/** Where the previous page ended: the sort keys of its last review. */
export interface ReviewCursor {
  ratingTenths: number;
  createdAt: number;
  id: number;
}

export interface PostRow {
  id: number;
  authorId: number;
  restaurantId: number | null;
  dishId: number | null;
  reviewGroupId: number | null;
  content: string;
  ratingTenths: number;
  incentivised: boolean;
  createdAt: number;
  updatedAt: number | null;
}

/** A review card's columns (PostRow). */
export const postColumns = {
  id: posts.id,
  authorId: posts.authorId,
  restaurantId: posts.restaurantId,
  dishId: posts.dishId,
  reviewGroupId: posts.reviewGroupId,
  content: posts.content,
  ratingTenths: posts.ratingTenths,
  incentivised: posts.incentivised,
  createdAt: posts.createdAt,
  updatedAt: posts.updatedAt,
};

function afterCursor(sort: ReviewSort, c: ReviewCursor): SQL {
  const newerTie = or(
    sql`${posts.createdAt} < ${c.createdAt}`,
    and(sql`${posts.createdAt} = ${c.createdAt}`, sql`${posts.id} < ${c.id}`),
  )!;
  if (sort === "newest") return newerTie;
  const past =
    sort === "highest"
      ? sql`${posts.ratingTenths} < ${c.ratingTenths}`
      : sql`${posts.ratingTenths} > ${c.ratingTenths}`;
  return or(past, and(sql`${posts.ratingTenths} = ${c.ratingTenths}`, newerTie))!;
}

/** The review's author has a private account (docs/social.md "Privacy of reviews"). */
const privateAuthor = sql`coalesce((SELECT pr.is_private FROM profiles pr WHERE pr.user_id = ${posts.authorId}), 0) = 1`;

/** An item's reviews in the filter's rating band, whoever wrote them. */
function itemReviews(f: Pick<ReviewListFilter, "scope" | "minTenths" | "maxTenths">): (SQL | undefined)[] {
  return [
    // Removed by a moderator (issue 21): out of every list and count, like a deleted review.
    isNull(posts.removedAt),
    f.scope.kind === "restaurant" ? eq(posts.restaurantId, f.scope.id) : eq(posts.dishId, f.scope.id),
    f.minTenths === undefined ? undefined : sql`${posts.ratingTenths} >= ${f.minTenths}`,
    f.maxTenths === undefined ? undefined : sql`${posts.ratingTenths} <= ${f.maxTenths}`,
  ];
}

/**
 * One page of top-level reviews, newest first or by rating; answers pageSize + 1 to tell if
 * more follow. An item's list never holds a private account's reviews (they are shown only on
 * its profile, which the route guards), nor, for a viewer, anyone's across a block.
 */
export async function reviewPage(db: Database, f: ReviewListFilter): Promise<PostRow[]> {
  const where: (SQL | undefined)[] = [
    ...(f.scope.kind === "user"
      ? [
          and(eq(posts.authorId, f.scope.id), isNull(posts.reviewGroupId), isNull(posts.removedAt)),
          f.minTenths === undefined ? undefined : sql`${posts.ratingTenths} >= ${f.minTenths}`,
          f.maxTenths === undefined ? undefined : sql`${posts.ratingTenths} <= ${f.maxTenths}`,
        ]
      : [...itemReviews(f), sql`NOT ${privateAuthor}`]),
    f.viewer === undefined ? undefined : notBlockedEitherWay(f.viewer, sql`${posts.authorId}`),
    f.cursor ? afterCursor(f.sort, f.cursor) : undefined,
  ];
  const order =
    f.sort === "newest"
      ? [sql`${posts.createdAt} DESC`, sql`${posts.id} DESC`]
      : [
          f.sort === "highest" ? sql`${posts.ratingTenths} DESC` : sql`${posts.ratingTenths} ASC`,
          sql`${posts.createdAt} DESC`,
          sql`${posts.id} DESC`,
        ];
  return db
    .select(postColumns)
    .from(posts)
    .where(and(...where))
    .orderBy(...order)
    .limit(f.pageSize + 1);
}

/**
 * How many of an item's reviews in the band are by private accounts: counted in its rating,
 * left out of its list, and said so there. An index range over the item's reviews.
 */
export async function privateReviewCount(
  db: Database,
  f: Pick<ReviewListFilter, "scope" | "minTenths" | "maxTenths">,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(posts)
    .where(and(...itemReviews(f), privateAuthor));
  return Number(row?.n ?? 0);
}

/** The items a person has reviewed: the lists that show their reviews, by item. */
export async function itemsReviewedBy(db: Database, authorId: number) {
  const rows = await db
    .selectDistinct({ restaurantId: posts.restaurantId, dishId: posts.dishId })
    .from(posts)
    .where(eq(posts.authorId, authorId));
  return {
    restaurantIds: rows.flatMap((r) => (r.restaurantId === null ? [] : [r.restaurantId])),
    dishIds: rows.flatMap((r) => (r.dishId === null ? [] : [r.dishId])),
  };
}

/** Every dish review posted with these restaurant reviews, removed or not (for writes). */
export async function postsInGroups(db: Database, groupIds: number[]): Promise<PostRow[]> {
  if (groupIds.length === 0) return [];
  return db.select(postColumns).from(posts).where(inArray(posts.reviewGroupId, groupIds)).orderBy(posts.id);
}

/**
 * The dish reviews shown inside these restaurant reviews: one a moderator removed on its own
 * is left out (issue 29), except for its author when the read knows them (`viewer`).
 */
export async function shownPostsInGroups(
  db: Database,
  groupIds: number[],
  viewer?: number,
): Promise<PostRow[]> {
  if (groupIds.length === 0) return [];
  const shown =
    viewer === undefined ? isNull(posts.removedAt) : or(isNull(posts.removedAt), eq(posts.authorId, viewer));
  return db
    .select(postColumns)
    .from(posts)
    .where(and(inArray(posts.reviewGroupId, groupIds), shown))
    .orderBy(posts.id);
}

export async function postById(db: Database, id: number): Promise<PostRow | undefined> {
  const [row] = await db.select(postColumns).from(posts).where(eq(posts.id, id));
  return row;
}

/** Everything shown beside a set of posts: authors, subjects and photos. */
export async function reviewDetails(db: Database, rows: PostRow[]) {
  const ids = rows.map((r) => r.id);
  const authorIds = [...new Set(rows.map((r) => r.authorId))];
  const restaurantIds = [...new Set(rows.flatMap((r) => (r.restaurantId === null ? [] : [r.restaurantId])))];
  const dishIds = [...new Set(rows.flatMap((r) => (r.dishId === null ? [] : [r.dishId])))];
  const [authors, restaurantRows, dishRows, photos] = await Promise.all([
    authorIds.length
      ? db
          .select({ id: users.id, username: users.username, avatar: profiles.profileImage })
          .from(users)
          .leftJoin(profiles, eq(profiles.userId, users.id))
          .where(inArray(users.id, authorIds))
      : [],
    restaurantIds.length
      ? db
          .select({ id: restaurants.id, name: restaurants.name })
          .from(restaurants)
          .where(inArray(restaurants.id, restaurantIds))
      : [],
    dishIds.length
      ? db
          .select({
            id: dishes.id,
            name: dishes.dishName,
            restaurantId: dishes.restaurantId,
            restaurantName: restaurants.name,
          })
          .from(dishes)
          .innerJoin(restaurants, eq(restaurants.id, dishes.restaurantId))
          .where(inArray(dishes.id, dishIds))
      : [],
    ids.length
      ? db
          .select({
            postId: postImages.postId,
            fileName: postImages.fileName,
            position: postImages.position,
            variants: postImages.variants,
            placeholder: postImages.placeholder,
            width: sql<number | null>`(SELECT width FROM files WHERE files.name = ${postImages.fileName})`,
            height: sql<number | null>`(SELECT height FROM files WHERE files.name = ${postImages.fileName})`,
          })
          .from(postImages)
          .where(inArray(postImages.postId, ids))
          .orderBy(postImages.postId, postImages.position)
      : [],
  ]);
  return {
    authors: new Map(authors.map((a) => [a.id, a])),
    restaurants: new Map(restaurantRows.map((r) => [r.id, r])),
    dishes: new Map(dishRows.map((d) => [d.id, d])),
    photos: photos.reduce(
      (map, p) => map.set(p.postId, [...(map.get(p.postId) ?? []), p]),
      new Map<number, typeof photos>(),
    ),
  };
}

/** The stored answer for an Idempotency-Key still within its lifetime. */
export async function findIdempotencyKey(db: Database, userId: number, key: string, notBefore: number) {
  const [row] = await db
    .select({ requestHash: idempotencyKeys.requestHash, postId: idempotencyKeys.postId })
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.key, key),
        gt(idempotencyKeys.createdAt, notBefore),
      ),
    );
  if (!row) return undefined;
  const group = await db
    .select({ id: posts.id })
    .from(posts)
    .where(eq(posts.reviewGroupId, row.postId))
    .orderBy(posts.id);
  return { requestHash: row.requestHash, postId: row.postId, dishPostIds: group.map((g) => g.id) };
}

/** Every review of an item, for recomputing its aggregate after an edit or a delete. */
export async function reviewsOfItem(db: Database, kind: "restaurant" | "dish", id: number) {
  return db
    .select({
      id: posts.id,
      ratingTenths: posts.ratingTenths,
      createdAt: posts.createdAt,
      incentivised: posts.incentivised,
      // Held by detection (issue 21): out of the ranking maths until a moderator clears it.
      flagged: sql<boolean>`${posts.flaggedAt} IS NOT NULL`.mapWith(Boolean),
    })
    .from(posts)
    .where(
      and(kind === "restaurant" ? eq(posts.restaurantId, id) : eq(posts.dishId, id), isNull(posts.removedAt)),
    );
}
