// Every SQL statement about profiles (issue 12): the posts grid, the bio and the photo. The
// grid is typed raw SQL (decision 013): a keyset over a count computed in a derived table.
import { and, eq, like, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import * as z from "../../../../shared/schemas/zod.ts";
import type { Database } from "../client.ts";
import { rawRows, sqlInteger } from "../raw-rows.ts";
import { files, postImages, postLikes, posts, profiles } from "../schema.ts";
import type { PostRow } from "./reviews-reads.ts";
import { postRow } from "./social-posts.ts";

/** The newest-first position of a post: its time and id. */
export type NewestKey = [createdAt: number, id: number];
/** The most-liked-first position of a post: its likes, time and id. */
export type MostLikedKey = [likes: number, createdAt: number, id: number];

export type ProfilePostsOrder =
  { sort: "newest"; after?: NewestKey } | { sort: "most-liked"; after?: MostLikedKey };

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
  // p is the author's posts, then the derived tables built from them, which keep posts'
  // column names (p.*), so posts' columns read each.
  const [p, l, i] = [alias(posts, "p"), alias(postLikes, "l"), alias(postImages, "i")];
  const likes = sql`(SELECT count(*) FROM ${postLikes} ${l} WHERE ${l.postId} = ${p.id})`;
  const theirs = sql`${p.authorId} = ${authorId} AND ${p.reviewGroupId} IS NULL AND ${p.removedAt} IS NULL`;
  const ranked =
    order.sort === "newest"
      ? sql`SELECT ${p}.*, ${likes} AS likes FROM ${posts} ${p}
          WHERE ${theirs}
            ${order.after ? sql`AND (${p.createdAt}, ${p.id}) < (${order.after[0]}, ${order.after[1]})` : sql``}
          ORDER BY ${p.createdAt} DESC, ${p.id} DESC LIMIT ${limit}`
      : sql`SELECT * FROM (SELECT ${p}.*, ${likes} AS likes FROM ${posts} ${p} WHERE ${theirs}) p
          ${order.after ? sql`WHERE (p.likes, ${p.createdAt}, ${p.id}) < (${order.after[0]}, ${order.after[1]}, ${order.after[2]})` : sql``}
          ORDER BY p.likes DESC, ${p.createdAt} DESC, ${p.id} DESC LIMIT ${limit}`;
  return rawRows(
    db,
    profilePostRow,
    sql`
    SELECT ${p.id} AS id, ${p.authorId} AS authorId, ${p.restaurantId} AS restaurantId, ${p.dishId} AS dishId,
      ${p.reviewGroupId} AS reviewGroupId, ${p.content} AS content, ${p.ratingTenths} AS ratingTenths,
      ${p.incentivised} AS incentivised, ${p.createdAt} AS createdAt, ${p.updatedAt} AS updatedAt, p.likes AS likes,
      (SELECT coalesce(json_extract(${i.variants}, '$[0].name'), ${i.fileName}) FROM ${postImages} ${i}
        -- A photo still being encoded (issue 23) names its private staging file: not shown.
        WHERE ${i.postId} = ${p.id} AND ${i.fileName} NOT LIKE 'private~%' ORDER BY ${i.position} LIMIT 1) AS imageName
    FROM (${ranked}) p
    ORDER BY ${order.sort === "newest" ? sql`` : sql`p.likes DESC,`} ${p.createdAt} DESC, ${p.id} DESC`,
  );
}

const profilePostRow = postRow.extend({
  imageName: z.string().nullable(),
  likes: sqlInteger,
}) satisfies z.ZodType<ProfilePostRow>;

export async function setBio(db: Database, userId: number, bio: string): Promise<void> {
  await db.update(profiles).set({ bio }).where(eq(profiles.userId, userId));
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
  const [previous] = await db
    .select({ profileImage: profiles.profileImage })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  const old = previous?.profileImage ?? null;
  await db.batch([
    db.insert(files).values({ ...file, ownerId: userId, createdAt: nowMs }),
    db.update(profiles).set({ profileImage: file.name }).where(eq(profiles.userId, userId)),
    // Only a photo this user uploaded as an avatar: seeded or absolute URLs have no row of theirs.
    db
      .delete(files)
      .where(and(eq(files.name, old ?? ""), eq(files.ownerId, userId), like(files.name, "a-%"))),
  ]);
  return old && old.startsWith("a-") ? old : null;
}
