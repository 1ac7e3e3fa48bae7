// "Photos from the owner" on a restaurant's page (issue 22): what its verified owner added in
// the dashboard, read live with the restaurant, so a new photo shows before the next rebuild.
// A photo whose widths are still being prepared shows its blurred preview (issue 23).
import type { RestaurantPhoto } from "../../shared/schemas/restaurant-photos.ts";
import { PhotoList } from "./PhotoList.tsx";

export function OwnerPhotos({ photos, name }: { photos: RestaurantPhoto[]; name?: string }) {
  if (photos.length === 0) return null;
  return (
    <section className="ir-owner-photos" aria-labelledby="ir-owner-photos-title">
      <h2 id="ir-owner-photos-title">Photos from the owner</h2>
      <PhotoList
        photos={photos}
        alt={(i) => `${name ?? "The restaurant"}, photo ${i + 1} of ${photos.length} from the owner`}
      />
    </section>
  );
}
