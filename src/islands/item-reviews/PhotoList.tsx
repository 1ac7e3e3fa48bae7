// A row of review-sized photos, each opening its full size; a photo whose widths are still
// being prepared (issue 23) shows its blurred preview and opens nothing yet. Review cards and
// the owner's photos on a restaurant page share it.
import { fileUrl } from "../../domain/file-url.ts";
import type { Photo } from "../../shared/schemas/reviews.ts";
import { isPreparing, photoClass, photoSrc, photoSrcset } from "../../client/post-card/post-media.ts";

export function PhotoList({
  photos,
  label,
  alt,
}: {
  photos: Photo[];
  /** The list's accessible name, where the heading above does not give one. */
  label?: string;
  /** Each photo's text: "…, full size" or "…, being prepared" is added. */
  alt: (index: number) => string;
}) {
  if (photos.length === 0) return null;
  return (
    <ul className="ir-photos" aria-label={label}>
      {photos.map((photo, i) => (
        <li key={photo.name}>
          <a href={isPreparing(photo) ? undefined : (fileUrl(photo.name) ?? undefined)}>
            <img
              className={photoClass(photo)}
              src={photoSrc(photo)}
              srcSet={photoSrcset(photo) || undefined}
              sizes="(min-width: 600px) 10rem, 30vw"
              width={photo.width}
              height={photo.height}
              alt={`${alt(i)}, ${isPreparing(photo) ? "being prepared" : "full size"}`}
              loading="lazy"
              decoding="async"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
