// Build-time data for prerendered pages. Pages read the catalogue through the same API the
// browser uses (app.request in-process), so a prerendered page and its client-rendered
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
import type { AppDeps } from "./deps.ts";
import type { Envelope } from "./http/envelope.ts";
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

/** GET an API path (without the /api prefix) and return its data, or null on 404. */
export async function siteApi<T>(path: string): Promise<T | null> {
  const app = await buildApp();
  const res = await app.request(`/api${path}`);
  if (res.status === 404) return null;
  const body = (await res.json()) as Envelope<T>;
  if (res.status !== 200) throw new Error(`GET /api${path} answered ${res.status}: ${body.message}`);
  return body.data;
}

/** Like siteApi, for lists: an empty list instead of null. */
export async function siteList<T>(path: string): Promise<T[]> {
  return (await siteApi<T[]>(path)) ?? [];
}
