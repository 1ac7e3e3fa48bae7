// Every SQL statement about profiles (issue 12): the posts grid, the bio and the photo.
import { sql } from "drizzle-orm";
import type { Database } from "../client.ts";

export interface ProfilePostRow {
  id: number;
  /** The smallest width written for the post's first photo: a grid tile, not a full photo. */
  imageName: string | null;
  createdAt: number;
}

/**
 * A person's posts, newest first, by keyset on [createdAt, id] (posts_author_created_idx). Dish
 * reviews posted with a restaurant review are part of it, so only the review itself is listed.
 */
export async function readProfilePosts(
  db: Database,
  authorId: number,
  after: [number, number] | undefined,
  limit: number,
): Promise<ProfilePostRow[]> {
  const range = after ? sql`AND (p.created_at, p.id) < (${after[0]}, ${after[1]})` : sql``;
  const rows = await db.all<{ id: number; image_name: string | null; created_at: number }>(sql`
    SELECT p.id, p.created_at,
      (SELECT coalesce(json_extract(i.variants, '$[0].name'), i.file_name) FROM post_images i
        WHERE i.post_id = p.id ORDER BY i.position LIMIT 1) AS image_name
    FROM posts p
    WHERE p.author_id = ${authorId} AND p.review_group_id IS NULL ${range}
    ORDER BY p.created_at DESC, p.id DESC
    LIMIT ${limit}`);
  return rows.map((row) => ({ id: row.id, imageName: row.image_name, createdAt: row.created_at }));
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
