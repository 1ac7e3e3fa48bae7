// What the Map view asks GET /api/map/places for (issue 31): the page's own filters, read from
// its address the way its lists read them, and the map's box.
import { placeFilterParams, readListFilters } from "../../components/filters/list-filters.ts";
import { nearApiParams, readNear } from "../../client/near-place.ts";
import { GREATER_LONDON_BOUNDS, type Bounds } from "../../domain/geo-distance.ts";
import { intersectBounds, MAX_MAP_SPAN_DEGREES } from "../../domain/map-view.ts";
import { STATION_WALK_KM } from "../../domain/station-pages.ts";

/** The pages that carry a Map view, each narrowing its markers as it narrows its lists. */
export type MapScope = "search" | "tag" | "area" | "station" | "list";

export const MAP_SCOPES: readonly MapScope[] = ["search", "tag", "area", "station", "list"];

/** The API's query for this page, without the box; null when the page shows nothing to map. */
export function mapFilterParams(scope: MapScope, location: { pathname: string; search: string }) {
  const params = new URLSearchParams(location.search);
  const filters = {
    ...placeFilterParams(readListFilters(location.search)),
    ...nearApiParams(readNear(location.search)),
  };
  if (scope === "search") {
    const keyword = (params.get("keyword") ?? "").trim().slice(0, 200);
    if (!keyword) return null;
    const place = (params.get("location") ?? "").trim();
    return { keyword, ...(place ? { location: place } : {}), ...filters };
  }
  const [, kind, value] = location.pathname.split("/");
  if (scope === "tag" && kind === "tag" && /^[a-z0-9-]{1,80}$/.test(value ?? ""))
    return { tag: value!, ...filters };
  if (scope === "area" && kind === "area" && /^[1-9][0-9]{0,9}$/.test(value ?? ""))
    return { areaId: value!, ...filters };
  // A station page lists what is within a walk of it: the map shows the same circle.
  if (scope === "station" && kind === "station" && /^[a-z0-9-]{1,100}$/.test(value ?? ""))
    return { station: value!, radiusKm: String(STATION_WALK_KM) };
  return null;
}

/**
 * The box to ask for: the view, inside Greater London (every restaurant is), at most
 * MAX_MAP_SPAN_DEGREES across, widened to 3 decimals (about 100 m) so small pans ask for the
 * same box and are answered from the cache.
 */
export function mapBoxParam(view: Bounds): string | null {
  const box = intersectBounds(view, GREATER_LONDON_BOUNDS);
  if (box.south >= box.north || box.west >= box.east) return null;
  const half = MAX_MAP_SPAN_DEGREES / 2 - 0.001;
  const midLat = (box.south + box.north) / 2;
  const midLng = (box.west + box.east) / 2;
  const south = Math.floor(Math.max(box.south, midLat - half) * 1000) / 1000;
  const north = Math.ceil(Math.min(box.north, midLat + half) * 1000) / 1000;
  const west = Math.floor(Math.max(box.west, midLng - half) * 1000) / 1000;
  const east = Math.ceil(Math.min(box.east, midLng + half) * 1000) / 1000;
  return [west, south, east, north].map((n) => n.toFixed(3)).join(",");
}
