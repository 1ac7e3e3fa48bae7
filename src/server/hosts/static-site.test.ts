import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { gunzipSync, brotliDecompressSync } from "node:zlib";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CACHE_ON_DEMAND } from "../pages/catalogue-page-render.ts";
import { CACHE_HTML, CACHE_IMMUTABLE, staticSite, type StaticSiteOptions } from "./static-site.ts";

let base: string;
let root: string;
let server: Hono;

function put(path: string, content: string) {
  const absolute = join(root, path);
  mkdirSync(dirname(absolute), { recursive: true });
  writeFileSync(absolute, content);
}

const bigScript = `console.log(${JSON.stringify("dish ".repeat(600))});`;

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), "static-site-"));
  root = join(base, "dist");
  put("index.html", "<h1>Home</h1>");
  put("404.html", "<h1>404</h1>");
  put("about/index.html", "<h1>About</h1>");
  put("dish/7/index.html", "<h1>Prerendered dish 7</h1>");
  for (const kind of ["dish", "restaurant", "offers", "area"]) {
    put(`${kind}/_template/index.html`, `<h1>${kind} template</h1>`);
    put(`${kind}/_template-default-image/index.html`, `<h1>${kind} template, default image</h1>`);
    put(`${kind}/_template-no-item/index.html`, `<h1>${kind} template, no item</h1>`);
  }
  put("_astro/page.abc123.js", bigScript);
  put("robots.txt", "User-agent: *");
  // What a build leaves beside the pages: none of it is for visitors.
  put(".build-stamp", "1764151200000:file:/home/deploy/dishcovery/data/dishcovery.db");
  put(".csp.json", '{"scriptHashes":["sha256-build-detail"]}');
  put("_headers", "/*\n  X-Build-Detail: internal");
  put("_redirects", "/old /new 301 # internal");
  put(".well-known/security.txt", "Contact: mailto:security@dishcovery.london");
  writeFileSync(join(base, "secret.txt"), "outside the site");
  server = new Hono();
  server.get("/api/health", (c) => c.json({ ok: true }));
  server.use("*", staticSite({ root, pageOnDemand }));
});

// Stands in for the page renderer (pages/page-render.ts): ids below 1000 exist, and the page names its template.
const pageOnDemand: StaticSiteOptions["pageOnDemand"] = async (kind, id, templates) => {
  const exists = Number(id) < 1000;
  const template = await templates(kind, exists ? "default-image" : "no-item");
  return template === undefined
    ? undefined
    : {
        status: exists ? 200 : 404,
        html: `${template} #${id} ${"x".repeat(2000)}`,
        cacheControl: CACHE_ON_DEMAND,
      };
};

afterAll(() => rmSync(base, { recursive: true, force: true }));

const get = (path: string, headers: Record<string, string> = {}) => server.request(path, { headers });

