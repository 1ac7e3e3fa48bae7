// Node host: one process serves the built static site (dist/) and the API on one port.
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { getPath } from "hono/utils/url";
import { createApp } from "../api/app.ts";
import { listenHost, nodeStartProblem, nodeStartWarnings, parseEnv } from "../api/config.ts";
import { createNodeDeps, log } from "./node-deps.ts";
import { staticSite } from "./static-site.ts";
import { loadOnDemandPages, renderHtmlSync } from "../pages/on-demand-node.ts";
import { inProcessApiClient } from "../pages/in-process-api-client.ts";
import { changedPages } from "../pages/changed-pages.ts";
import { createPageCache, keptPage } from "../pages/page-cache.ts";
import { withFollowers } from "../api/cache/response-cache.ts";
import { siteSecurityHeadersMiddleware } from "../api/http/site-security-headers.ts";
import { createSiteRefresher, isSiteLink, refreshIntervalMs } from "./site-refresh.ts";
import { servedBuildStart, writtenSinceBuild } from "./written-since-build.ts";
import type { CatalogueChanges } from "../api/services/catalogue-changes.ts";
import { existsSync } from "node:fs";

export async function startNodeServer(source: Record<string, string | undefined> = process.env) {
  const env = parseEnv(source);
  const problem = nodeStartProblem(env);
  if (problem) throw new Error(problem);
  for (const warning of nodeStartWarnings(env)) log("warn", warning);
  const { deps, client, encoder } = await createNodeDeps(env);
  // Photos staged before a crash or restart are encoded again (issue 23).
  const stopPhotoSweep = deps.photoJobs?.start();
  const { changed, refresher, onCatalogueChange } = await followCatalogueWrites(env.SITE_DIR, {
    ...source,
    // The background rebuilds write the same links as the first build (scripts/start.ts).
    PUBLIC_ORIGIN: deps.config.publicOrigin,
  });
  deps.onCatalogueChange = onCatalogueChange;
  // Item pages rendered on demand are kept until a write drops one of their reads (issue 23).
  const pages = createPageCache(env.CACHE_TTL_SECONDS * 1000, Date.now);
  deps.cache = withFollowers(deps.cache, pages);
  const app = createApp(deps);
  const site = new Hono();
  site.use(
    "*",
    siteSecurityHeadersMiddleware({ root: env.SITE_DIR, production: deps.config.production, log }),
  );
  // On-demand pages (catalogue and review) read the API in-process, through the client the build uses.
  const { ON_DEMAND_PAGES } = await loadOnDemandPages();
  const api = inProcessApiClient(app);
  site.use(
    "*",
    staticSite({
      root: env.SITE_DIR,
      currentRoot: refresher?.currentRoot,
      changedSinceBuild: changed.has,
      pageOnDemand: (kind, id, template, root) => {
        const page = ON_DEMAND_PAGES[kind];
        const render = (client: typeof api) =>
          page.render(id, {
            api: client,
            template,
            log,
            renderHtml: renderHtmlSync,
            referenceData: deps.referenceData,
          });
        // A review page is never kept: nothing drops it when a review goes private (review-page-render.ts).
        if (!page.kept) return render(api);
        const key = `${root} /${kind}/${id}`;
        return keptPage(pages, key, (request) => app.request(request), render, page.cacheControl.found);
      },
    }),
  );
  // What the site does not serve (other methods, no built site) gets the API's enveloped 404.
  site.notFound((c) => app.fetch(c.req.raw, c.env));
  // /api goes straight to the API app, not through a mount in the site's router: its hot
  // reads then skip a second routing pass, and a cached answer comes back synchronously,
  // which @hono/node-server writes without awaiting (cache/url-fast-path.ts).
  const fetch = (request: Request, bindings: unknown) => {
    const path = getPath(request);
    return path === "/api" || path.startsWith("/api/")
      ? app.fetch(request, bindings)
      : site.fetch(request, bindings);
  };

  const hostname = listenHost(env);
  const listener = serve({ fetch, port: env.PORT, hostname }, (info) =>
    log(
      "info",
      `Dishcovery is listening on http://${hostname.includes(":") ? `[${hostname}]` : hostname}:${info.port}`,
    ),
  );
  const stop = () => {
    refresher?.stop();
    stopPhotoSweep?.();
    void encoder.close?.();
    listener.close();
    client.close();
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
  return { listener, deps, stop, refresher };
}

/**
 * What follows a catalogue write on Node: the site refresh (decision 012), and the item pages
 * the write made stale, rendered on demand until a rebuild holds it (issue 30, decision 011),
 * across a restart too (written-since-build.ts).
 */
async function followCatalogueWrites(siteDir: string, source: Record<string, string | undefined>) {
  const changed = changedPages();
  const written = writtenSinceBuild(siteDir, (message, error) => log("warn", message, error));
  const refresher = await startSiteRefresh(siteDir, source, (startedAt) => {
    changed.servedBuildFrom(startedAt);
    written.keepFrom(startedAt);
  });
  const builtAt = servedBuildStart(refresher?.currentRoot() ?? siteDir);
  for (const { at, changes } of written.since(builtAt)) {
    changed.note(changes, at);
    refresher?.notify(changes);
  }
  written.keepFrom(builtAt);
  const onCatalogueChange = (changes: CatalogueChanges) => {
    const at = Date.now();
    changed.note(changes, at);
    written.record({ at, changes });
    refresher?.notify(changes);
  };
  return { changed, refresher, onCatalogueChange };
}

/**
 * Ranked lists on the prerendered pages follow catalogue writes (docs/decisions/012) when
 * SITE_DIR is the link `npm start` makes and SITE_REFRESH_MINUTES is not 0.
 */
async function startSiteRefresh(
  siteDir: string,
  source: Record<string, string | undefined>,
  onSwap: (startedAt: number) => void,
) {
  const intervalMs = refreshIntervalMs(source);
  if (intervalMs === 0) return undefined;
  if (!isSiteLink(siteDir)) {
    if (existsSync(siteDir))
      log(
        "info",
        "SITE_DIR is a folder, not a link: ranked lists refresh at the next `npm start` (docs/decisions/012)",
      );
    return undefined;
  }
  return createSiteRefresher({ siteDir, intervalMs, log, onSwap });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await startNodeServer();
}
