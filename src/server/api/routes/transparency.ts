// The transparency report (issue 21, docs/moderation.md "Transparency"): public, and cached
// like the other public reads; the figures' writes drop it (readScopes.transparency).
import { createRoute } from "@hono/zod-openapi";
import { transparencyReportSchema } from "../../../shared/schemas/transparency.ts";
import { cachedRead } from "../cache/cached-read.ts";
import { readScopes } from "../cache/scopes.ts";
import type { AppDeps } from "../deps.ts";
import { createRouter } from "../http/router.ts";
import { transparencyReport } from "../services/transparency.ts";
import { envelopeResponses } from "./catalogue-http.ts";

const transparencyRoute = createRoute({
  method: "get",
  path: "/transparency",
  tags: ["Moderation"],
  summary:
    "Per London quarter: reviews submitted and published, removals by reason, reports and their median time to decision, appeals and how many were overturned, items paused for unusual activity, suspended accounts",
  security: [],
  responses: envelopeResponses(transparencyReportSchema, "The report, newest quarter first"),
});

export function transparencyRoutes(deps: AppDeps) {
  return createRouter().openapi(transparencyRoute, (c) =>
    cachedRead(c, deps, (listed) => {
      listed(readScopes.transparency);
      return transparencyReport(deps.db, deps.now());
    }),
  );
}
