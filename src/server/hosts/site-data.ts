// Build-time data for prerendered pages, from the build's host (site-build.ts). Pages read
// the catalogue through the same API and client the browser uses (app.request in-process),
// so a prerendered page shows the same fields as one the host renders on demand. Dish, restaurant and tag pages, nearly all of
// the site, read theirs in bulk from the same row readers and ranking queries instead
// (../pages/catalogue-page-data.ts; docs/decisions/004).
import { createApp, type App } from "../api/app.ts";
import { buildDeps, sitePrerenderSet } from "./site-build.ts";
import {
  loadCataloguePages,
  loadTagPages,
  type CataloguePages,
  type TagPageData,
} from "../pages/catalogue-page-data.ts";
import { loadRankingExample } from "../api/db/queries/ranking-example.ts";
import { inProcessApiClient } from "../pages/in-process-api-client.ts";

let appPromise: Promise<App> | undefined;
let pagesPromise: Promise<CataloguePages> | undefined;

function buildApp(): Promise<App> {
  appPromise ??= buildDeps().then(createApp);
  return appPromise;
}

/** The prerendered dish and restaurant pages' data, read once per build for both kinds' getStaticPaths. */
export function siteCataloguePages(): Promise<CataloguePages> {
  pagesPromise ??= Promise.all([buildDeps(), sitePrerenderSet()]).then(([{ db }, set]) =>
    loadCataloguePages(db, set),
  );
  return pagesPromise;
}

/** Every tag page's lists, keyed by tag id, read at once for the tag pages' getStaticPaths. */
export async function siteTagPages(tagIds: number[]): Promise<Map<number, TagPageData>> {
  return loadTagPages((await buildDeps()).db, tagIds);
}

/** The worked example of /how-rankings-work: real numbers from the database being built. */
export async function siteRankingExample() {
  return loadRankingExample((await buildDeps()).db);
}

/** The typed API client over the in-process app: pages read what the browser would. */
export const siteApi = inProcessApiClient(buildApp);
