import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { restaurants } from "../../server/api/db/schema.ts";
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
    const lists = await fetchFilteredLists("tag", "Italian", { price: 3 }, null, client);
    expect(lists.restaurants?.map((r) => r.id)).toEqual([f.restaurantIds["Trattoria Roma"]]);
    expect(lists.dishes.every((d) => d.restaurantId === f.restaurantIds["Trattoria Roma"])).toBe(true);
  });

  it("reads an area's lists, and no restaurant list for free-from alone", async () => {
    const cheap = await fetchFilteredLists("area", "Islington", { price: 1 }, null, client);
    expect(cheap.restaurants?.map((r) => r.id)).toEqual([f.restaurantIds["Green Leaf Kitchen"]]);
    const vegan = await fetchFilteredLists("area", "Islington", { diet: "vegan" }, null, client);
    expect(vegan.restaurants).toEqual([]);
    expect(vegan.dishes).toEqual([]);
    const peanuts = await fetchFilteredLists("area", "Islington", { freeFrom: "peanuts" }, null, client);
    expect(peanuts.restaurants).toBeNull();
  });

  it("counts the dishes a free-from filter leaves out, and shows them marked on request (issue 30)", async () => {
    const strict = await fetchFilteredLists("area", "Islington", { freeFrom: "peanuts" }, null, client);
    expect(strict.dishes).toEqual([]);
    expect(strict.hiddenDishes).toBeGreaterThan(0);
    const shown = await fetchFilteredLists(
      "area",
      "Islington",
      { freeFrom: "peanuts", undeclared: true },
      null,
      client,
    );
    expect(shown.dishes.length).toBe(strict.hiddenDishes);
    expect(shown.dishes.every((d) => d.allergens === null)).toBe(true);
    expect(shown.undeclaredDishes).toBe(strict.hiddenDishes);
    expect(shown.hiddenDishes).toBe(0);
  });
});

describe("fetchFilteredLists near a place (issue 31)", () => {
  let t: TestApp;
  let f: CatalogueFixture;
  let client: ApiClient;
  const angel = { place: { kind: "station" as const, value: "angel", label: "Angel" }, radiusKm: 1 as const };
  beforeAll(async () => {
    t = await createTestApp();
    f = await buildCatalogueFixture(t.db, t.clock.now());
    client = createApiClient({ fetch: (input, init) => t.app.request(input, init) });
    const pins: Record<string, [number, number]> = {
      "Bella Napoli": [51.5335, -0.105], // Islington, by Angel
      "Green Leaf Kitchen": [51.538, -0.103], // Islington, Upper Street
      "Trattoria Roma": [51.512, -0.124], // Covent Garden
    };
    for (const [name, [lat, lng]] of Object.entries(pins)) {
      await t.db
        .update(restaurants)
        .set({ lat, lng, postcodeDistrict: "N1", pinSource: "exact" })
        .where(eq(restaurants.id, f.restaurantIds[name]!));
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it("an area's lists within the distance of a station, each item with its distance", async () => {
    const lists = await fetchFilteredLists("area", "Islington", {}, angel, client);
    expect(lists.restaurants?.map((r) => r.id).sort()).toEqual(
      [f.restaurantIds["Bella Napoli"], f.restaurantIds["Green Leaf Kitchen"]].sort(),
    );
    for (const item of [...lists.dishes, ...lists.restaurants!]) {
      expect(item.distanceMeters).toBeGreaterThanOrEqual(0);
      expect(item.distanceMeters).toBeLessThanOrEqual(1000);
    }
    expect(lists.dishes.length).toBeGreaterThan(0);
    // Another area's places are not in this one's lists, however near.
    const soho = await fetchFilteredLists("area", "Soho", {}, angel, client);
    expect(soho.restaurants).toEqual([]);
  });

  it("a tag's lists near a station, combined with a filter; without a place, no distances", async () => {
    const italian = await fetchFilteredLists("tag", "Italian", {}, { ...angel, radiusKm: 3 }, client);
    expect(italian.restaurants?.map((r) => r.id)).toContain(f.restaurantIds["Bella Napoli"]);
    expect(italian.restaurants?.every((r) => r.distanceMeters! <= 3000)).toBe(true);
    const cheap = await fetchFilteredLists("tag", "Italian", { price: 3 }, { ...angel, radiusKm: 5 }, client);
    expect(cheap.restaurants?.map((r) => r.id)).toEqual([f.restaurantIds["Trattoria Roma"]]);
    const plain = await fetchFilteredLists("area", "Islington", { price: 1 }, null, client);
    expect(plain.restaurants?.every((r) => r.distanceMeters === undefined)).toBe(true);
  });
});
