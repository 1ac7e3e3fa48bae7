// "Near" for the dish and restaurant lists (issue 31): which place a request names (lat/lng, a
// station, a postcode district, or the place at the end of a search's keyword), and the list
// read through the R*Tree with each item's distance.
import * as z from "zod";
import type { LatLng } from "../../../domain/geo-distance.ts";
import { DEFAULT_RADIUS_KM } from "../../../domain/near-search.ts";
import { nearestStations } from "../../../domain/nearest-stations.ts";
import { PLACE_MESSAGES } from "../../../domain/place-messages.ts";
import { buildPlaceNames, parseSearchPlace, type PlaceNames } from "../../../domain/place-query.ts";
import type { NearQuery } from "../../../shared/schemas/near-queries.ts";
import type { NamedPlace } from "../../../shared/schemas/search-pages.ts";
import type { Context } from "hono";
import { cachedRead, type CachedReadOptions, type ListedScopes } from "../cache/cached-read.ts";
import type { AppDeps } from "../deps.ts";
import { readScopes } from "../cache/scopes.ts";
import type { Database } from "../db/client.ts";
import { itemPosition, nearIds, type NearOrder } from "../db/queries/near-reads.ts";
import type { RankedKind } from "../db/queries/ranked-reads.ts";
import { everyAreaName, resolveLocation } from "../db/queries/place-reads.ts";
import { findTag } from "../db/queries/tag-reads.ts";
import { envelope, fieldError } from "../http/envelope.ts";
import { londonClock } from "../../../domain/open-now.ts";
import type { ListFilterInput } from "./ranked-lists.ts";

export interface Near {
  center: LatLng;
  radiusMeters: number;
  byDistance: boolean;
  /** Asked as lat and lng: a person's position, so never cached (nearRead). */
  fromPosition: boolean;
}

const invalid = (field: string, message: string) => fieldError(400, field, `Invalid ${field}: ${message}`);

/** What the near reads need: the database, and London's places (read once, deps.referenceData). */
export type PlaceDeps = Pick<AppDeps, "db" | "referenceData">;

/** The place a request names, or null; a place that does not add up answers 400. */
export async function resolveNear(deps: Pick<AppDeps, "referenceData">, q: NearQuery): Promise<Near | null> {
  if ((q.lat === undefined) !== (q.lng === undefined)) {
    throw invalid(q.lat === undefined ? "lat" : "lng", PLACE_MESSAGES.latLngTogether);
  }
  const given = [q.lat !== undefined, q.station !== undefined, q.district !== undefined].filter(Boolean);
  if (given.length > 1) throw invalid("station", PLACE_MESSAGES.onePlace);
  let center: LatLng | null = null;
  if (q.lat !== undefined && q.lng !== undefined) center = { lat: q.lat, lng: q.lng };
  if (q.station !== undefined) {
    center = (await deps.referenceData.londonPlaces()).stationBySlug(q.station);
    if (!center) throw invalid("station", PLACE_MESSAGES.unknownStation(q.station));
  }
  if (q.district !== undefined) {
    center = (await deps.referenceData.londonPlaces()).districtCentroid(q.district);
    if (!center) throw invalid("district", PLACE_MESSAGES.unknownDistrict(q.district));
  }
  if (!center) {
    if (q.radiusKm !== undefined) throw invalid("radiusKm", PLACE_MESSAGES.radiusNeedsPlace);
    if (q.sort !== undefined) throw invalid("sort", PLACE_MESSAGES.distanceSortNeedsPlace);
    return null;
  }
  return {
    center: { lat: center.lat, lng: center.lng },
    radiusMeters: (q.radiusKm ?? DEFAULT_RADIUS_KM) * 1000,
    byDistance: q.sort === "distance",
    fromPosition: q.lat !== undefined,
  };
}

/**
 * Stations, districts and areas, built once per database (as place-reads.ts prepares its
 * statements): areas are seeded and change only with a deploy.
 */
const placeNamesOf = new WeakMap<Database, Promise<PlaceNames>>();

