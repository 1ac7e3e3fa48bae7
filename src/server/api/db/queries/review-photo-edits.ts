// Changing the photos of one's own review (issue 30, the composer's edit): the photos a review
// group shows (for the spec's 10-photo limit), one review's photos, and the statements adding
// or taking one. Every change first keeps the review as it was (keepVersionsStatement), so a
// taken photo stays in the version moderators read, and its file with it.
import { and, count, eq, inArray, max, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { postImages, posts } from "../schema.ts";
import type { BatchStatement } from "./owners.ts";
import { addPhotoStatements, type PhotoFiles } from "./photo-rows.ts";

/** How many photos these reviews show together. */
export async function photoCountOf(db: Database, postIds: number[]): Promise<number> {
  const [row] = await db.select({ n: count() }).from(postImages).where(inArray(postImages.postId, postIds));
  return Number(row?.n ?? 0);
}

/** A review's photos by position: what its card shows, and the key a removal names. */
export async function photosOfPost(db: Database, postId: number) {
  return db
    .select({ position: postImages.position, fileName: postImages.fileName })
    .from(postImages)
    .where(eq(postImages.postId, postId))
    .orderBy(postImages.position);
}

/** The next free position after the review's photos, as SQL run inside the batch. */
const nextPosition = (postId: number) =>
  sql`(SELECT coalesce(${max(postImages.position)}, -1) + 1 FROM ${postImages} WHERE ${postImages.postId} = ${postId})`;

/** One photo added to a review: its file rows, its row after the others, its encode job when staged. */
export function addPostPhotoStatements(
  db: Database,
  photo: Omit<PhotoFiles, "ownerId"> & {
    postId: number;
    authorId: number;
    variants: { name: string; width: number }[];
    placeholder: string | null;
  },
): BatchStatement[] {
  return addPhotoStatements(
    db,
    { ...photo, ownerId: photo.authorId },
    db.insert(postImages).values({
      postId: photo.postId,
      fileName: photo.fileName,
      position: nextPosition(photo.postId),
      variants: photo.variants,
      placeholder: photo.placeholder,
    }),
  );
}

/** Takes the photo at `position` off the review (its file stays: the kept version names it). */
export function removePostPhotoStatement(db: Database, postId: number, position: number): BatchStatement {
  return db.delete(postImages).where(and(eq(postImages.postId, postId), eq(postImages.position, position)));
}

/** The review reads as edited now (the next version's "written at"). */
export function touchPostStatement(db: Database, postId: number, updatedAt: number): BatchStatement {
  return db.update(posts).set({ updatedAt }).where(eq(posts.id, postId));
}
