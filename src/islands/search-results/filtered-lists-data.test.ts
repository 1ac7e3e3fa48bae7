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

  it("reads an area's lists, and no restaurant list for dish-only filters", async () => {
    const cheap = await fetchFilteredLists("area", "Islington", { price: 1 }, client);
    expect(cheap.restaurants?.map((r) => r.id)).toEqual([f.restaurantIds["Green Leaf Kitchen"]]);
    const vegan = await fetchFilteredLists("area", "Islington", { diet: "vegan" }, client);
    expect(vegan.restaurants).toBeNull();
    expect(vegan.dishes).toEqual([]);
  });
});
