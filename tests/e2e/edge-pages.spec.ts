// Catalogue pages rendered on demand (decision 011): the shared site is built with a small
// PRERENDER_CAP (global-setup.ts), so most items have no built page. A page rendered on demand
// must be the prerendered page, byte for byte after build hashes, for every kind; an unknown
// id answers the kind's no-data page with status 404; the sitemap lists every item.
import { readdir, readFile, rename } from "node:fs/promises";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CatalogueKind } from "../../src/components/catalogue/page-data.ts";
import { createApp } from "../../src/server/api/app.ts";
import { renderCataloguePage } from "../../src/server/pages/catalogue-page-render.ts";
import type { TemplateSource } from "../../src/server/pages/page-render.ts";
import { templatePath } from "../../src/server/pages/page-routes.ts";
import { parseEnv } from "../../src/server/api/config.ts";
import { openDatabase, type OpenedDatabase } from "../../src/server/api/db/node-client.ts";
import { createNodeDeps } from "../../src/server/hosts/node-deps.ts";
import { writtenSinceBuild } from "../../src/server/hosts/written-since-build.ts";
import { createApiClient, type ApiClient } from "../../src/shared/api-client.ts";
import { PAGE_SECURITY_HEADERS } from "./api-contract.ts";
import { holdCatalogueHours } from "./catalogue-hours-lock.ts";
import { startSite, type Site } from "./harness.ts";

const KINDS: CatalogueKind[] = ["dish", "restaurant", "offers", "area"];
const TABLES = { dish: "dishes", restaurant: "restaurants", offers: "offers", area: "areas" } as const;

let site: Site;
let siteDir: string;
let api: ApiClient;
let database: OpenedDatabase;
let closeDeps: () => void;

/**
 * Build hashes in asset names (/_astro/x.AbC123.css) are the only thing two builds may differ
 * in. An offer page's "Other special offers" come partly from GET /offers/randomGet (spec
 * point 7), so that list differs between any two renders; its heading stays.
 */
// Build hashes go, and so do the values other test files change on the shared site after the
// build (the "other offers" draw is random; reviews move a rating, its label and count): the
// markup around them must still be the same.
const comparable = (html: string) =>
  html
    .replace(/(\/_astro\/[\w.-]+?)\.[\w-]{8}\.(css|js)/g, "$1.$2")
    .replace(/(<h2 id="other-offers">Other special offers<\/h2>).*?<\/section>/, "$1…</section>")
    .replace(/(<span class="visually-hidden">Rated <\/span>)[\d.]+/g, "$1N")
    .replace(/(<span class="cat-rating__label">)[^<]*/g, "$1L")
    .replace(/(<span class="cat-rating__count">)[^<]*/g, "$1C")
    .replace(/("ratingValue":)[\d.]+|("ratingCount":)\d+/g, "$1$2N")
    .replace(/Rated [\d.]+ \([^)]*\)( from [\d,]+ reviews?)?\./g, "Rated N.");

const templates: TemplateSource = async (kind, variant) => {
  try {
    return await readFile(join(siteDir, templatePath(kind, variant), "index.html"), "utf8");
  } catch {
    return undefined;
  }
};

async function prerenderedIds(kind: CatalogueKind): Promise<number[]> {
  const names = await readdir(join(siteDir, kind));
  return names.filter((n) => /^\d+$/.test(n)).map(Number).sort((a, b) => a - b);
}

/**
 * Built items no write has named since the build: the Node host serves a written item on demand
 * (issue 30, written-since-build.ts), and other files write to items this file cannot foresee.
 */
function unwritten(kind: CatalogueKind, builtIds: number[], restaurantOf?: Map<number, number>): number[] {
  const writes = writtenSinceBuild(siteDir, () => {}).since(0);
  // A dish page also shows its restaurant's top dishes: a write that names the restaurant (a
  // review of another of its dishes) changes the page too.
  const writtenRestaurants = new Set(writes.flatMap(({ changes }) => changes.restaurantIds ?? []));
  const written = new Set(
    writes
      .flatMap(({ changes }) =>
        kind === "dish"
          ? (changes.dishIds ?? [])
          : kind === "restaurant"
            ? (changes.restaurantIds ?? [])
            : kind === "offers"
              ? (changes.offers ?? []).map((offer) => offer.id)
              : [],
      ),
  );
  return builtIds.filter(
    (id) => !written.has(id) && !(restaurantOf && writtenRestaurants.has(restaurantOf.get(id) ?? 0)),
  );
}

async function allIds(kind: CatalogueKind): Promise<number[]> {
  const rows = await database.db.all<{ id: number }>(sql.raw(`SELECT id FROM ${TABLES[kind]} ORDER BY id`));
  return rows.map((r) => r.id);
}

let releaseHours: (() => void) | undefined;

beforeAll(async () => {
  site = startSite();
  siteDir = join(site.dataDir, "dist");
  database = await openDatabase(site.databaseUrl);
  const { deps, client } = await createNodeDeps(parseEnv({ DATA_DIR: site.dataDir, PUBLIC_ORIGIN: site.baseUrl }));
  closeDeps = () => client.close();
  const app = createApp(deps);
  api = createApiClient({ fetch: (input, init) => app.request(input, init), timeoutMs: null });
  // The pages are compared with the hours they were built with, which discovery.spec.ts clears.
  releaseHours = await holdCatalogueHours();
}, 180_000);

