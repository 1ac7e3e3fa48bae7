// The by-id statements (prepared once, lists folded in with group_concat) must answer
// exactly what the list reads answer, which the API's lists and the build's bulk reads use.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCatalogueFixture, type CatalogueFixture } from "../../testing/fixture.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { insertDishes, insertRestaurants } from "./catalogue-writes.ts";
import { dishesByIds, getDish } from "./dish-reads.ts";
import { getRestaurant, restaurantsByIds } from "./restaurant-reads.ts";

let t: TestApp;
let f: CatalogueFixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await buildCatalogueFixture(t.db, t.clock.now());
});
afterAll(() => t.close());

describe("getDish", () => {
  it("answers exactly what the list read gives for every dish, tags in the same order", async () => {
    const ids = Object.values(f.dishIds);
    expect(ids.length).toBeGreaterThan(5);
    const listed = await dishesByIds(t.db, ids);
    expect(listed.some((d) => d.tags.length > 1)).toBe(true);
    for (const dish of listed) expect(await getDish(t.db, dish.id)).toEqual(dish);
  });

  it("answers null for an id that does not exist", async () => {
    expect(await getDish(t.db, 987_654_321)).toBeNull();
  });
});

describe("getRestaurant", () => {
  it("answers exactly what the list read gives for every restaurant, tags in the same order", async () => {
    const ids = Object.values(f.restaurantIds);
    const listed = await restaurantsByIds(t.db, ids);
    expect(listed.some((r) => r.tags.length > 1)).toBe(true);
    expect(new Set(listed.map((r) => r.priceRange)).size).toBeGreaterThan(2);
    for (const restaurant of listed) expect(await getRestaurant(t.db, restaurant.id)).toEqual(restaurant);
  });

  it("bands only the dishes priced in pounds", async () => {
    const [id] = await insertRestaurants(t.db, [
      { name: "Two Currencies", regionId: f.regionIds.East, areaId: f.areaIds.Shoreditch, tagIds: [] },
    ]);
    const dish = (dishName: string, priceMinor: number | null, currency = "GBP") => ({
      restaurantId: id!,
      dishName,
      priceMinor,
      currency,
      tagIds: [],
    });
    // Counting the euro prices or the unpriced dish would move the median out of "£".
    await insertDishes(t.db, [
      dish("Toast", 400),
      dish("Tea", 250),
      dish("Crêpe", 9000, "EUR"),
      dish("Galette", 9500, "EUR"),
      dish("Special", null),
    ]);
    const restaurant = await getRestaurant(t.db, id!);
    expect(restaurant?.priceRange).toBe("£");
    expect(restaurant).toEqual((await restaurantsByIds(t.db, [id!]))[0]);
  });

  it("answers null for an id that does not exist", async () => {
    expect(await getRestaurant(t.db, 987_654_321)).toBeNull();
  });
});
