// Every kind of page a host renders on demand, by its route (page-routes.ts): one renderer
// (page-render.ts) for the catalogue's item pages, the review pages and the list pages, on both hosts. It
// loads the kinds' components (.tsx): the Node host imports it through on-demand-node.ts.
import { CATALOGUE_PAGES } from "./catalogue-page-render.ts";
import { LIST_PAGE } from "./list-page-render.ts";
import type { OnDemandKind } from "./page-render.ts";
import type { PageKindName } from "./page-routes.ts";
import { REVIEW_PAGE } from "./review-page-render.ts";
import { STATION_PAGE } from "./station-page-render.ts";

export const ON_DEMAND_PAGES: Record<PageKindName, OnDemandKind> = {
  ...CATALOGUE_PAGES,
  review: REVIEW_PAGE,
  list: LIST_PAGE,
  station: STATION_PAGE,
};
