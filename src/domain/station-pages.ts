// Station pages (/station/{slug}, issue 31): what "within a walk" of a station means, and the
// words the pages use. Pure: no I/O; the stations come from src/shared/geo/.
import { walkingMinutes } from "./geo-distance.ts";
import { RADIUS_OPTIONS_KM, type RadiusKm } from "./near-search.ts";

/**
 * "Within a walk" of a station: 1 km, the spec's first distance option (< 1 km), about a
 * 13-minute walk at 80 m a minute. Being one of the options means a station page lists exactly
 * what a search near that station filtered to < 1 km lists (the same API read, shared in the
 * response cache), and its pages and its search never disagree; the next option (2 km, 25
 * minutes) is where people take a bus rather than walk (nearest-stations.ts).
 */
export const STATION_WALK_KM: RadiusKm = RADIUS_OPTIONS_KM[0];
export const STATION_WALK_METERS = STATION_WALK_KM * 1000;
export const STATION_WALK_MINUTES = walkingMinutes(STATION_WALK_METERS);

/** Whether a place this far from a station is within a walk of it (so on its page). */
export function isWithinStationWalk(meters: number): boolean {
  return meters <= STATION_WALK_METERS;
}

/** How many dishes and restaurants a station page shows: as many as an area page (AREA_TOP). */
export const STATION_TOP = 6;

/**
 * The name a station page goes by: TfL's name, with its line where two stations share one
 * (Bethnal Green on the Central line and on the Overground), so no two pages read the same.
 */
export function stationPageName(
  name: string,
  firstLineName: string | undefined,
  nameIsShared: boolean,
): string {
  return nameIsShared && firstLineName ? `${name} (${firstLineName})` : name;
}

export const stationHeading = (name: string) => `Best dishes near ${name}`;
export const stationDishesHeading = (name: string) => `Top dishes near ${name}`;
export const stationRestaurantsHeading = (name: string) => `Top restaurants near ${name}`;

/** "13-minute walk (1 km)": how far a station page reaches, as its page and head say it. */
export const STATION_WALK_TEXT = `${STATION_WALK_MINUTES}-minute walk (${STATION_WALK_KM} km)`;
