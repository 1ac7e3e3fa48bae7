// London's areas: the list for forms and one area for its page.
import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import { idParam } from "../../../shared/schemas/catalogue-queries.ts";
import { areaSchema, areaSummarySchema } from "../../../shared/schemas/catalogue-items.ts";
import type { AppDeps } from "../deps.ts";
import { getArea, listAreas } from "../db/queries/place-reads.ts";
import { notFound } from "../http/envelope.ts";
import { createRouter } from "../http/router.ts";
import { cachedRead } from "../cache/cached-read.ts";
import { readScopes } from "../cache/scopes.ts";
import { envelopeResponses } from "./catalogue-http.ts";

const tags = ["Places"];

const allAreas = createRoute({
  method: "get",
  path: "/areas/all",
  tags,
  summary: "Every area, by name, without its page content",
  responses: envelopeResponses(z.array(areaSummarySchema), "Areas"),
});

const areaById = createRoute({
  method: "get",
  path: "/areas/{id}",
  tags,
  summary: "One area with its page content",
  request: { params: idParam },
  responses: envelopeResponses(areaSchema, "The area", { notFound: true }),
});

export function areaRoutes(deps: AppDeps) {
  return createRouter()
    .openapi(allAreas, (c) =>
      cachedRead(c, deps, (listed) => {
        listed(readScopes.places);
        return listAreas(deps.db);
      }),
    )
    .openapi(areaById, (c) => {
      const { id } = c.req.valid("param");
      return cachedRead(c, deps, async (listed) => {
        listed(readScopes.places);
        const area = await getArea(deps.db, id);
        if (!area) throw notFound();
        return area;
      });
    });
}
