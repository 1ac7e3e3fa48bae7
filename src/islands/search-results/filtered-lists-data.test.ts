import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCatalogueFixture, type CatalogueFixture } from "../../server/api/testing/fixture.ts";
import { createTestApp, type TestApp } from "../../server/api/testing/test-app.ts";
import { createApiClient, type ApiClient } from "../../shared/api-client.ts";
import { fetchFilteredLists } from "./filtered-lists-data.ts";

describe("fetchFilteredLists against the real API (issue 24)", () => {
  let t: TestApp;
  let f: CatalogueFixture;
  let client: ApiClient;
  beforeAll(async () => {
    t = await createTestApp();
    f = await buildCatalogueFixture(t.db, t.clock.now());
    client = createApiClient({ fetch: (input, init) => t.app.request(input, init) });
  });
  afterAll(async () => {
    await t.close();
  });

  it("reads a tag's lists by price", async () => {
    const lists = await fetchFilteredLists("tag", "Italian", { price: 3 }, client);
    expect(lists.restaurants?.map((r) => r.id)).toEqual([f.restaurantIds["Trattoria Roma"]]);
    expect(lists.dishes.every((d) => d.restaurantId === f.restaurantIds["Trattoria Roma"])).toBe(true);
  });

  it("reads an area's lists, and no restaurant list for free-from alone", async () => {
    const cheap = await fetchFilteredLists("area", "Islington", { price: 1 }, client);
    expect(cheap.restaurants?.map((r) => r.id)).toEqual([f.restaurantIds["Green Leaf Kitchen"]]);
    const vegan = await fetchFilteredLists("area", "Islington", { diet: "vegan" }, client);
    expect(vegan.restaurants).toEqual([]);
    expect(vegan.dishes).toEqual([]);
    const peanuts = await fetchFilteredLists("area", "Islington", { freeFrom: "peanuts" }, client);
    expect(peanuts.restaurants).toBeNull();
  });

  it("counts the dishes a free-from filter leaves out, and shows them marked on request (issue 30)", async () => {
    const strict = await fetchFilteredLists("area", "Islington", { freeFrom: "peanuts" }, client);
    expect(strict.dishes).toEqual([]);
    expect(strict.hiddenDishes).toBeGreaterThan(0);
    const shown = await fetchFilteredLists("area", "Islington", { freeFrom: "peanuts", undeclared: true }, client);
    expect(shown.dishes.length).toBe(strict.hiddenDishes);
    expect(shown.dishes.every((d) => d.allergens === null)).toBe(true);
    expect(shown.undeclaredDishes).toBe(strict.hiddenDishes);
    expect(shown.hiddenDishes).toBe(0);
  });
});
