// Suggestions as a diner types (issue 23, docs/api.md): public, limited per client like search
// (the limit counts only what reaches the database: a cached answer is served before it), and
// cached like search, dropped by the same writes.
import { createRoute } from "@hono/zod-openapi";
import { suggestionList, suggestionsQuery } from "../../../shared/schemas/search-suggestions.ts";
import { limitSearches } from "../auth/search-limit.ts";
import { cachedRead } from "../cache/cached-read.ts";
import { readScopes } from "../cache/scopes.ts";
import { suggestionsFor } from "../db/queries/search-suggestion-reads.ts";
import type { AppDeps } from "../deps.ts";
import { createRouter } from "../http/router.ts";
import { envelopeResponses } from "./catalogue-http.ts";
import { tooManySearches } from "./route-http.ts";

const suggestionsRoute = createRoute({
  method: "get",
  path: "/search/suggestions",
  tags: ["Search"],
  operationId: "getSearchSuggestions",
  summary:
    "Names matching what has been typed (every word, the last as a prefix), marked by kind: cuisines and diets (tags), dishes, restaurants and areas, best first within a kind",
  security: [],
  request: { query: suggestionsQuery },
  responses: {
    ...envelopeResponses(suggestionList, "At most 8 suggestions: tags, then dishes, restaurants, areas"),
    429: tooManySearches,
  },
});

export function searchSuggestionRoutes(deps: AppDeps) {
  return createRouter().openapi({ ...suggestionsRoute, middleware: [limitSearches(deps)] as const }, (c) => {
    const { keyword } = c.req.valid("query");
    return cachedRead(c, deps, (listed) => {
      listed(readScopes.search("dish"), readScopes.search("restaurant"), readScopes.tags, readScopes.places);
      return suggestionsFor(deps.db, keyword);
    });
  });
}
