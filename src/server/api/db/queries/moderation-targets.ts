// What a moderator decides about, read with everything the queue shows beside it, and the
// statements that remove it (issue 21). Removed content keeps its row: removed_at hides it.
import { sql } from "drizzle-orm";
import type { ModerationKind } from "../../../../domain/moderation.ts";
import { getRow, type Database } from "../client.ts";
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
  const row = await getRow<
    Omit<ReviewTargetRow, "photos" | "incentivised"> & { photos: string | null; incentivised: number }
  >(
    db,
    sql`SELECT p.id, p.author_id AS authorId, p.restaurant_id AS restaurantId, p.dish_id AS dishId,
      p.review_group_id AS reviewGroupId, p.content, p.rating_tenths AS ratingTenths, p.created_at AS createdAt, p.incentivised,
      p.removed_at AS removedAt,
      coalesce((SELECT name FROM restaurants WHERE id = p.restaurant_id), (SELECT dish_name FROM dishes WHERE id = p.dish_id), '') AS subjectName,
      (SELECT json_group_array(file_name) FROM (SELECT file_name FROM post_images WHERE post_id = p.id ORDER BY position)) AS photos
    FROM posts p WHERE p.id = ${postId}`,
  );
  if (!row) return undefined;
  return {
    id: Number(row.id),
    authorId: Number(row.authorId),
    restaurantId: row.restaurantId === null ? null : Number(row.restaurantId),
    dishId: row.dishId === null ? null : Number(row.dishId),
    reviewGroupId: row.reviewGroupId === null ? null : Number(row.reviewGroupId),
    content: String(row.content),
    ratingTenths: Number(row.ratingTenths),
    createdAt: Number(row.createdAt),
    incentivised: Boolean(row.incentivised),
    removedAt: row.removedAt === null ? null : Number(row.removedAt),
    subjectName: String(row.subjectName),
    photos: row.photos === null ? [] : (JSON.parse(row.photos) as string[]),
  };
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
  const row = await getRow<CommentTargetRow>(
    db,
    sql`SELECT c.id, c.user_id AS userId, c.post_id AS postId, c.content, c.removed_at AS removedAt,
      coalesce(p.content, '') AS postContent
    FROM comments c LEFT JOIN posts p ON p.id = c.post_id WHERE c.id = ${commentId}`,
  );
  return row
    ? {
        ...row,
        id: Number(row.id),
        userId: Number(row.userId),
        postId: Number(row.postId),
        removedAt: row.removedAt === null ? null : Number(row.removedAt),
      }
    : undefined;
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
  const row = await getRow<UserTargetRow>(
    db,
    sql`SELECT u.id, u.username, coalesce(p.name, '') AS name, coalesce(p.bio, '') AS bio,
      p.profile_image AS profileImage, u.suspended_until AS suspendedUntil
    FROM users u LEFT JOIN profiles p ON p.user_id = u.id WHERE u.id = ${userId}`,
  );
  return row
    ? {
        ...row,
        id: Number(row.id),
        suspendedUntil: row.suspendedUntil === null ? null : Number(row.suspendedUntil),
      }
    : undefined;
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
  const row =
    kind === "restaurant"
      ? await getRow<Record<string, unknown>>(
          db,
          sql`SELECT id, name, created_by AS createdBy, removed_at AS removedAt, address, post_code AS postCode,
            description, area_id AS areaId, region_id AS regionId FROM restaurants WHERE id = ${id}`,
        )
      : await getRow<Record<string, unknown>>(
          db,
          sql`SELECT id, dish_name AS name, created_by AS createdBy, removed_at AS removedAt,
            restaurant_id AS restaurantId, description, price_minor AS priceMinor, currency FROM dishes WHERE id = ${id}`,
        );
  if (!row) return undefined;
  const { id: rowId, name, createdBy, removedAt, ...fields } = row;
  return {
    id: Number(rowId),
    name: String(name),
    createdBy: createdBy === null ? null : Number(createdBy),
    removedAt: removedAt === null ? null : Number(removedAt),
    fields,
  };
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
  return db.run(
    sql`UPDATE posts SET removed_at = ${now} WHERE id IN (${sql.join(
      postIds.map((id) => sql`${id}`),
      sql`, `,
    )}) AND removed_at IS NULL`,
  );
}

export function removeCommentStatement(db: Database, commentId: number, now: number): BatchStatement {
  return db.run(sql`UPDATE comments SET removed_at = ${now} WHERE id = ${commentId} AND removed_at IS NULL`);
}

/** A person's public name, bio and photo go (kept in the decision's before); the account stays. */
export function clearProfileStatement(db: Database, userId: number): BatchStatement {
  return db.run(sql`UPDATE profiles SET name = '', bio = '', profile_image = NULL WHERE user_id = ${userId}`);
}

export function removeCatalogueItemStatement(
  db: Database,
  kind: "restaurant" | "dish",
  id: number,
  now: number,
): BatchStatement {
  return kind === "restaurant"
    ? db.run(sql`UPDATE restaurants SET removed_at = ${now} WHERE id = ${id} AND removed_at IS NULL`)
    : db.run(sql`UPDATE dishes SET removed_at = ${now} WHERE id = ${id} AND removed_at IS NULL`);
}

export function restorePostsStatement(db: Database, postIds: number[]): BatchStatement {
  return db.run(
    sql`UPDATE posts SET removed_at = NULL WHERE id IN (${sql.join(
      postIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
}

export function restoreCommentStatement(db: Database, commentId: number): BatchStatement {
  return db.run(sql`UPDATE comments SET removed_at = NULL WHERE id = ${commentId}`);
}

export function restoreCatalogueItemStatement(
  db: Database,
  kind: "restaurant" | "dish",
  id: number,
): BatchStatement {
  return kind === "restaurant"
    ? db.run(sql`UPDATE restaurants SET removed_at = NULL WHERE id = ${id}`)
    : db.run(sql`UPDATE dishes SET removed_at = NULL WHERE id = ${id}`);
}

/**
 * The dish reviews of a restaurant review's group, which go (live ones) and come back
 * (removed ones) with it, with what their items' aggregates need.
 */
export async function postsOfGroup(db: Database, postId: number, removed: boolean) {
  const rows = await db.all<{
    id: number;
    dishId: number | null;
    restaurantId: number | null;
    ratingTenths: number;
    createdAt: number;
    incentivised: number;
  }>(
    sql`SELECT id, dish_id AS dishId, restaurant_id AS restaurantId, rating_tenths AS ratingTenths,
      created_at AS createdAt, incentivised FROM posts
      WHERE review_group_id = ${postId} AND removed_at IS ${removed ? sql`NOT NULL` : sql`NULL`}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    dishId: r.dishId === null ? null : Number(r.dishId),
    restaurantId: r.restaurantId === null ? null : Number(r.restaurantId),
    ratingTenths: Number(r.ratingTenths),
    createdAt: Number(r.createdAt),
    incentivised: Boolean(r.incentivised),
  }));
}
