// The stations nearest a place, as restaurant and dish pages list them. Pure: the stations come
// from the caller (src/shared/geo/london-places.ts).
import { distanceMeters, walkingMinutes, type LatLng } from "./geo-distance.ts";
import type { Station } from "./london-gazetteer.ts";
import { lineName } from "./station-lines.ts";

export const MAX_NEAREST_STATIONS = 3;

/**
 * Further than this a station is no longer "near": 2 km is a 25-minute walk, past which people
 * take a bus rather than walk, and a list of far stations would mislead more than help.
 */
export const NEAREST_STATION_MAX_METERS = 2_000;

export interface NearbyStation {
  slug: string;
  name: string;
  /** Line names as TfL shows them ("Northern", "Elizabeth line"). */
  lines: string[];
  distanceMeters: number;
  walkingMinutes: number;
}

/** Up to three stations within 2 km, nearest first (a name tie: by slug, so it is stable). */
export function nearestStations(
  point: LatLng,
  stations: readonly Station[],
  limit = MAX_NEAREST_STATIONS,
): NearbyStation[] {
  return stations
    .map((station) => ({ station, meters: distanceMeters(point, station) }))
    .filter(({ meters }) => meters <= NEAREST_STATION_MAX_METERS)
    .sort((a, b) => a.meters - b.meters || a.station.slug.localeCompare(b.station.slug))
    .slice(0, limit)
    .map(({ station, meters }) => ({
      slug: station.slug,
      name: station.name,
      lines: station.lines.map(lineName),
      distanceMeters: Math.round(meters),
      walkingMinutes: walkingMinutes(meters),
    }));
}
