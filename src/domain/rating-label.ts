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
