// The static host's side of kept on-demand pages (src/server/pages/page-cache.ts): a kept page
// comes as bytes with an ETag; the host answers a matching revalidation with 304, compresses
// each page once per encoding, and tells the renderer which build folder it serves.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CACHE_ON_DEMAND } from "../pages/catalogue-page-render.ts";
import { staticSite } from "./static-site.ts";

let base: string;
let server: Hono;
const roots: string[] = [];
const html = `<h1>Kept dish</h1>${"<p>Crisp, hot, worth the queue.</p>".repeat(80)}`;
const kept = new TextEncoder().encode(html);

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), "static-site-kept-"));
  const put = (path: string, content: string) => {
    mkdirSync(dirname(join(base, path)), { recursive: true });
    writeFileSync(join(base, path), content);
  };
  put("404.html", "<h1>404</h1>");
  server = new Hono();
  server.use(
    "*",
    staticSite({
      root: base,
      pageOnDemand: async (_kind, _id, _templates, root) => {
        roots.push(root);
        return { status: 200, html: kept, cacheControl: CACHE_ON_DEMAND, etag: 'W/"kept-1"' };
      },
    }),
  );
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe("a kept on-demand page", () => {
  it("is sent with its ETag, compressed to exactly its bytes, and 304 when revalidated", async () => {
    for (const [encoding, decode] of [
      ["br", brotliDecompressSync],
      ["gzip", gunzipSync],
    ] as const) {
      for (let i = 0; i < 2; i++) {
        const res = await server.request("/dish/4321", { headers: { "accept-encoding": encoding } });
        expect(res.status).toBe(200);
        expect(res.headers.get("etag")).toBe('W/"kept-1"');
        expect(res.headers.get("content-encoding")).toBe(encoding);
        expect(decode(Buffer.from(await res.arrayBuffer())).toString("utf8")).toBe(html);
      }
    }
    const plain = await server.request("/dish/4321");
    expect(await plain.text()).toBe(html);
    const revalidated = await server.request("/dish/4321", { headers: { "if-none-match": 'W/"kept-1"' } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("etag")).toBe('W/"kept-1"');
    expect(await revalidated.text()).toBe("");
    const stale = await server.request("/dish/4321", { headers: { "if-none-match": 'W/"kept-0"' } });
    expect(stale.status).toBe(200);
    expect(new Set(roots)).toEqual(new Set([base]));
  });
});
