import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { DishItem, OfferItem, RestaurantItem } from "../../../shared/schemas/catalogue-items.ts";
import { insertDishes, insertRestaurants } from "../db/queries/catalogue-writes.ts";
import { buildCatalogueFixture, getJson, type CatalogueFixture } from "../testing/fixture.ts";
import { everyRequestItsOwnClient } from "../testing/accounts.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
let f: CatalogueFixture;
beforeAll(async () => {
  t = await createTestApp();
  // These tests send hundreds of searches; the per-client limit has its own tests.
  everyRequestItsOwnClient(t);
  f = await buildCatalogueFixture(t.db, t.clock.now());
});
afterAll(() => t.close());
afterEach(() => expect(t.errors).toEqual([]));

const SEARCH_PATHS = [
  "/api/dishes/searchByKeywordLocationTop",
  "/api/dishes/searchTrending",
  "/api/restaurants/searchTop",
  "/api/restaurants/searchTrending",
  "/api/offers/search",
];

async function search<T>(path: string, params: Record<string, string>) {
  const res = await getJson<T[]>(t.app, `${path}?${new URLSearchParams(params)}`);
  expect(res.status, JSON.stringify(params)).toBe(200);
  return res.body.data;
}
const dishes = (params: Record<string, string>) =>
  search<DishItem>("/api/dishes/searchByKeywordLocationTop", params);
const dishNames = (items: DishItem[]) => items.map((d) => d.dishName);

describe("dish search", () => {
  it("matches word prefixes: 'ram' finds the ramen, name matches first", async () => {
    const found = dishNames(await dishes({ keyword: "ram" }));
    expect(found.slice(0, 4).sort()).toEqual([
      "Shoyu Ramen",
      "Spicy Miso Ramen",
      "Tonkotsu Ramen",
      "Vegan Ramen",
    ]);
    // Kyoto Ramen House's other dishes match only through the restaurant's name: they come after.
    expect(found).toContain("Pork Gyoza");
    expect(found.indexOf("Pork Gyoza")).toBeGreaterThan(3);
  });

  it("ranks equally relevant matches by Bayesian score", async () => {
    expect(dishNames(await dishes({ keyword: "ramen" })).slice(0, 4)).toEqual([
      "Tonkotsu Ramen",
      "Spicy Miso Ramen",
      "Vegan Ramen",
      "Shoyu Ramen",
    ]);
  });

  it("is case-insensitive and ignores accents and punctuation", async () => {
    expect(await dishes({ keyword: "RAMEN" })).toEqual(await dishes({ keyword: "ramen" }));
    expect(dishNames(await dishes({ keyword: "Cacio-é-Pepe!" }))).toEqual(["Cacio e Pepe"]);
  });

  it("requires every word", async () => {
    expect(dishNames(await dishes({ keyword: "spicy ram" }))).toEqual(["Spicy Miso Ramen"]);
    expect(await dishes({ keyword: "spicy carbonara" })).toEqual([]);
  });

  it("filters by tag", async () => {
    const vegan = await dishes({ keyword: "ramen", tagName: "vegan" });
    // Edamame is vegan and matches through its restaurant, Kyoto Ramen House.
    expect(dishNames(vegan)).toEqual(["Vegan Ramen", "Edamame"]);
    expect(vegan.every((d) => d.tags.includes("Vegan"))).toBe(true);
    expect(await dishes({ keyword: "ramen", tagName: "Nope" })).toEqual([]);
  });

  it("filters by area and by region", async () => {
    const camden = await dishes({ keyword: "ramen", location: "Camden" });
    expect(dishNames(camden).sort()).toEqual(["Shoyu Ramen", "Spicy Miso Ramen"]);
    const central = await dishes({ keyword: "ramen", location: "central" });
    expect(central.length).toBeGreaterThan(0);
    expect(central.every((d) => d.location.regionId === f.regionIds.Central)).toBe(true);
    expect(central[0]!.dishName).toBe("Tonkotsu Ramen");
    expect(await dishes({ keyword: "ramen", location: "Atlantis" })).toEqual([]);
    // "London" is the whole city.
    expect(await dishes({ keyword: "ramen", location: "London" })).toEqual(
      await dishes({ keyword: "ramen" }),
    );
  });

  it("honours topNum, 10 by default", async () => {
    expect(await dishes({ keyword: "e" })).toHaveLength(10);
    expect(await dishes({ keyword: "ramen", topNum: "2" })).toHaveLength(2);
  });

  it("orders trending search by recent reviews within the same relevance", async () => {
    // Vegan Ramen was reviewed yesterday but modestly; Spicy Miso Ramen scores better overall.
    const trending = dishNames(await search<DishItem>("/api/dishes/searchTrending", { keyword: "ramen" }));
    expect(trending.indexOf("Vegan Ramen")).toBeLessThan(trending.indexOf("Spicy Miso Ramen"));
    const top = dishNames(await dishes({ keyword: "ramen" }));
    expect(top.indexOf("Spicy Miso Ramen")).toBeLessThan(top.indexOf("Vegan Ramen"));
  });
});

