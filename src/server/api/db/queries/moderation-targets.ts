// What a moderator decides about, read with everything the queue shows beside it, and the
// statements that remove it (issue 21). Removed content keeps its row: removed_at hides it.
import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { ModerationKind } from "../../../../domain/moderation.ts";
import type { Database } from "../client.ts";
import { comments, dishes, postImages, posts, profiles, restaurants, users } from "../schema.ts";
import { replyModerationTarget } from "./owner-replies.ts";

type BatchStatement = Parameters<Database["batch"]>[0][number];

export interface ReviewTargetRow {
  id: number;
  authorId: number;
  restaurantId: number | null;
  dishId: number | null;
  reviewGroupId: number | null;
  content: string;
  ratingTenths: number;
  createdAt: number;
  incentivised: boolean;
  removedAt: number | null;
  subjectName: string;
  photos: string[];
}

export async function reviewTarget(db: Database, postId: number): Promise<ReviewTargetRow | undefined> {
  const i = postImages;
  const [row] = await db
    .select({
      id: posts.id,
      authorId: posts.authorId,
      restaurantId: posts.restaurantId,
      dishId: posts.dishId,
      reviewGroupId: posts.reviewGroupId,
      content: posts.content,
      ratingTenths: posts.ratingTenths,
      createdAt: posts.createdAt,
      incentivised: posts.incentivised,
      removedAt: posts.removedAt,
      subjectName: sql<string>`coalesce(${db
        .select({ name: restaurants.name })
        .from(restaurants)
        .where(eq(restaurants.id, posts.restaurantId))}, ${db
        .select({ name: dishes.dishName })
        .from(dishes)
        .where(eq(dishes.id, posts.dishId))}, '')`,
      // The photos in their order: json_group_array over a derived table with its own ORDER BY.
      photos: sql<string | null>`(SELECT json_group_array(file_name) FROM (SELECT ${i.fileName} AS file_name
        FROM ${i} WHERE ${i.postId} = ${posts.id} ORDER BY ${i.position}))`,
    })
    .from(posts)
    .where(eq(posts.id, postId));
  if (!row) return undefined;
  return { ...row, photos: row.photos === null ? [] : (JSON.parse(row.photos) as string[]) };
}

export interface CommentTargetRow {
  id: number;
  userId: number;
  postId: number;
  content: string;
  removedAt: number | null;
  postContent: string;
}

export async function commentTarget(db: Database, commentId: number): Promise<CommentTargetRow | undefined> {
  const [row] = await db
    .select({
      id: comments.id,
      userId: comments.userId,
      postId: comments.postId,
      content: comments.content,
      removedAt: comments.removedAt,
      postContent: sql<string>`coalesce(${posts.content}, '')`,
    })
    .from(comments)
    .leftJoin(posts, eq(posts.id, comments.postId))
    .where(eq(comments.id, commentId));
  return row;
}

export interface UserTargetRow {
  id: number;
  username: string;
  name: string;
  bio: string;
  profileImage: string | null;
  suspendedUntil: number | null;
}

export async function userTarget(db: Database, userId: number): Promise<UserTargetRow | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      name: sql<string>`coalesce(${profiles.name}, '')`,
      bio: sql<string>`coalesce(${profiles.bio}, '')`,
      profileImage: profiles.profileImage,
      suspendedUntil: users.suspendedUntil,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

export interface CatalogueTargetRow {
  id: number;
  name: string;
  createdBy: number | null;
  removedAt: number | null;
  fields: Record<string, unknown>;
}

