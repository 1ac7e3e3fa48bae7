// Item pages and their JSON-LD never carry a private account's review (issue 20; docs/social.md
// "Privacy of reviews"): neither the data a prerendered page is built from, nor a page rendered
// on demand. The review still counts, without a name, in the rating the page and its
// AggregateRating show; the reviews themselves load in the item reviews island, whose list
// leaves it out (src/server/api/routes/review-privacy.test.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCataloguePages } from "./catalogue-page-data.ts";
import { renderCataloguePage } from "./catalogue-page-render.ts";
import type { TemplateSource } from "./page-render.ts";
import { inProcessApiClient } from "./in-process-api-client.ts";
import { cataloguePageView } from "../../components/catalogue/page-view.ts";
import { prerenderHtml } from "../../components/catalogue/prerender-html.ts";
import { catalogueUrls } from "../../build/catalogue-sitemap.ts";
import { isIndexablePage } from "../../build/sitemap-pages.ts";
import { listCatalogueIds } from "../api/db/queries/catalogue-ids.ts";
import { createUser, sendJson, type TestUser } from "../api/testing/accounts.ts";
import { buildCatalogueFixture, type CatalogueFixture } from "../api/testing/fixture.ts";
import { createTestApp, type TestApp } from "../api/testing/test-app.ts";

const TEMPLATE =
  '<title>@@dishcovery:title@@</title><meta name="description" content="@@dishcovery:description@@">' +
  '<link rel="canonical" href="https://dishcovery.example/@@dishcovery:path@@">' +
  '<meta property="og:image" content="https://dishcovery.example/@@dishcovery:image@@">' +
  '<script type="application/ld+json">{"@dishcovery":"json-ld"}</script><main><!--@@dishcovery:body@@--></main>';
const templates: TemplateSource = async () => TEMPLATE;

const PRIVATE_TEXT = "Marmaladed duck, the best seat by the pass";
const PRIVATE_DISH_TEXT = "Marmaladed broth with a long finish";

let t: TestApp;
let f: CatalogueFixture;
let author: TestUser;
let before: { dish: { ratingCount: number; reviewCount: number }; restaurant: { ratingCount: number } };

const dishId = () => f.dishIds["Shoyu Ramen"]!;
const restaurantId = () => f.restaurantIds["Tonkotsu Lane"]!;

async function expectOk(res: Response | Promise<Response>) {
  const answer = await res;
  expect(answer.status, await answer.clone().text()).toBeLessThan(300);
  return (await answer.json()) as { data: Record<string, number> };
}

function expectNoPrivateReview(text: string, where: string) {
  for (const mark of [PRIVATE_TEXT, PRIVATE_DISH_TEXT, "Marmaladed", author.username]) {
    expect(text, `${where} carries ${mark}`).not.toContain(mark);
  }
}

beforeAll(async () => {
  t = await createTestApp();
  f = await buildCatalogueFixture(t.db, t.clock.now());
  author = await createUser(t, { username: "marmalade_private" });
  const item = async (path: string) => (await expectOk(t.app.request(path))).data;
  before = {
    dish: (await item(`/api/dishes/${dishId()}`)) as typeof before.dish,
    restaurant: (await item(`/api/restaurants/${restaurantId()}`)) as typeof before.restaurant,
  };
  await expectOk(
    sendJson(t, "POST", `/api/profiles/updatePrivacy/${author.userId}`, author, { isPrivate: true }),
  );
  const form = new FormData();
  form.append("restaurantId", String(restaurantId()));
  form.append("content", PRIVATE_TEXT);
  form.append("rating", "4.9");
  form.append("dishReviews", JSON.stringify([{ dishId: dishId(), content: PRIVATE_DISH_TEXT, rating: 4.7 }]));
  await expectOk(sendJson(t, "POST", "/api/posts/save", author, form));
});

afterAll(() => t.close());

describe("item pages and a private account's review", () => {
  it("a page rendered on demand, its head and its JSON-LD leave the review out and count it", async () => {
    const api = inProcessApiClient(t.app);
    for (const [kind, id, counted] of [
      ["dish", dishId(), before.dish.ratingCount + 1],
      ["restaurant", restaurantId(), before.restaurant.ratingCount + 1],
    ] as const) {
      const page = await renderCataloguePage(kind, id, { api, template: templates });
      expect(page?.status).toBe(200);
      expectNoPrivateReview(page!.html, `the on-demand ${kind} page`);
      const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(page!.html)![1]!);
      expect(jsonLd.aggregateRating.ratingCount, kind).toBe(counted);
    }
  });

  it("the data a prerendered page is built from, and the page made of it, leave it out and count it", async () => {
    const ids = await listCatalogueIds(t.db);
    const pages = await loadCataloguePages(t.db, ids);
    const dish = pages.dishes.get(dishId())!;
    const restaurant = pages.restaurants.get(restaurantId())!;
    expect(dish.dish.reviewCount).toBe(before.dish.reviewCount + 1);
    expect(restaurant.restaurant.ratingCount).toBe(before.restaurant.ratingCount + 1);
    for (const data of [...pages.dishes.values(), ...pages.restaurants.values()]) {
      expectNoPrivateReview(JSON.stringify(data), "prerendered page data");
    }
    const origin = new URL("https://dishcovery.example");
    const views = [
      await cataloguePageView("dish", dishId(), dish, origin, prerenderHtml),
      await cataloguePageView("restaurant", restaurantId(), restaurant, origin, prerenderHtml),
    ];
    for (const view of views) expectNoPrivateReview(JSON.stringify(view), `the ${view.canonicalPath} page`);
  });

  it("the sitemap lists items, never a person's page or review", async () => {
    const urls = catalogueUrls("https://dishcovery.example", await listCatalogueIds(t.db));
    expect(urls.every((url) => /\/(dish|restaurant|offers|area)\/\d+\/$/.test(url))).toBe(true);
    expectNoPrivateReview(urls.join("\n"), "the sitemap");
    expect(isIndexablePage(`https://dishcovery.example/user/${author.userId}/`)).toBe(false);
    expect(isIndexablePage("https://dishcovery.example/profile/")).toBe(false);
  });
});
