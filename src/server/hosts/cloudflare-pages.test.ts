import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { writeSecurityHeaders } from "../../build/csp-integration.ts";
import { CACHE_NONE } from "../pages/page-render.ts";
import { serveOnDemandPage, type AssetFetcher } from "./cloudflare-pages.ts";
import { purgeCataloguePages, type PageCache } from "../pages/edge-page-cache.ts";

// Stands in for Pages' ASSETS binding: the built files by directory path, 404.html otherwise.
function assets(files: Record<string, string>): AssetFetcher & { requested: string[] } {
  const requested: string[] = [];
  return {
    requested,
    async fetch(input) {
      const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
      requested.push(path);
      const body = files[path];
      return body === undefined
        ? new Response(files["/404.html"] ?? "missing", {
            status: 404,
            headers: { "content-type": "text/html" },
          })
        : new Response(body, {
            status: 200,
            headers: { "content-type": "text/html", "x-from-headers-file": "yes" },
          });
    },
  };
}

// The no-item template as the build writes it (CataloguePage.astro with TEMPLATE_MARKS), cut down.
const NO_ITEM_TEMPLATE =
  '<html><head><title>@@dishcovery:title@@</title><meta name="description" content="@@dishcovery:description@@">' +
  '<link rel="canonical" href="https://dishcovery.example/@@dishcovery:path@@"><meta name="robots" content="noindex, nofollow"></head>' +
  "<body><main><!--@@dishcovery:body@@--></main></body></html>";

const site = () =>
  assets({
    "/dish/7/": "prerendered dish 7",
    "/dish/_template-no-item/": NO_ITEM_TEMPLATE,
    "/404.html": "not found page",
  });

// No database, no secret: the host cannot read the catalogue.
const unconfigured = {};

function memoryCache(): PageCache & { stored: Map<string, Response> } {
  const stored = new Map<string, Response>();
  return {
    stored,
    async match(request) {
      return stored.get(request.url)?.clone();
    },
    async put(request, response) {
      stored.set(request.url, response);
    },
    async delete(request) {
      return stored.delete(request.url);
    },
  };
}

const call = (path: string, ASSETS = site(), cache?: PageCache) =>
  serveOnDemandPage(
    "dish",
    { request: new Request(`https://dishcovery.example${path}`), env: { ...unconfigured, ASSETS } },
    cache,
  );

describe("serveOnDemandPage (Cloudflare)", () => {
  it("serves the prerendered page when the catalogue cannot be read, never a 503 over a built page", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const cache = memoryCache();
    const res = await call("/dish/7", site(), cache);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("prerendered dish 7");
    expect(res.headers.get("x-from-headers-file")).toBe("yes");
    expect(cache.stored.size).toBe(0);
    error.mockRestore();
  });

  it("answers an item's page from the edge cache, which a write purges, before its prerendered file (issue 30)", async () => {
    const cache = memoryCache();
    cache.stored.set("https://dishcovery.example/dish/7", new Response("dish 7 as rendered after the write"));
    const ASSETS = site();
    const res = await call("/dish/7", ASSETS, cache);
    expect(await res.text()).toBe("dish 7 as rendered after the write");
    expect(ASSETS.requested).not.toContain("/dish/7/");

    await purgeCataloguePages(cache, ["https://dishcovery.example"], { dishIds: [7] });
    expect(cache.stored.size).toBe(0);
  });

  it("answers an area page from its prerendered file first: a ranked list, which no write purges", async () => {
    const cache = memoryCache();
    cache.stored.set("https://dishcovery.example/area/3", new Response("area 3 from the cache"));
    const ASSETS = assets({ "/area/3/": "prerendered area 3", "/404.html": "not found page" });
    const res = await serveOnDemandPage(
      "area",
      { request: new Request("https://dishcovery.example/area/3"), env: { ...unconfigured, ASSETS } },
      cache,
    );
    expect(await res.text()).toBe("prerendered area 3");
    expect(ASSETS.requested).toEqual(["/area/3/"]);
  });

  it("answers the 404 page with status 404 for ids that cannot exist and for the templates", async () => {
    for (const path of ["/dish/abc", "/dish/0", "/dish/fallback", "/dish/_template-no-item"]) {
      const res = await call(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toBe("not found page");
    }
  });

  it("answers the kind's failure page with 503, never a stack, and caches nothing, when the host is not configured", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const cache = memoryCache();
    const ASSETS = site();
    const res = await call("/dish/8", ASSETS, cache);
    expect(res.status).toBe(503);
    expect(res.headers.get("cache-control")).toBe(CACHE_NONE);
    const html = await res.text();
    expect(html).toContain("<title>Failed to fetch dish data | Dishcovery</title>");
    expect(html).toContain('<link rel="canonical" href="https://dishcovery.example/dish/8">');
    expect(html).toContain('role="alert"');
    expect(html).not.toContain("@@dishcovery");
    expect(ASSETS.requested.sort()).toEqual(["/.csp.json", "/dish/8/", "/dish/_template-no-item/"]);
    expect(cache.stored.size).toBe(0);
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/JWT_SECRET/));
    error.mockRestore();
  });

  it("renders a review page through the same handler, never from a prerendered file nor from or into the cache", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const cache = memoryCache();
    cache.stored.set("https://dishcovery.example/review/8", new Response("a kept review", { status: 200 }));
    const ASSETS = assets({
      "/review/_template-no-item/": NO_ITEM_TEMPLATE,
      "/404.html": "not found page",
    });
    const res = await serveOnDemandPage(
      "review",
      { request: new Request("https://dishcovery.example/review/8"), env: { ...unconfigured, ASSETS } },
      cache,
    );
    expect(res.status).toBe(503);
    expect(res.headers.get("cache-control")).toBe(CACHE_NONE);
    const html = await res.text();
    expect(html).toContain('<link rel="canonical" href="https://dishcovery.example/review/8">');
    expect(html).not.toContain("@@dishcovery");
    expect(ASSETS.requested.sort()).toEqual(["/.csp.json", "/review/_template-no-item/"]);
    expect([...cache.stored.keys()]).toEqual(["https://dishcovery.example/review/8"]);
    error.mockRestore();
  });

  it("answers from Cloudflare's cache when it holds the page, whatever the query string", async () => {
    const cache = memoryCache();
    cache.stored.set("https://dishcovery.example/dish/9", new Response("cached dish 9", { status: 200 }));
    for (const path of ["/dish/9", "/dish/9/", "/dish/9?utm_source=share"]) {
      const res = await call(path, site(), cache);
      expect(await res.text(), path).toBe("cached dish 9");
    }
  });
});

