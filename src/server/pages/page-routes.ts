// The routes of the pages a host renders on demand, the same on both hosts (Node:
// static-site.ts; Cloudflare: cloudflare-pages.ts and functions/{kind}/[id].ts): the catalogue
// kinds' item pages, beyond the set the build prerendered, and every review's page (issue 24).
// Runtime-neutral, and no components: the Node host reads these before it can compile .tsx.
import { TEMPLATE_IDS, type TemplateVariant } from "../../components/catalogue/page-template.ts";

/** Path prefixes of the catalogue pages (spec point 2 routes), rendered on demand when not prerendered. */
export const CATALOGUE_KINDS = ["dish", "restaurant", "offers", "area"] as const;
export type CatalogueRouteKind = (typeof CATALOGUE_KINDS)[number];

/** Every kind of page rendered on demand: the catalogue's, and /review/{id} and /list/{id} (never prerendered). */
export const PAGE_KINDS = [...CATALOGUE_KINDS, "review", "list"] as const;
export type PageKindName = (typeof PAGE_KINDS)[number];

// 16 digits keeps any id within Number.MAX_SAFE_INTEGER.
const PAGE_ID = /^[1-9][0-9]{0,15}$/;
const PAGE_PATH = new RegExp(`^/(${PAGE_KINDS.join("|")})/([^/]+)/?$`);

/** {kind, id} when the path is /{kind}/{id} with a possible id, else null. */
export function matchPagePath(pathname: string): { kind: PageKindName; id: number } | null {
  const match = PAGE_PATH.exec(pathname);
  if (!match || !PAGE_ID.test(match[2]!)) return null;
  return { kind: match[1] as PageKindName, id: Number(match[2]) };
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
