// One voice per person per item (issue 20): a second review of a restaurant or dish is
// refused, and the modal offers to edit the person's earlier review instead, with what they
// just wrote. The earlier text is kept as a version moderators can see; it is never shown.
// Issue 30: the same stars as posting, and its photos can change (src/client/review-photo-edit/).
import { useEffect, useId, useState } from "react";
import { INCENTIVE_QUESTION } from "../../components/trust/trust-links.ts";
import type { ExistingReviewAnswer } from "../../shared/schemas/reviews.ts";
import { REVIEW_FORM_MESSAGES } from "../../domain/review-form.ts";
import { StarRating } from "../../client/star-rating.tsx";
import {
  applyPhotoChanges,
  hasPhotoChanges,
  noPhotoChanges,
  photoLimitError,
  photosOfReview,
  type PhotoChanges,
} from "../../client/review-photo-edit/review-photos-api.ts";
import { ReviewPhotosField } from "../../client/review-photo-edit/ReviewPhotosField.tsx";
import type { Photo } from "../../shared/schemas/reviews.ts";
import { updateReview } from "./review-api.ts";

export interface ReviewConflict {
  existing: ExistingReviewAnswer;
  /** Where the review can be read once edited. */
  href: string;
  /** The server's message: "You have already reviewed this restaurant. …" */
  message: string;
  /** What the person just wrote for that item, to start the edit from. */
  content: string;
  /** 0..50 tenths. */
  rating: number;
  incentivised: boolean;
  /** Chosen from the place's "Edit your review" (issue 30): the form opens at once. */
  editNow?: boolean;
}

export function ExistingReviewEditor(props: {
  token: string;
  conflict: ReviewConflict;
  onUpdated: (message: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const { conflict } = props;
  const [editing, setEditing] = useState(conflict.editNow === true);
  const [rating, setRating] = useState(conflict.rating);
  const [content, setContent] = useState(conflict.content);
  const [incentivised, setIncentivised] = useState(conflict.incentivised);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // The review's photos as its card shows them, read when the form opens.
  const [photos, setPhotos] = useState<Photo[] | null>(null);
  const [photoChanges, setPhotoChanges] = useState<PhotoChanges>(noPhotoChanges);
  const what = conflict.existing.kind === "restaurant" ? "restaurant" : "dish";
  const postId = conflict.existing.postId;
  useEffect(() => {
    if (!editing) return;
    let live = true;
    void photosOfReview(props.token, postId).then((read) => live && setPhotos(read ?? []));
    return () => void (live = false);
  }, [editing, postId, props.token]);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (saving) return;
    // A restaurant review needs a rating and words, as when it was posted (spec point 5).
    if (what === "restaurant" && (rating <= 0 || content.trim() === "")) {
      setError(rating <= 0 ? REVIEW_FORM_MESSAGES.ratingRequired : REVIEW_FORM_MESSAGES.contentRequired("Your review"));
      return;
    }
    const limit = photoLimitError(photos?.length ?? 0, photoChanges);
    if (limit) return setError(limit);
    setSaving(true);
    const result = await updateReview(props.token, {
      id: conflict.existing.postId,
      content,
      rating: rating / 10,
      // The answer can be added, never taken back: "No" leaves the earlier answer as it is.
      ...(incentivised ? { incentivised: true } : {}),
    });
    if (!result.ok) {
      setSaving(false);
      return setError(result.message);
    }
    const refused = hasPhotoChanges(photoChanges) ? await applyPhotoChanges(props.token, postId, photoChanges) : null;
    setSaving(false);
    if (refused) {
      // The words are saved; the form shows the photos as they are now, to try again.
      setPhotoChanges(noPhotoChanges());
      setPhotos(await photosOfReview(props.token, postId));
      return setError(refused);
    }
    props.onUpdated(result.message);
  };

  if (!editing) {
    return (
      <div className="rm-step rm-conflict">
        <p className="rm-alert" role="alert">
          {conflict.message}
        </p>
        <p>You already reviewed this {what}: each person has one review of it, which you can edit.</p>
        <div className="rm-actions">
          <button type="button" className="btn btn-secondary" onClick={props.onCancel}>
            Back
          </button>
          <button type="button" className="btn btn-primary" onClick={() => setEditing(true)}>
            Edit<span className="visually-hidden"> your review of this {what}</span>
          </button>
        </div>
      </div>
    );
  }
  return (
    <form className="rm-step rm-conflict" aria-label={`Edit your review of this ${what}`} onSubmit={(e) => void save(e)}>
      <p className="rm-hint">Your earlier words are kept for our moderators; only the edit is shown.</p>
      <StarRating label={`Your rating of the ${what}`} value={rating} onChange={(value) => {
          setError(null);
          setRating(value);
        }} required={what === "restaurant"} />
      <div className="rm-field">
        <label htmlFor={`${id}-content`}>Your review</label>
        <textarea id={`${id}-content`} rows={4} value={content} onChange={(e) => {
          setError(null);
          setContent(e.currentTarget.value);
        }} />
      </div>
      {photos === null ? (
        <p className="rm-hint" role="status">
          Loading your photos…
        </p>
      ) : (
        <ReviewPhotosField photos={photos} changes={photoChanges} onChange={setPhotoChanges} onLimit={setError} />
      )}
      <fieldset className="rm-field rm-incentive">
        <legend>{INCENTIVE_QUESTION}</legend>
        <label>
          <input type="checkbox" checked={incentivised} onChange={(e) => setIncentivised(e.currentTarget.checked)} />{" "}
          Yes (this cannot be taken back)
        </label>
      </fieldset>
      <p className="rm-alert" role="alert">
        {error}
      </p>
      <div className="rm-actions">
        <button type="button" className="btn btn-secondary" onClick={props.onCancel}>
          Back
        </button>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          Save changes
        </button>
      </div>
    </form>
  );
}
