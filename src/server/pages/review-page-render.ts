// A review's page (/review/{id}, issue 24) rendered on demand, on Node (static-site.ts) and in
// the Cloudflare Function (review-page-function.ts) alike. Runtime-neutral: no Node modules.
// The build writes the page's templates (src/pages/review/[id].astro) with the catalogue
// pages' marks; the host reads the review through the typed client over its own app as a
// visitor and fills a template with fillTemplate, the catalogue pages' one pass.
import { TEMPLATE_MARKS, type TemplateVariant } from "../../components/catalogue/page-template.ts";
import { prerenderHtml } from "../../components/catalogue/prerender-html.ts";
import {
  loadReviewPage,
  reviewPageMeta,
  type ReviewPageData,
} from "../../components/review-page/review-page-data.ts";
import { ReviewPageBody } from "../../components/review-page/ReviewArticle.tsx";
import { missingMeta, ReviewMissing } from "../../components/review-page/ReviewMissing.tsx";
import type { ApiClient } from "../../shared/api-client.ts";
import { CACHE_NONE, fillTemplate, type OnDemandPage } from "./catalogue-page-render.ts";

/**
 * Review pages are not held by a CDN: nothing purges them when a review is edited, removed or
 * its author goes private, and each of those must show at once (docs/security.md). Browsers
 * revalidate, as for every page.
 */
export const CACHE_REVIEW_PAGE = "no-cache";

/** A built review template, or undefined when the build has none. */
export type ReviewTemplateSource = (variant: TemplateVariant) => Promise<string | undefined>;

export interface ReviewRenderOptions {
  api: ApiClient;
  template: ReviewTemplateSource;
  log?: (level: "warn" | "error", message: string, detail?: unknown) => void;
}

/**
 * The page of review `id`: 200 with the review and its comments; 404, the same for a review
 * that does not exist and one a visitor may not see; 503 when the API fails. Undefined when
 * the build has no review templates: the host answers as for any missing file.
 */
export async function renderReviewPage(
  id: number,
  { api, template, log }: ReviewRenderOptions,
): Promise<OnDemandPage | undefined> {
  let data: ReviewPageData | null;
  try {
    data = await loadReviewPage(api, id);
  } catch (error) {
    log?.("error", `On-demand review page ${id} could not be read`, error);
    return missingPage(id, template, 500);
  }
  if (!data) return missingPage(id, template, 404);
  const probe = await template("default-image");
  if (probe === undefined) return undefined;
  const origin = new URL(templateOriginOf(probe));
  const meta = reviewPageMeta(id, data, origin);
  const html = meta.ogImage === undefined ? probe : await template("image");
  if (html === undefined) return undefined;
  const bodyHtml = await prerenderHtml(ReviewPageBody, data);
  return { status: 200, html: fillTemplate(html, { ...meta, bodyHtml }), cacheControl: CACHE_REVIEW_PAGE };
}

/** The review page of a host that cannot read the catalogue at all (503). */
export function unavailableReviewPage(id: number, template: ReviewTemplateSource) {
  return missingPage(id, template, 500);
}

async function missingPage(
  id: number,
  template: ReviewTemplateSource,
  status: 404 | 500,
): Promise<OnDemandPage | undefined> {
  const html = await template("no-item");
  if (html === undefined) return undefined;
  return {
    status: status === 404 ? 404 : 503,
    html: fillTemplate(html, {
      ...missingMeta(status),
      canonicalPath: `/review/${id}`,
      bodyHtml: await prerenderHtml(ReviewMissing, { status }),
    }),
    cacheControl: status === 404 ? CACHE_REVIEW_PAGE : CACHE_NONE,
  };
}

/** The origin the build wrote into the template's canonical link (PUBLIC_ORIGIN at build). */
function templateOriginOf(html: string): string {
  const at = html.indexOf(`${TEMPLATE_MARKS.canonicalPath}"`);
  if (at < 0) throw new Error("The review page template has no canonical link");
  return html.slice(html.lastIndexOf('"', at - 1) + 1, at);
}
