// Issue 30: a second review of the same place is caught when the place is chosen, not when
// posting. Choosing a restaurant or dish the person already reviewed says so at once and offers
// to edit that review (one voice per person per item, issue 20).
import { useEffect, useState } from "react";
import { REVIEW_MESSAGES } from "../../domain/review-rules.ts";
import type { ReviewConflict } from "./ExistingReviewEditor.tsx";
import { ownReviewOf, type OwnReview } from "./review-api.ts";
import { postedReviewHref } from "./submission.ts";

function useOwnReview(token: string, kind: "restaurant" | "dish", itemId: number | null): OwnReview | null {
  const [found, setFound] = useState<{ itemId: number; review: OwnReview | null } | null>(null);
  useEffect(() => {
    if (itemId === null) return;
    let live = true;
    void ownReviewOf(token, kind, itemId).then((review) => live && setFound({ itemId, review }));
    return () => {
      live = false;
    };
  }, [token, kind, itemId]);
  // An answer about a place no longer chosen says nothing about this one.
  return found && found.itemId === itemId ? found.review : null;
}

export function AlreadyReviewed(props: {
  token: string;
  kind: "restaurant" | "dish";
  itemId: number | null;
  onEdit: (conflict: ReviewConflict) => void;
}) {
  const own = useOwnReview(props.token, props.kind, props.itemId);
  if (!own) return null;
  const message =
    props.kind === "restaurant" ? REVIEW_MESSAGES.restaurantAlreadyReviewed : REVIEW_MESSAGES.dishAlreadyReviewed;
  return (
    <div className="rm-alert rm-already" role="status">
      <p>{message}</p>
      <button
        type="button"
        className="btn btn-secondary"
        onClick={() =>
          props.onEdit({
            existing: own.existing,
            href: postedReviewHref(own.existing.postId),
            message,
            content: own.content,
            rating: own.rating,
            incentivised: own.incentivised,
            editNow: true,
          })
        }
      >
        Edit your review<span className="visually-hidden"> of this {props.kind}</span>
      </button>
    </div>
  );
}
