// Build-time data for prerendered pages. Pages read the catalogue through the same API and
// client the browser uses (app.request in-process), so a prerendered page and its client-rendered
// fallback for items added after the build show exactly the same fields. Dish, restaurant
// and tag pages, nearly all of the site, read theirs in bulk from the same row readers and
// ranking queries instead (catalogue-page-data.ts; docs/decisions/004).
import { createApp, type App } from "./app.ts";
import {
  loadCataloguePages,
  loadTagPages,
  type CataloguePages,
  type TagPageData,
} from "./catalogue-page-data.ts";
import { parseEnv } from "./config.ts";
import { listCatalogueIds, type CatalogueIds } from "./db/queries/catalogue-ids.ts";
import { loadRankingExample } from "./db/queries/ranking-example.ts";
import type { AppDeps } from "./deps.ts";
import { inProcessApiClient } from "./in-process-api-client.ts";
import { createNodeDeps } from "./node-deps.ts";

let depsPromise: Promise<AppDeps> | undefined;
let appPromise: Promise<App> | undefined;
let pagesPromise: Promise<CataloguePages> | undefined;

function buildDeps(): Promise<AppDeps> {
  depsPromise ??= createNodeDeps(parseEnv(process.env)).then(({ deps }) => deps);
  return depsPromise;
}

function buildApp(): Promise<App> {
  appPromise ??= buildDeps().then(createApp);
  return appPromise;
}

/** Every dish, restaurant, offer and area id, for the catalogue pages' getStaticPaths. */
export async function siteCatalogueIds(): Promise<CatalogueIds> {
  return listCatalogueIds((await buildDeps()).db);
}

/** Every dish and restaurant page's data, read once per build for both kinds' getStaticPaths. */
export function siteCataloguePages(): Promise<CataloguePages> {
  pagesPromise ??= (async () => {
    const { db } = await buildDeps();
    return loadCataloguePages(db, (await listCatalogueIds(db)).restaurants);
  })();
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
