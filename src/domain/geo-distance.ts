// Distances on the ground for "near" search, cards and station lists. Pure: no I/O.

export interface LatLng {
  lat: number;
  lng: number;
}

export interface Bounds {
  south: number;
  north: number;
  west: number;
  east: number;
}

/**
 * The box around Greater London (its boundary's extreme points, WGS84). Open data outside it is
 * left out, and a position outside it is no place of ours to search.
 */
export const GREATER_LONDON_BOUNDS: Bounds = { south: 51.2868, north: 51.6919, west: -0.5104, east: 0.334 };

/** Mean Earth radius (IUGG), metres. */
const EARTH_RADIUS_M = 6_371_008.8;

/**
 * Walking pace, metres a minute: 80 m/min is 4.8 km/h, an unhurried adult's pace on pavements.
 * Straight-line distance understates the route, so the minutes are a fair lower bound.
 */
export const WALKING_METRES_PER_MINUTE = 80;

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in metres (haversine); within 0.5% of the ellipsoid at London's scale. */
export function distanceMeters(from: LatLng, to: LatLng): number {
  const dLat = toRadians(to.lat - from.lat);
  const dLng = toRadians(to.lng - from.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(from.lat)) * Math.cos(toRadians(to.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Minutes on foot, rounded up and at least one: "0 min walk" reads like an error. */
export function walkingMinutes(meters: number): number {
  return Math.max(1, Math.ceil(meters / WALKING_METRES_PER_MINUTE));
}

export function isInsideBounds(point: LatLng, bounds: Bounds): boolean {
  return (
    point.lat >= bounds.south &&
    point.lat <= bounds.north &&
    point.lng >= bounds.west &&
    point.lng <= bounds.east
  );
}

/**
 * The box that holds every point within `meters` of `center`: the index's first cut before the
 * exact distance. Degrees of longitude shrink with the cosine of the latitude.
 */
export function boundsAround(center: LatLng, meters: number): Bounds {
  const dLat = (meters / EARTH_RADIUS_M) * (180 / Math.PI);
  const dLng = dLat / Math.cos(toRadians(center.lat));
  return {
    south: center.lat - dLat,
    north: center.lat + dLat,
    west: center.lng - dLng,
    east: center.lng + dLng,
  };
}

/** "650 m" under a kilometre, "1.2 km" above, as cards show it. */
export function formatDistance(meters: number): string {
  if (meters < 950) return `${Math.max(10, Math.round(meters / 10) * 10)} m`;
  return `${(meters / 1000).toFixed(1)} km`;
}
