// One voice per person per item (issue 20): a second review of a restaurant or dish is
// refused, and the modal offers to edit the person's earlier review instead, with what they
// just wrote. The earlier text is kept as a version moderators can see; it is never shown.
// Issue 30: the same stars as posting, and its photos can change. What saving does is the item
// page's too (src/client/use-review-editor.ts); here the photos are read when the form opens.
import { useId, useState } from "react";
import { INCENTIVE_QUESTION } from "../../components/trust/trust-links.ts";
import type { ExistingReviewAnswer } from "../../shared/schemas/reviews.ts";
import { REVIEW_FORM_MESSAGES } from "../../domain/review-form.ts";
import { StarRating } from "../../client/star-rating.tsx";
import { ReviewPhotosField } from "../../client/review-photo-edit/ReviewPhotosField.tsx";
import { useReviewEditor, type ReviewDraft } from "../../client/use-review-editor.ts";
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

/** A restaurant review needs a rating and words, as when it was posted (spec point 5). */
function restaurantReviewRule({ rating, content }: ReviewDraft): string | null {
  if (rating <= 0) return REVIEW_FORM_MESSAGES.ratingRequired;
  return content.trim() === "" ? REVIEW_FORM_MESSAGES.contentRequired("Your review") : null;
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
  const what = conflict.existing.kind === "restaurant" ? "restaurant" : "dish";
  const editor = useReviewEditor({
    token: props.token,
    postId: conflict.existing.postId,
    start: { rating: conflict.rating, content: conflict.content, incentivised: conflict.incentivised },
    photos: null,
    open: editing,
    check: what === "restaurant" ? restaurantReviewRule : undefined,
    sendWords: ({ rating, content, incentivised }, token) =>
      updateReview(token, {
        id: conflict.existing.postId,
        content,
        rating: rating / 10,
        // The answer can be added, never taken back: "No" leaves the earlier answer as it is.
        ...(incentivised ? { incentivised: true } : {}),
      }),
    onSaved: props.onUpdated,
  });
  const { draft, change, photos } = editor;

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
    <form className="rm-step rm-conflict" aria-label={`Edit your review of this ${what}`} onSubmit={(e) => void editor.save(e)}>
      <p className="rm-hint">Your earlier words are kept for our moderators; only the edit is shown.</p>
      <StarRating label={`Your rating of the ${what}`} value={draft.rating} onChange={(value) => change("rating", value)} required={what === "restaurant"} />
      <div className="rm-field">
        <label htmlFor={`${id}-content`}>Your review</label>
        <textarea id={`${id}-content`} rows={4} value={draft.content} onChange={(e) => change("content", e.currentTarget.value)} />
      </div>
      {photos === null ? (
        <p className="rm-hint" role="status">
          Loading your photos…
        </p>
      ) : (
        <ReviewPhotosField photos={photos} changes={editor.photoChanges} onChange={editor.setPhotoChanges} onLimit={editor.setError} />
      )}
      <fieldset className="rm-field rm-incentive">
        <legend>{INCENTIVE_QUESTION}</legend>
        <label>
          <input type="checkbox" checked={draft.incentivised} onChange={(e) => change("incentivised", e.currentTarget.checked)} />{" "}
          Yes (this cannot be taken back)
        </label>
      </fieldset>
      <p className="rm-alert" role="alert">
        {editor.error}
      </p>
      <div className="rm-actions">
        <button type="button" className="btn btn-secondary" onClick={props.onCancel}>
          Back
        </button>
        <button type="submit" className="btn btn-primary" disabled={editor.busy}>
          Save changes
        </button>
      </div>
    </form>
  );
}
