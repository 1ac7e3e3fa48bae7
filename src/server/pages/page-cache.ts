// Item pages rendered on demand, kept until their item changes (issue 23). A page is built
// from the API's own cached reads (through the typed client over the host's app); it is kept
// with the union of their scopes in a cache of its own that hears every write the response
// cache hears (withFollowers), so the write that drops one of its reads drops the page too
// (decision 010), and a render that overlapped such a write is not kept. A popular page then
// renders once per change instead of once per request. Memory is bounded in bytes.
//
// Only a complete page is kept: status 200, every read answered from a cache entry. A 404
// (the item may be created), a 503, or a page that used a read no write names (an offer page's
// random offers) is answered and forgotten. Runtime-neutral: no Node modules here.
import { createApiClient, type ApiClient } from "../../shared/api-client.ts";
import { readScopesOf, watchScopes } from "../api/cache/read-scopes.ts";
import { createResponseCache } from "../api/cache/response-cache.ts";
import type { ResponseCache } from "../api/deps.ts";
import type { Scope } from "../api/cache/scopes.ts";
import type { OnDemandPage, RenderedPage } from "./page-render.ts";

// An on-demand page is 20-40 KB of HTML, and its brotli and gzip forms (made once, kept beside
// it by the static host) add about a third: 24 MB of HTML holds about 800 pages in some 32 MB.
const PAGE_CACHE_BYTES = 24 * 1024 * 1024;
const PAGE_CACHE_ENTRIES = 5_000;

/**
 * The store of kept pages: entries live as long as the response cache's (CACHE_TTL_SECONDS,
 * which bounds what another instance's write leaves stale); the host makes the response cache
 * pass on its invalidations (withFollowers).
 */
export function createPageCache(ttlMs: number, now: () => number): ResponseCache {
  return createResponseCache({ ttlMs, maxEntries: PAGE_CACHE_ENTRIES, maxBytes: PAGE_CACHE_BYTES, now });
}

/** The host's app as a fetch (app.request: nothing leaves the process). */
export type AppFetch = (request: Request) => Response | Promise<Response>;

/** A page's reads: the scopes of the entries they came from, and whether every one did. */
export interface ReadRecord {
  scopes: Set<Scope>;
  complete: boolean;
}

/** The typed API client over `app`, recording the cache scopes of every answer it is given. */
export function recordingApiClient(app: AppFetch): { api: ApiClient; record: ReadRecord } {
  const record: ReadRecord = { scopes: new Set(), complete: true };
  const api = createApiClient({
    timeoutMs: null,
    fetch: async (input, init) => {
      const request =
        input instanceof Request ? input : new Request(new URL(String(input), "http://localhost"), init);
      watchScopes(request);
      const response = await app(request);
      const scopes = readScopesOf(request);
      if (scopes !== undefined && response.status === 200) for (const scope of scopes) record.scopes.add(scope);
      else record.complete = false;
      return response;
    },
  });
  return { api, record };
}

/** A page that must not be kept: its build rejects with it, so every request that joined the build gets it. */
class PageNotKept extends Error {
  readonly page: RenderedPage | undefined;
  constructor(page: RenderedPage | undefined) {
    super("This page is not kept");
    this.page = page;
  }
}

/**
 * The page under `key` from `pages`, rendered by `render` over a recording client when it is
 * not there (concurrent requests share one render). Only a page answered with `cacheControl`
 * (a kept kind's found pages: CACHE_ON_DEMAND) is kept, and comes back as its bytes with its ETag; any
 * other is answered as rendered.
 */
export async function keptPage(
  pages: ResponseCache,
  key: string,
  app: AppFetch,
  render: (api: ApiClient) => Promise<RenderedPage | undefined>,
  cacheControl: string,
): Promise<OnDemandPage | undefined> {
  try {
    const value = await pages.get(key, async () => {
      const { api, record } = recordingApiClient(app);
      const page = await render(api);
      if (!page || page.status !== 200 || page.cacheControl !== cacheControl || !record.complete)
        throw new PageNotKept(page);
      return { text: page.html, scopes: [...record.scopes] };
    });
    return { status: 200, html: value.body, cacheControl, etag: value.etag };
  } catch (error) {
    if (error instanceof PageNotKept) return error.page;
    throw error;
  }
}