describe("restaurant and offer search", () => {
  it("finds restaurants by name, tag and dish names", async () => {
    const top = await search<RestaurantItem>("/api/restaurants/searchTop", { keyword: "pizza" });
    expect(top.map((r) => r.name)).toEqual(["Bella Napoli"]);
    const ramen = await search<RestaurantItem>("/api/restaurants/searchTop", { keyword: "ramen" });
    expect(
      ramen
        .map((r) => r.name)
        .slice(0, 2)
        .sort(),
    ).toEqual(["Kyoto Ramen House", "Tonkotsu Lane"]);
    const trending = await search<RestaurantItem>("/api/restaurants/searchTrending", {
      keyword: "burger",
      location: "Shoreditch",
    });
    expect(trending.map((r) => r.name)).toEqual(["Smash Burger Co"]);
  });

  it("finds offers through their restaurants", async () => {
    const offers = await search<OfferItem>("/api/offers/search", { keyword: "pizza", location: "Islington" });
    expect(offers.map((o) => o.title)).toEqual(["Pizza Night"]);
    const coffee = await search<OfferItem>("/api/offers/search", { keyword: "coffee", tagName: "Coffee" });
    expect(coffee.map((o) => o.title)).toEqual(["Coffee Card"]);
  });

  it("finds right-to-left names once they are in the catalogue", async () => {
    const [id] = await insertRestaurants(t.db, [
      { name: "مطعم الشام", regionId: f.regionIds.East, areaId: f.areaIds.Shoreditch, tagIds: [] },
    ]);
    await insertDishes(t.db, [{ restaurantId: id!, dishName: "شاورما دجاج", priceMinor: 900, tagIds: [] }]);
    t.deps.cache.clear();
    expect(dishNames(await dishes({ keyword: "شاورما" }))).toEqual(["شاورما دجاج"]);
    expect(dishNames(await dishes({ keyword: "שקשוקה" }))).toEqual([]);
  });
});

describe("search input that could break FTS or the server", () => {
  const hostile = [
    '"',
    "*",
    "NEAR(",
    "NEAR(ramen pizza, 2)",
    "') OR 1=1 --",
    "ramen OR pizza",
    "dish_name:ramen",
    "-ramen",
    "^ramen",
    "ramen AND NOT",
    "(((",
    "🍜🍣",
    "🍜 ramen",
    "مطعم",
    "עברית",
    "\u202Eramen",
    "x".repeat(200),
    "ramen\u0000",
  ];

  it("answers a list or a clear 400 on every search endpoint, never a 500", async () => {
    for (const path of SEARCH_PATHS) {
      for (const keyword of hostile) {
        const res = await t.app.request(`${path}?${new URLSearchParams({ keyword })}`);
        expect([200, 400], `${path} ${keyword}`).toContain(res.status);
        const body = (await res.json()) as { code: number; message: string; data: unknown };
        expect(body.code).toBe(res.status);
        if (res.status === 200) expect(Array.isArray(body.data)).toBe(true);
        else expect(body.message).toMatch(/^Invalid keyword: /);
      }
    }
  });

  it("treats FTS operators as plain words", async () => {
    // If OR were an operator this would find both; as words it needs "or" in the same dish.
    expect(await dishes({ keyword: "ramen OR pizza" })).toEqual([]);
    expect(dishNames(await dishes({ keyword: "ramen*" })).slice(0, 4)).toContain("Tonkotsu Ramen");
    expect(dishNames(await dishes({ keyword: '"tonkotsu' }))).toContain("Tonkotsu Ramen");
    expect(await dishes({ keyword: "') OR 1=1 --" })).toEqual([]);
    expect(await dishes({ keyword: "*" })).toEqual([]);
  });

  it("answers 400 naming keyword when it is missing, blank or too long", async () => {
    for (const query of [
      "",
      "?keyword=",
      "?keyword=%20%20%20",
      `?keyword=${"x".repeat(10 * 1024)}`,
      "?keyword=a&keyword=b",
    ]) {
      for (const path of SEARCH_PATHS) {
        const res = await getJson(t.app, `${path}${query}`);
        expect(res.status, `${path}${query.slice(0, 30)}`).toBe(400);
        expect(res.body.message).toMatch(/^Invalid keyword: /);
      }
    }
    expect((await getJson(t.app, `/api/offers/search?keyword=ramen&topNum=1000000`)).body.message).toBe(
      "Invalid topNum: must be an integer from 1 to 100",
    );
    expect(
      (await getJson(t.app, `/api/dishes/searchTrending?keyword=ramen&location=${"x".repeat(101)}`)).status,
    ).toBe(400);
  });
});
