// London's real places from the committed open data (data/README.md): stations with their
// lines, and postcode district centroids. Shared by the server and the islands, so both answer
// "where is King's Cross" from the same facts; the pure rules live in src/domain/.
import stationRows from "../../../data/london-stations.json" with { type: "json" };
import districtRows from "../../../data/london-postcode-districts.json" with { type: "json" };
import type { DistrictCentroid, Station } from "../../domain/london-gazetteer.ts";
import { stationSlugs } from "../../domain/london-gazetteer.ts";
import { parsePostcodeDistrict } from "../../domain/postcode-district.ts";

const slugs = stationSlugs(stationRows);

export const LONDON_STATIONS: readonly Station[] = stationRows.map((row, index) => ({
  ...row,
  slug: slugs[index]!,
}));

export const LONDON_DISTRICTS: readonly DistrictCentroid[] = districtRows.map(({ district, lat, lng }) => ({
  district,
  lat,
  lng,
}));

const stationBySlug = new Map(LONDON_STATIONS.map((station) => [station.slug, station]));
const districtByCode = new Map(LONDON_DISTRICTS.map((row) => [row.district, row]));

export function stationBySlugOrNull(slug: string): Station | null {
  return stationBySlug.get(slug) ?? null;
}

export function districtCentroid(district: string): DistrictCentroid | null {
  return districtByCode.get(district) ?? null;
}

/** A member's new restaurant: its postcode district's centroid, until someone pins it exactly. */
export function districtPin(
  postCode: string,
): { lat: number; lng: number; postcodeDistrict: string; pinSource: "district" } | null {
  const district = parsePostcodeDistrict(postCode);
  const centre = district ? districtCentroid(district) : null;
  return centre
    ? { lat: centre.lat, lng: centre.lng, postcodeDistrict: centre.district, pinSource: "district" }
    : null;
}
