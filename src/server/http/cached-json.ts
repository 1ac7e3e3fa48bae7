import type { Context } from "hono";
import type { ResponseCache } from "../cache/response-cache.ts";
import { envelope } from "./envelope.ts";

/**
 * Answers a public read from the response cache: pre-serialised envelope, ETag, and
 * Cache-Control so a CDN may hold it briefly and revalidate.
 */
export async function cachedJson(
  c: Context,
  cache: ResponseCache,
  key: string,
  load: () => Promise<unknown>,
  maxAgeSeconds = 30,
) {
  const { body, etag } = await cache.get(key, async () => JSON.stringify(envelope(await load())));
  const headers = {
    "content-type": "application/json; charset=UTF-8",
    "cache-control": `public, max-age=${maxAgeSeconds}, stale-while-revalidate=300`,
    etag,
  };
  if (c.req.header("if-none-match") === etag) return c.body(null, 304, headers);
  return c.body(body, 200, headers);
}
