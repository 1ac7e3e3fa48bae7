// Every SQL statement about profiles (issue 12): the posts grid, the bio and the photo.
import { sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import type { PostRow } from "./reviews-reads.ts";

/** The newest-first position of a post: its time and id. */
export type NewestKey = [createdAt: number, id: number];
/** The most-liked-first position of a post: its likes, time and id. */
export type MostLikedKey = [likes: number, createdAt: number, id: number];

export type ProfilePostsOrder = { sort: "newest"; after?: NewestKey } | { sort: "most-liked"; after?: MostLikedKey };

export interface ProfilePostRow extends PostRow {
  /** The smallest width written for the post's first photo: a grid tile, not a full photo. */
  imageName: string | null;
  likes: number;
}

/**
 * A person's posts by keyset, newest first or most liked first (ties newest first). Dish
 * reviews posted with a restaurant review are part of it, so only the review itself is listed.
 * Newest walks posts_author_created_idx from the cursor. Most liked has no stored count to
 * walk: it counts each of the person's posts' likes (a post_likes primary-key range each) and
 * sorts them, so a page costs the person's post count, not the page size; a person has
 * hundreds of posts, not millions.
 */
export async function readProfilePosts(
  db: Database,
  authorId: number,
  order: ProfilePostsOrder,
  limit: number,
): Promise<ProfilePostRow[]> {
  const likes = sql`(SELECT count(*) FROM post_likes l WHERE l.post_id = p.id)`;
  const ranked =
    order.sort === "newest"
      ? sql`SELECT p.*, ${likes} AS likes FROM posts p
          WHERE p.author_id = ${authorId} AND p.review_group_id IS NULL AND p.removed_at IS NULL
            ${order.after ? sql`AND (p.created_at, p.id) < (${order.after[0]}, ${order.after[1]})` : sql``}
          ORDER BY p.created_at DESC, p.id DESC LIMIT ${limit}`
      : sql`SELECT * FROM (SELECT p.*, ${likes} AS likes FROM posts p
            WHERE p.author_id = ${authorId} AND p.review_group_id IS NULL AND p.removed_at IS NULL) p
          ${order.after ? sql`WHERE (p.likes, p.created_at, p.id) < (${order.after[0]}, ${order.after[1]}, ${order.after[2]})` : sql``}
          ORDER BY p.likes DESC, p.created_at DESC, p.id DESC LIMIT ${limit}`;
  const rows = await db.all<RawProfilePost>(sql`
    SELECT p.id, p.author_id, p.restaurant_id, p.dish_id, p.review_group_id, p.content, p.rating_tenths,
      p.incentivised, p.created_at, p.updated_at, p.likes,
      (SELECT coalesce(json_extract(i.variants, '$[0].name'), i.file_name) FROM post_images i
        WHERE i.post_id = p.id ORDER BY i.position LIMIT 1) AS image_name
    FROM (${ranked}) p
    ORDER BY ${order.sort === "newest" ? sql`` : sql`p.likes DESC,`} p.created_at DESC, p.id DESC`);
  return rows.map((row) => ({
    id: Number(row.id),
    authorId: Number(row.author_id),
    restaurantId: row.restaurant_id === null ? null : Number(row.restaurant_id),
    dishId: row.dish_id === null ? null : Number(row.dish_id),
    reviewGroupId: row.review_group_id === null ? null : Number(row.review_group_id),
    content: String(row.content),
    ratingTenths: Number(row.rating_tenths),
    incentivised: Boolean(row.incentivised),
    createdAt: Number(row.created_at),
    updatedAt: row.updated_at === null ? null : Number(row.updated_at),
    imageName: row.image_name,
    likes: Number(row.likes),
  }));
}

interface RawProfilePost {
  id: number;
  author_id: number;
  restaurant_id: number | null;
  dish_id: number | null;
  review_group_id: number | null;
  content: string;
  rating_tenths: number;
  incentivised: number;
  created_at: number;
  updated_at: number | null;
  likes: number;
  image_name: string | null;
}

export async function setBio(db: Database, userId: number, bio: string): Promise<void> {
  await db.run(sql`UPDATE profiles SET bio = ${bio} WHERE user_id = ${userId}`);
}

export interface AvatarFile {
  name: string;
  contentType: string;
  width: number;
  height: number;
  bytes: number;
}

/**
 * The new photo's file row and the profile pointing at it, in one batch; answers the name of
 * the photo it replaced (its file row goes too), for the caller to remove from storage.
 */
export async function replaceAvatar(
  db: Database,
  userId: number,
  file: AvatarFile,
  nowMs: number,
): Promise<string | null> {
  const previous = await db.get<{ profile_image: string | null }>(
    sql`SELECT profile_image FROM profiles WHERE user_id = ${userId}`,
  );
  const old = previous?.profile_image ?? null;
  await db.batch([
    db.run(sql`INSERT INTO files (name, content_type, width, height, bytes, owner_id, created_at)
      VALUES (${file.name}, ${file.contentType}, ${file.width}, ${file.height}, ${file.bytes}, ${userId}, ${nowMs})`),
    db.run(sql`UPDATE profiles SET profile_image = ${file.name} WHERE user_id = ${userId}`),
    // Only a photo this user uploaded as an avatar: seeded or absolute URLs have no row of theirs.
    db.run(sql`DELETE FROM files WHERE name = ${old ?? ""} AND owner_id = ${userId} AND name LIKE 'a-%'`),
  ]);
  return old && old.startsWith("a-") ? old : null;
}
