// The routes of the pages a host renders on demand, the same on both hosts (Node:
// static-site.ts; Cloudflare: cloudflare-pages.ts and functions/{kind}/[id].ts): the catalogue
// kinds' item pages, beyond the set the build prerendered, and every review's page (issue 24).
// Runtime-neutral, and no components: the Node host reads these before it can compile .tsx.
import { TEMPLATE_IDS, type TemplateVariant } from "../../components/catalogue/page-template.ts";

/** Path prefixes of the catalogue pages (spec point 2 routes), rendered on demand when not prerendered. */
export const CATALOGUE_KINDS = ["dish", "restaurant", "offers", "area"] as const;
export type CatalogueRouteKind = (typeof CATALOGUE_KINDS)[number];

/**
 * Every kind of page rendered on demand: the catalogue's, /review/{id} and /list/{id} (never
 * prerendered), and /station/{slug} (issue 31: prerendered for the stations with a place
 * within a walk, rendered on demand for one that has gained its first since the build).
 */
export const PAGE_KINDS = [...CATALOGUE_KINDS, "review", "list", "station"] as const;
export type PageKindName = (typeof PAGE_KINDS)[number];

/** A page's id in its address: a number, or a station's slug (SLUG_KINDS). */
export type PageId = number | string;
const SLUG_KINDS: ReadonlySet<PageKindName> = new Set<PageKindName>(["station"]);

// 16 digits keeps any id within Number.MAX_SAFE_INTEGER.
const PAGE_ID = /^[1-9][0-9]{0,15}$/;
// As src/domain/london-gazetteer.ts makes them; never a template's id, which starts with "_".
const PAGE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_SLUG = 100;
const PAGE_PATH = new RegExp(`^/(${PAGE_KINDS.join("|")})/([^/]+)/?$`);

/** {kind, id} when the path is /{kind}/{id} with a possible id (a slug for SLUG_KINDS), else null. */
export function matchPagePath(pathname: string): { kind: PageKindName; id: PageId } | null {
  const match = PAGE_PATH.exec(pathname);
  if (!match) return null;
  const kind = match[1] as PageKindName;
  const id = match[2]!;
  if (SLUG_KINDS.has(kind)) return id.length <= MAX_SLUG && PAGE_SLUG.test(id) ? { kind, id } : null;
  return PAGE_ID.test(id) ? { kind, id: Number(id) } : null;
}

/** The URL path of a kind's built template page (directory format). */
export function templatePath(kind: PageKindName, variant: TemplateVariant): string {
  return `/${kind}/${TEMPLATE_IDS[variant]}/`;
}

const TEMPLATE_PATH = new RegExp(`^/(${PAGE_KINDS.join("|")})/_template[^/]*(/(index\\.html)?)?$`);

/** /{kind}/_template… : built for the hosts to render into, never served as a page. */
export function isTemplatePath(pathname: string): boolean {
  return TEMPLATE_PATH.test(pathname);
}
