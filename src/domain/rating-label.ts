// Spec point 9: rating labels by the slider's 0..50 value (a rating in tenths).
const LABELS: ReadonlyArray<readonly [number, string]> = [
  [48, "Must Try"],
  [45, "Excellent"],
  [37, "Very Good"],
  [30, "Good"],
  [25, "Average"],
  [20, "Prefer Others"],
  [15, "Not Good"],
  [10, "Bad"],
];

/** Label for a 0..50 slider value. */
export function ratingLabel(tenths: number): string {
  for (const [min, label] of LABELS) if (tenths >= min) return label;
  return "Inedible";
}

/** Label for a 0..5 mean rating as the API gives it (rounded to tenths first). */
export function ratingLabelForMean(rating: number): string {
  return ratingLabel(Math.round(rating * 10));
}

/**
 * Spec point 5's rating filter (the reviews on a dish or restaurant page, the post search):
 * each label maps to a min and max rating. Ratings come in steps of 0.1, so the bands meet
 * without a gap ("Excellent" ends at 4.7, "Must Try" starts at 4.8).
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
