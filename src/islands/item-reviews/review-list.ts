// The reviews list on a dish or restaurant page, as pure functions (issue 11, "Reading
// reviews"): the spec's rating bands, the query of each page, and how the list follows a
// page, an edit or a delete. Text cuts and photo srcsets are every post card's:
// src/islands/post-card/post-media.ts.
import type { DishReview, Review, ReviewPage, ReviewsQuery } from "../../shared/schemas/reviews.ts";

export type ReviewSort = NonNullable<ReviewsQuery["sort"]>;

export const SORT_OPTIONS: ReadonlyArray<{ id: ReviewSort; label: string }> = [
  { id: "newest", label: "Newest" },
  { id: "highest", label: "Highest" },
  { id: "lowest", label: "Lowest" },
];

/**
 * Spec point 5's rating filter: each label maps to a min and max rating. Ratings come in
 * steps of 0.1, so the bands meet without a gap ("Excellent" ends at 4.7, "Must Try" starts
 * at 4.8).
 */
export const RATING_BANDS = [
  { id: "all", label: "All", min: 0, max: 5 },
  { id: "must-try", label: "Must Try (4.8+)", min: 4.8, max: 5 },
  { id: "excellent", label: "Excellent", min: 4.5, max: 4.7 },
  { id: "very-good", label: "Very Good", min: 3.7, max: 4.4 },
  { id: "good", label: "Good", min: 3.0, max: 3.6 },
  { id: "average", label: "Average", min: 2.5, max: 2.9 },
  { id: "prefer-others", label: "Prefer Others", min: 2.0, max: 2.4 },
  { id: "not-good", label: "Not Good", min: 1.5, max: 1.9 },
  { id: "bad", label: "Bad", min: 1.0, max: 1.4 },
  { id: "inedible", label: "Inedible", min: 0, max: 0.9 },
] as const;

export type RatingBandId = (typeof RATING_BANDS)[number]["id"];

export function isRatingBandId(value: string): value is RatingBandId {
  return RATING_BANDS.some((band) => band.id === value);
}

export function isReviewSort(value: string): value is ReviewSort {
  return SORT_OPTIONS.some((option) => option.id === value);
}

/**
 * The query of one page, as strings for the typed client. "All" sends no bounds: a review
 * sent without a rating (a dish review with text only) is then listed too.
 */
export function reviewsQueryOf(sort: ReviewSort, band: RatingBandId, cursor: string | null): Record<string, string> {
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
