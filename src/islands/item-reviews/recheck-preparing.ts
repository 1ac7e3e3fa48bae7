// Issue 23: a review photo still being prepared (seconds after posting) shows its blurred
// preview; the list is read again every 3 s, at most ten times, until its widths are in. Only
// while the first page alone is shown, so a reader who read further loses nothing.
import { useEffect, useRef } from "react";
import type { Review } from "../../shared/schemas/reviews.ts";
import { isPreparing } from "../../client/post-card/post-media.ts";

const RECHECK_MS = 3000;
const MAX_RECHECKS = 10;

export function hasPreparingPhoto(reviews: Review[]): boolean {
  return reviews.some((r) => [r, ...r.dishReviews].some((p) => p.photos.some(isPreparing)));
}

export function useRecheckPreparing(
  state: { status: string; pages?: number; reviews?: Review[] },
  load: (fresh: boolean) => unknown,
): void {
  const preparing = state.status === "ready" && state.pages === 1 && hasPreparingPhoto(state.reviews ?? []);
  const rechecks = useRef(0);
  useEffect(() => {
    if (!preparing || rechecks.current >= MAX_RECHECKS) return;
    const timer = setTimeout(() => {
      rechecks.current += 1;
      void load(true);
    }, RECHECK_MS);
    return () => clearTimeout(timer);
  }, [preparing, state, load]);
}
