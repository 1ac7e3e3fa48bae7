// London's stations and postcode districts as the features ask for them: by slug, by district,
// a new restaurant's district pin. Pure: the rows come from the caller (the host's
// deps.referenceData reads data/ once per process or isolate; tests and scripts import it
// through src/shared/geo/london-places.ts).
import type { DistrictCentroid, Station } from "./london-gazetteer.ts";
import { stationSlugs } from "./london-gazetteer.ts";
import { parsePostcodeDistrict } from "./postcode-district.ts";

/** A row of data/london-stations.json. */
export type StationRow = Omit<Station, "slug">;

/** A row of data/london-postcode-districts.json (its postcode count is not used here). */
export type DistrictRow = DistrictCentroid & { postcodes?: number };

export interface LondonPlaces {
  stations: readonly Station[];
  districts: readonly DistrictCentroid[];
  stationBySlug(slug: string): Station | null;
  districtCentroid(district: string): DistrictCentroid | null;
}

export function londonPlaces(
  stationRows: readonly StationRow[],
  districtRows: readonly DistrictRow[],
): LondonPlaces {
  const slugs = stationSlugs(stationRows);
  const stations: Station[] = stationRows.map((row, index) => ({ ...row, slug: slugs[index]! }));
  const districts: DistrictCentroid[] = districtRows.map(({ district, lat, lng }) => ({
    district,
    lat,
    lng,
  }));
  const stationBySlug = new Map(stations.map((station) => [station.slug, station]));
  const districtByCode = new Map(districts.map((row) => [row.district, row]));
  return {
    stations,
    districts,
    stationBySlug: (slug) => stationBySlug.get(slug) ?? null,
    districtCentroid: (district) => districtByCode.get(district) ?? null,
  };
}

/** A member's new restaurant: its postcode district's centroid, until someone pins it exactly. */
export function districtPin(
  places: LondonPlaces,
  postCode: string,
): { lat: number; lng: number; postcodeDistrict: string; pinSource: "district" } | null {
  const district = parsePostcodeDistrict(postCode);
  const centre = district ? places.districtCentroid(district) : null;
  return centre
    ? { lat: centre.lat, lng: centre.lng, postcodeDistrict: centre.district, pinSource: "district" }
    : null;
}
