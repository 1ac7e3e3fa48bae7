// What a station page (/station/{slug}, issue 31) shows, read the way every page reads the
// catalogue (decision 004): through the typed API client, at build over the build's app
// (siteApi). Its lists are the API's own "near a station" reads within a walk
// (STATION_WALK_KM, one of the spec's distance options), so a station page shows what a search
// near the station filtered to that distance shows. The station's name, lines and position are
// the open data's (data/london-stations.json), nothing else: the caller passes them in, as the
// host's deps.referenceData read them (the build and Node from disk, the Function from the
// site's static files), so the stations stay out of the Functions bundle.
import type { LondonPlaces } from "../../domain/london-place-index.ts";
import { lineName } from "../../domain/station-lines.ts";
import { STATION_TOP, STATION_WALK_KM, stationPageName } from "../../domain/station-pages.ts";
import { listOf, type ApiClient } from "../../shared/api-client.ts";
import type { DishItem, RestaurantItem } from "../../shared/schemas/catalogue-items.ts";

export interface StationFacts {
  slug: string;
  /** The name the page goes by: TfL's, with a line where two stations share it. */
  name: string;
  /** Line names as TfL shows them, in the open data's order. */
  lines: string[];
  lat: number;
  lng: number;
}

type Near<T> = T & { distanceMeters?: number };

export interface StationPageData {
  station: StationFacts;
  /** Best first (the ranking's order), each within a walk and with its distance. */
  topDishes: Near<DishItem>[];
  topRestaurants: Near<RestaurantItem>[];
}

// How many stations share each name, once per set of places (a process or an isolate has one).
const namesCounted = new WeakMap<LondonPlaces, Map<string, number>>();

function stationsPerName(places: LondonPlaces): Map<string, number> {
  let counts = namesCounted.get(places);
  if (!counts) {
    counts = new Map();
    for (const station of places.stations) counts.set(station.name, (counts.get(station.name) ?? 0) + 1);
    namesCounted.set(places, counts);
  }
  return counts;
}

/** A station's facts by its slug; null when no station has that slug. */
export function stationFacts(places: LondonPlaces, slug: string): StationFacts | null {
  const station = places.stationBySlug(slug);
  if (!station) return null;
  const lines = station.lines.map(lineName);
  return {
    slug: station.slug,
    name: stationPageName(station.name, lines[0], (stationsPerName(places).get(station.name) ?? 0) > 1),
    lines,
    lat: station.lat,
    lng: station.lng,
  };
}

/**
 * The page of a station, or null when there is none: no station has the slug, or no
 * restaurant is listed within a walk of it (issue 31: pages for the stations with places).
 */
export async function loadStationPage(
  api: ApiClient,
  places: LondonPlaces,
  slug: string,
): Promise<StationPageData | null> {
  const station = stationFacts(places, slug);
  if (!station) return null;
  const query = { station: station.slug, radiusKm: String(STATION_WALK_KM), topNum: STATION_TOP };
  const [topDishes, topRestaurants] = await Promise.all([
    listOf(api.dishes.top.$get({ query })),
    listOf(api.restaurants.top.$get({ query })),
  ]);
  if (topRestaurants.length === 0) return null;
  return { station, topDishes, topRestaurants };
}

// The build reads in-process (app.request): a few at a time keeps the event loop turning
// without queueing 443 reads at once.
const BUILD_READS_AT_ONCE = 8;

/** Every station that has a page, with its page, in the open data's order (for the build). */
export async function loadStationPages(api: ApiClient, places: LondonPlaces): Promise<StationPageData[]> {
  const { stations } = places;
  const pages: (StationPageData | null)[] = new Array(stations.length).fill(null);
  let next = 0;
  const worker = async () => {
    while (next < stations.length) {
      const index = next++;
      pages[index] = await loadStationPage(api, places, stations[index]!.slug);
    }
  };
  await Promise.all(Array.from({ length: BUILD_READS_AT_ONCE }, worker));
  return pages.filter((page): page is StationPageData => page !== null);
}
