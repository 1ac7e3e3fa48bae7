// The catalogue routes both hosts share (Node: static-site.ts; Cloudflare:
// catalogue-page-function.ts). Runtime-neutral: no Node modules here.

/** Path prefixes of the catalogue pages (spec point 2 routes) that have a fallback page. */
export const CATALOGUE_KINDS = ["dish", "restaurant", "offers", "area"] as const;
export type CatalogueRouteKind = (typeof CATALOGUE_KINDS)[number];

/**
 * The fallback's own URL segment. Catalogue ids are positive integers, so a word can never
 * be a real item's page.
 */
export const FALLBACK_SEGMENT = "fallback";

// 16 digits keeps any id within Number.MAX_SAFE_INTEGER.
const CATALOGUE_ID = /^[1-9][0-9]{0,15}$/;
const CATALOGUE_PATH = new RegExp(`^/(${CATALOGUE_KINDS.join("|")})/([^/]+)/?$`);

/** {kind, id} when the path is /{kind}/{id} with a possible catalogue id, else null. */
export function matchCataloguePath(pathname: string): { kind: CatalogueRouteKind; id: string } | null {
  const match = CATALOGUE_PATH.exec(pathname);
  if (!match || !CATALOGUE_ID.test(match[2]!)) return null;
  return { kind: match[1] as CatalogueRouteKind, id: match[2]! };
}

/** The built fallback page of a kind, as a directory path (/dish/fallback/). */
export function fallbackPath(kind: CatalogueRouteKind): string {
  return `/${kind}/${FALLBACK_SEGMENT}/`;
}