/** What the build writes for a site with one inline script: its _headers block and manifest. */
async function builtSecurityFiles(): Promise<{ manifest: string; headersFile: Record<string, string> }> {
  const dir = mkdtempSync(join(tmpdir(), "dishcovery-function-headers-"));
  try {
    writeFileSync(
      join(dir, "index.html"),
      "<html><head><script>console.log(1)</script></head><body></body></html>",
    );
    await writeSecurityHeaders(dir);
    const headersFile: Record<string, string> = {};
    const block = readFileSync(join(dir, "_headers"), "utf8").split("\n/_astro/*")[0]!;
    for (const line of block.split("\n")) {
      const header = /^ {2}([A-Za-z-]+): (.+)$/.exec(line);
      if (header) headersFile[header[1]!.toLowerCase()] = header[2]!;
    }
    return { manifest: readFileSync(join(dir, ".csp.json"), "utf8"), headersFile };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("security headers of pages the Function renders", () => {
  it("are the set the build's _headers gives static pages, from the build's manifest", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const { manifest, headersFile } = await builtSecurityFiles();
    expect(headersFile["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
    expect(headersFile["strict-transport-security"]).toBeDefined();
    const ASSETS = assets({
      "/dish/_template-no-item/": NO_ITEM_TEMPLATE,
      "/404.html": "not found page",
      "/.csp.json": manifest,
    });
    // Unconfigured here, so the page is the failure page; a rendered item takes the same path.
    const res = await call("/dish/8", ASSETS);
    expect(res.status).toBe(503);
    const sent = Object.fromEntries(Object.keys(headersFile).map((name) => [name, res.headers.get(name)]));
    expect(sent).toEqual(headersFile);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    error.mockRestore();
  });

  it("keep a strict policy and cache nothing when the manifest cannot be read", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const res = await call("/dish/8");
    expect(res.headers.get("content-security-policy")).toMatch(/script-src 'self'; /);
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/\.csp\.json could not be read/));
    error.mockRestore();
    warn.mockRestore();
  });
});

describe("purgeCataloguePages", () => {
  it("deletes the changed items' pages under every origin and leaves the rest", async () => {
    const cache = memoryCache();
    const origins = ["https://dishcovery.example", "https://dishcovery.pages.dev"];
    const keys = ["/dish/1", "/dish/2", "/restaurant/3", "/restaurant/4", "/offers/5", "/area/1"];
    for (const origin of origins)
      for (const path of keys) cache.stored.set(`${origin}${path}`, new Response(path));
    await purgeCataloguePages(cache, origins, {
      dishIds: [1],
      restaurantIds: [3],
      offers: [{ id: 5, restaurantId: 3 }],
    });
    const left = [...cache.stored.keys()].map((url) => new URL(url).pathname);
    expect(left).toEqual(["/dish/2", "/restaurant/4", "/area/1", "/dish/2", "/restaurant/4", "/area/1"]);
  });
});
