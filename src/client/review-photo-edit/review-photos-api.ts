// Changing the photos of one's own review (issue 30): the calls, through the one typed client,
// and the order they run in when an edit is saved: photos taken off first (they free room in
// the spec's 10), then the new ones, resized as the composer resizes them (2048 px JPEG).
import { MAX_REVIEW_IMAGES, REVIEW_MESSAGES } from "../../domain/review-rules.ts";
import type { Photo } from "../../shared/schemas/reviews.ts";
import { api, callOptions, outcomeOf, type ApiClient } from "../../shared/api-client.ts";
import { jpegName, resizeToJpeg } from "../photo-resize.ts";

export interface PhotoChanges {
  /** Names, as the review's card names its photos, to take off. */
  removed: string[];
  /** Files chosen on this device to add. */
  added: File[];
}

export const noPhotoChanges = (): PhotoChanges => ({ removed: [], added: [] });
export const hasPhotoChanges = (c: PhotoChanges) => c.removed.length > 0 || c.added.length > 0;

/** The spec's limit (point 5), before anything is sent: null when the changes keep within it. */
export function photoLimitError(current: number, changes: PhotoChanges): string | null {
  return current - changes.removed.length + changes.added.length > MAX_REVIEW_IMAGES ? REVIEW_MESSAGES.tooManyImages : null;
}

/** Applies the changes; answers null, or the first refusal's words (nothing after it is sent). */
export async function applyPhotoChanges(
  token: string,
  postId: number,
  changes: PhotoChanges,
  client: ApiClient = api,
): Promise<string | null> {
  const id = String(postId);
  for (const name of changes.removed) {
    const outcome = await outcomeOf(client.posts[":id"].photos[":name"].$delete({ param: { id, name } }, callOptions({ token })));
    if (outcome.kind !== "ok") return outcome.message || "The photo could not be taken off. Please try again.";
  }
  if (changes.added.length === 0) return null;
  let images: File[];
  try {
    images = await Promise.all(
      changes.added.map(async (file) => new File([await resizeToJpeg(file)], jpegName(file.name), { type: "image/jpeg" })),
    );
  } catch (error) {
    return error instanceof Error ? error.message : "A photo could not be prepared.";
  }
  const outcome = await outcomeOf(client.posts[":id"].photos.$post({ param: { id }, form: { images } }, callOptions({ token })));
  if (outcome.kind === "ok") return null;
  const field = outcome.kind === "failed" ? Object.values(outcome.fields)[0] : undefined;
  return field ?? (outcome.message || "The photos could not be added. Please try again.");
}

/** The review's photos as its card shows them now, after the changes. */
export async function photosOfReview(token: string, postId: number, client: ApiClient = api): Promise<Photo[] | null> {
  const outcome = await outcomeOf(client.posts[":id"].$get({ param: { id: String(postId) } }, callOptions({ token })));
  return outcome.kind === "ok" ? outcome.data.photos : null;
}
