// Cloudflare Pages: /{kind}/{id} (functions/{dish,restaurant,offers,area,review}/[id].ts). The
// page rendered on demand into the kind's built template (pages/page-render.ts); a kept kind's
// page (the catalogue's) is held in Cloudflare's cache as its Cache-Control says, until a write
// to its item purges it. A dish, restaurant or offer page's prerendered file answers only when
// the catalogue cannot be read (issue 30, decision 011); an area page's file answers first, as
// the ranked list it is. Review pages are never prerendered nor kept: nothing would purge a
// review that is edited, removed or made private. A `_redirects` rule cannot choose between a
// file and the Function: Pages applies a 200 rewrite whether or not a file exists at the path
// (checked in wrangler 4.164's asset server).
// `_headers` reaches what the asset server answers (the prerendered page, the 404 page) but
// not a Function's own responses, so a page rendered here gets the same security headers
// from the same source: src/build/csp.ts over the hashes the build wrote to /.csp.json.
import {
  CLOUDFLARE_PAGES_POLICY,
  CSP_MANIFEST,
  EMPTY_HASHES,
  parseInlineHashes,
  siteSecurityHeaders,
} from "../../build/csp.ts";
import { ON_DEMAND_PAGES } from "../pages/on-demand-pages.ts";
import type { OnDemandPage, TemplateSource } from "../pages/page-render.ts";
import { matchPagePath, templatePath, type PageKindName } from "../pages/page-routes.ts";
import { ITEM_PAGE_KINDS } from "../pages/changed-pages.ts";
import { cloudflareHost, type CloudflareBindings } from "./cloudflare-host.ts";
import { defaultPageCache, pageCacheKey, type PageCache } from "../pages/edge-page-cache.ts";

export interface AssetFetcher {
  fetch(input: Request | string | URL, init?: RequestInit): Promise<Response>;
}

export interface PagesContext {
  request: Request;
  env: CloudflareBindings & { ASSETS: AssetFetcher };
  waitUntil?: (promise: Promise<unknown>) => void;
}

export function assetRequest(request: Request, pathname: string): Request {
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
  return (kind, variant) => {
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

interface SiteHeaders {
  headers: Record<string, string>;
  /** False when the manifest could not be read: the page then is not kept in the cache. */
  complete: boolean;
}

// The manifest changes only with a deployment, like the templates: read once per isolate.
const siteHeaderSets = new WeakMap<AssetFetcher, Promise<SiteHeaders>>();

/**
 * The security headers of every page, from the build's manifest. Without it the policy
 * allows no inline script: safe, though the page's islands may not start, so that answer
 * is not cached and the next request tries again.
 */
export function siteHeaders(assets: AssetFetcher, request: Request): Promise<SiteHeaders> {
  let set = siteHeaderSets.get(assets);
  if (!set) {
    set = assets
      .fetch(assetRequest(request, `/${CSP_MANIFEST}`))
      .then(async (res) => (res.ok ? parseInlineHashes(await res.json()) : null))
      .catch(() => null)
      .then((hashes) => {
        if (!hashes) {
          console.warn(
            `/${CSP_MANIFEST} could not be read; on-demand pages get a policy with no inline-script hashes`,
          );
          siteHeaderSets.delete(assets);
        }
        return {
          headers: siteSecurityHeaders(hashes ?? EMPTY_HASHES, CLOUDFLARE_PAGES_POLICY),
          complete: hashes !== null,
        };
      });
    siteHeaderSets.set(assets, set);
  }
  return set;
}

export async function serveOnDemandPage(
  kind: PageKindName,
  context: PagesContext,
  cache: PageCache | undefined = defaultPageCache(),
): Promise<Response> {
  const { request, env } = context;
  const url = new URL(request.url);
  const match = matchPagePath(url.pathname);
  if (!match || match.kind !== kind) return notFoundPage(env.ASSETS, request);
  const { id } = match;
  const pages = ON_DEMAND_PAGES[kind];
  // Directory-format pages live at /dish/7/ (index.html); asking for that form avoids the
  // asset server's redirect from /dish/7.
  const prerendered = async () => {
    const file = await env.ASSETS.fetch(assetRequest(request, `/${kind}/${id}/`));
    return file.status === 404 ? undefined : file;
  };
  // An area page is a ranked list, which no write purges: its prerendered file answers first
  // and changes with a deployment (decision 012).
  if (pages.kept && !ITEM_PAGE_KINDS.has(kind)) {
    const file = await prerendered();
    if (file) return file;
  }

  const host = cloudflareHost(env);
  if (!("problem" in host)) host.origins.add(url.origin);
  const cacheable = pages.kept && request.method === "GET" && cache !== undefined;
  const key = pageCacheKey(url.origin, kind, id);
  // Issue 30: an item's own page is rendered from the database and kept in the edge cache, which
  // a write to the item purges (edge-page-cache.ts), rather than served from its prerendered
  // file, which holds the facts of the last deployment: no isolate can know which items were
  // written since then. The prerendered file stands in when the catalogue cannot be read.
  if (cacheable) {
    const cached = await cache.match(key);
    if (cached) return cached;
  }
  const templates = builtTemplates(env.ASSETS, request);
  const [page, security] = await Promise.all([
    "problem" in host
      ? pages.unavailable(id, templates)
      : pages.render(id, {
          api: host.api,
          template: templates,
          log: host.deps.log,
          referenceData: host.deps.referenceData,
        }),
    siteHeaders(env.ASSETS, request),
  ]);
  if (!page) return (pages.kept && (await prerendered())) || notFoundPage(env.ASSETS, request);
  if (page.status === 503 && pages.kept) {
    const stale = await prerendered();
    if (stale) return stale;
  }
  // The cached copy keeps the headers it was made with: they match the template it used.
  const response = pageResponse(page, security.headers, request.method === "HEAD");
  if (cacheable && page.status !== 503 && security.complete) {
    const stored = cache.put(key, response.clone());
    if (context.waitUntil) context.waitUntil(stored);
    else await stored;
  }
  return response;
}

export function pageResponse(page: OnDemandPage, security: Record<string, string>, head: boolean): Response {
  return new Response(head ? null : page.html, {
    status: page.status,
    headers: { ...security, "content-type": "text/html; charset=utf-8", "cache-control": page.cacheControl },
  });
}

export async function notFoundPage(assets: AssetFetcher, request: Request): Promise<Response> {
  const page = await assets.fetch(assetRequest(request, "/404.html"));
  return new Response(page.body, { status: 404, headers: page.headers });
}

/** The onRequestGet/onRequestHead handler of functions/{kind}/[id].ts. */
export function onDemandPageHandler(kind: PageKindName) {
  return (context: PagesContext) => serveOnDemandPage(kind, context);
}
