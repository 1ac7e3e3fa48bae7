// London's regions for the location dropdowns.
import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import { regionSchema } from "../../../shared/schemas/catalogue-items.ts";
import type { AppDeps } from "../deps.ts";
import { listRegions } from "../db/queries/place-reads.ts";
import { createRouter } from "../http/router.ts";
import { cachedRead } from "../cache/cached-read.ts";
import { readScopes } from "../cache/scopes.ts";
import { envelopeResponses } from "./catalogue-http.ts";

const allRegions = createRoute({
  method: "get",
  path: "/regions/all",
  tags: ["Places"],
  summary: "Every region, by name",
  responses: envelopeResponses(z.array(regionSchema), "Regions"),
});

export function regionRoutes(deps: AppDeps) {
  return createRouter().openapi(allRegions, (c) =>
    cachedRead(c, deps, (listed) => {
      listed(readScopes.places);
      return listRegions(deps.db);
    }),
  );
}
