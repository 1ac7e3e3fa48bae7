// The photos part of editing one's review (issue 30): the review's photos, each with a button
// to take it off (pressed again: keep it), and photos to add from this device, within the
// spec's 10 (point 5: "You can upload a maximum of 10 images." and nothing added). Nothing is
// sent until the edit is saved (review-photos-api.ts).
import { useEffect, useId, useMemo } from "react";
import { MAX_REVIEW_IMAGES, REVIEW_MESSAGES } from "../../domain/review-rules.ts";
import type { Photo } from "../../shared/schemas/reviews.ts";
import type { PhotoChanges } from "./review-photos-api.ts";
import "./review-photos-field.css";

const thumbOf = (photo: Photo) =>
  photo.srcset[0] ? `/api/files/${encodeURIComponent(photo.srcset[0].name)}` : (photo.placeholder ?? "");

export function ReviewPhotosField({
  photos,
  changes,
  onChange,
  onLimit,
}: {
  photos: Photo[];
  changes: PhotoChanges;
  onChange: (changes: PhotoChanges) => void;
  /** Said when a choice would pass the limit; null clears it. */
  onLimit: (message: string | null) => void;
}) {
  const id = useId();
  const previews = useMemo(() => changes.added.map((file) => URL.createObjectURL(file)), [changes.added]);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);
  const kept = photos.length - changes.removed.length + changes.added.length;

  function add(list: FileList | null) {
    const chosen = [...(list ?? [])].filter((file) => file.type.startsWith("image/"));
    if (chosen.length === 0) return;
    if (kept + chosen.length > MAX_REVIEW_IMAGES) return onLimit(REVIEW_MESSAGES.tooManyImages);
    onLimit(null);
    onChange({ ...changes, added: [...changes.added, ...chosen] });
  }

  return (
    <fieldset className="rpe">
      <legend>Photos</legend>
      <p className="rpe__count" id={`${id}-count`}>
        {kept} of {MAX_REVIEW_IMAGES} photos
      </p>
      <ul className="rpe__list">
        {photos.map((photo, i) => {
          const off = changes.removed.includes(photo.name);
          return (
            <li key={photo.name} className={off ? "rpe__item rpe__item--off" : "rpe__item"}>
              <img src={thumbOf(photo)} alt={`Photo ${i + 1} of your review`} width={96} height={72} />
              <button
                type="button"
                className="btn btn-secondary"
                aria-pressed={off}
                onClick={() => {
                  onLimit(null);
                  onChange({
                    ...changes,
                    removed: off ? changes.removed.filter((n) => n !== photo.name) : [...changes.removed, photo.name],
                  });
                }}
              >
                {off ? "Keep" : "Remove"}
                <span className="visually-hidden"> photo {i + 1}</span>
              </button>
            </li>
          );
        })}
        {changes.added.map((file, i) => (
          <li key={`${file.name}-${i}`} className="rpe__item rpe__item--new">
            <img src={previews[i]} alt={`New photo ${i + 1}: ${file.name}`} width={96} height={72} />
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => {
                onLimit(null);
                onChange({ ...changes, added: changes.added.filter((_, j) => j !== i) });
              }}
            >
              Don&rsquo;t add<span className="visually-hidden"> new photo {i + 1}</span>
            </button>
          </li>
        ))}
      </ul>
      <label className="btn btn-secondary rpe__add">
        Add photos
        <input
          type="file"
          accept="image/*"
          multiple
          className="visually-hidden"
          aria-describedby={`${id}-count`}
          onChange={(event) => {
            add(event.currentTarget.files);
            event.currentTarget.value = "";
          }}
        />
      </label>
    </fieldset>
  );
}
