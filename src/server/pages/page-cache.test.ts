// Item pages rendered on demand are kept until a write drops one of the reads they were built
// from (issue 23): the same scopes as the API's cached reads, purged by the same writes.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CatalogueKind } from "../../components/catalogue/page-data.ts";
import { createResponseCache, withFollowers } from "../api/cache/response-cache.ts";
import type { ResponseCache } from "../api/deps.ts";
import { readScopes } from "../api/cache/scopes.ts";
import { createUser } from "../api/testing/accounts.ts";
import { buildCatalogueFixture, type CatalogueFixture } from "../api/testing/fixture.ts";
import { createTestApp, type TestApp } from "../api/testing/test-app.ts";
import { CACHE_ON_DEMAND, renderCataloguePage } from "./catalogue-page-render.ts";
import type { TemplateSource } from "./page-render.ts";
import { createPageCache, keptPage } from "./page-cache.ts";

const TEMPLATE =
  '<title>@@dishcovery:title@@</title><meta name="description" content="@@dishcovery:description@@">' +
  '<link rel="canonical" href="https://dishcovery.example/@@dishcovery:path@@">' +
  '<meta property="og:image" content="https://dishcovery.example/@@dishcovery:image@@">' +
  '<script type="application/ld+json">{"@dishcovery":"json-ld"}</script><main><!--@@dishcovery:body@@--></main>';
const template: TemplateSource = async () => TEMPLATE;

let t: TestApp;
let f: CatalogueFixture;
let pages: ResponseCache;
let renders: string[];

beforeAll(async () => {
  t = await createTestApp({ production: true });
  f = await buildCatalogueFixture(t.db, t.clock.now());
  pages = createPageCache(30_000, t.clock.now);
  // What the Node host does (node.ts): every write the response cache hears reaches the pages.
  t.deps.cache = withFollowers(t.deps.cache, pages);
});
afterAll(() => t.close());
beforeEach(() => {
  t.deps.cache.clear();
  renders = [];
});
afterEach(() => expect(t.errors).toEqual([]));

const appFetch = (request: Request) => t.app.request(request);

function page(kind: CatalogueKind, id: number, before?: () => Promise<void>) {
  return keptPage(
    pages,
    `/${kind}/${id}`,
    appFetch,
    async (api) => {
      renders.push(`/${kind}/${id}`);
      await before?.();
      return renderCataloguePage(kind, id, { api, template });
    },
    CACHE_ON_DEMAND,
  );
}

async function reviewDish(dishId: number) {
  const user = await createUser(t);
  const form = new FormData();
  form.append("dishId", String(dishId));
  form.append("content", "Worth the queue");
  form.append("rating", "4.5");
  const res = await t.app.request("/api/posts/save", { method: "POST", body: form, headers: user.authorization });
  expect(res.status).toBe(200);
}

const text = (html: string | Uint8Array) => (typeof html === "string" ? html : new TextDecoder().decode(html));

describe("kept on-demand pages", () => {
  it("render once, then answer the same bytes with an ETag until the item changes", async () => {
    const dishId = f.dishIds.Cortado!;
    const first = await page("dish", dishId);
    expect(first?.status).toBe(200);
    const second = await page("dish", dishId);
    expect(renders).toEqual([`/dish/${dishId}`]);
    expect(second?.etag).toMatch(/^W\//);
    expect(text(second!.html)).toBe(text(first!.html));

    await reviewDish(dishId);
    const third = await page("dish", dishId);
    expect(renders).toHaveLength(2);
    expect(third?.etag).not.toBe(second?.etag);
    // What a render now would give: the kept page is never older than the data.
    const fresh = await renderCataloguePage("dish", dishId, {
      api: (await import("./in-process-api-client.ts")).inProcessApiClient(t.app),
      template,
    });
    expect(text(third!.html)).toBe(fresh!.html);
  });

  it("drop a restaurant's page when one of its dishes is reviewed, and keep unrelated pages", async () => {
    const roasters = f.restaurantIds["Brick Lane Roasters"]!;
    const napoli = f.restaurantIds["Bella Napoli"]!;
    await page("restaurant", roasters);
    await page("restaurant", napoli);
    await page("dish", f.dishIds.Diavola!);
    await reviewDish(f.dishIds.Cortado!);
    await page("restaurant", roasters);
    await page("restaurant", napoli);
    await page("dish", f.dishIds.Diavola!);
    expect(renders).toEqual([
      `/restaurant/${roasters}`,
      `/restaurant/${napoli}`,
      `/dish/${f.dishIds.Diavola}`,
      `/restaurant/${roasters}`,
    ]);
  });

  it("never keep a page for a missing item, which may be created later", async () => {
    expect((await page("dish", 999_999))?.status).toBe(404);
    expect((await page("dish", 999_999))?.status).toBe(404);
    expect(renders).toHaveLength(2);
  });

  it("never keep a page that read an answer no write names (an offer page's random offers)", async () => {
    const offerId = Object.values(f.offerIds)[0]!;
    expect((await page("offers", offerId))?.status).toBe(200);
    await page("offers", offerId);
    expect(renders).toHaveLength(2);
  });

  it("do not keep a render that overlapped a write to what it read", async () => {
    const dishId = f.dishIds.Diavola!;
    const during = await page("dish", dishId, async () => {
      // The write lands while this render reads: what it built may show the old state.
      setTimeout(() => t.deps.cache.invalidate([readScopes.item("dish", dishId)]), 0);
      await new Promise((resolve) => setTimeout(resolve, 5));
    });
    expect(during?.status).toBe(200);
    await page("dish", dishId);
    expect(renders).toHaveLength(2);
  });

  it("leave after the response cache's lifetime", async () => {
    const dishId = f.dishIds.Diavola!;
    await page("dish", dishId);
    t.clock.advance(30_001);
    await page("dish", dishId);
    expect(renders).toHaveLength(2);
  });
});

describe("a response cache bounded in bytes", () => {
  it("lets the oldest entries go once its bodies exceed maxBytes", async () => {
    const cache = createResponseCache({ ttlMs: 60_000, maxEntries: 100, maxBytes: 2_500, now: () => 0 });
    const built: string[] = [];
    const get = (key: string) =>
      cache.get(key, async () => {
        built.push(key);
        return { text: key.padEnd(1_000, "."), scopes: [] };
      });
    for (const key of ["a", "b", "c", "a", "c"]) await get(key);
    expect(built).toEqual(["a", "b", "c", "a"]);
  });
});
