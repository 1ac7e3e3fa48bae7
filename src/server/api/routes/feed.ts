// The feed and post search (issue 12; spec point 7 "Feed, files and comments" and
// GET /posts/search/{page}). HTTP only: the rules live in services/feed.ts. Both answers
// depend on who asks, so neither is cached anywhere.
import { createRoute } from "@hono/zod-openapi";
import { MAX_UNCURSORED_SEARCH_PAGE, SOCIAL_POST_MESSAGES } from "../../../domain/social-rules.ts";
import { envelopeOf } from "../../../shared/schemas/envelope.ts";
import {
  feedQuery,
  pageParam,
  postCardPageSchema,
  postSearchQuery,
} from "../../../shared/schemas/social-posts.ts";
import { authUser, privateNoStore, requireUser } from "../auth/require-user.ts";
import type { AppDeps } from "../deps.ts";
import { limitSearches } from "../auth/search-limit.ts";
import { envelope, fieldError } from "../http/envelope.ts";
import { createRouter } from "../http/router.ts";
import { readFeed, searchPosts } from "../services/feed.ts";
import { bearer, failure, jsonContent, staleToken, tooManySearches, unauthorized } from "./route-http.ts";
import { viewerOf } from "./social-http.ts";

const tags = ["Feed"];

const feedRoute = createRoute({
  method: "get",
  path: "/posts/feed/{page}",
  tags,
  summary: "The caller's feed: their posts and those of people they follow, newest first",
  description:
    "When the caller follows few people, the best recent London reviews follow their own, each with " +
    'source "suggested". Page numbers are the spec\'s; pass nextCursor as cursor for the next page, ' +
    "which costs the same at any depth.",
  security: bearer,
  request: { params: pageParam, query: feedQuery },
  responses: {
    200: { description: "One page of post cards", content: jsonContent(envelopeOf(postCardPageSchema)) },
    400: failure("Invalid page, pageSize or cursor, or a page number too deep without a cursor"),
    401: unauthorized,
  },
});

const searchRoute = createRoute({
  method: "get",
  path: "/posts/search/{page}",
  tags,
  summary: "Search posts by keyword and rating; the list sits in data.data",
  description:
    "Most recently posted first. Anyone may search; a signed-in caller (bearer token) also finds " +
    "the posts of private accounts they follow, and never those of people they have a block with. " +
    "Pages 1 to 5 may be asked by number; past page 5, pass the previous page's nextCursor as cursor.",
  request: { params: pageParam, query: postSearchQuery },
  responses: {
    200: { description: "One page of post cards", content: jsonContent(envelopeOf(postCardPageSchema)) },
    400: failure(
      "Invalid keyword, rating, pageSize or cursor; a one-letter keyword without a rating band; or a page past 5 without a cursor",
    ),
    401: staleToken,
    429: tooManySearches,
  },
});

export function feedRoutes(deps: AppDeps) {
  return createRouter()
    .openapi({ ...feedRoute, middleware: [requireUser(deps)] as const }, async (c) => {
      const { page } = c.req.valid("param");
      const result = await readFeed(deps, authUser(c).id, { page, ...c.req.valid("query") });
      const message =
        result.data.length > 0
          ? "success"
          : page === 1 && !c.req.valid("query").cursor
            ? SOCIAL_POST_MESSAGES.noPosts
            : SOCIAL_POST_MESSAGES.noMorePosts;
      return c.json(envelope(result, 200, message), 200);
    })
    .openapi({ ...searchRoute, middleware: [privateNoStore, limitSearches(deps)] as const }, async (c) => {
      const { page } = c.req.valid("param");
      const query = c.req.valid("query");
      // Reaching page N by number reads the N - 1 pages before it: anyone could make that deep.
      if (page > MAX_UNCURSORED_SEARCH_PAGE && !query.cursor) {
        throw fieldError(400, "page", SOCIAL_POST_MESSAGES.searchPageTooDeep);
      }
      const result = await searchPosts(deps, await viewerOf(c, deps), { page, ...query });
      return c.json(envelope(result), 200);
    });
}
