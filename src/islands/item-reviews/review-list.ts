// The reviews list on a dish or restaurant page, as pure functions (issue 11, "Reading
// reviews"): the query of each page for a rating band (domain/rating-label.ts), and how the
// list follows a page, an edit or a delete. Text cuts and photo srcsets are every post card's:
// src/islands/post-card/post-media.ts.
import { RATING_BANDS, type RatingBandId } from "../../domain/rating-label.ts";
import type { DishReview, Review, ReviewPage, ReviewsQuery } from "../../shared/schemas/reviews.ts";

export type ReviewSort = NonNullable<ReviewsQuery["sort"]>;

export const SORT_OPTIONS: ReadonlyArray<{ id: ReviewSort; label: string }> = [
  { id: "newest", label: "Newest" },
  { id: "highest", label: "Highest" },
  { id: "lowest", label: "Lowest" },
];

export function isReviewSort(value: string): value is ReviewSort {
  return SORT_OPTIONS.some((option) => option.id === value);
}

/**
 * The query of one page, as strings for the typed client. "All" sends no bounds: a review
 * sent without a rating (a dish review with text only) is then listed too.
 */
export function reviewsQueryOf(
  sort: ReviewSort,
  band: RatingBandId,
  cursor: string | null,
): Record<string, string> {
  const chosen = RATING_BANDS.find((candidate) => candidate.id === band) ?? RATING_BANDS[0];
  return {
    sort,
    ...(chosen.id === "all" ? {} : { minRating: String(chosen.min), maxRating: String(chosen.max) }),
    ...(cursor ? { cursor } : {}),
  };
}

/** The next page after the ones shown; a review already shown is not shown twice. */
export function appendPage(shown: Review[], page: ReviewPage): Review[] {
  const seen = new Set(shown.map((review) => review.id));
  return [...shown, ...page.reviews.filter((review) => !seen.has(review.id))];
}

/** The list with one review (a restaurant review or a dish review in it) changed in place. */
export function withEdited(list: Review[], id: number, change: (review: DishReview) => DishReview): Review[] {
  return list.map((review) =>
    review.id === id
      ? { ...review, ...change(review) }
      : review.dishReviews.some((dish) => dish.id === id)
        ? { ...review, dishReviews: review.dishReviews.map((dish) => (dish.id === id ? change(dish) : dish)) }
        : review,
  );
}

/** The list without a deleted review. */
export function withoutReview(list: Review[], id: number): Review[] {
  return list
    .filter((review) => review.id !== id)
    .map((review) =>
      review.dishReviews.some((dish) => dish.id === id)
        ? { ...review, dishReviews: review.dishReviews.filter((dish) => dish.id !== id) }
        : review,
    );
}

/** A rating as the slider holds it (0..50) from the API's 0..5, for the edit form. */
export function tenthsOf(rating: number | null): number {
  return rating === null ? 0 : Math.round(rating * 10);
}
