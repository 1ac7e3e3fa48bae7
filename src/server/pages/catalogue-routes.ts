// The catalogue routes both hosts share (Node: static-site.ts; Cloudflare:
// catalogue-page-function.ts). Runtime-neutral: no Node modules here.
import { TEMPLATE_IDS, type TemplateVariant } from "../../components/catalogue/page-template.ts";

/** Path prefixes of the catalogue pages (spec point 2 routes), rendered on demand when not prerendered. */
export const CATALOGUE_KINDS = ["dish", "restaurant", "offers", "area"] as const;
export type CatalogueRouteKind = (typeof CATALOGUE_KINDS)[number];

// 16 digits keeps any id within Number.MAX_SAFE_INTEGER.
const CATALOGUE_ID = /^[1-9][0-9]{0,15}$/;
const CATALOGUE_PATH = new RegExp(`^/(${CATALOGUE_KINDS.join("|")})/([^/]+)/?$`);

/** {kind, id} when the path is /{kind}/{id} with a possible catalogue id, else null. */
export function matchCataloguePath(pathname: string): { kind: CatalogueRouteKind; id: string } | null {
  const match = CATALOGUE_PATH.exec(pathname);
  if (!match || !CATALOGUE_ID.test(match[2]!)) return null;
  return { kind: match[1] as CatalogueRouteKind, id: match[2]! };
}

/** The URL path of a kind's built template page (directory format). */
export function templatePath(kind: CatalogueRouteKind, variant: TemplateVariant): string {
  return `/${kind}/${TEMPLATE_IDS[variant]}/`;
}

const TEMPLATE_PATH = new RegExp(`^/(${CATALOGUE_KINDS.join("|")})/_template[^/]*(/(index\\.html)?)?$`);

/** /{kind}/_template… : built for the hosts to render into, never served as a page. */
export function isTemplatePath(pathname: string): boolean {
  return TEMPLATE_PATH.test(pathname);
}
