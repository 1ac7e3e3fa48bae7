// "Photos from the owner" on a restaurant's page (issue 22): what its verified owner added in
// the dashboard, read live with the restaurant, so a new photo shows before the next rebuild.
// A photo whose widths are still being prepared shows its blurred preview (issue 23).
import type { RestaurantPhoto } from "../../shared/schemas/restaurant-photos.ts";
import { fileUrl } from "../../domain/file-url.ts";
import { isPreparing, photoClass, photoSrc, photoSrcset } from "../post-card/post-media.ts";

export function OwnerPhotos({ photos, name }: { photos: RestaurantPhoto[]; name?: string }) {
  if (photos.length === 0) return null;
  return (
    <section className="ir-owner-photos" aria-labelledby="ir-owner-photos-title">
      <h2 id="ir-owner-photos-title">Photos from the owner</h2>
      <ul className="ir-photos">
        {photos.map((photo, i) => (
          <li key={photo.id}>
            <a href={isPreparing(photo) ? undefined : (fileUrl(photo.name) ?? undefined)}>
              <img
                className={photoClass(photo)}
                src={photoSrc(photo)}
                srcSet={photoSrcset(photo) || undefined}
                sizes="(min-width: 600px) 10rem, 30vw"
                width={photo.width}
                height={photo.height}
                alt={`${name ?? "The restaurant"}, photo ${i + 1} of ${photos.length} from the owner${isPreparing(photo) ? ", being prepared" : ", full size"}`}
                loading="lazy"
                decoding="async"
              />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