export async function catalogueTarget(
  db: Database,
  kind: "restaurant" | "dish",
  id: number,
): Promise<CatalogueTargetRow | undefined> {
  const [row] =
    kind === "restaurant"
      ? await db
          .select({
            id: restaurants.id,
            name: restaurants.name,
            createdBy: restaurants.createdBy,
            removedAt: restaurants.removedAt,
            fields: {
              address: restaurants.address,
              postCode: restaurants.postCode,
              description: restaurants.description,
              areaId: restaurants.areaId,
              regionId: restaurants.regionId,
            },
          })
          .from(restaurants)
          .where(eq(restaurants.id, id))
      : await db
          .select({
            id: dishes.id,
            name: dishes.dishName,
            createdBy: dishes.createdBy,
            removedAt: dishes.removedAt,
            fields: {
              restaurantId: dishes.restaurantId,
              description: dishes.description,
              priceMinor: dishes.priceMinor,
              currency: dishes.currency,
            },
          })
          .from(dishes)
          .where(eq(dishes.id, id));
  return row;
}

/** The person a target is by or is (who is warned, suspended and told), or null. */
export async function subjectUserOf(
  db: Database,
  kind: ModerationKind,
  targetId: number,
): Promise<number | null | undefined> {
  switch (kind) {
    case "review":
      return (await reviewTarget(db, targetId))?.authorId;
    case "comment":
      return (await commentTarget(db, targetId))?.userId;
    case "user":
      return (await userTarget(db, targetId))?.id;
    case "restaurant":
    case "dish": {
      const row = await catalogueTarget(db, kind, targetId);
      return row === undefined ? undefined : row.createdBy;
    }
    case "reply":
      return (await replyModerationTarget(db, targetId))?.authorId;
  }
}

// ---------------------------------------------------------------------------------------------
// Removal statements (for the decision's batch)

export function removePostsStatement(db: Database, postIds: number[], now: number): BatchStatement {
  return db
    .update(posts)
    .set({ removedAt: now })
    .where(and(inArray(posts.id, postIds), isNull(posts.removedAt)));
}

export function removeCommentStatement(db: Database, commentId: number, now: number): BatchStatement {
  return db
    .update(comments)
    .set({ removedAt: now })
    .where(and(eq(comments.id, commentId), isNull(comments.removedAt)));
}

/** A person's public name, bio and photo go (kept in the decision's before); the account stays. */
export function clearProfileStatement(db: Database, userId: number): BatchStatement {
  return db
    .update(profiles)
    .set({ name: "", bio: "", profileImage: null })
    .where(eq(profiles.userId, userId));
}

export function removeCatalogueItemStatement(
  db: Database,
  kind: "restaurant" | "dish",
  id: number,
  now: number,
): BatchStatement {
  return kind === "restaurant"
    ? db
        .update(restaurants)
        .set({ removedAt: now })
        .where(and(eq(restaurants.id, id), isNull(restaurants.removedAt)))
    : db
        .update(dishes)
        .set({ removedAt: now })
        .where(and(eq(dishes.id, id), isNull(dishes.removedAt)));
}

export function restorePostsStatement(db: Database, postIds: number[]): BatchStatement {
  return db.update(posts).set({ removedAt: null }).where(inArray(posts.id, postIds));
}

export function restoreCommentStatement(db: Database, commentId: number): BatchStatement {
  return db.update(comments).set({ removedAt: null }).where(eq(comments.id, commentId));
}

export function restoreCatalogueItemStatement(
  db: Database,
  kind: "restaurant" | "dish",
  id: number,
): BatchStatement {
  return kind === "restaurant"
    ? db.update(restaurants).set({ removedAt: null }).where(eq(restaurants.id, id))
    : db.update(dishes).set({ removedAt: null }).where(eq(dishes.id, id));
}

/**
 * The dish reviews of a restaurant review's group, which go (live ones) and come back
 * (removed ones) with it, with what their items' aggregates need.
 */
export async function postsOfGroup(db: Database, postId: number, removed: boolean) {
  return db
    .select({
      id: posts.id,
      dishId: posts.dishId,
      restaurantId: posts.restaurantId,
      ratingTenths: posts.ratingTenths,
      createdAt: posts.createdAt,
      incentivised: posts.incentivised,
    })
    .from(posts)
    .where(
      and(eq(posts.reviewGroupId, postId), removed ? isNotNull(posts.removedAt) : isNull(posts.removedAt)),
    );
}
