// The verified owner's restaurant photos (issue 22, docs/owners.md): added and removed only by
// the restaurant's verified owner, through the review photos' pipeline (the same checks; on
// Node the widths are encoded off the request, issue 23), each change logged. Photos show on
// the restaurant's item read (GET /restaurants/{id}, ownerPhotos), so each change drops that
// read's scope (item:restaurant:{id}) and nothing else: no list, rank or rating shows them.
import { MAX_RESTAURANT_PHOTOS, RESTAURANT_PHOTO_MESSAGES } from "../../../domain/restaurant-photos.ts";
import type { RestaurantPhoto } from "../../../shared/schemas/restaurant-photos.ts";
import { enforceRateLimit, RATE_LIMITS } from "../auth/rate-limit.ts";
import type { AuthUser } from "../auth/require-user.ts";
import { readScopes } from "../cache/scopes.ts";
import { ownerLogStatement } from "../db/queries/owners.ts";
import {
  addRestaurantPhotoStatements,
  removeRestaurantPhotoStatements,
  restaurantPhoto,
  restaurantPhotoCount,
  restaurantPhotosOf,
  type RestaurantPhotoRow,
} from "../db/queries/restaurant-photos.ts";
import { runBatch } from "../db/batch.ts";
import type { AppDeps } from "../deps.ts";
import {
  checkAndStagePhotos,
  isStagedPhoto,
  PhotoRejectedError,
  processAndStorePhotos,
  removeFiles,
  type ProcessedPhoto,
} from "../files/image-pipeline.ts";
import { fieldError } from "../http/envelope.ts";
import { assertOwner } from "./owners.ts";

/** As review photos show: the preview while the widths are prepared, never the upload. */
export function restaurantPhotoOf(row: RestaurantPhotoRow): RestaurantPhoto {
  const size = { width: row.width ?? 0, height: row.height ?? 0 };
  return isStagedPhoto(row.fileName)
    ? { id: row.id, name: `pending-${row.id}`, ...size, srcset: [], placeholder: row.placeholder ?? "" }
    : { id: row.id, name: row.fileName, ...size, srcset: row.variants };
}

export async function listRestaurantPhotos(deps: Pick<AppDeps, "db">, restaurantId: number) {
  return (await restaurantPhotosOf(deps.db, restaurantId)).map(restaurantPhotoOf);
}

function changed(deps: AppDeps, restaurantId: number) {
  deps.cache.invalidate([readScopes.item("restaurant", restaurantId)]);
}

async function prepared(deps: AppDeps, file: File): Promise<{ photo: ProcessedPhoto; staged: boolean }> {
  const upload = { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
  const check = deps.photoJobs && deps.images.checkReviewPhoto?.bind(deps.images);
  try {
    const [photo] = check
      ? await checkAndStagePhotos(check, [upload])
      : await processAndStorePhotos(deps.images, deps.files, [upload]);
    return { photo: photo!, staged: !!check };
  } catch (error) {
    if (error instanceof PhotoRejectedError) throw fieldError(400, "photo", error.message);
    throw error;
  }
}

export async function addRestaurantPhoto(
  deps: AppDeps,
  user: AuthUser,
  restaurantId: number,
  file: File,
): Promise<RestaurantPhoto[]> {
  await assertOwner(deps, user, restaurantId);
  const now = deps.now();
  if ((await restaurantPhotoCount(deps.db, restaurantId)) >= MAX_RESTAURANT_PHOTOS)
    throw fieldError(409, "photo", RESTAURANT_PHOTO_MESSAGES.tooMany);
  await enforceRateLimit(deps.db, RATE_LIMITS.photosPerUser, String(user.id), now);
  const { photo, staged } = await prepared(deps, file);
  try {
    await runBatch(deps.db, [
      ...addRestaurantPhotoStatements(deps.db, {
        restaurantId,
        ownerId: user.id,
        fileName: photo.fileName,
        variants: photo.variants,
        placeholder: photo.placeholder ?? null,
        files: photo.files,
        staged,
        createdAt: now,
      }),
      ownerLogStatement(deps.db, {
        actorId: user.id,
        actorLabel: user.username,
        action: "owner:photo-add",
        restaurantId,
        after: { fileName: photo.fileName },
        createdAt: now,
      }),
    ]);
  } catch (error) {
    if (!staged)
      await removeFiles(
        deps.files,
        photo.outputs.map((o) => o.name),
      );
    throw error;
  }
  if (staged) {
    // The bytes once their row has committed, then the encode (services/photo-encodes.ts).
    const [output] = photo.outputs;
    await deps.files.put(output!.name, output!.body, output!.contentType).catch((error: unknown) => {
      deps.log("error", "Could not store a staged photo", error);
    });
    deps.photoJobs!.enqueue([photo.fileName]);
  }
  changed(deps, restaurantId);
  return listRestaurantPhotos(deps, restaurantId);
}

export async function removeRestaurantPhoto(
  deps: AppDeps,
  user: AuthUser,
  restaurantId: number,
  photoId: number,
): Promise<RestaurantPhoto[]> {
  await assertOwner(deps, user, restaurantId);
  const photo = await restaurantPhoto(deps.db, restaurantId, photoId);
  if (!photo) throw fieldError(404, "photoId", RESTAURANT_PHOTO_MESSAGES.notFound);
  await runBatch(deps.db, [
    ...removeRestaurantPhotoStatements(deps.db, photo),
    ownerLogStatement(deps.db, {
      actorId: user.id,
      actorLabel: user.username,
      action: "owner:photo-remove",
      restaurantId,
      before: { fileName: photo.fileName },
      createdAt: deps.now(),
    }),
  ]);
  // Rows first, bytes after: a failure leaves bytes no row serves, never a row without bytes.
  await removeFiles(deps.files, [photo.fileName, ...photo.variants.map((v) => v.name)]);
  changed(deps, restaurantId);
  return listRestaurantPhotos(deps, restaurantId);
}
