// A list's own page (/list/{id}, issue 32) as a kind of on-demand page (page-render.ts). The
// build writes its templates (src/pages/list/[id].astro) with the catalogue pages' marks and
// never prerenders a list: lists change with every save. A host reads the list through the
// typed client as a visitor, so a private or followers-only list, a private account's list and
// a list that does not exist all answer the same 404, which never names the list.
import { ListPageBody } from "../../components/lists/ListPageBody.tsx";
import { listPageMeta, loadListPage, type ListPageData } from "../../components/lists/list-page-data.ts";
import { missingMeta, ReviewMissing } from "../../components/review-page/ReviewMissing.tsx";
import { onDemandKind, type RenderOptions } from "./page-render.ts";

/**
 * Not held by a CDN: nothing purges a list page when an item is saved, the list goes private
 * or its owner blocks someone, and each must show at once (as review pages, CACHE_REVIEW_PAGE).
 */
export const CACHE_LIST_PAGE = "no-cache";

export const LIST_PAGE = onDemandKind<ListPageData>("list", {
  load: (api, id) => loadListPage(api, id),
  async view(id, data, origin, renderHtml) {
    return { ...listPageMeta(id, data, origin), bodyHtml: await renderHtml(ListPageBody, { list: data }) };
  },
  async missing(id, state, renderHtml) {
    const status = state === "error" ? 500 : 404;
    return {
      ...missingMeta(status),
      canonicalPath: `/list/${id}`,
      bodyHtml: await renderHtml(ReviewMissing, { status }),
    };
  },
  cacheControl: { found: CACHE_LIST_PAGE, missing: CACHE_LIST_PAGE },
  kept: false,
});

/** The page of list `id` (LIST_PAGE's render). */
export function renderListPage(id: number, options: RenderOptions) {
  return LIST_PAGE.render(id, options);
}
