// Editing one's own review on an item page (issue 20; issue 30: the same stars as posting,
// src/client/star-rating.tsx, and its photos can change, src/client/review-photo-edit/). The
// words and rating are saved first, then the photos; a refusal stays beside the form, which
// keeps everything typed and chosen.
import { useId, useState, type SubmitEvent } from "react";
import { ratingLabel } from "../../domain/rating-label.ts";
import { MAX_REVIEW_CONTENT } from "../../domain/review-rules.ts";
import type { DishReview } from "../../shared/schemas/reviews.ts";
import { INCENTIVE_QUESTION } from "../../components/trust/trust-links.ts";
import { failureText } from "../../client/failure-text.ts";
import { ITEM_REVIEWS_MESSAGES } from "../../client/review-messages.ts";
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
import { tenthsOf } from "./review-list.ts";
import type { ReviewActions } from "./ReviewCard.tsx";

export function EditReviewForm({
  review,
  actions,
  onDone,
}: {
  review: DishReview;
  actions: ReviewActions;
  onDone: (saved: boolean) => void;
}) {
  const id = useId();
  const [tenths, setTenths] = useState(tenthsOf(review.rating));
  const [content, setContent] = useState(review.content);
  const [incentivised, setIncentivised] = useState(review.incentivised);
  const [photoChanges, setPhotoChanges] = useState<PhotoChanges>(noPhotoChanges);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const session = actions.session;

  async function save(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !session) return;
    const limit = photoLimitError(review.photos.length, photoChanges);
    if (limit) return setError(limit);
    setBusy(true);
    setError(null);
    const rating = tenths / 10;
    const outcome = await actions.api.update(session.token, {
      id: review.id,
      authId: session.userId,
      content,
      rating,
      incentivised,
    });
    if (outcome.kind !== "ok") {
      setBusy(false);
      setError(failureText(outcome, ITEM_REVIEWS_MESSAGES.updateFailed, ITEM_REVIEWS_MESSAGES.loginToEdit));
      return;
    }
    const edited = (current: DishReview): DishReview => ({
      ...current,
      content,
      rating: tenths === 0 ? null : rating,
      ratingLabel: tenths === 0 ? null : ratingLabel(tenths),
      incentivised,
      updatedAt: new Date().toISOString(),
    });
    if (hasPhotoChanges(photoChanges)) {
      const refused = await applyPhotoChanges(session.token, review.id, photoChanges);
      const photos = await photosOfReview(session.token, review.id);
      actions.onEdited(review.id, (current) => ({ ...edited(current), ...(photos ? { photos } : {}) }));
      setBusy(false);
      if (refused) {
        // The words are saved and the card shows the photos as they are now; the form stays open.
        setPhotoChanges(noPhotoChanges());
        setError(refused);
        return;
      }
    } else {
      actions.onEdited(review.id, edited);
      setBusy(false);
    }
    onDone(true);
  }

  return (
    <form className="ir-form" onSubmit={(event) => void save(event)} aria-label="Edit your review">
      <StarRating
        label="Your rating"
        value={tenths}
        onChange={(value) => {
          setTenths(value);
          setError(null);
        }}
      />
      <div className="ir-field">
        <label htmlFor={`${id}-content`}>Your review</label>
        <textarea
          id={`${id}-content`}
          value={content}
          maxLength={MAX_REVIEW_CONTENT}
          rows={4}
          onChange={(event) => {
            setContent(event.target.value);
            setError(null);
          }}
        />
      </div>
      <ReviewPhotosField photos={review.photos} changes={photoChanges} onChange={setPhotoChanges} onLimit={setError} />
      <label className="ir-check">
        <input
          type="checkbox"
          checked={incentivised}
          onChange={(event) => {
            setIncentivised(event.target.checked);
            setError(null);
          }}
        />
        {INCENTIVE_QUESTION}
      </label>
      {error && (
        <p className="ir-error" role="alert">
          {error}
        </p>
      )}
      <div className="ir-buttons">
        <button type="submit" className="btn btn-primary" aria-disabled={busy || undefined}>
          {busy ? "Saving…" : "Save changes"}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => onDone(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
