import type { Context } from "hono";
import type { ResponseCache } from "../cache/response-cache.ts";
import { noteCachedAnswer } from "../cache/url-fast-path.ts";
import { envelope } from "./envelope.ts";

/**
 * Answers a public read from the response cache: pre-serialised envelope, ETag, and
 * Cache-Control so a CDN may hold it briefly and revalidate. The answer must depend only on
 * the validated path and query (never on who asks): the app serves later requests for the
 * same target from this entry without running the route again (cache/url-fast-path.ts).
 */
export async function cachedJson(
  c: Context,
  cache: ResponseCache,
  key: string,
  load: () => Promise<unknown>,
  maxAgeSeconds = 30,
) {
  const value = await cache.get(key, async () => JSON.stringify(envelope(await load())));
  noteCachedAnswer(c.req.raw, key, value);
  const headers = {
    "content-type": "application/json; charset=UTF-8",
    "cache-control": `public, max-age=${maxAgeSeconds}, stale-while-revalidate=300`,
    etag: value.etag,
  };
  if (c.req.header("if-none-match") === value.etag) return c.body(null, 304, headers);
  return c.body(value.body, 200, headers);
}
