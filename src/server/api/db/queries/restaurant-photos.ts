// The verified owner's restaurant photos (issue 22): one row each in restaurant_photos, its
// file rows in files, and while it waits for its widths (issue 23) its encode job.
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { files, photoEncodes, restaurantPhotos } from "../schema.ts";
import type { BatchStatement } from "./owners.ts";
import type { FileRow } from "./review-post-batch.ts";

export interface RestaurantPhotoRow {
  id: number;
  fileName: string;
  variants: { name: string; width: number }[];
  placeholder: string | null;
  width: number | null;
  height: number | null;
}

/** A restaurant's photos, oldest first, with the size of their largest file. */
export async function restaurantPhotosOf(db: Database, restaurantId: number): Promise<RestaurantPhotoRow[]> {
  return db
    .select({
      id: restaurantPhotos.id,
      fileName: restaurantPhotos.fileName,
      variants: restaurantPhotos.variants,
      placeholder: restaurantPhotos.placeholder,
      width: files.width,
      height: files.height,
    })
    .from(restaurantPhotos)
    .innerJoin(files, eq(files.name, restaurantPhotos.fileName))
    .where(eq(restaurantPhotos.restaurantId, restaurantId))
    .orderBy(asc(restaurantPhotos.id));
}

export async function restaurantPhotoCount(db: Database, restaurantId: number): Promise<number> {
  return db.$count(restaurantPhotos, eq(restaurantPhotos.restaurantId, restaurantId));
}

/**
 * The statements adding one photo: its file rows (the staged upload, or the encoded widths),
 * its row, and its encode job when staged (created held: the request writes the bytes next).
 */
export function addRestaurantPhotoStatements(
  db: Database,
  photo: {
    restaurantId: number;
    ownerId: number;
    fileName: string;
    variants: { name: string; width: number }[];
    placeholder: string | null;
    files: FileRow[];
    staged: boolean;
    createdAt: number;
  },
): BatchStatement[] {
  const statements: BatchStatement[] = [
    db
      .insert(files)
      .values(photo.files.map((f) => ({ ...f, ownerId: photo.ownerId, createdAt: photo.createdAt }))),
    db.insert(restaurantPhotos).values({
      restaurantId: photo.restaurantId,
      fileName: photo.fileName,
      variants: photo.variants,
      placeholder: photo.placeholder,
      createdAt: photo.createdAt,
    }),
  ];
  if (photo.staged) {
    statements.push(
      db.insert(photoEncodes).values({
        stagingName: photo.fileName,
        authorId: photo.ownerId,
        claimedAt: photo.createdAt,
        createdAt: photo.createdAt,
      }),
    );
  }
  return statements;
}

/** The photo's row if it is this restaurant's: what its removal must delete. */
export async function restaurantPhoto(
  db: Database,
  restaurantId: number,
  photoId: number,
): Promise<RestaurantPhotoRow | undefined> {
  const [row] = await db
    .select({
      id: restaurantPhotos.id,
      fileName: restaurantPhotos.fileName,
      variants: restaurantPhotos.variants,
      placeholder: restaurantPhotos.placeholder,
      width: sql<number | null>`NULL`,
      height: sql<number | null>`NULL`,
    })
    .from(restaurantPhotos)
    .where(and(eq(restaurantPhotos.id, photoId), eq(restaurantPhotos.restaurantId, restaurantId)));
  return row;
}

/**
 * Removes the photo's row and then its files' rows (a staged photo's job goes with its file
 * row); the caller removes the bytes after. Returns the file names whose rows went.
 */
export function removeRestaurantPhotoStatements(db: Database, photo: RestaurantPhotoRow): BatchStatement[] {
  const names = [photo.fileName, ...photo.variants.map((v) => v.name)];
  return [
    db.delete(restaurantPhotos).where(eq(restaurantPhotos.id, photo.id)),
    ...[...new Set(names)].map((name) => db.delete(files).where(eq(files.name, name))),
  ];
}
