// The one renderer of on-demand pages, on Node (static-site.ts) and in the Cloudflare Function
// (cloudflare-pages.ts) alike, for every kind (on-demand-pages.ts): the catalogue's item pages
// and the review pages. Runtime-neutral: no Node modules here.
//
// The build writes each kind's templates (CataloguePage.astro, review/[id].astro) with
// TEMPLATE_MARKS where a page's values go. A host reads the item through the typed client over
// its own app, the kind turns it into the same values the build computes (page-view.ts,
// review-page-data.ts), and they are escaped the way Astro escapes them and put into the
// kind's template in one pass: a catalogue page is the prerendered page, byte for byte after
// build hashes (tests/e2e/edge-pages.spec.ts compares them for every kind).
import { TEMPLATE_MARKS, type TemplateVariant } from "../../components/catalogue/page-template.ts";
import type { CataloguePageView, HtmlRenderer } from "../../components/catalogue/page-view.ts";
import { prerenderHtml } from "../../components/catalogue/prerender-html.ts";
import { jsonLdScriptText } from "../../components/seo/json-ld.ts";
import type { ApiClient } from "../../shared/api-client.ts";
import type { ReferenceData } from "../api/deps.ts";
import type { PageId, PageKindName } from "./page-routes.ts";

/** A page that could not be read: nobody keeps it, the next request tries again. */
export const CACHE_NONE = "no-store";

/** A kind's built template, or undefined when the build has none. */
export type TemplateSource = (kind: PageKindName, variant: TemplateVariant) => Promise<string | undefined>;

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
   * one with the same bytes that costs less (Node: on-demand-node.ts renderHtmlSync).
   */
  renderHtml?: HtmlRenderer;
  /** The host's deps.referenceData: station pages read the stations through it (issue 34). */
  referenceData?: ReferenceData;
}

/** The values a template's marks take. */
export type TemplateValues = Pick<CataloguePageView, "title" | "description" | "canonicalPath" | "bodyHtml"> &
  Partial<Pick<CataloguePageView, "ogImage" | "jsonLd">>;

/**
 * What one kind of on-demand page is: how it is read and what its found and missing pages show.
 * `Id` is the kind's form of id in its address (page-routes.ts): a number, or a station's slug.
 */
export interface PageKind<Data, Id extends PageId = number> {
  load(api: ApiClient, id: Id): Promise<Data | null>;
  /** The found page's values; with an `ogImage`, the template that has the page's own card. */
  view(id: Id, data: Data, origin: URL, renderHtml: HtmlRenderer): Promise<TemplateValues>;
  /** The page of an id that is not there (404) or could not be read (503). */
  missing(id: Id, state: "no-data" | "error", renderHtml: HtmlRenderer): Promise<TemplateValues>;
  /** Cache-Control of a found page and of a missing one (a failure is CACHE_NONE). */
  cacheControl: { found: string; missing: string };
  /**
   * Whether a host may keep a rendered page until a write drops it (the Node host's memory,
   * Cloudflare's cache) and the build may prerender some: true for the catalogue, whose
   * writes name the pages they change; false for reviews (review-page-render.ts).
   */
  kept: boolean;
}

/** A kind's pages, ready for a host: render one, or its failure page when nothing can be read. */
export interface OnDemandKind {
  kept: PageKind<unknown>["kept"];
  cacheControl: PageKind<unknown>["cacheControl"];
  /**
   * The page of `id`: 200 with the item, 404 with the kind's missing state when it does not
   * exist (or may not be seen), 503 with its failure message when the API fails. Undefined
   * when the build has no templates for the kind: the host answers as for any missing file.
   */
  render(id: PageId, options: RenderOptions): Promise<RenderedPage | undefined>;
  /** The 503 page of a host that cannot read the catalogue at all. */
  unavailable(id: PageId, template: TemplateSource): Promise<RenderedPage | undefined>;
}

export function onDemandKind<Data, Id extends PageId = number>(
  name: PageKindName,
  kind: PageKind<Data, Id>,
): OnDemandKind {
  const missingPage = async (
    id: Id,
    template: TemplateSource,
    state: "no-data" | "error",
    renderHtml: HtmlRenderer,
  ): Promise<RenderedPage | undefined> => {
    const html = await template(name, "no-item");
    if (html === undefined) return undefined;
    return {
      status: state === "error" ? 503 : 404,
      html: fillTemplate(html, await kind.missing(id, state, renderHtml)),
      cacheControl: state === "error" ? CACHE_NONE : kind.cacheControl.missing,
    };
  };

  return {
    kept: kind.kept,
    cacheControl: kind.cacheControl,
    async render(pageId, { api, template, log, renderHtml = prerenderHtml }) {
      // The host took the id from the address with matchPagePath, which gives each kind its form.
      const id = pageId as Id;
      let data: Data | null;
      try {
        data = await kind.load(api, id);
      } catch (error) {
        log?.("error", `On-demand ${name} page ${id} could not be read`, error);
        return missingPage(id, template, "error", renderHtml);
      }
      if (!data) return missingPage(id, template, "no-data", renderHtml);
      const probe = await template(name, "default-image");
      if (probe === undefined) return undefined;
      const values = await kind.view(id, data, new URL(templateOrigin(probe)), renderHtml);
      const html = values.ogImage === undefined ? probe : await template(name, "image");
      if (html === undefined) return undefined;
      return { status: 200, html: fillTemplate(html, values), cacheControl: kind.cacheControl.found };
    },
    unavailable: (id, template) => missingPage(id as Id, template, "error", prerenderHtml),
  };
}

/** The origin the build wrote into the template's canonical link (PUBLIC_ORIGIN at build). */
function templateOrigin(html: string): string {
  const at = html.indexOf(`${TEMPLATE_MARKS.canonicalPath}"`);
  if (at < 0) throw new Error("The page template has no canonical link");
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

/**
 * The template with the page's values in place of the marks, in one pass, so an item's own
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
