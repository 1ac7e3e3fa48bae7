// A review's page (/review/{id}, issue 24) as a kind of on-demand page (page-render.ts). The
// build writes its templates (src/pages/review/[id].astro) with the catalogue pages' marks and
// never prerenders a review; a host reads the review through the typed client as a visitor.
import {
  loadReviewPage,
  reviewPageMeta,
  type ReviewPageData,
} from "../../components/review-page/review-page-data.ts";
import { ReviewPageBody } from "../../components/review-page/ReviewArticle.tsx";
import { missingMeta, ReviewMissing } from "../../components/review-page/ReviewMissing.tsx";
import { onDemandKind, type RenderOptions } from "./page-render.ts";

/**
 * Review pages are not held by a CDN: nothing purges them when a review is edited, removed or
 * its author goes private, and each of those must show at once (docs/security.md). Browsers
 * revalidate, as for every page.
 */
export const CACHE_REVIEW_PAGE = "no-cache";

/**
 * 200 with the review and its comments; 404, the same for a review that does not exist and
 * one a visitor may not see; 503 when the API fails. Never kept (CACHE_REVIEW_PAGE).
 */
export const REVIEW_PAGE = onDemandKind<ReviewPageData>("review", {
  load: loadReviewPage,
  async view(id, data, origin, renderHtml) {
    return { ...reviewPageMeta(id, data, origin), bodyHtml: await renderHtml(ReviewPageBody, data) };
  },
  async missing(id, state, renderHtml) {
    const status = state === "error" ? 500 : 404;
    return {
      ...missingMeta(status),
      canonicalPath: `/review/${id}`,
      bodyHtml: await renderHtml(ReviewMissing, { status }),
    };
  },
  cacheControl: { found: CACHE_REVIEW_PAGE, missing: CACHE_REVIEW_PAGE },
  kept: false,
});

/** The page of review `id` (REVIEW_PAGE's render). */
export function renderReviewPage(id: number, options: RenderOptions) {
  return REVIEW_PAGE.render(id, options);
}
