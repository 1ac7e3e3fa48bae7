// London's real places from the committed open data (data/README.md), imported at load: for
// tests, scripts and the seed's checks, on Node. The API and the pages never import this
// module: they read the same files through deps.referenceData (src/server/api/reference-data.ts),
// from disk on Node and from the built site's static files on Cloudflare, so the data stays
// out of the Functions bundle (docs/perf/edge-bundle.md). The rules live in src/domain/.
import stationRows from "../../../data/london-stations.json" with { type: "json" };
import districtRows from "../../../data/london-postcode-districts.json" with { type: "json" };
import type { DistrictCentroid, Station } from "../../domain/london-gazetteer.ts";
import { londonPlaces } from "../../domain/london-place-index.ts";

export const LONDON_PLACES = londonPlaces(stationRows, districtRows);

export const LONDON_STATIONS: readonly Station[] = LONDON_PLACES.stations;

export const LONDON_DISTRICTS: readonly DistrictCentroid[] = LONDON_PLACES.districts;

export const stationBySlugOrNull = (slug: string): Station | null => LONDON_PLACES.stationBySlug(slug);

export const districtCentroid = (district: string): DistrictCentroid | null =>
  LONDON_PLACES.districtCentroid(district);
