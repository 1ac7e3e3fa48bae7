// People search and suggestions (spec point 2 "Social search", Users tab; issue 12;
// docs/social.md). HTTP only: the rules live in services/follows.ts.
import { createRoute } from "@hono/zod-openapi";
import { envelopeOf } from "../../../shared/schemas/envelope.ts";
import {
  peopleSearchPageSchema,
  peopleSearchQuery,
  suggestionsQuery,
  suggestionsSchema,
} from "../../../shared/schemas/social-profiles.ts";
import { authUser, privateNoStore, requireUser } from "../auth/require-user.ts";
import type { AppDeps } from "../deps.ts";
import { envelope } from "../http/envelope.ts";
import { createRouter } from "../http/router.ts";
import { findPeople, suggestPeople } from "../services/follows.ts";
import { limitSearches } from "../auth/search-limit.ts";
import { bearer, commonFailures, failure, jsonContent, staleToken, tooManySearches } from "./route-http.ts";
import { viewerOf } from "./social-http.ts";

const searchRoute = createRoute({
  method: "get",
  path: "/people/search",
  tags: ["People"],
  summary: "People whose username or name has every word of q (the last as a prefix), best match first",
  description:
    "Anyone may search, with or without a token. People either side has blocked are left out. " +
    "The cursor pages within the best 200 matches.",
  request: { query: peopleSearchQuery },
  responses: {
    200: { description: "One page", content: jsonContent(envelopeOf(peopleSearchPageSchema)) },
    400: failure("q shorter than 2 characters or longer than 100, or an invalid cursor or limit"),
    401: staleToken,
    429: tooManySearches,
  },
});

const suggestionsRoute = createRoute({
  method: "get",
  path: "/people/suggestions",
  tags: ["People"],
  summary: "People to follow: followed by people the caller follows, then active reviewers",
  description: "Never the caller, people already followed or asked, or a block either way.",
  security: bearer,
  request: { query: suggestionsQuery },
  responses: {
    200: { description: "Suggestions", content: jsonContent(envelopeOf(suggestionsSchema)) },
    ...commonFailures,
  },
});

export function peopleRoutes(deps: AppDeps) {
  const limitSearch = limitSearches(deps);
  return createRouter()
    .openapi({ ...searchRoute, middleware: [privateNoStore, limitSearch] as const }, async (c) => {
      return c.json(envelope(await findPeople(deps, await viewerOf(c, deps), c.req.valid("query"))), 200);
    })
    .openapi({ ...suggestionsRoute, middleware: [requireUser(deps)] as const }, async (c) => {
      return c.json(envelope(await suggestPeople(deps, authUser(c).id, c.req.valid("query").limit)), 200);
    });
}
