// Editing one's own review on an item page (issue 20; issue 30: the same stars as posting,
// src/client/star-rating.tsx, and its photos can change, src/client/review-photo-edit/). What
// saving does is the review modal's too (src/client/use-review-editor.ts); here the card shows
// the edit, its photos as read afterwards, once the form closes.
import { useId } from "react";
import { ratingLabel } from "../../domain/rating-label.ts";
import { MAX_REVIEW_CONTENT } from "../../domain/review-rules.ts";
import type { DishReview } from "../../shared/schemas/reviews.ts";
import { INCENTIVE_QUESTION } from "../../components/trust/trust-links.ts";
import { failureText } from "../../client/failure-text.ts";
import { FormFooter } from "../../client/form-footer.tsx";
import { ITEM_REVIEWS_MESSAGES } from "../../client/review-messages.ts";
import { StarRating } from "../../client/star-rating.tsx";
import { ReviewPhotosField } from "../../client/review-photo-edit/ReviewPhotosField.tsx";
import { useReviewEditor, type ReviewDraft } from "../../client/use-review-editor.ts";
import { tenthsOf } from "./review-list.ts";
import type { ReviewActions } from "./ReviewCard.tsx";

/** The card as the edit leaves it, without asking the API for it again. */
function editedCard({ rating, content, incentivised }: ReviewDraft) {
  return (current: DishReview): DishReview => ({
    ...current,
    content,
    rating: rating === 0 ? null : rating / 10,
    ratingLabel: rating === 0 ? null : ratingLabel(rating),
    incentivised,
    updatedAt: new Date().toISOString(),
  });
}

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
  const session = actions.session;
  const editor = useReviewEditor({
    token: session?.token ?? null,
    postId: review.id,
    start: { rating: tenthsOf(review.rating), content: review.content, incentivised: review.incentivised },
    photos: review.photos,
    photosShownAfterSave: true,
    async sendWords({ rating, content, incentivised }, token) {
      const outcome = await actions.api.update(token, {
        id: review.id,
        authId: session?.userId,
        content,
        rating: rating / 10,
        incentivised,
      });
      if (outcome.kind === "ok") return { ok: true, message: "" };
      const message = failureText(outcome, ITEM_REVIEWS_MESSAGES.updateFailed, ITEM_REVIEWS_MESSAGES.loginToEdit);
      return { ok: false, message };
    },
    onWordsSaved(draft, photos) {
      const edited = editedCard(draft);
      actions.onEdited(review.id, (current) => ({ ...edited(current), ...(photos ? { photos } : {}) }));
    },
    onSaved: () => onDone(true),
  });
  const { draft, change } = editor;

  return (
    <form className="ir-form" onSubmit={(event) => void editor.save(event)} aria-label="Edit your review">
      <StarRating label="Your rating" value={draft.rating} onChange={(value) => change("rating", value)} />
      <div className="ir-field">
        <label htmlFor={`${id}-content`}>Your review</label>
        <textarea
          id={`${id}-content`}
          value={draft.content}
          maxLength={MAX_REVIEW_CONTENT}
          rows={4}
          onChange={(event) => change("content", event.target.value)}
        />
      </div>
      <ReviewPhotosField
        photos={editor.photos ?? review.photos}
        changes={editor.photoChanges}
        onChange={editor.setPhotoChanges}
        onLimit={editor.setError}
      />
      <label className="ir-check">
        <input
          type="checkbox"
          checked={draft.incentivised}
          onChange={(event) => change("incentivised", event.target.checked)}
        />
        {INCENTIVE_QUESTION}
      </label>
      <FormFooter error={editor.error} busy={editor.busy} action="Save changes" busyAction="Saving…" onCancel={() => onDone(false)} />
    </form>
  );
}
