// Cloudflare Pages: catalogue pages for items added after the build. A `_redirects` rule
// cannot do this: Pages applies a 200 rewrite whether or not a file exists at the path (its
// asset server matches redirects before looking up assets, checked in wrangler 4.164), so
// `/dish/* /dish/fallback/ 200` would hide every prerendered page. These small functions
// (functions/{dish,restaurant,offers,area}/[id].ts) ask the static assets for the
// prerendered page first and answer the kind's fallback page, status 200, only when it is
// missing; an impossible id gets the 404 page.
import { fallbackPath, matchCataloguePath, type CatalogueRouteKind } from "./catalogue-routes.ts";

export interface AssetFetcher {
  fetch(input: Request | string | URL, init?: RequestInit): Promise<Response>;
}

export interface PagesContext {
  request: Request;
  env: { ASSETS: AssetFetcher };
}

function assetRequest(request: Request, pathname: string): Request {
  const url = new URL(request.url);
  url.pathname = pathname;
  return new Request(url, { method: request.method, headers: request.headers });
}

export async function serveCataloguePage(kind: CatalogueRouteKind, { request, env }: PagesContext): Promise<Response> {
  const url = new URL(request.url);
  const match = matchCataloguePath(url.pathname);
  if (!match || match.kind !== kind) return env.ASSETS.fetch(assetRequest(request, "/404.html")).then(as404);
  // Directory-format pages live at /dish/7/ (index.html); asking for that form avoids the
  // asset server's redirect from /dish/7.
  const prerendered = await env.ASSETS.fetch(assetRequest(request, `/${kind}/${match.id}/`));
  if (prerendered.status !== 404) return prerendered;
  const fallback = await env.ASSETS.fetch(assetRequest(request, fallbackPath(kind)));
  return new Response(fallback.body, { status: 200, headers: fallback.headers });
}

function as404(response: Response): Response {
  return new Response(response.body, { status: 404, headers: response.headers });
}

/** The onRequestGet/onRequestHead handler of functions/{kind}/[id].ts. */
export function cataloguePageHandler(kind: CatalogueRouteKind) {
  return (context: PagesContext) => serveCataloguePage(kind, context);
}
