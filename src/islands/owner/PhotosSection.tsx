// The owner's restaurant photos (issue 22, docs/owners.md): add one, remove one. The upload
// is scaled on the device like a review photo, then goes through the review photos' pipeline
// (issue 23): it shows blurred, as a placeholder, until its widths are ready, and this
// section looks again a few seconds later.
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { api, callOptions, outcomeOf, type ApiClient, type ApiOutcome } from "../../shared/api-client.ts";
import type { RestaurantPhoto } from "../../shared/schemas/restaurant-photos.ts";
import { MAX_RESTAURANT_PHOTOS } from "../../domain/restaurant-photos.ts";
import { isPreparing, photoClass, photoSrc, photoSrcset } from "../../client/post-card/post-media.ts";
import { jpegName, resizeToJpeg } from "../../client/photo-resize.ts";

const FRESH = { init: { cache: "no-cache" } } as const;
const RECHECK_MS = 2500;

export function restaurantPhotosApi(client: ApiClient = api) {
  const param = (id: number) => ({ id: String(id) });
  return {
    async list(restaurantId: number) {
      const outcome = await outcomeOf(client.restaurants[":id"].$get({ param: param(restaurantId) }, FRESH));
      return outcome.kind === "ok" ? { ...outcome, data: outcome.data.ownerPhotos ?? [] } : outcome;
    },
    add: (token: string, restaurantId: number, photo: File) =>
      outcomeOf(
        client.restaurants[":id"].photos.$post(
          { param: param(restaurantId), form: { photo } },
          callOptions({ token }),
        ),
      ),
    remove: (token: string, restaurantId: number, photoId: number) =>
      outcomeOf(
        client.restaurants[":id"].photos[":photoId"].$delete(
          { param: { id: String(restaurantId), photoId: String(photoId) } },
          callOptions({ token }),
        ),
      ),
  };
}

/** The photo section's calls, as the typed client answers them. */
export type RestaurantPhotosApi = ReturnType<typeof restaurantPhotosApi>;

let defaultApi: RestaurantPhotosApi | null = null;

export function PhotosSection({
  token,
  restaurantId,
  api: photosApi = (defaultApi ??= restaurantPhotosApi()),
}: {
  token: string;
  restaurantId: number;
  api?: RestaurantPhotosApi;
}) {
  const [photos, setPhotos] = useState<RestaurantPhoto[] | null>(null);
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();

  const load = useCallback(async () => {
    const outcome = await photosApi.list(restaurantId);
    if (outcome.kind === "ok") setPhotos(outcome.data);
    else setStatus({ text: outcome.message, error: true });
  }, [photosApi, restaurantId]);
  useEffect(() => void load(), [load]);

  // A photo being prepared is looked at again until its widths are in.
  const preparing = photos?.some(isPreparing) ?? false;
  useEffect(() => {
    if (!preparing) return;
    const timer = setTimeout(() => void load(), RECHECK_MS);
    return () => clearTimeout(timer);
  }, [preparing, photos, load]);

  const answer = (outcome: ApiOutcome<RestaurantPhoto[]>, done: string) => {
    if (outcome.kind === "ok") {
      setPhotos(outcome.data);
      setStatus({ text: done, error: false });
    } else setStatus({ text: outcome.message, error: true });
  };

  const add = async (file: File) => {
    setBusy(true);
    setStatus({ text: "Uploading the photo…", error: false });
    const scaled = await resizeToJpeg(file).then(
      (blob) => new File([blob], jpegName(file.name), { type: "image/jpeg" }),
      () => file,
    );
    answer(
      await photosApi.add(token, restaurantId, scaled),
      "Photo added. It shows on your page once it is ready.",
    );
    setBusy(false);
    if (input.current) input.current.value = "";
  };

  const remove = async (photo: RestaurantPhoto, n: number) => {
    setBusy(true);
    answer(await photosApi.remove(token, restaurantId, photo.id), `Photo ${n} removed.`);
    setBusy(false);
  };

  const full = (photos?.length ?? 0) >= MAX_RESTAURANT_PHOTOS;
  return (
    <div className="owner-photos">
      {photos === null && !status && <p role="status">Loading the photos…</p>}
      {photos !== null && photos.length === 0 && (
        <p>No photos yet. Add the dining room, the front, your dishes.</p>
      )}
      {photos !== null && photos.length > 0 && (
        <ul className="owner-photos__list">
          {photos.map((photo, i) => (
            <li key={photo.id}>
              <img
                className={photoClass(photo)}
                src={photoSrc(photo)}
                srcSet={photoSrcset(photo) || undefined}
                sizes="10rem"
                width={photo.width}
                height={photo.height}
                alt={isPreparing(photo) ? `Photo ${i + 1}, being prepared` : `Photo ${i + 1}`}
              />
              <button
                type="button"
                className="btn btn-secondary"
                disabled={busy}
                onClick={() => void remove(photo, i + 1)}
              >
                Remove photo {i + 1}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p>
        <label htmlFor={inputId}>Add a photo</label>{" "}
        <input
          ref={input}
          id={inputId}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          disabled={busy || full}
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            if (file) void add(file);
          }}
        />
      </p>
      {full && (
        <p>{`Your restaurant shows ${MAX_RESTAURANT_PHOTOS} photos, the most it can: remove one to add another.`}</p>
      )}
      <p role="status" className={status?.error ? "owner-error" : undefined}>
        {status?.text ?? ""}
      </p>
    </div>
  );
}
