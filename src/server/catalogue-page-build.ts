// Build-time reads for the catalogue pages' getStaticPaths and the sitemap (Node only): which
// items the build prerenders (catalogue-page-set.ts) and every item id, for the sitemap.
import { choosePrerenderSet, prerenderCap, type PrerenderSet } from "./catalogue-page-set.ts";
import { parseEnv } from "./config.ts";
import type { Database } from "./db/client.ts";
import { openDatabase } from "./db/node-client.ts";
import { listCatalogueIds, type CatalogueIds } from "./db/queries/catalogue-ids.ts";
import { databaseUrl } from "./node-deps.ts";
import { restrictToChangedItems } from "./site-refresh.ts";

async function withDatabase<T>(read: (db: Database) => Promise<T>): Promise<T> {
  const env = parseEnv(process.env);
  const { db, client } = await openDatabase(databaseUrl(env), env.DATABASE_AUTH_TOKEN);
  try {
    return await read(db);
  } finally {
    client.close();
  }
}

let prerenderSet: Promise<PrerenderSet> | undefined;

/** The ids each catalogue kind prerenders, chosen once per build (PRERENDER_CAP bounds them). */
export function sitePrerenderSet(): Promise<PrerenderSet> {
  prerenderSet ??= withDatabase((db) => choosePrerenderSet(db, prerenderCap())).then((set) => restrictToChangedItems(set));
  return prerenderSet;
}

/** Every catalogue id, prerendered or not, for the sitemap. */
export function siteAllCatalogueIds(): Promise<CatalogueIds> {
  return withDatabase(listCatalogueIds);
}
