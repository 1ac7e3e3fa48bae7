// The location picker's suggestions (issue 31): stations, postcode districts and areas as
// someone types, from the open data in data/ (deps.referenceData) and the areas table.
import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import { suggestPlaces } from "../../../domain/place-suggest.ts";
import {
  MAX_PLACE_SUGGESTIONS,
  placeSuggestionSchema,
  placeSuggestQuery,
} from "../../../shared/schemas/near-queries.ts";
import type { AppDeps } from "../deps.ts";
import { everyAreaName } from "../db/queries/place-reads.ts";
import { createRouter } from "../http/router.ts";
import { cachedRead } from "../cache/cached-read.ts";
import { readScopes } from "../cache/scopes.ts";
import { envelopeResponses } from "./catalogue-http.ts";

const suggest = createRoute({
  method: "get",
  path: "/places/suggest",
  tags: ["Places"],
  summary: `Up to ${MAX_PLACE_SUGGESTIONS} stations, postcode districts and areas starting with what was typed`,
  request: { query: placeSuggestQuery },
  responses: envelopeResponses(
    z.array(placeSuggestionSchema),
    "Suggestions, closest first: send a station's value as station=, a district's as district=, an area's as location=",
  ),
});

export function placeRoutes(deps: AppDeps) {
  return createRouter().openapi(suggest, (c) => {
    const { q } = c.req.valid("query");
    return cachedRead(c, deps, async (listed) => {
      listed(readScopes.places);
      const [london, areaRows] = await Promise.all([
        deps.referenceData.londonPlaces(),
        everyAreaName(deps.db),
      ]);
      const areas = areaRows.map((area) => area.name);
      return suggestPlaces(
        q,
        { stations: london.stations, districts: london.districts, areas },
        MAX_PLACE_SUGGESTIONS,
      );
    });
  });
}
