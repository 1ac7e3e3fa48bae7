// Cloudflare Pages: /{kind}/{id} (functions/{dish,restaurant,offers,area}/[id].ts). The
// prerendered page when the build wrote one, else the page rendered on demand into the kind's
// built template (catalogue-page-render.ts), held in Cloudflare's cache as its Cache-Control
// says. A `_redirects` rule cannot choose between the two: Pages applies a 200 rewrite
// whether or not a file exists at the path (checked in wrangler 4.164's asset server).
import type { CatalogueKind } from "../../components/catalogue/page-data.ts";
import type { TemplateVariant } from "../../components/catalogue/page-template.ts";
import {
  renderCataloguePage,
  unavailablePage,
  type OnDemandPage,
  type TemplateSource,
} from "./catalogue-page-render.ts";
import { matchCataloguePath, templatePath, type CatalogueRouteKind } from "./catalogue-routes.ts";
import { cloudflareHost, type CloudflareBindings } from "../hosts/cloudflare-host.ts";
import { defaultPageCache, pageCacheKey, type PageCache } from "./edge-page-cache.ts";

export interface AssetFetcher {
  fetch(input: Request | string | URL, init?: RequestInit): Promise<Response>;
}

export interface PagesContext {
  request: Request;
  env: CloudflareBindings & { ASSETS: AssetFetcher };
  waitUntil?: (promise: Promise<unknown>) => void;
}

function assetRequest(request: Request, pathname: string): Request {
  const url = new URL(request.url);
  url.pathname = pathname;
  url.search = "";
  return new Request(url, { method: "GET", headers: request.headers });
}

// Templates change only with a deployment, which starts new isolates: read once per isolate.
const templateTexts = new WeakMap<AssetFetcher, Map<string, Promise<string | undefined>>>();

function builtTemplates(assets: AssetFetcher, request: Request): TemplateSource {
  let texts = templateTexts.get(assets);
  if (!texts) templateTexts.set(assets, (texts = new Map()));
  const known = texts;
  return (kind: CatalogueKind, variant: TemplateVariant) => {
    const path = templatePath(kind, variant);
    let text = known.get(path);
    if (!text) {
      text = assets.fetch(assetRequest(request, path)).then((r) => (r.ok ? r.text() : undefined));
      known.set(path, text);
      text.catch(() => known.delete(path));
    }
    return text;
  };
}

export async function serveCataloguePage(
  kind: CatalogueRouteKind,
  context: PagesContext,
  cache: PageCache | undefined = defaultPageCache(),
): Promise<Response> {
  const { request, env } = context;
  const url = new URL(request.url);
  const match = matchCataloguePath(url.pathname);
  if (!match || match.kind !== kind) return notFoundPage(env.ASSETS, request);
  // Directory-format pages live at /dish/7/ (index.html); asking for that form avoids the
  // asset server's redirect from /dish/7.
  const prerendered = await env.ASSETS.fetch(assetRequest(request, `/${kind}/${match.id}/`));
  if (prerendered.status !== 404) return prerendered;

  const host = cloudflareHost(env);
  if (!("problem" in host)) host.origins.add(url.origin);
  const cacheable = request.method === "GET" && cache !== undefined;
  const key = pageCacheKey(url.origin, kind, match.id);
  if (cacheable) {
    const cached = await cache.match(key);
    if (cached) return cached;
  }
  const id = Number(match.id);
  const templates = builtTemplates(env.ASSETS, request);
  const page =
    "problem" in host
      ? await unavailablePage(kind, id, templates)
      : await renderCataloguePage(kind, id, { api: host.api, template: templates, log: host.deps.log });
  if (!page) return notFoundPage(env.ASSETS, request);
  const response = pageResponse(page, request.method === "HEAD");
  if (cacheable && page.status !== 503) {
    const stored = cache.put(key, response.clone());
    if (context.waitUntil) context.waitUntil(stored);
    else await stored;
  }
  return response;
}

function pageResponse(page: OnDemandPage, head: boolean): Response {
  return new Response(head ? null : page.html, {
    status: page.status,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": page.cacheControl },
  });
}

async function notFoundPage(assets: AssetFetcher, request: Request): Promise<Response> {
  const page = await assets.fetch(assetRequest(request, "/404.html"));
  return new Response(page.body, { status: 404, headers: page.headers });
}

/** The onRequestGet/onRequestHead handler of functions/{kind}/[id].ts. */
export function cataloguePageHandler(kind: CatalogueRouteKind) {
  return (context: PagesContext) => serveCataloguePage(kind, context);
}
