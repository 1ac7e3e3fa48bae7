// Catalogue pages rendered on demand, on Node (static-site.ts) and in the Cloudflare Function
// (catalogue-page-function.ts) alike. Runtime-neutral: no Node modules here.
//
// The build prerenders a bounded set of items (catalogue-page-set.ts) and, per kind, the
// templates CataloguePage.astro writes with TEMPLATE_MARKS where an item's values go. An
// item outside the set is read through the same API client and loaders the build uses,
// turned into the same values by the same functions (page-view.ts), escaped the way Astro
// escapes them, and put into its kind's template: the page is the prerendered page, byte
// for byte after build hashes (tests/e2e/edge-pages.spec.ts compares them for every kind).
import {
  PAGE_LOADERS,
  PAGE_MESSAGES,
  type CatalogueKind,
  type PageData,
} from "../../components/catalogue/page-data.ts";
import { TEMPLATE_MARKS, type TemplateVariant } from "../../components/catalogue/page-template.ts";
import {
  cataloguePageView,
  stateMeta,
  type CataloguePageView,
  type HtmlRenderer,
} from "../../components/catalogue/page-view.ts";
import { prerenderHtml } from "../../components/catalogue/prerender-html.ts";
import { StateMessage } from "../../components/catalogue/StateMessage.tsx";
import { jsonLdScriptText } from "../../components/seo/json-ld.ts";
import type { ApiClient } from "../../shared/api-client.ts";

/**
 * What a CDN may keep of an on-demand page: a minute fresh, then served stale for up to ten
 * while one request refreshes it, so a review shows within about a minute. Browsers
 * revalidate every time, as they do for prerendered pages.
 */
export const CACHE_ON_DEMAND = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";
/** A missing item may be created soon (ids come from the database): held briefly. */
export const CACHE_ON_DEMAND_MISSING = "public, max-age=0, s-maxage=10";
export const CACHE_NONE = "no-store";

/** The built template of a kind, or undefined when the build has none. */
export type TemplateSource = (kind: CatalogueKind, variant: TemplateVariant) => Promise<string | undefined>;

export interface RenderedPage {
  status: 200 | 404 | 503;
  html: string;
  cacheControl: string;
}

/** What a host answers: a page as rendered, or one kept in memory (page-cache.ts). */
export interface OnDemandPage extends Omit<RenderedPage, "html"> {
  /** As rendered, or the UTF-8 bytes of a kept page. */
  html: string | Uint8Array<ArrayBuffer>;
  /** A kept page's validator: a browser's revalidation gets a 304 while the page stands. */
  etag?: string;
}

export interface RenderOptions {
  /** The typed API client over the host's own app (app.request: nothing leaves the process). */
  api: ApiClient;
  template: TemplateSource;
  log?: (level: "warn" | "error", message: string, detail?: unknown) => void;
  /**
   * React to static HTML: prerender-html.ts, which every runtime has, unless the host gives
   * one with the same bytes that costs less (Node: catalogue-page-node.ts renderHtmlSync).
   */
  renderHtml?: HtmlRenderer;
}

/**
 * The page of item `id`: 200 with the item, 404 with the kind's no-data state when it does not
 * exist, 503 with the kind's failure message when the API fails. Undefined when the build has
 * no templates (a site built before this existed): the host answers as for any missing file.
 */
export async function renderCataloguePage(
  kind: CatalogueKind,
  id: number,
  { api, template, log, renderHtml = prerenderHtml }: RenderOptions,
): Promise<RenderedPage | undefined> {
  let data: PageData[CatalogueKind] | null;
  try {
    data = await (
      PAGE_LOADERS[kind] as (api: ApiClient, id: number) => Promise<PageData[CatalogueKind] | null>
    )(api, id);
  } catch (error) {
    log?.("error", `On-demand ${kind} page ${id} could not be read`, error);
    return noItemPage(kind, id, template, "error", renderHtml);
  }
  if (!data) return noItemPage(kind, id, template, "no-data", renderHtml);

  const probe = await template(kind, "default-image");
  if (probe === undefined) return undefined;
  const origin = templateOrigin(probe);
  const view = await cataloguePageView(kind, id, data, new URL(origin), renderHtml);
  const html = view.ogImage === undefined ? probe : await template(kind, "image");
  if (html === undefined) return undefined;
  return { status: 200, html: fillTemplate(html, view), cacheControl: CACHE_ON_DEMAND };
}

