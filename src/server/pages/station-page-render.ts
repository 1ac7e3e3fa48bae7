// A station's page (/station/{slug}, issue 31) as a kind of on-demand page (page-render.ts):
// the build prerenders the stations with a place within a walk (src/pages/station/[slug].astro,
// into whose templates a host renders the rest); a host renders the page of a station that has
// gained its first place since the build, from the same loader and values. A slug no station
// has, and a station with no place within a walk, is no page: the host answers its 404 page.
// The stations come from the host's deps.referenceData (RenderOptions), read once per process
// or isolate, as the API's near reads read them.
import { londonPlaces, type LondonPlaces } from "../../domain/london-place-index.ts";
import { StateMessage } from "../../components/catalogue/StateMessage.tsx";
import { stateMeta } from "../../components/catalogue/page-view.ts";
import { loadStationPage, type StationPageData } from "../../components/station/station-page-data.ts";
import { stationPageView, stationPath } from "../../components/station/station-page-view.ts";
import { CACHE_ON_DEMAND, CACHE_ON_DEMAND_MISSING } from "./catalogue-page-render.ts";
import { onDemandKind, type OnDemandKind } from "./page-render.ts";

/** Spec point 8's failure message of a list page, as an area page says it. */
export const STATION_FAILED = "Failed to fetch data";

const stationKind = (places: LondonPlaces) =>
  onDemandKind<StationPageData, string>("station", {
    load: (api, slug) => loadStationPage(api, places, slug),
    view: (_slug, data, origin, renderHtml) => stationPageView(data, origin, renderHtml),
    async missing(slug, state, renderHtml) {
      return {
        ...stateMeta(STATION_FAILED),
        canonicalPath: stationPath(slug),
        bodyHtml: await renderHtml(StateMessage, { state, message: STATION_FAILED }),
      };
    },
    // A ranked list like an area page: kept as catalogue pages are, until a write drops its reads.
    cacheControl: { found: CACHE_ON_DEMAND, missing: CACHE_ON_DEMAND_MISSING },
    kept: true,
  });

// One kind per set of places: a process or an isolate reads one (deps.referenceData).
const kinds = new WeakMap<LondonPlaces, OnDemandKind>();

function kindOf(places: LondonPlaces): OnDemandKind {
  let kind = kinds.get(places);
  if (!kind) kinds.set(places, (kind = stationKind(places)));
  return kind;
}

// What reads no station (whether it is kept, its Cache-Control, the failure page) is the same
// for every set of places.
const noStations = stationKind(londonPlaces([], []));

export const STATION_PAGE: OnDemandKind = {
  ...noStations,
  // No page (404): undefined, so the host answers its 404 page as for any unknown address.
  async render(slug, options) {
    if (!options.referenceData)
      throw new Error("Station pages need the host's referenceData (RenderOptions)");
    let places: LondonPlaces;
    try {
      places = await options.referenceData.londonPlaces();
    } catch (error) {
      // As when the catalogue cannot be read: the failure page, which nobody keeps.
      options.log?.("error", `On-demand station page ${slug}: the stations could not be read`, error);
      return noStations.unavailable(slug, options.template);
    }
    const page = await kindOf(places).render(slug, options);
    return page?.status === 404 ? undefined : page;
  },
};
