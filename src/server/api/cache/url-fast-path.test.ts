// A hot read answered once through its route is answered again from the response cache
// before routing; the answer must be exactly what the route would send.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { regions } from "../db/schema.ts";
import { createResponseCache } from "./response-cache.ts";
import { noteCachedAnswer, withUrlFastPath } from "./url-fast-path.ts";
import { buildCatalogueFixture } from "../testing/fixture.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ production: true });
  await buildCatalogueFixture(t.db, t.clock.now());
});
afterAll(() => t.close());
afterEach(() => expect(t.errors).toEqual([]));

const HOT_READS = [
  "/api/dishes/top?topNum=5",
  "/api/restaurants/trending",
  "/api/tags/getLimitedTags?limit=30",
  "/api/regions/all",
  "/api/areas/all",
];

async function snapshot(response: Response | Promise<Response>) {
  const res = await response;
  return { status: res.status, headers: [...res.headers], body: new Uint8Array(await res.arrayBuffer()) };
}

const remembered = (target: string) => t.deps.cache.recall(target) !== undefined;

describe("URL fast path", () => {
  it.each(HOT_READS)("answers %s again with the route's status, headers and bytes", async (target) => {
    t.deps.cache.clear();
    const throughRoute = await snapshot(t.app.request(target));
    expect(throughRoute.status).toBe(200);
    expect(remembered(target)).toBe(true);
    const fromCache = await snapshot(t.app.request(target));
    expect(fromCache).toEqual(throughRoute);
    // Security headers (HSTS in production) and caching headers are part of what is repeated.
    expect(new Map(fromCache.headers).get("strict-transport-security")).toMatch(/max-age=/);
    expect(new Map(fromCache.headers).get("etag")).toMatch(/^W\//);
  });

  it("answers HEAD as the route does: the same headers, no body", async () => {
    t.deps.cache.clear();
    const target = "/api/regions/all";
    const headThroughRoute = await snapshot(t.app.request(target, { method: "HEAD" }));
    await t.app.request(target);
    expect(remembered(target)).toBe(true);
    const headFromCache = await snapshot(t.app.request(target, { method: "HEAD" }));
    expect(headFromCache).toEqual(headThroughRoute);
    expect(headFromCache.body).toHaveLength(0);
  });

  it("answers a matching If-None-Match with the route's 304", async () => {
    t.deps.cache.clear();
    // Two targets for one cache entry: the second is not remembered, so its 304 comes from the route.
    const etag = (await t.app.request("/api/tags/getLimitedTags")).headers.get("etag")!;
    const conditional = { headers: { "if-none-match": etag } };
    const throughRoute = await snapshot(t.app.request("/api/tags/getLimitedTags?limit=30", conditional));
    expect(throughRoute.status).toBe(304);
    expect(remembered("/api/tags/getLimitedTags?limit=30")).toBe(false);
    const fromCache = await snapshot(t.app.request("/api/tags/getLimitedTags", conditional));
    expect(fromCache).toEqual(throughRoute);
    const stale = await t.app.request("/api/tags/getLimitedTags", {
      headers: { "if-none-match": 'W/"old"' },
    });
    expect(stale.status).toBe(200);
  });

  it("forgets every target when the cache is invalidated after a write", async () => {
    t.deps.cache.clear();
    const names = async () =>
      (
        (await (await t.app.request("/api/regions/all")).json()) as { data: { regionName: string }[] }
      ).data.map((r) => r.regionName);
    expect(await names()).toContain("North");
    await t.db.update(regions).set({ regionName: "North London" }).where(eq(regions.regionName, "North"));
    expect(await names()).toContain("North");
    t.deps.cache.clear();
    expect(remembered("/api/regions/all")).toBe(false);
    expect(await names()).toContain("North London");
    await t.db.update(regions).set({ regionName: "North" }).where(eq(regions.regionName, "North London"));
    t.deps.cache.clear();
  });

  it("goes back through the route once the entry's TTL has passed", async () => {
    t.deps.cache.clear();
    await t.app.request("/api/areas/all");
    expect(remembered("/api/areas/all")).toBe(true);
    t.clock.advance(30_001);
    expect(remembered("/api/areas/all")).toBe(false);
    expect((await t.app.request("/api/areas/all")).status).toBe(200);
    expect(remembered("/api/areas/all")).toBe(true);
  });

  it("never remembers a 400, so bad parameters are validated every time", async () => {
    t.deps.cache.clear();
    for (let i = 0; i < 2; i++) {
      const res = await t.app.request("/api/dishes/top?topNum=abc");
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(/topNum/);
    }
    expect(remembered("/api/dishes/top?topNum=abc")).toBe(false);
  });

  it("validates any other query string for the same path", async () => {
    t.deps.cache.clear();
    expect((await t.app.request("/api/dishes/top?topNum=5")).status).toBe(200);
    expect((await t.app.request("/api/dishes/top?topNum=500")).status).toBe(400);
    expect((await t.app.request("/api/dishes/top?topNum=5&restaurantId=x")).status).toBe(400);
    // The same list under another spelling is validated once, then remembered on its own.
    expect((await t.app.request("/api/dishes/top?topNum=05")).status).toBe(200);
    expect(remembered("/api/dishes/top?topNum=05")).toBe(true);
  });

  it("does not answer other methods from the cache", async () => {
    t.deps.cache.clear();
    await t.app.request("/api/regions/all");
    const post = await t.app.request("/api/regions/all", { method: "POST" });
    expect(post.status).toBe(404);
  });

  it("does not remember a 404 for an item that may be created later", async () => {
    t.deps.cache.clear();
    expect((await t.app.request("/api/dishes/999999")).status).toBe(404);
    expect(remembered("/api/dishes/999999")).toBe(false);
  });

  it("sends a request with a token to the route when the remembered answer varies by it", async () => {
    const cache = createResponseCache({ ttlMs: 60_000, maxEntries: 10, now: () => 0 });
    const routed: string[] = [];
    const fetch = withUrlFastPath(async (request: Request) => {
      const path = new URL(request.url).pathname;
      routed.push(path);
      const value = await cache.get(path, async () => ({ text: `{"path":"${path}"}`, scopes: [] }));
      noteCachedAnswer(request, path, value);
      // A visitor's view (cachedRead's visitorsView) and an answer that is everyone's.
      return new Response(value.body, { headers: path === "/visitors" ? { vary: "Authorization" } : {} });
    }, cache);
    const withToken = { headers: { authorization: "Bearer someone" } };
    for (const path of ["/visitors", "/everyone"]) {
      await fetch(new Request(`http://dishcovery.test${path}`));
      await fetch(new Request(`http://dishcovery.test${path}`));
      await fetch(new Request(`http://dishcovery.test${path}`, withToken));
    }
    expect(routed).toEqual(["/visitors", "/visitors", "/everyone"]);
  });
});