afterAll(() => {
  releaseHours?.();
  closeDeps?.();
  database?.client.close();
});

describe("catalogue pages rendered on demand", () => {
  it.each(KINDS)("renders a %s page exactly as the build prerendered it", async (kind) => {
    // The highest prerendered id no write has named since the build.
    const restaurantOf =
      kind === "dish"
        ? new Map(
            (await database.db.all<{ id: number; restaurantId: number }>(
              sql.raw("SELECT id, restaurant_id AS restaurantId FROM dishes"),
            )).map((row) => [row.id, row.restaurantId]),
          )
        : undefined;
    const id = unwritten(kind, await prerenderedIds(kind), restaurantOf).at(-1)!;
    expect(id).toBeGreaterThan(0);
    const prerendered = await readFile(join(siteDir, kind, String(id), "index.html"), "utf8");
    const page = await renderCataloguePage(kind, id, { api, template: templates });
    expect(page?.status).toBe(200);
    expect(comparable(page!.html)).toBe(comparable(prerendered));
  });

  it.each(KINDS)("serves a %s outside the prerendered set as real HTML a CDN may hold, with the site's security headers", async (kind) => {
    const builtIds = await prerenderedIds(kind);
    const built = new Set(builtIds);
    let id = (await allIds(kind)).find((candidate) => !built.has(candidate));
    let restore: (() => Promise<void>) | undefined;
    if (id === undefined) {
      // Every item of this kind was built: always every area (the build takes them first,
      // catalogue-page-set.ts), and here every offer of the small seed. Such an item is on
      // demand only when added after the build, so a built page goes aside for this test.
      id = builtIds.at(-1)!;
      const page = join(siteDir, kind, String(id));
      const aside = join(site.dataDir, `aside-${kind}-${id}`);
      await rename(page, aside);
      restore = () => rename(aside, page);
    }
    try {
      // The last built one no write has named: a written item is no longer served from its
      // file (issue 30).
      await expectOnDemandPage(kind, id, unwritten(kind, builtIds).findLast((builtId) => builtId !== id)!);
    } finally {
      await restore?.();
    }
  });

  async function expectOnDemandPage(kind: CatalogueKind, id: number, prerenderedId: number) {
    const res = await fetch(`${site.baseUrl}/${kind}/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toMatch(/s-maxage=\d+, stale-while-revalidate=\d+/);
    // The same security headers as the build's pages (one source: src/build/csp.ts).
    const prerendered = await fetch(`${site.baseUrl}/${kind}/${prerenderedId}/`);
    expect(prerendered.headers.get("cache-control")).not.toMatch(/s-maxage/);
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    for (const name of PAGE_SECURITY_HEADERS) {
      expect(res.headers.get(name), name).toBe(prerendered.headers.get(name));
    }
    const html = await res.text();
    expect(html).toContain(`<link rel="canonical" href="${site.baseUrl}/${kind}/${id}">`);
    expect(html).toContain(`<meta property="og:url" content="${site.baseUrl}/${kind}/${id}">`);
    expect(html).toMatch(/<script type="application\/ld\+json">\{"@context":"https:\/\/schema.org"/);
    expect(html).not.toContain("@@dishcovery");
    expect(html).not.toContain('name="robots"');
    // The same bytes as the in-process render (no on-demand page is built to compare with).
    const page = await renderCataloguePage(kind, id, { api, template: templates });
    expect(comparable(html)).toBe(comparable(page!.html));
  }

  it.each(KINDS)("answers an unknown %s id with the kind's no-data page and status 404", async (kind) => {
    const res = await fetch(`${site.baseUrl}/${kind}/987654321`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toMatch(/No (dish|restaurant|offer|area) data found/);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).not.toContain("@@dishcovery");
  });

  it("keeps the templates and non-numeric ids off the site", async () => {
    for (const path of ["/dish/_template/", "/dish/_template-no-item", "/offers/_template/index.html", "/dish/fallback", "/area/abc"]) {
      expect((await fetch(`${site.baseUrl}${path}`)).status, path).toBe(404);
    }
  });

  it("lists every item in the sitemap, prerendered or not, and no template", async () => {
    const index = await (await fetch(`${site.baseUrl}/sitemap-index.xml`)).text();
    const maps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    let urls = "";
    for (const map of maps) urls += await (await fetch(`${site.baseUrl}${map}`)).text();
    for (const kind of KINDS) {
      const listed = [...urls.matchAll(new RegExp(`<loc>${site.baseUrl}/${kind}/(\\d+)</loc>`, "g"))].map((m) => Number(m[1]));
      const built = new Set(await prerenderedIds(kind));
      // Other test files add items after the build; the ones that existed then have lower ids.
      const existing = (await allIds(kind)).filter((id) => id <= Math.max(...listed));
      expect(listed.sort((a, b) => a - b)).toEqual(existing);
      if (kind === "dish") expect(listed.some((id) => !built.has(id))).toBe(true);
    }
    expect(urls).not.toContain("_template");
  });
});
