// Which built pages belong in sitemap.xml: every public page a search engine should index,
// not the catalogue templates hosts render on-demand pages into, nor account screens.
const EXCLUDED = [
  /^\/(dish|restaurant|offers|area|station)\/_template[^/]*\/?$/,
  /^\/404\/?$/,
  // Search results are for visitors, not for the index (search engines advise against them).
  /^\/search\/?$/,
  /^\/(sign-in-users|email-verification-users|verification|sign-up-users|forgot-password|confirm-registration|home|profile|social-search|settings|moderation|account-deleted)(\/|$)/,
  /^\/user\//,
  // A review's page is rendered on demand and the sitemap never names a person's review (docs/security.md).
  /^\/review\//,
  // A list's page is rendered on demand (issue 32); the build holds only its templates.
  /^\/list\//,
];

/** @sitemap's filter receives absolute page URLs. */
export function isIndexablePage(pageUrl: string): boolean {
  const path = new URL(pageUrl).pathname;
  return !EXCLUDED.some((pattern) => pattern.test(path));
}

/**
 * Sitemap URLs without the trailing slash the directory build format adds, so they match the
 * canonical URLs the pages declare (SeoHead); the home page keeps its "/".
 */
export function withoutTrailingSlash<T extends { url: string }>(item: T): T {
  const url = new URL(item.url);
  if (url.pathname.length > 1 && url.pathname.endsWith("/")) url.pathname = url.pathname.slice(0, -1);
  return { ...item, url: url.href };
}
