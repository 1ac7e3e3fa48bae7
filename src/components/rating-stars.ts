// What RatingStars.astro and its React twin (Stars in src/components/cards/card-views.tsx)
// render for a mean rating, so both draw the same stars and say the same words.
import { formatGroupedCount } from "../domain/format-count.ts";

export interface StarsView {
  rated: boolean;
  /** The rating clamped to 0..5. */
  value: number;
  /** What screen readers hear for the stars ("Rated 4.2 out of 5 from 1,234 reviews"). */
  spoken: string;
  /**
   * Classes that fill the stars to the tenth. The stars are one element whose gold fill
   * width comes from two classes (whole stars, tenths) instead of an inline style, which the
   * strict CSP would need one hash per distinct value for (decision 005). Drawing them as
   * SVG took 13 elements per rating and a tenth of the home page's style and layout time.
   */
  fillClass: string;
}

export function starsView(rating: number, ratingCount?: number): StarsView {
  const value = Math.max(0, Math.min(5, rating));
  const rated = rating > 0 || (ratingCount ?? 0) > 0;
  const countText =
    ratingCount === undefined
      ? ""
      : ` from ${formatGroupedCount(ratingCount)} ${ratingCount === 1 ? "review" : "reviews"}`;
  // From the printed number, so the fill and the text never round differently (4.35).
  const tenths = Math.round(Number(value.toFixed(1)) * 10);
  return {
    rated,
    value,
    spoken: rated ? `Rated ${value.toFixed(1)} out of 5${countText}` : "No ratings yet",
    fillClass: `stars stars--${Math.floor(tenths / 10)} stars--x${tenths % 10}`,
  };
}
