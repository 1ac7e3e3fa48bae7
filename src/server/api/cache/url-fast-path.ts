// The hot reads answered before routing. Routing and @hono/zod-openapi query validation cost
// more than the cached answer itself (about 130 µs against 58 µs per request in process,
// docs/decisions/003-hot-reads-from-memory.md), yet a given path and query always validates
// the same way and names the same cache entry. So once a route has answered a request target
// through cachedJson, later GET/HEAD requests for that exact target get the same bytes and
// headers straight from the response cache, for as long as that entry is the fresh one.
import { noteReadScopes } from "./read-scopes.ts";
import type { CachedResponse } from "./response-cache.ts";
import type { ResponseCache } from "../deps.ts";

type Fetch = (request: Request, env?: unknown, executionCtx?: never) => Response | Promise<Response>;

const answeredFromCache = new WeakMap<Request, { key: string; value: CachedResponse }>();

/**
 * Called by cachedJson once its route has validated the request: the answer is exactly the
 * cache entry `value` under `key`, whatever else the request carries.
 */
export function noteCachedAnswer(request: Request, key: string, value: CachedResponse) {
  answeredFromCache.set(request, { key, value });
  noteReadScopes(request, value.scopes);
}

/** The path and query of an absolute request URL, as received. */
export function requestTarget(url: string): string {
  const start = url.indexOf("/", url.indexOf(":") + 3);
  return start === -1 ? "/" : url.slice(start);
}

/** A visitor's answer (cachedRead's visitorsView): a request with a token goes to its route. */
function variesByViewer(headers: Readonly<Record<string, string>>): boolean {
  return /(^|,)\s*authorization\s*(,|$)/i.test(headers.vary ?? "");
}

/**
 * Wraps an app's fetch: a GET or HEAD for a target the route answered from the cache is
 * served from there; anything else goes to the router, and an answer cachedJson built is
 * remembered with the headers it left the app with (security headers included), so a hit
 * is what the router would have sent.
 */
export function withUrlFastPath<F extends Fetch>(routerFetch: F, cache: ResponseCache): F {
  const remember = (request: Request, target: string, response: Response) => {
    const noted = answeredFromCache.get(request);
    if (!noted) return response;
    answeredFromCache.delete(request);
    // A 304 or an error is not the entry's answer; a cookie would be someone's.
    if (response.status === 200 && !response.headers.has("set-cookie")) {
      cache.remember(target, noted.key, noted.value, () =>
        Object.freeze(Object.fromEntries(response.headers)),
      );
    }
    return response;
  };

  const fetch: Fetch = (request, env, executionCtx) => {
    const method = request.method;
    if (method !== "GET" && method !== "HEAD") return routerFetch(request, env, executionCtx);
    const target = requestTarget(request.url);
    const answer = cache.recall(target);
    if (answer && !(request.headers.has("authorization") && variesByViewer(answer.headers))) {
      noteReadScopes(request, answer.value.scopes);
      // Returned synchronously with plain headers: @hono/node-server then writes the bytes
      // without building a web Response.
      if (request.headers.get("if-none-match") === answer.value.etag) {
        return new Response(null, { status: 304, headers: answer.headers });
      }
      return new Response(method === "HEAD" ? null : answer.value.body, {
        status: 200,
        headers: answer.headers,
      });
    }
    const response = routerFetch(request, env, executionCtx);
    return response instanceof Promise
      ? response.then((r) => remember(request, target, r))
      : remember(request, target, response);
  };
  return fetch as F;
}
