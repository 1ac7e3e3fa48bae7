// The sitemap lists every catalogue item, not only the prerendered ones (most item pages are
// rendered on demand: src/server/pages/catalogue-page-set.ts). @astrojs/sitemap lists the built
// pages plus `customPages`; this integration fills that list at the end of the build, before
// the sitemap integration reads it (Astro runs build:done hooks in the order of
// `integrations`), and @astrojs/sitemap splits past its entry limit, as the sitemap protocol
// requires past 50,000 URLs, into sitemap-0.xml, sitemap-1.xml… under sitemap-index.xml.
import type { AstroIntegration } from "astro";
import { CATALOGUE_KINDS } from "../server/pages/page-routes.ts";
import { siteAllCatalogueIds } from "../server/hosts/site-build.ts";

const IDS_OF = { dish: "dishes", restaurant: "restaurants", offers: "offers", area: "areas" } as const;

/** Item URLs as the build writes page URLs (trailing slash), so a prerendered one is listed once. */
export function catalogueUrls(site: string, ids: Record<(typeof IDS_OF)[keyof typeof IDS_OF], number[]>): string[] {
  const origin = new URL(site).origin;
  return CATALOGUE_KINDS.flatMap((kind) => ids[IDS_OF[kind]].map((id) => `${origin}/${kind}/${id}/`));
}

/** Adds every item's URL to `customPages`, the array given to @astrojs/sitemap. */
export function catalogueSitemapIntegration(customPages: string[]): AstroIntegration {
  let site: string | undefined;
  return {
    name: "dishcovery:catalogue-sitemap",
    hooks: {
      "astro:config:done": ({ config }) => {
        site = config.site;
      },
      "astro:build:done": async ({ logger }) => {
        if (!site) return;
        const urls = catalogueUrls(site, await siteAllCatalogueIds());
        // One by one: spreading half a million URLs (scale 100) as arguments overflows the stack.
        for (const url of urls) customPages.push(url);
        logger.info(`${urls.length} catalogue items in the sitemap`);
      },
    },
  };
}
