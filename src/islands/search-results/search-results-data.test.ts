import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCatalogueFixture } from "../../server/api/testing/fixture.ts";
import { createTestApp, type TestApp } from "../../server/api/testing/test-app.ts";
import { createApiClient, type ApiClient } from "../../shared/api-client.ts";
import { fetchSearchResults, hasAnyResult, readSearchQuery } from "./search-results-data.ts";

describe("search query from the URL", () => {
  it("reads keyword and location, trimmed", () => {
    expect(readSearchQuery("?keyword=%20ramen%20&location=Islington")).toEqual({
      keyword: "ramen",
      location: "Islington",
    });
    expect(readSearchQuery("?keyword=tacos")).toEqual({ keyword: "tacos", location: "" });
  });
  it("has no query without a keyword", () => {
    expect(readSearchQuery("")).toBeNull();
    expect(readSearchQuery("?keyword=%20%20&location=Camden")).toBeNull();
  });
  it("caps the keyword at the API's 200 characters", () => {
    expect(readSearchQuery(`?keyword=${"a".repeat(300)}`)?.keyword).toHaveLength(200);
  });
});

describe("hasAnyResult", () => {
  const none = {
    offers: [],
    topDishes: [],
    topRestaurants: [],
    trendingRestaurant: null,
    trendingDish: null,
  };
  it("is false only when every list is empty", () => {
    expect(hasAnyResult(none)).toBe(false);
    expect(hasAnyResult({ ...none, trendingDish: {} as never })).toBe(true);
  });
});

describe("fetchSearchResults against the real API", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await buildCatalogueFixture(t.db, t.clock.now());
  });
  afterAll(async () => {
    await t.close();
  });
  let client: ApiClient;
  beforeAll(() => {
    client = createApiClient({ fetch: (input, init) => t.app.request(input, init) });
  });

  it("runs the five searches for a keyword", async () => {
    const results = await fetchSearchResults({ keyword: "ramen", location: "" }, client);
    expect(results.topDishes.map((dish) => dish.dishName)).toContain("Tonkotsu Ramen");
    expect(results.topRestaurants.length).toBeGreaterThan(0);
    expect(results.trendingDish).not.toBeNull();
  });

  it("narrows the searches to a location", async () => {
    const results = await fetchSearchResults({ keyword: "ramen", location: "Camden" }, client);
    expect(results.topDishes.length).toBeGreaterThan(0);
    expect(results.topDishes.every((dish) => dish.location.area === "Camden")).toBe(true);
  });

  it("sends the dish filters: no dish is free from peanuts until its owner says so", async () => {
    const filtered = await fetchSearchResults({ keyword: "ramen", location: "" }, client, {
      freeFrom: "peanuts",
    });
    expect(filtered.topDishes).toEqual([]);
    expect(filtered.trendingDish).toBeNull();
    expect(filtered.topRestaurants.length).toBeGreaterThan(0);
  });

  it("filters dishes and restaurants by price, and shows no unfiltered offers (issue 24)", async () => {
    const all = await fetchSearchResults({ keyword: "pizza", location: "" }, client);
    expect(all.offers.length + all.topRestaurants.length).toBeGreaterThan(0);
    const cheap = await fetchSearchResults({ keyword: "pizza", location: "" }, client, { price: 4 });
    expect(cheap.topDishes).toEqual([]);
    expect(cheap.topRestaurants).toEqual([]);
    expect(cheap.offers).toEqual([]);
  });

  it("finds nothing for nonsense, and fails loudly when the API does", async () => {
    expect(hasAnyResult(await fetchSearchResults({ keyword: "zzqqxx", location: "" }, client))).toBe(false);
    const broken = createApiClient({ fetch: async () => new Response("{}", { status: 500 }) });
    await expect(fetchSearchResults({ keyword: "ramen", location: "" }, broken)).rejects.toThrow(/500/);
  });
});
