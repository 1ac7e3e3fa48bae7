// Cloudflare Pages: /review/{id} (functions/review/[id].ts, issue 24). Reviews are never
// prerendered: every page is rendered here into the built review templates, with the security
// headers every on-demand page gets from the build's manifest (catalogue-page-function.ts,
// one source). Not kept in caches.default: nothing would purge a review that is edited,
// removed or made private (review-page-render.ts).
import { cloudflareHost } from "./cloudflare-host.ts";
import {
  assetRequest,
  notFoundPage,
  pageResponse,
  siteHeaders,
  type AssetFetcher,
  type PagesContext,
} from "./cloudflare-pages.ts";
import { renderReviewPage, unavailableReviewPage, type ReviewTemplateSource } from "../pages/review-page-render.ts";
import { matchReviewPath, reviewTemplatePath } from "../pages/review-page-routes.ts";

// Templates change only with a deployment, which starts new isolates: read once per isolate.
const templateTexts = new WeakMap<AssetFetcher, Map<string, Promise<string | undefined>>>();

function reviewTemplates(assets: AssetFetcher, request: Request): ReviewTemplateSource {
  let texts = templateTexts.get(assets);
  if (!texts) templateTexts.set(assets, (texts = new Map()));
  const known = texts;
  return (variant) => {
    const path = reviewTemplatePath(variant);
    let text = known.get(path);
    if (!text) {
      text = assets.fetch(assetRequest(request, path)).then((r) => (r.ok ? r.text() : undefined));
      known.set(path, text);
      text.catch(() => known.delete(path));
    }
    return text;
  };
}

export async function serveReviewPage(context: PagesContext): Promise<Response> {
  const { request, env } = context;
  const id = matchReviewPath(new URL(request.url).pathname);
  if (id === null) return notFoundPage(env.ASSETS, request);
  const host = cloudflareHost(env);
  const templates = reviewTemplates(env.ASSETS, request);
  const [page, security] = await Promise.all([
    "problem" in host
      ? unavailableReviewPage(id, templates)
      : renderReviewPage(id, { api: host.api, template: templates, log: host.deps.log }),
    siteHeaders(env.ASSETS, request),
  ]);
  if (!page) return notFoundPage(env.ASSETS, request);
  return pageResponse(page, security.headers, request.method === "HEAD");
}
