// The Map view's read (issue 31): GET /map/places, the restaurants inside the map's box that
// the page shows, best first and capped (MAP_PLACES_CAP). Every read starts from the R*Tree:
// the near read (db/queries/near-reads.ts) with the box as `within`, and, when the page is
// near a place, its circle too; the page's own filters narrow it as they narrow its lists.
import { createRoute } from "@hono/zod-openapi";
import { circleAround, MAP_MESSAGES, MAP_PLACES_CAP } from "../../../domain/map-view.ts";
import { londonClock } from "../../../domain/open-now.ts";
import { tagSlug } from "../../../domain/tag-slug.ts";
import {
  mapPlacesQuery,
  mapPlacesSchema,
  type MapPlaces,
  type MapPlacesQuery,
} from "../../../shared/schemas/map.ts";
import type { ListedScopes } from "../cache/cached-read.ts";
import { readScopes } from "../cache/scopes.ts";
import type { AppDeps } from "../deps.ts";
import { mapMarkers } from "../db/queries/map-reads.ts";
import { nearIds } from "../db/queries/near-reads.ts";
import { resolveLocation } from "../db/queries/place-reads.ts";
import type { Place } from "../db/queries/ranked-reads.ts";
import { everyTagName } from "../db/queries/tag-reads.ts";
import { fieldError } from "../http/envelope.ts";
import { createRouter } from "../http/router.ts";
import { envelopeResponses } from "./catalogue-http.ts";
import { nearFromKeyword, nearRead, resolveNear, takeNear, type Near } from "./near-http.ts";

const mapPlaces = createRoute({
  method: "get",
  path: "/map/places",
  tags: ["Map"],
  summary: `Restaurants in the box, best first, at most ${MAP_PLACES_CAP}: the Map view's markers (docs/api.md)`,
  request: { query: mapPlacesQuery },
  responses: envelopeResponses(mapPlacesSchema, "Markers"),
});

async function tagIdOf(deps: AppDeps, slug: string | undefined): Promise<number | undefined> {
  if (slug === undefined) return undefined;
  const tag = (await everyTagName(deps.db)).find((row) => tagSlug(row.tagName) === slug);
  if (!tag) throw fieldError(400, "tag", `Invalid tag: ${MAP_MESSAGES.unknownTag(slug)}`);
  return tag.id;
}

async function readMarkers(
  deps: AppDeps,
  asked: Omit<MapPlacesQuery, "lat" | "lng" | "station" | "district" | "radiusKm" | "sort">,
  near: Near | null,
  tagId: number | undefined,
  listed: ListedScopes,
): Promise<MapPlaces> {
  const { db } = deps;
  // Any change to what is listed or found may move a marker in or out of the box.
  listed(
    readScopes.rankedAll("restaurant"),
    readScopes.search("restaurant"),
    readScopes.tags,
    readScopes.places,
  );
  const fromKeyword = near || asked.keyword === undefined ? null : await nearFromKeyword(deps, asked.keyword);
  const around = near ?? fromKeyword?.near;
  const keyword = fromKeyword?.keyword ?? asked.keyword;
  const location = await resolveLocation(db, asked.location);
  if (location.kind === "unknown") return { places: [], capped: false, limit: MAP_PLACES_CAP };
  const place: Place | undefined =
    asked.areaId !== undefined
      ? { kind: "area", id: asked.areaId }
      : location.kind === "anywhere"
        ? undefined
        : { kind: location.kind, id: location.id };
  const circle = around
    ? { center: around.center, radiusMeters: around.radiusMeters }
    : circleAround(asked.bbox);
  const hits = await nearIds(db, "restaurant", {
    ...circle,
    within: asked.bbox,
    order: "top",
    limit: MAP_PLACES_CAP + 1,
    facts: {
      diet: asked.diet,
      price: asked.price,
      openAt: asked.openNow ? londonClock(deps.now()) : undefined,
    },
    keyword,
    place,
    tagId,
    // Search also finds restaurants waiting for a moderator (issue 21); lists show approved ones.
    listedOnly: keyword === undefined,
  });
  const places = await mapMarkers(
    db,
    hits.slice(0, MAP_PLACES_CAP).map((hit) => hit.id),
  );
  for (const marker of places) listed(readScopes.item("restaurant", marker.id));
  return { places, capped: hits.length > MAP_PLACES_CAP, limit: MAP_PLACES_CAP };
}

export function mapRoutes(deps: AppDeps) {
  return createRouter().openapi(mapPlaces, async (c) => {
    const [placeQuery, asked] = takeNear(c.req.valid("query"));
    const near = await resolveNear(deps, placeQuery);
    const tagId = await tagIdOf(deps, asked.tag);
    return nearRead(near, c, deps, (listed) => readMarkers(deps, asked, near, tagId, listed));
  });
}
