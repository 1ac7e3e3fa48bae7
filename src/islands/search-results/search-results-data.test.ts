import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCatalogueFixture } from "../../server/api/testing/fixture.ts";
import { everyRequestItsOwnClient } from "../../server/api/testing/accounts.ts";
import { createTestApp, type TestApp } from "../../server/api/testing/test-app.ts";
import { createApiClient, type ApiClient } from "../../shared/api-client.ts";
import {
  fetchMoreResults,
  fetchSearchResults,
  hasAnyResult,
  readSearchQuery,
  readShownPages,
  withShownPages,
} from "./search-results-data.ts";

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

describe("pages shown, in the page URL (issue 30)", () => {
  it("reads dishPages and restaurantPages, 1 when absent or not a page count, at most 20", () => {
    expect(readShownPages("?keyword=pizza&dishPages=3")).toEqual({ dishPages: 3, restaurantPages: 1 });
    expect(readShownPages("?restaurantPages=2&dishPages=0")).toEqual({ dishPages: 1, restaurantPages: 2 });
    expect(readShownPages("?dishPages=1.5&restaurantPages=x")).toEqual({ dishPages: 1, restaurantPages: 1 });
    expect(readShownPages("?dishPages=999")).toEqual({ dishPages: 20, restaurantPages: 1 });
  });
  it("sets one list's count and keeps the rest of the address", () => {
    const href = "http://localhost/search?keyword=pizza&price=2#top";
    expect(withShownPages(href, "dish", 3)).toBe("/search?keyword=pizza&price=2&dishPages=3#top");
    expect(withShownPages("http://localhost/search?keyword=pizza&dishPages=3", "dish", 1)).toBe(
      "/search?keyword=pizza",
    );
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

describe("Show more against the real API over the seed (issue 30)", () => {
  let t: TestApp;
  let client: ApiClient;
  beforeAll(async () => {
    t = await createTestApp({ seedScale: 1 });
    everyRequestItsOwnClient(t);
    client = createApiClient({ fetch: (input, init) => t.app.request(input, init) });
  }, 120_000);
  afterAll(() => t?.close());

  it("counts the matches and pages on with the same filters (issue 30)", async () => {
    const first = await fetchSearchResults({ keyword: "pizza", location: "" }, client, {}, null, {
      dishPages: 1,
      restaurantPages: 1,
    });
    expect(first.dishMatches!.count).toBeGreaterThan(first.topDishes.length);
    expect(first.dishCursor).not.toBeNull();
    const more = await fetchMoreResults(
      "dish",
      { keyword: "pizza", location: "" },
      first.dishCursor!,
      {},
      null,
      client,
    );
    const shown = [...first.topDishes, ...more.dishes!].map((dish) => dish.id);
    expect(new Set(shown).size).toBe(shown.length);
    // Two pages at once after a reload: the same dishes as one and then the next.
    const reloaded = await fetchSearchResults({ keyword: "pizza", location: "" }, client, {}, null, {
      dishPages: 2,
      restaurantPages: 1,
    });
    expect(reloaded.topDishes.map((dish) => dish.id)).toEqual(shown.slice(0, reloaded.topDishes.length));
    expect(reloaded.dishMatches).toEqual(first.dishMatches);
  });
});
