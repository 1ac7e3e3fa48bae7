// The Map view's rules (issue 31): how much of London one read may ask for, how many markers it
// answers, and what it says about a bad box. Pure: no I/O.
import type { Bounds } from "./geo-distance.ts";

/**
 * Markers one read answers, best first: above this a phone's map is a solid blob of clusters
 * anyway, and 500 rows of id, name, position and rating are about 40 KB of JSON.
 */
export const MAP_PLACES_CAP = 500;

/**
 * The widest box one read takes, in degrees of latitude and of longitude: Greater London is
 * 0.41 by 0.85, so the whole city fits, and a box of the whole world is refused instead of
 * reading every position in the index.
 */
export const MAX_MAP_SPAN_DEGREES = 1;

/** The box's decimals: about 1 m, so a cache key does not change with every pixel of a pan. */
export const MAP_BOX_DECIMALS = 5;

export const MAP_MESSAGES = {
  bboxFormat: "must be four numbers west,south,east,north in WGS84 degrees, such as -0.15,51.49,-0.07,51.53",
  bboxRange: "must have longitudes from -180 to 180 and latitudes from -90 to 90",
  bboxOrder: "must have west below east and south below north",
  bboxSpan: `must span at most ${MAX_MAP_SPAN_DEGREES} degree of latitude and of longitude (Greater London fits)`,
  unknownTag: (slug: string) => `no tag "${slug}": use the slug of a tag page, such as /tag/ramen`,
} as const;

/** "west,south,east,north" as a box, or the message that says what is wrong with it. */
export function parseMapBox(text: string): Bounds | { error: string } {
  const parts = text.split(",").map((part) => part.trim());
  if (parts.length !== 4 || parts.some((part) => part === "")) return { error: MAP_MESSAGES.bboxFormat };
  const [west, south, east, north] = parts.map(Number) as [number, number, number, number];
  if (![west, south, east, north].every(Number.isFinite)) return { error: MAP_MESSAGES.bboxFormat };
  if ([west, east].some((lng) => Math.abs(lng) > 180) || [south, north].some((lat) => Math.abs(lat) > 90)) {
    return { error: MAP_MESSAGES.bboxRange };
  }
  if (west >= east || south >= north) return { error: MAP_MESSAGES.bboxOrder };
  if (east - west > MAX_MAP_SPAN_DEGREES || north - south > MAX_MAP_SPAN_DEGREES)
    return { error: MAP_MESSAGES.bboxSpan };
  const round = (value: number) => Number(value.toFixed(MAP_BOX_DECIMALS));
  return { west: round(west), south: round(south), east: round(east), north: round(north) };
}

/** The part of two boxes both cover; south above north when they do not meet. */
export function intersectBounds(a: Bounds, b: Bounds): Bounds {
  return {
    south: Math.max(a.south, b.south),
    north: Math.min(a.north, b.north),
    west: Math.max(a.west, b.west),
    east: Math.min(a.east, b.east),
  };
}

/** The box's centre, and the smallest radius (metres) whose circle holds all of it. */
export function circleAround(box: Bounds): { center: { lat: number; lng: number }; radiusMeters: number } {
  const center = { lat: (box.south + box.north) / 2, lng: (box.west + box.east) / 2 };
  const metresPerDegree = (Math.PI / 180) * 6_371_008.8;
  // A corner, with a degree of longitude as wide as at the box's edge nearer the equator: at
  // least what the near read's flat map (scaled at the centre's latitude, near-reads.ts) and
  // the great circle measure, so every point of the box passes its distance test.
  const nearestEquator =
    box.south <= 0 && box.north >= 0 ? 0 : Math.min(Math.abs(box.south), Math.abs(box.north));
  const dy = ((box.north - box.south) / 2) * metresPerDegree;
  const dx = ((box.east - box.west) / 2) * metresPerDegree * Math.cos((nearestEquator * Math.PI) / 180);
  return { center, radiusMeters: Math.ceil(Math.hypot(dx, dy)) + 1 };
}
