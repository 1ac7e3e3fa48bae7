// The review page's React root, made only when a signed-in reader's view differs from the
// visitor's page the host rendered (loader.ts): the same components the host renders.
import { createRoot } from "react-dom/client";
import { ReviewPageBody } from "../../components/review-page/ReviewArticle.tsx";
import { ReviewMissing } from "../../components/review-page/ReviewMissing.tsx";
import type { ReviewPageData } from "../../components/review-page/review-page-data.ts";
import type { Removal } from "../../shared/schemas/removed-review.ts";
import { RemovedReview } from "./RemovedReview.tsx";

function renderInto(element: HTMLElement, node: React.ReactNode): void {
  element.replaceChildren();
  createRoot(element).render(node);
}

export function mountReview(element: HTMLElement, data: ReviewPageData): void {
  renderInto(element, <ReviewPageBody {...data} />);
}

export function mountMissing(element: HTMLElement): void {
  renderInto(element, <ReviewMissing status={404} />);
}

/** Its author's view of a review a moderator removed (issue 30): why, and how to appeal; no Share. */
export function mountRemoved(element: HTMLElement, data: ReviewPageData, removal: Removal): void {
  renderInto(element, <RemovedReview post={data.post} removal={removal} />);
}
