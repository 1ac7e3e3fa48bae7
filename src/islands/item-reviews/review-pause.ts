// Which review-pause notice the reviews island shows (issue 21): the pause comes live with
// every first page of reviews, so a prerendered page shows it without a rebuild. A page
// rendered on demand during the pause already carries the notice: the island then shows
// nothing more, and takes that notice away once the pause is over.
import { pauseInForce } from "../../domain/review-signals.ts";
import { REVIEW_PAUSE_ATTRIBUTE } from "../../components/catalogue/ReviewPauseNotice.tsx";
import type { ReviewPause } from "../../shared/schemas/reviews.ts";

/**
 * The pause the island renders itself, or null. `island` is the island's own section, whose
 * notice is not the page's.
 */
export function islandPause(
  pause: ReviewPause | null | undefined,
  now: number,
  doc: Document,
  island: Element | null,
): ReviewPause | null {
  const live = pause && pauseInForce(Date.parse(pause.until), now) ? pause : null;
  const onPage = [...doc.querySelectorAll(`[${REVIEW_PAUSE_ATTRIBUTE}]`)].filter((n) => !island?.contains(n));
  if (!live) {
    for (const notice of onPage) notice.remove();
    return null;
  }
  return onPage.length > 0 ? null : live;
}
