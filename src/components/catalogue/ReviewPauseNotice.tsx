// The public notice of an item whose new reviews are paused for unusual activity (issue 21,
// decision 014). One component for both places it shows: a page rendered on demand while the
// pause is in force, and the reviews island, which reads the pause live from the reviews API
// (a prerendered page never bakes it in: it would outlive the pause until the next build).
import type { ReviewPause } from "../../shared/schemas/reviews.ts";

/** Marks the notice so the reviews island can find the one the page was rendered with. */
export const REVIEW_PAUSE_ATTRIBUTE = "data-review-pause-until";

export function ReviewPauseNotice({ pause }: { pause: ReviewPause }) {
  return (
    <p className="review-pause" {...{ [REVIEW_PAUSE_ATTRIBUTE]: pause.until }}>
      {pause.message}
    </p>
  );
}
