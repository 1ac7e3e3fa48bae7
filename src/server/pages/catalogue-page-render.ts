// The catalogue's item pages (dish, restaurant, offer, area) as kinds of on-demand page
// (page-render.ts): read through the loaders the build uses (page-data.ts), turned into the
// prerendered page's values (page-view.ts), and kept by a host until a write names the item.
import {
  PAGE_LOADERS,
  PAGE_MESSAGES,
  type CatalogueKind,
  type PageData,
} from "../../components/catalogue/page-data.ts";
import { cataloguePageView, stateMeta } from "../../components/catalogue/page-view.ts";
import { StateMessage } from "../../components/catalogue/StateMessage.tsx";
import type { ApiClient } from "../../shared/api-client.ts";
import { onDemandKind, type OnDemandKind, type PageKind, type RenderOptions } from "./page-render.ts";

/**
 * What a CDN may keep of an on-demand page: a minute fresh, then served stale for up to ten
 * while one request refreshes it, so a review shows within about a minute. Browsers
 * revalidate every time, as they do for prerendered pages.
 */
export const CACHE_ON_DEMAND = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";
/** A missing item may be created soon (ids come from the database): held briefly. */
export const CACHE_ON_DEMAND_MISSING = "public, max-age=0, s-maxage=10";

type ItemData = PageData[CatalogueKind];

function cataloguePage(kind: CatalogueKind): PageKind<ItemData> {
  return {
    load: PAGE_LOADERS[kind] as (api: ApiClient, id: number) => Promise<ItemData | null>,
    view: (id, data, origin, renderHtml) => cataloguePageView(kind, id, data, origin, renderHtml),
    async missing(id, state, renderHtml) {
      const message = state === "error" ? PAGE_MESSAGES[kind].failed : PAGE_MESSAGES[kind].noData;
      return {
        ...stateMeta(message),
        canonicalPath: `/${kind}/${id}`,
        bodyHtml: await renderHtml(StateMessage, { state, message }),
      };
    },
    cacheControl: { found: CACHE_ON_DEMAND, missing: CACHE_ON_DEMAND_MISSING },
    kept: true,
  };
}

export const CATALOGUE_PAGES: Record<CatalogueKind, OnDemandKind> = {
  dish: onDemandKind("dish", cataloguePage("dish")),
  restaurant: onDemandKind("restaurant", cataloguePage("restaurant")),
  offers: onDemandKind("offers", cataloguePage("offers")),
  area: onDemandKind("area", cataloguePage("area")),
};

/** The page of item `id` of `kind` (CATALOGUE_PAGES' render). */
export function renderCataloguePage(kind: CatalogueKind, id: number, options: RenderOptions) {
  return CATALOGUE_PAGES[kind].render(id, options);
}