/** The kind's failure page (503) while the host cannot read the catalogue at all. */
export function unavailablePage(
  kind: CatalogueKind,
  id: number,
  template: TemplateSource,
): Promise<RenderedPage | undefined> {
  return noItemPage(kind, id, template, "error");
}

async function noItemPage(
  kind: CatalogueKind,
  id: number,
  template: TemplateSource,
  state: "no-data" | "error",
  renderHtml: HtmlRenderer = prerenderHtml,
): Promise<RenderedPage | undefined> {
  const html = await template(kind, "no-item");
  if (html === undefined) return undefined;
  const messages = PAGE_MESSAGES[kind];
  const message = state === "error" ? messages.failed : messages.noData;
  return {
    status: state === "error" ? 503 : 404,
    html: fillTemplate(html, {
      ...stateMeta(message),
      canonicalPath: `/${kind}/${id}`,
      bodyHtml: await renderHtml(StateMessage, { state, message }),
    }),
    cacheControl: state === "error" ? CACHE_NONE : CACHE_ON_DEMAND_MISSING,
  };
}

/** The origin the build wrote into the template's canonical link (PUBLIC_ORIGIN at build). */
function templateOrigin(html: string): string {
  const at = html.indexOf(`${TEMPLATE_MARKS.canonicalPath}"`);
  if (at < 0) throw new Error("The catalogue page template has no canonical link");
  return html.slice(html.lastIndexOf('"', at - 1) + 1, at);
}

// Astro's escaping (astro/dist/runtime/server/escape.js and render/util.js): text content
// escapes & < > ' ", an attribute value & and ".
const TEXT_ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  "'": "&#39;",
  '"': "&quot;",
};
const escapeText = (value: string) => value.replace(/[&<>'"]/g, (c) => TEXT_ENTITIES[c]!);
const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

type TemplateValues = Pick<CataloguePageView, "title" | "description" | "canonicalPath" | "bodyHtml"> &
  Partial<Pick<CataloguePageView, "ogImage" | "jsonLd">>;

/**
 * The template with the item's values in place of the marks, in one pass, so an item's own
 * text can never be taken for a mark.
 */
export function fillTemplate(html: string, values: TemplateValues): string {
  const origin = templateOrigin(html);
  const absolute = (path: string) => escapeAttribute(new URL(path, origin).href);
  const jsonLdMark = jsonLdScriptText(TEMPLATE_MARKS.jsonLd);
  const jsonLdAt = html.indexOf(jsonLdMark);
  const jsonLdOpen = jsonLdAt < 0 ? "" : html.slice(html.lastIndexOf("<script", jsonLdAt), jsonLdAt);
  const blocks =
    values.jsonLd === undefined ? [] : Array.isArray(values.jsonLd) ? values.jsonLd : [values.jsonLd];

  const replacements = new Map<string, string>([
    [`<title>${TEMPLATE_MARKS.title}</title>`, `<title>${escapeText(values.title)}</title>`],
    [TEMPLATE_MARKS.title, escapeAttribute(values.title)],
    [TEMPLATE_MARKS.description, escapeAttribute(values.description)],
    [`${origin}${TEMPLATE_MARKS.canonicalPath}`, absolute(values.canonicalPath)],
    [TEMPLATE_MARKS.body, values.bodyHtml],
  ]);
  if (values.ogImage !== undefined)
    replacements.set(`${origin}${TEMPLATE_MARKS.ogImage}`, absolute(values.ogImage));
  if (jsonLdOpen) {
    replacements.set(
      `${jsonLdOpen}${jsonLdMark}</script>`,
      blocks.map((block) => `${jsonLdOpen}${jsonLdScriptText(block)}</script>`).join(""),
    );
  }
  // Longest first: a mark inside a longer one (the title inside <title>…</title>) loses.
  const pattern = new RegExp(
    [...replacements.keys()]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join("|"),
    "g",
  );
  return html.replace(pattern, (mark) => replacements.get(mark)!);
}
