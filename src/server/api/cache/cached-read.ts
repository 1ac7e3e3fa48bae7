// The one way a route answers a public read from the response cache. The key is the matched
// route and its validated input, so no route builds a key by hand; the entry's scopes are the
// items its answer shows plus what the loader says it listed. Using cachedRead is a route's
// promise that its answer depends on nothing but its validated path and query (never on who
// asks): that is what lets the URL fast path answer the same target again without routing.
// A route whose answer some signed-in viewers must not get says so (visitorsView).
import type { Context, TypedResponse } from "hono";
import { routePath } from "hono/route";
import type { JSONParsed } from "hono/utils/types";
import { envelope, type Envelope } from "../http/envelope.ts";
import type { AppDeps } from "../deps.ts";
import { itemScopes, type ItemKind, type Scope } from "./scopes.ts";
import { noteCachedAnswer } from "./url-fast-path.ts";

/** What a loader adds besides its items: which list or search it read (scopes.ts readScopes). */
export type ListedScopes = (...scopes: Scope[]) => void;

export interface CachedReadOptions {
  /** What the answer's items are, so their scopes are derived from the answer itself. */
  items?: ItemKind;
  /** Seconds a browser or CDN may reuse the answer. */
  maxAgeSeconds?: number;
  /**
   * The answer shows what its readers change themselves (reviews, an item's rating and count,
   * issue 24): kept only here, where a write drops it, never in a browser or CDN. They revalidate
   * every time (no-cache) and get a 304 from memory while the entry stands, so an author who
   * reloads after an edit sees it at once.
   */
  revalidate?: boolean;
  /**
   * The answer is what a visitor sees, and some signed-in viewers see less (an item's reviews
   * across a block): the route answers those itself, uncached. Sent with Vary: Authorization,
   * so neither an HTTP cache nor the URL fast path gives it to a request with a token.
   */
  visitorsView?: boolean;
}

/** The cache key of a request: its route and its validated path and query parameters. */
function cacheKeyOf(c: Context): string {
  const input = { param: c.req.valid("param" as never), query: c.req.valid("query" as never) };
  return `${routePath(c)} ${JSON.stringify(input)}`;
}

export async function cachedRead<T>(
  c: Context,
  deps: AppDeps,
  load: (listed: ListedScopes) => Promise<T>,
  { items, maxAgeSeconds = 30, revalidate = false, visitorsView = false }: CachedReadOptions = {},
) {
  const key = cacheKeyOf(c);
  const value = await deps.cache.get(key, async () => {
    const scopes: Scope[] = [];
    const answer = await load((...listed) => scopes.push(...listed));
    if (items) scopes.push(...itemScopes(items, answer));
    return { text: JSON.stringify(envelope(answer)), scopes };
  });
  noteCachedAnswer(c.req.raw, key, value);
  const headers = {
    "content-type": "application/json; charset=UTF-8",
    "cache-control": revalidate
      ? "public, no-cache"
      : `public, max-age=${maxAgeSeconds}, stale-while-revalidate=300`,
    etag: value.etag,
    ...(visitorsView ? { vary: "Authorization" } : {}),
  };
  const response =
    c.req.header("if-none-match") === value.etag
      ? c.body(null, 304, headers)
      : c.body(value.body, 200, headers);
  // Typed as the route's JSON answer so the OpenAPI route, and the typed client, keep its type.
  return response as unknown as Response & TypedResponse<JSONParsed<Envelope<T>>, 200, "json">;
}
