// The verified owner's restaurant photos (issue 22): one row each in restaurant_photos, its
// file rows in files, and while it waits for its widths (issue 23) its encode job.
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { files, restaurantPhotos } from "../schema.ts";
import type { BatchStatement } from "./owners.ts";
import { addPhotoStatements, type PhotoFiles } from "./photo-rows.ts";

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

/** The statements adding one photo (photo-rows.ts): its file rows, its row, its encode job when staged. */
export function addRestaurantPhotoStatements(
  db: Database,
  photo: PhotoFiles & {
    restaurantId: number;
    variants: { name: string; width: number }[];
    placeholder: string | null;
  },
): BatchStatement[] {
  return addPhotoStatements(
    db,
    photo,
    db.insert(restaurantPhotos).values({
      restaurantId: photo.restaurantId,
      fileName: photo.fileName,
      variants: photo.variants,
      placeholder: photo.placeholder,
      createdAt: photo.createdAt,
    }),
  );
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
