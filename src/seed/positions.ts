// Where the seed puts its fictional restaurants (issue 31): a few metres from a real postcode
// position inside the district its postcode names (data/seed-district-points.json, from OS
// Code-Point Open), so distances and "near" behave as they would for real places.
import districtPoints from "../../data/seed-district-points.json" with { type: "json" };
import type { LatLng } from "../domain/geo-distance.ts";
import type { Random } from "./random.ts";

const POINTS: Record<string, number[][]> = districtPoints;

/** Far enough to spread a street's restaurants apart, near enough to stay in the district. */
const MAX_OFFSET_M = 25;
const METRES_PER_DEGREE_LAT = 111_195;

export function seedPosition(district: string, random: Random): LatLng {
  const points = POINTS[district];
  if (!points || points.length === 0) {
    throw new Error(`No open-data positions for ${district}: run scripts/london-open-data.ts`);
  }
  const [lat = NaN, lng = NaN] = random.pick(points);
  const offset = random.next() * MAX_OFFSET_M;
  const angle = random.next() * 2 * Math.PI;
  const dLat = (offset * Math.cos(angle)) / METRES_PER_DEGREE_LAT;
  const dLng = (offset * Math.sin(angle)) / (METRES_PER_DEGREE_LAT * Math.cos((lat * Math.PI) / 180));
  return { lat: Math.round((lat + dLat) * 1e6) / 1e6, lng: Math.round((lng + dLng) * 1e6) / 1e6 };
}
