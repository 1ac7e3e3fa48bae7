// Photo rules every post card shares (spec point 4; issues 11 and 12): the feed's cards and
// the reviews on dish and restaurant pages offer the browser the same widths of each photo.
// Long text is cut by lines in CSS (PostText, issue 24), no longer here by characters.
import { fileUrl } from "../../domain/file-url.ts";
import type { Photo } from "../../shared/schemas/reviews.ts";

/** Every width the API wrote, for the browser to choose from. */
export function photoSrcset(photo: Photo): string {
  return photo.srcset
    .map((source) => `${fileUrl(source.name)} ${source.width}w`)
    .join(", ");
}

/**
 * Issue 23: a photo whose widths are still being encoded (a few seconds after posting) has no
 * file yet; it shows its tiny preview, blurred (class photo-preparing), at its own shape.
 */
export function isPreparing(photo: Photo): boolean {
  return photo.placeholder !== undefined;
}

/** The class every photo's img carries: blurred while its preview stands in for it. */
export function photoClass(photo: Photo, base?: string): string | undefined {
  return [base, isPreparing(photo) ? "photo-preparing" : undefined].filter(Boolean).join(" ") || undefined;
}

/** The src of browsers without srcset: the smallest width that fills a thumbnail. */
export function photoSrc(photo: Photo, atLeast = 400): string {
  if (photo.placeholder !== undefined) return photo.placeholder;
  const fitting = photo.srcset.find((source) => source.width >= atLeast) ?? photo.srcset.at(-1);
  return fileUrl(fitting?.name ?? photo.name) ?? "";
}