describe("staticSite", () => {
  it("serves built pages as HTML that must be revalidated", async () => {
    for (const [path, text] of [
      ["/", "Home"],
      ["/about", "About"],
      ["/about/", "About"],
    ]) {
      const res = await get(path!);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(res.headers.get("cache-control")).toBe(CACHE_HTML);
      expect(await res.text()).toContain(text);
    }
  });

  it("serves hashed build assets as immutable and other public files briefly cached", async () => {
    const asset = await get("/_astro/page.abc123.js");
    expect(asset.headers.get("cache-control")).toBe(CACHE_IMMUTABLE);
    expect(asset.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    const robots = await get("/robots.txt");
    expect(robots.headers.get("cache-control")).toBe("public, max-age=3600");
  });

  it("serves a prerendered catalogue page when it exists", async () => {
    const res = await get("/dish/7");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Prerendered dish 7");
  });

  it("renders any other catalogue id on demand into the kind's built template, as a CDN may hold it", async () => {
    for (const [path, text] of [
      ["/dish/8", "dish template, default image</h1> #8"],
      ["/dish/999/", "dish template, default image</h1> #999"],
      ["/restaurant/12", "restaurant template, default image</h1> #12"],
      ["/offers/3", "offers template, default image</h1> #3"],
      ["/area/40", "area template, default image</h1> #40"],
    ]) {
      const res = await get(path!);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(res.headers.get("cache-control")).toBe(CACHE_ON_DEMAND);
      expect(await res.text()).toContain(text);
    }
    const missing = await get("/dish/5000");
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("dish template, no item</h1> #5000");
    const zipped = await get("/dish/8", { "accept-encoding": "gzip" });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString()).toContain("#8");
    const head = await server.request("/dish/8", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    // HEAD answers GET's headers; a compressed length is known only by compressing, so none.
    const plainPage = await get("/dish/8");
    expect(head.headers.get("content-length")).toBe(plainPage.headers.get("content-length"));
    expect(Number(head.headers.get("content-length"))).toBe(Buffer.byteLength(await plainPage.text()));
    const zippedHead = await server.request("/dish/8", {
      method: "HEAD",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(zippedHead.headers.get("content-encoding")).toBe("br");
    expect(zippedHead.headers.get("content-length")).toBeNull();
    expect(await zippedHead.text()).toBe("");
  });

  it("never serves the templates themselves, and without a renderer answers 404 for ids it has no page for", async () => {
    for (const path of [
      "/dish/_template",
      "/dish/_template/",
      "/offers/_template-no-item/index.html",
      "/area/_template-default-image",
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toContain("<h1>404</h1>");
    }
    const plain = new Hono();
    plain.use("*", staticSite({ root }));
    expect((await plain.request("/dish/8")).status).toBe(404);
    expect((await plain.request("/dish/7")).status).toBe(200);
  });

  it("answers the 404 page with status 404 for unknown routes and ids that cannot exist", async () => {
    for (const path of [
      "/no-such-page",
      "/dish/abc",
      "/dish/0",
      "/dish/7/extra",
      "/dishes/7",
      "/_astro/gone.js",
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toContain("<h1>404</h1>");
    }
  });

  it("never serves files outside the site folder", async () => {
    for (const path of ["/..%2fsecret.txt", "/%2e%2e/secret.txt", "/about/..%2f..%2fsecret.txt"]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain("outside the site");
    }
  });

  it("never serves the build's own files, however the path is spelled", async () => {
    const attempts = [
      "/.build-stamp",
      "/%2ebuild-stamp",
      "/%2Ebuild-stamp",
      "/about/../.build-stamp",
      "/about/..%2f.build-stamp",
      "/.build-stamp/",
      "/.csp.json",
      "/_headers",
      "/_headers/",
      "/_redirects",
      "/.git/config",
    ];
    for (const path of attempts) {
      for (const method of ["GET", "HEAD"]) {
        const res = await server.request(path, { method });
        expect(res.status, `${method} ${path}`).toBe(404);
        const body = await res.text();
        for (const secret of ["deploy", "dishcovery.db", "build-detail", "internal"]) {
          expect(body, `${method} ${path}`).not.toContain(secret);
        }
      }
    }
    const wellKnown = await get("/.well-known/security.txt");
    expect(wellKnown.status).toBe(200);
    expect(await wellKnown.text()).toContain("Contact:");
  });

  it("leaves /api paths and non-GET methods to the rest of the server", async () => {
    expect(await (await get("/api/health")).json()).toEqual({ ok: true });
    const unknownApi = await get("/api/nothing-here");
    expect(await unknownApi.text()).not.toContain("<h1>404</h1>");
    const post = await server.request("/about", { method: "POST" });
    expect(await post.text()).not.toContain("About");
  });

  it("compresses text with brotli or gzip as the client accepts", async () => {
    const br = await get("/_astro/page.abc123.js", { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toBe("Accept-Encoding");
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(bigScript);
    const gzip = await get("/_astro/page.abc123.js", { "accept-encoding": "gzip" });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(bigScript);
    const plain = await get("/_astro/page.abc123.js");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(bigScript);
  });

  it("answers a matching If-None-Match with 304 and HEAD without a body", async () => {
    const first = await get("/about");
    const etag = first.headers.get("etag")!;
    expect(etag).toBeTruthy();
    const again = await get("/about", { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    const head = await server.request("/about", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String("<h1>About</h1>".length));
    expect(await head.text()).toBe("");
  });

  it("keeps serving every file correctly when its memory budget is tiny", async () => {
    const small = new Hono();
    small.use("*", staticSite({ root, maxCachedBytes: 10 }));
    for (let round = 0; round < 3; round++) {
      for (const [path, text] of [
        ["/", "Home"],
        ["/dish/7", "Prerendered dish 7"],
        ["/about", "About"],
      ]) {
        expect(await (await small.request(path!)).text()).toContain(text);
      }
      const js = await small.request("/_astro/page.abc123.js", { headers: { "accept-encoding": "gzip" } });
      expect(gunzipSync(Buffer.from(await js.arrayBuffer())).toString()).toBe(bigScript);
    }
  });

  it("picks up a rebuilt file without a restart", async () => {
    expect(await (await get("/about")).text()).toContain("About");
    put("about/index.html", "<h1>About us, rebuilt</h1>");
    const later = new Date(Date.now() + 5000);
    utimesSync(join(root, "about/index.html"), later, later);
    expect(await (await get("/about")).text()).toContain("About us, rebuilt");
  });
});

describe("an item a write changed since the build (issue 30)", () => {
  it("is rendered on demand instead of served from its stale prerendered file", async () => {
    const changed = new Set<string>();
    const app = new Hono();
    app.use(
      "*",
      staticSite({ root, pageOnDemand, changedSinceBuild: (kind, id) => changed.has(`${kind}/${id}`) }),
    );
    const before = await app.request("/dish/7");
    expect(await before.text()).toBe("<h1>Prerendered dish 7</h1>");
    expect(before.headers.get("cache-control")).toBe(CACHE_HTML);

    changed.add("dish/7");
    const after = await app.request("/dish/7");
    expect(after.status).toBe(200);
    expect(await after.text()).toMatch(/^<h1>dish template, default image<\/h1> #7 /);
    expect(after.headers.get("cache-control")).toBe(CACHE_ON_DEMAND);
  });
});

describe("a changed item whose page cannot be rendered (issue 30)", () => {
  it("is served from the build's file rather than a 503, as on Cloudflare", async () => {
    const app = new Hono();
    const failing: StaticSiteOptions["pageOnDemand"] = async () => ({
      status: 503,
      html: "<h1>Failed to fetch dish data</h1>",
      cacheControl: "no-store",
    });
    app.use("*", staticSite({ root, pageOnDemand: failing, changedSinceBuild: () => true }));
    const res = await app.request("/dish/7");
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("<h1>Prerendered dish 7</h1>");
    // No built file to fall back on: the failure page, as before issue 30.
    expect((await app.request("/dish/8")).status).toBe(503);
  });
});
