// SQL of the account's own data (issue 12, Settings): what "Download my data" gathers, the
// lists deleting an account walks, and its last write. Every read is by the user's id over an
// index.
import { and, asc, count, eq, isNull, notExists, notInArray, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import {
  blocks,
  commentLikes,
  comments,
  dishes,
  files,
  followRequests,
  follows,
  postImages,
  postLikes,
  postSaves,
  posts,
  profiles,
  restaurants,
  userReports,
  users,
} from "../schema.ts";

export async function accountRow(db: Database, userId: number) {
  return db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      phoneNumber: users.phoneNumber,
      firstName: users.firstName,
      lastName: users.lastName,
      registrationMethod: users.registrationMethod,
      createdAt: users.createdAt,
      name: profiles.name,
      bio: profiles.bio,
      profileImage: profiles.profileImage,
      isPrivate: profiles.isPrivate,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .get();
}

/** Every post the user wrote, restaurant reviews first (their dish reviews go with them). */
export async function postsByAuthor(db: Database, userId: number) {
  return db
    .select({
      id: posts.id,
      restaurantId: posts.restaurantId,
      restaurantName: restaurants.name,
      dishId: posts.dishId,
      dishName: dishes.dishName,
      reviewGroupId: posts.reviewGroupId,
      content: posts.content,
      ratingTenths: posts.ratingTenths,
      incentivised: posts.incentivised,
      createdAt: posts.createdAt,
      updatedAt: posts.updatedAt,
    })
    .from(posts)
    .leftJoin(restaurants, eq(restaurants.id, posts.restaurantId))
    .leftJoin(dishes, eq(dishes.id, posts.dishId))
    .where(eq(posts.authorId, userId))
    .orderBy(asc(posts.reviewGroupId), asc(posts.id))
    .all();
}

export async function photosOfAuthor(db: Database, userId: number) {
  return db
    .select({ postId: postImages.postId, fileName: postImages.fileName, position: postImages.position })
    .from(postImages)
    .innerJoin(posts, eq(posts.id, postImages.postId))
    .where(eq(posts.authorId, userId))
    .orderBy(asc(postImages.postId), asc(postImages.position))
    .all();
}

export async function commentsByUser(db: Database, userId: number) {
  return db
    .select({
      id: comments.id,
      postId: comments.postId,
      parentId: comments.parentId,
      content: comments.content,
      createdAt: comments.createdAt,
      updatedAt: comments.updatedAt,
    })
    .from(comments)
    .where(eq(comments.userId, userId))
    .orderBy(asc(comments.id))
    .all();
}

export async function likesAndSavesOf(db: Database, userId: number) {
  const [likedPosts, likedComments, savedPosts] = await Promise.all([
    db.select({ postId: postLikes.postId }).from(postLikes).where(eq(postLikes.userId, userId)).all(),
    db
      .select({ commentId: commentLikes.commentId })
      .from(commentLikes)
      .where(eq(commentLikes.userId, userId))
      .all(),
    db.select({ postId: postSaves.postId }).from(postSaves).where(eq(postSaves.userId, userId)).all(),
  ]);
  return { likedPosts, likedComments, savedPosts };
}

/** The people on each side of the user's follows, requests and blocks, by username. */
export async function relationsOf(db: Database, userId: number) {
  // The other person of each row (`other`) where the user is `self`.
  const people = (table: SQLiteTable, self: SQLiteColumn, other: SQLiteColumn) =>
    db
      .select({ userId: users.id, username: users.username })
      .from(table)
      .innerJoin(users, eq(users.id, other))
      .where(eq(self, userId))
      .all();
  const [following, followers, followRequestsSent, blocked] = await Promise.all([
    people(follows, follows.followerId, follows.followingId),
    people(follows, follows.followingId, follows.followerId),
    people(followRequests, followRequests.requesterId, followRequests.targetId),
    people(blocks, blocks.blockerId, blocks.blockedId),
  ]);
  return { following, followers, followRequestsSent, blocked };
}

/** Top-level posts and dish reviews posted on their own: deleting these deletes every post. */
export async function deletablePostIds(db: Database, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.authorId, userId), isNull(posts.reviewGroupId)))
    .all();
  return rows.map((row) => row.id);
}

export async function remainingPostIds(db: Database, userId: number): Promise<number[]> {
  const rows = await db.select({ id: posts.id }).from(posts).where(eq(posts.authorId, userId)).all();
  return rows.map((row) => row.id);
}

/**
 * The account's last write, one batch, done only when no post of theirs is left: a review
 * recorded after the caller's last look must first be deleted through the reviews service,
 * which takes its aggregates back. Then the reports about them get their pseudonym, the files
 * no post shows (their profile photo) lose their rows, and the user row goes, taking the rest
 * with it (ON DELETE CASCADE, SET NULL on reports by them). Answers whether the row is gone
 * and the removed files' names, whose bytes go once this has committed.
 */
export async function eraseAccountRow(
  db: Database,
  userId: number,
  pseudonym: string,
): Promise<{ erased: boolean; looseFiles: string[] }> {
  const noPostsLeft = notExists(
    db
      .select({ one: sql`1` })
      .from(posts)
      .where(eq(posts.authorId, userId)),
  );
  const loose = and(
    eq(files.ownerId, userId),
    notInArray(files.name, db.select({ fileName: postImages.fileName }).from(postImages)),
    noPostsLeft,
  );
  const [looseFiles, , , remaining] = await db.batch([
    db.delete(files).where(loose).returning({ name: files.name }),
    db
      .update(userReports)
      .set({ targetPseudonym: pseudonym })
      .where(and(eq(userReports.targetId, userId), noPostsLeft)),
    db.delete(users).where(and(eq(users.id, userId), noPostsLeft)),
    db.select({ left: count() }).from(users).where(eq(users.id, userId)),
  ]);
  return { erased: (remaining[0]?.left ?? 0) === 0, looseFiles: looseFiles.map((row) => row.name) };
}
