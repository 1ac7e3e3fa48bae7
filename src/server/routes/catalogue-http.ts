// HTTP pieces shared by the discovery routes: response declarations for the OpenAPI document
// and the cached, typed JSON answer every hot read goes through.
import type { Context, TypedResponse } from "hono";
import type { JSONParsed } from "hono/utils/types";
import { z } from "zod";
import type { AppDeps } from "../deps.ts";
import { searchTokens } from "../db/queries/fts-match.ts";
import { cachedJson } from "../http/cached-json.ts";
import type { Envelope } from "../http/envelope.ts";

const errorEnvelope = z.object({ code: z.number(), message: z.string(), data: z.null() });

/** The 200 answer wrapping `data`, plus the errors every discovery read can give. */
export function envelopeResponses<T extends z.ZodType>(
  data: T,
  description: string,
  { notFound = false } = {},
) {
  return {
    200: {
      description,
      content: {
        "application/json": { schema: z.object({ code: z.number(), message: z.string(), data }) },
      },
    },
    400: {
      description: 'Invalid input; the message names the parameter (e.g. "Invalid topNum: ...")',
      content: { "application/json": { schema: errorEnvelope } },
    },
    ...(notFound
      ? {
          404: {
            description: "Resource not found",
            content: { "application/json": { schema: errorEnvelope } },
          },
        }
      : {}),
  };
}

/**
 * cachedJson (pre-serialised envelope, ETag, Cache-Control) typed as the route's JSON answer
 * so the OpenAPI route keeps its response type. The body is exactly envelope(await load()).
 */
export function cachedEnvelope<T>(c: Context, deps: AppDeps, key: string, load: () => Promise<T>) {
  return cachedJson(c, deps.cache, key, load) as Promise<unknown> as Promise<
    Response & TypedResponse<JSONParsed<Envelope<T>>, 200, "json">
  >;
}

/** Search keys use the words FTS will see, so "Ramen!" and "ramen" share one cache entry. */
export function searchCacheKey(
  prefix: string,
  q: { keyword: string; location?: string; tagName?: string; topNum: number },
) {
  const words = (text?: string) =>
    searchTokens(text ?? "")
      .join(" ")
      .toLowerCase();
  return `${prefix}?k=${words(q.keyword)}&l=${words(q.location)}&t=${words(q.tagName)}&n=${q.topNum}`;
}
