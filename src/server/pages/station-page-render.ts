// A station's page (/station/{slug}, issue 31) as a kind of on-demand page (page-render.ts):
// the build prerenders the stations with a place within a walk (src/pages/station/[slug].astro,
// into whose templates a host renders the rest); a host renders the page of a station that has
// gained its first place since the build, from the same loader and values. A slug no station
// has, and a station with no place within a walk, is no page: the host answers its 404 page.
// The stations come from src/shared/geo/, which the API's near reads already bundle.
import { StateMessage } from "../../components/catalogue/StateMessage.tsx";
import { stateMeta } from "../../components/catalogue/page-view.ts";
import { loadStationPage, type StationPageData } from "../../components/station/station-page-data.ts";
import { stationPageView, stationPath } from "../../components/station/station-page-view.ts";
import { CACHE_ON_DEMAND, CACHE_ON_DEMAND_MISSING } from "./catalogue-page-render.ts";
import { onDemandKind, type OnDemandKind } from "./page-render.ts";

/** Spec point 8's failure message of a list page, as an area page says it. */
export const STATION_FAILED = "Failed to fetch data";

const stationKind = onDemandKind<StationPageData, string>("station", {
  load: loadStationPage,
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

export const STATION_PAGE: OnDemandKind = {
  ...stationKind,
  // No page (404): undefined, so the host answers its 404 page as for any unknown address.
  async render(slug, options) {
    const page = await stationKind.render(slug, options);
    return page?.status === 404 ? undefined : page;
  },
};
