import { describe, expect, it } from "vitest";
import type { RestaurantItem } from "../../../shared/schemas/catalogue-items.ts";
import { getJson, useCatalogueTestApp } from "../testing/fixture.ts";

const { t, f } = useCatalogueTestApp();

const list = async (path: string) => {
  const res = await getJson<RestaurantItem[]>(t.app, path);
  expect(res.status, path).toBe(200);
  return res.body.data;
};
const names = (items: { name: string }[]) => items.map((r) => r.name);
const one = async (name: string) =>
  (await getJson<RestaurantItem>(t.app, `/api/restaurants/${f.restaurantIds[name]}`)).body.data;

describe("GET /api/restaurants/{id}", () => {
  it("answers the contract's Restaurant shape", async () => {
    const res = await getJson<RestaurantItem>(
      t.app,
      `/api/restaurants/${f.restaurantIds["Kyoto Ramen House"]}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: f.restaurantIds["Kyoto Ramen House"],
      name: "Kyoto Ramen House",
      rating: 4.5,
      ratingCount: 6,
      reviewCount: 6,
      logo: "restaurant-1-logo.webp",
      images: ["restaurant-1-a.webp", "restaurant-1-b.webp"],
      tags: ["Japanese", "Ramen"],
      location: { region: "Central", area: "Soho", regionId: f.regionIds.Central, areaId: f.areaIds.Soho },
      bookingLinks: ["https://booking.example.test/1"],
      description: "Slow-simmered pork broth and hand-pulled noodles.",
      address: "10 Example Street, London",
      postCode: "W1D 1AB",
      phone: "020 7946 0010",
      openingHours: ["Monday: 11:00 AM - 9:00 PM", "Tuesday: 11:00 AM - 9:00 PM"],
      priceRange: "££",
      communityAdded: false,
      mergedInto: null,
      // Issue 22: unclaimed, and no owner-kept facts yet.
      claimedAt: null,
      hours: null,
      orderingLinks: [],
      // Issue 22: the owner's photos, on this read only.
      ownerPhotos: [],
      // Issue 31: the fixture's restaurants have no position (as before migration 0036).
      postcodeDistrict: null,
      position: null,
      nearestStations: [],
    });
  });

  it("derives the price range from the median dish price", async () => {
    // Kyoto: £4.50 £6.50 £14.50 £15.50 → median £10.50.
    expect((await one("Kyoto Ramen House")).priceRange).toBe("££");
    // Trattoria: £9 £18 £22 £26 → median £20.
    expect((await one("Trattoria Roma")).priceRange).toBe("£££");
    // Green Leaf: £3.50 £4 £9.50 £13 → median £6.75.
    expect((await one("Green Leaf Kitchen")).priceRange).toBe("£");
    // Brick Lane Roasters prices none of its dishes.
    expect((await one("Brick Lane Roasters")).priceRange).toBe("Unknown");
  });

  it("answers 404 for a missing id and 400 for a malformed one", async () => {
    expect((await getJson(t.app, "/api/restaurants/424242")).body).toEqual({
      code: 404,
      message: "Resource not found",
      data: null,
    });
    for (const id of ["abc", "-1", "1.5", "99999999999999999999"]) {
      const res = await getJson(t.app, `/api/restaurants/${id}`);
      expect(res.status, id).toBe(400);
      expect(res.body.message).toMatch(/^Invalid id: /);
    }
  });
});

describe("GET /api/restaurants/top", () => {
  it("lists three rated restaurants by default, best Bayesian score first", async () => {
    expect(names(await list("/api/restaurants/top"))).toEqual([
      "Trattoria Roma",
      "Kyoto Ramen House",
      "Tonkotsu Lane",
    ]);
    const all = await list("/api/restaurants/top?topNum=100");
    expect(all).toHaveLength(6);
    expect(all.every((r) => r.ratingCount > 0)).toBe(true);
  });

  it("bounds topNum to 1..100", async () => {
    for (const topNum of ["0", "-1", "101", "1000000", "abc"]) {
      const res = await getJson(t.app, `/api/restaurants/top?topNum=${topNum}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Invalid topNum: must be an integer from 1 to 100");
    }
  });
});

describe("GET /api/restaurants/top/location and /top/filter", () => {
  it("lists an area's or a region's rated restaurants", async () => {
    expect(names(await list("/api/restaurants/top/location?location=shoreditch"))).toEqual([
      "Smash Burger Co",
    ]);
    expect(names(await list("/api/restaurants/top/location?location=North"))).toEqual([
      "Tonkotsu Lane",
      "Bella Napoli",
      "Green Leaf Kitchen",
    ]);
    expect(await list("/api/restaurants/top/location?location=Narnia")).toEqual([]);
  });

  it("lists rated restaurants carrying the tag", async () => {
    expect(names(await list("/api/restaurants/top/filter?tagName=Italian"))).toEqual([
      "Trattoria Roma",
      "Bella Napoli",
    ]);
    expect(await list("/api/restaurants/top/filter?tagName=Nope")).toEqual([]);
  });
});

describe("GET /api/restaurants/trending and /trendingbytag", () => {
  it("puts the most recently reviewed restaurant first, unlike top", async () => {
    const trending = await list("/api/restaurants/trending");
    expect(trending[0]!.name).toBe("Smash Burger Co");
    expect(trending).toHaveLength(5);
    expect(names(trending)).not.toEqual(names(await list("/api/restaurants/top?topNum=5")));
  });

  it("merges restaurants carrying any of the tags", async () => {
    const data = await list("/api/restaurants/trendingbytag?tags=Japanese,%20Coffee");
    expect(names(data)).toEqual(["Tonkotsu Lane", "Kyoto Ramen House", "Green Leaf Kitchen"]);
  });
});