function namesOf({ db, referenceData }: PlaceDeps): Promise<PlaceNames> {
  let names = placeNamesOf.get(db);
  if (!names) {
    names = Promise.all([referenceData.londonPlaces(), everyAreaName(db)]).then(([london, areas]) =>
      buildPlaceNames({
        stations: london.stations,
        districts: london.districts.map((row) => row.district),
        areas: areas.map((area) => area.name),
      }),
    );
    placeNamesOf.set(db, names);
    // A failed read is not kept: the next search builds the names again.
    names.catch(() => placeNamesOf.delete(db));
  }
  return names;
}

/**
 * "ramen near King's Cross", "pizza N1": a search whose keyword ends with a station or a
 * postcode district searches near it (2 km) for the rest of the words. Near a station the
 * nearest come first, so what is within a walk of it leads ("ramen near Old Street" answered a
 * better-matching ramen 1.9 km away before one 450 m away); a district's centre is no place
 * anyone stands, so its results keep the search's order. An area at the end is left in the
 * keyword: search already matches an item's area by name.
 */
export async function nearFromKeyword(
  deps: PlaceDeps,
  keyword: string,
): Promise<{ keyword: string; near: Near; place: NamedPlace } | null> {
  const { keyword: rest, place } = parseSearchPlace(keyword, await namesOf(deps));
  if (!place || place.kind === "area" || rest.trim() === "") return null;
  const center =
    place.kind === "station"
      ? place.station
      : (await deps.referenceData.londonPlaces()).districtCentroid(place.district);
  if (!center) return null;
  return {
    keyword: rest,
    place:
      place.kind === "station"
        ? { kind: "station", label: place.station.name, keyword: rest }
        : { kind: "district", label: place.district, keyword: rest },
    near: {
      center: { lat: center.lat, lng: center.lng },
      radiusMeters: DEFAULT_RADIUS_KM * 1000,
      byDistance: place.kind === "station",
      fromPosition: false,
    },
  };
}

/** A list near a place: its rows, each with its distance in metres. */
export async function nearList<T extends { id: number }>(
  db: Database,
  kind: RankedKind,
  rowsOf: (ids: number[]) => Promise<T[]>,
  request: {
    near: Near;
    order: Exclude<NearOrder, "distance">;
    limit: number;
    facts?: ListFilterInput;
    keyword?: string;
    location?: string;
    tagName?: string;
    now: number;
  },
  listed: ListedScopes,
): Promise<(T & { distanceMeters: number })[]> {
  // Any change to what is listed or found may bring an item into the circle.
  listed(readScopes.rankedAll(kind), readScopes.search(kind), readScopes.tags, readScopes.places);
  const { near, facts } = request;
  const [location, tag] = await Promise.all([
    resolveLocation(db, request.location),
    request.tagName === undefined ? undefined : findTag(db, request.tagName),
  ]);
  if (location.kind === "unknown" || tag === null) return [];
  const hits = await nearIds(db, kind, {
    center: near.center,
    radiusMeters: near.radiusMeters,
    order: near.byDistance ? "distance" : request.order,
    limit: request.limit,
    facts: facts && {
      diet: facts.diet,
      freeFrom: facts.freeFrom,
      undeclared: facts.undeclared,
      price: facts.price,
      openAt: facts.openNow ? londonClock(request.now) : undefined,
    },
    keyword: request.keyword,
    place: location.kind === "anywhere" ? undefined : { kind: location.kind, id: location.id },
    tagId: tag?.id,
    // Search also finds items waiting for a moderator (issue 21); lists show approved ones.
    listedOnly: request.keyword === undefined,
  });
  const distance = new Map(hits.map((hit) => [hit.id, hit.distanceMeters]));
  const rows = await rowsOf(hits.map((hit) => hit.id));
  return rows.map((row) => ({ ...row, distanceMeters: distance.get(row.id) ?? 0 }));
}

/** For an item's page: its postcode district, position and nearest stations. */
export async function itemPlace({ db, referenceData }: PlaceDeps, kind: RankedKind, id: number) {
  const position = await itemPosition(db, kind, id);
  return {
    postcodeDistrict: position?.postcodeDistrict ?? null,
    position: position && { lat: position.lat, lng: position.lng, pinSource: position.pinSource },
    nearestStations: position ? nearestStations(position, (await referenceData.londonPlaces()).stations) : [],
  };
}

