// Tag chips: the first `limit` tags by name (30 on home, 193 in forms).
import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import { tagListQuery } from "../../../shared/schemas/catalogue-queries.ts";
import { tagSchema } from "../../../shared/schemas/catalogue-items.ts";
import type { AppDeps } from "../deps.ts";
import { listTags } from "../db/queries/tag-reads.ts";
import { createRouter } from "../http/router.ts";
import { cachedRead } from "../cache/cached-read.ts";
import { readScopes } from "../cache/scopes.ts";
import { envelopeResponses } from "./catalogue-http.ts";

const limitedTags = createRoute({
  method: "get",
  path: "/tags/getLimitedTags",
  tags: ["Tags"],
  summary: "Tags in alphabetical order, at most `limit`: below all of them, the most used",
  request: { query: tagListQuery },
  responses: envelopeResponses(z.array(tagSchema), "Tags"),
});

export function tagRoutes(deps: AppDeps) {
  return createRouter().openapi(limitedTags, (c) => {
    const { limit } = c.req.valid("query");
    return cachedRead(c, deps, (listed) => {
      listed(readScopes.tags);
      listed(readScopes.tagUsage);
      return listTags(deps.db, limit);
    });
  });
}
