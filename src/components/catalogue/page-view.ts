// What a catalogue page shows besides the site's shell, computed once for both ways a page is
// made: the build prerenders it (src/components/catalogue/CataloguePage.astro) and a host
// renders it on demand into the built template of its kind (src/server/pages/catalogue-page-render.ts).
// Same functions, same values, so both pages are the same HTML (tests/e2e/edge-pages.spec.ts).
import type { FunctionComponent } from "react";
import { fileUrl } from "../../domain/file-url.ts";
import { CataloguePageBody, type CataloguePageProps } from "./CataloguePageBody.tsx";
import { PAGE_MESSAGES, type CatalogueKind, type PageData } from "./page-data.ts";
import { areaMeta, dishMeta, offerMeta, restaurantMeta, type PageMeta } from "./page-meta.ts";
import { areaJsonLd, dishJsonLd, offerJsonLd, restaurantJsonLd } from "./structured-data.ts";

/** A component's static HTML: static-html.ts at build, prerender-html.ts on demand. */
export type HtmlRenderer = <P extends object>(
  component: FunctionComponent<P>,
  props: P,
) => string | Promise<string>;

export interface CataloguePageView extends PageMeta {
  canonicalPath: string;
  /** A path or absolute URL; undefined: the site's default card. */
  ogImage: string | undefined;
  jsonLd: object | object[];
  /** CataloguePageBody as static HTML. */
  bodyHtml: string;
}

type Describe<K extends CatalogueKind> = (
  data: PageData[K],
  origin: URL,
) => {
  meta: PageMeta;
  image: string | null | undefined;
  jsonLd: object | object[];
};

const DESCRIBE: { [K in CatalogueKind]: Describe<K> } = {
  dish: (data, origin) => ({
    meta: dishMeta(data.dish),
    image: data.dish.images[0],
    jsonLd: dishJsonLd(data.dish, origin),
  }),
  restaurant: (data, origin) => ({
    meta: restaurantMeta(data.restaurant),
    image: data.restaurant.images[0] ?? data.restaurant.logo,
    jsonLd: restaurantJsonLd(data.restaurant, origin),
  }),
  offers: (data, origin) => ({
    meta: offerMeta(data.offer),
    image: data.offer.image ?? data.offer.imageUrl,
    jsonLd: offerJsonLd(data.offer, origin),
  }),
  area: (data, origin) => ({
    meta: areaMeta(data.area),
    image: data.area.image,
    jsonLd: areaJsonLd(data.area, origin),
  }),
};

function mergedInto(data: PageData[CatalogueKind]): { id: number } | null {
  if ("dish" in data) return data.dish.mergedInto;
  if ("restaurant" in data) return data.restaurant.mergedInto;
  return null;
}

export async function cataloguePageView<K extends CatalogueKind>(
  kind: K,
  id: number,
  data: PageData[K],
  origin: URL,
  renderHtml: HtmlRenderer,
): Promise<CataloguePageView> {
  const { meta, image, jsonLd } = (DESCRIBE[kind] as Describe<K>)(data, origin);
  return {
    ...meta,
    // A merged duplicate's page names the item it repeated as the one to index (issue 21).
    canonicalPath: `/${kind}/${mergedInto(data)?.id ?? id}`,
    ogImage: fileUrl(image) ?? undefined,
    jsonLd,
    // CataloguePageBody's props are a union over the kinds; this pair is one of its members.
    bodyHtml: await renderHtml(CataloguePageBody, { kind, data } as CataloguePageProps),
  };
}

/** The head of a page that shows a state message (spec point 8) instead of an item. */
export function stateMeta(message: string): PageMeta {
  return { title: `${message} | Dishcovery`, description: message };
}

/** The head of a page whose item does not exist: the spec point 8 no-data message. */
export function noDataMeta(kind: CatalogueKind): PageMeta {
  return stateMeta(PAGE_MESSAGES[kind].noData);
}