/** A validated query split into its place (nearQueryFields) and the rest. */
export function takeNear<T extends NearQuery>(query: T): [NearQuery, Omit<T, keyof NearQuery>] {
  const { lat, lng, station, district, radiusKm, sort, ...rest } = query;
  return [{ lat, lng, station, district, radiusKm, sort }, rest];
}

export interface SearchAsked extends Pick<ListFilterInput, "diet" | "undeclared"> {
  keyword: string;
  location?: string;
  tagName?: string;
  topNum: number;
  facts: ListFilterInput;
}

/**
 * A search: near the place asked for, or near the station or district its keyword ends with,
 * else the search as it always was (`anywhere`).
 */
export async function searchNearOr<T extends { id: number }>(
  deps: PlaceDeps,
  kind: RankedKind,
  rowsOf: (ids: number[]) => Promise<T[]>,
  asked: SearchAsked & { near: Near | null; order: Exclude<NearOrder, "distance">; now: number },
  listed: ListedScopes,
  anywhere: () => Promise<T[]>,
): Promise<T[]> {
  const fromKeyword = asked.near ? null : await nearFromKeyword(deps, asked.keyword);
  const near = asked.near ?? fromKeyword?.near;
  if (!near) return anywhere();
  return nearList(
    deps.db,
    kind,
    rowsOf,
    {
      near,
      order: asked.order,
      limit: asked.topNum,
      // A restaurant search's diet and "undeclared too" arrive beside its facts (issue 30).
      facts: {
        ...asked.facts,
        diet: asked.facts.diet ?? asked.diet,
        undeclared: asked.facts.undeclared ?? asked.undeclared,
      },
      keyword: fromKeyword?.keyword ?? asked.keyword,
      location: asked.location,
      tagName: asked.tagName,
      now: asked.now,
    },
    listed,
  );
}

/** What a tag, trending or area list is asked: how many, its tag or place, and its filters. */
export type RankedListAsked = NearQuery &
  ListFilterInput & { topNum: number; tagName?: string; location?: string };

/**
 * The tag, trending and area lists of one kind: asked near a place, the items within its
 * distance in the list's order (nearList), each with its distance; else the ranked list as it
 * always was. A read near a person's position is never cached (nearRead).
 */
export function nearOrRankedLists<T extends { id: number }>(
  deps: AppDeps,
  kind: RankedKind,
  rowsOf: (ids: number[]) => Promise<T[]>,
) {
  return async <Q extends RankedListAsked>(
    c: Context,
    query: Q,
    order: Exclude<NearOrder, "distance">,
    ranked: (asked: Omit<Q, keyof NearQuery>, listed: ListedScopes) => Promise<T[]>,
  ) => {
    const [place, asked] = takeNear(query);
    const near = await resolveNear(deps, place);
    const { topNum, tagName, location, ...facts } = asked;
    return nearRead(
      near,
      c,
      deps,
      (listed) =>
        near
          ? nearList(
              deps.db,
              kind,
              rowsOf,
              { near, order, limit: topNum, facts, tagName, location, now: deps.now() },
              listed,
            )
          : ranked(asked, listed),
      { items: kind },
    );
  };
}

/** A list's items carry this when a place was asked for. */
export const distanceField = {
  distanceMeters: z
    .number()
    .int()
    .optional()
    .describe("Metres from the place asked for (lat/lng, station or district), when one was"),
};

export const withoutRestaurant = () => invalid("restaurantId", PLACE_MESSAGES.placeWithRestaurant);

/**
 * A read that may take a person's position. Near a station or a district it is a public list
 * like any other (cachedRead); near a position it is answered from the database every time and
 * kept nowhere (private, no-store), so no position is held, even rounded, as a cache or URL
 * key (issue 31: a person's position never reaches the server's storage).
 */
export async function nearRead<T>(
  near: Near | null,
  c: Context,
  deps: AppDeps,
  load: (listed: ListedScopes) => Promise<T>,
  options: CachedReadOptions = {},
) {
  if (!near?.fromPosition) return cachedRead(c, deps, load, options);
  const answer = await load(() => {});
  const response = c.body(JSON.stringify(envelope(answer)), 200, {
    "content-type": "application/json; charset=UTF-8",
    "cache-control": "private, no-store",
  });
  return response as unknown as Awaited<ReturnType<typeof cachedRead<T>>>;
}
