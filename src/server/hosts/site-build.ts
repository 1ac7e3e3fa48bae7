// The build is the app's third host (beside node.ts and cloudflare-host.ts): `astro build`
// runs the app in-process on Node. Here are its database and the catalogue reads of the
// pages' getStaticPaths and the sitemap: which items the build prerenders (catalogue-page-set.ts) and every item id.
import { choosePrerenderSet, prerenderCap, type PrerenderSet } from "../pages/catalogue-page-set.ts";
import { parseEnv } from "../api/config.ts";
import type { Database } from "../api/db/client.ts";
import { openDatabase } from "../api/db/node-client.ts";
import { listCatalogueIds, type CatalogueIds } from "../api/db/queries/catalogue-ids.ts";
import type { AppDeps } from "../api/deps.ts";
import { createNodeDeps, databaseUrl } from "./node-deps.ts";
import { restrictToChangedItems } from "./site-refresh.ts";

let depsPromise: Promise<AppDeps> | undefined;
let prerenderSet: Promise<PrerenderSet> | undefined;

/** The app's dependencies for the whole build: one database connection every page shares. */
export function buildDeps(): Promise<AppDeps> {
  depsPromise ??= createNodeDeps(parseEnv(process.env)).then(({ deps }) => deps);
  return depsPromise;
}

/** The ids each catalogue kind prerenders, chosen once per build (PRERENDER_CAP bounds them). */
export function sitePrerenderSet(): Promise<PrerenderSet> {
  prerenderSet ??= buildDeps()
    .then(({ db }) => choosePrerenderSet(db, prerenderCap()))
    .then((set) => restrictToChangedItems(set));
  return prerenderSet;
}

async function withDatabase<T>(read: (db: Database) => Promise<T>): Promise<T> {
  const env = parseEnv(process.env);
  const { db, client } = await openDatabase(databaseUrl(env), env.DATABASE_AUTH_TOKEN);
  try {
    return await read(db);
  } finally {
    client.close();
  }
}

/**
 * Every catalogue id, prerendered or not, for the sitemap. Its integration runs in Astro's
 * config context, outside the bundle the pages run from, so it cannot reach buildDeps'
 * connection: it opens and closes its own.
 */
export function siteAllCatalogueIds(): Promise<CatalogueIds> {
  return withDatabase(listCatalogueIds);
}
