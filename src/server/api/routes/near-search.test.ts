// Issue 31 against the real app and database: lists and searches near a position, a station or
// a postcode district, within the spec's radii, nearest first on request, combined with the
// price, open-now and diet filters; the place at the end of a search's words; every bad place
// answered 400 with a clear message; and an item's district and nearest stations.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { distanceMeters } from "../../../domain/geo-distance.ts";
import { priceLevelBoundsMinor } from "../../../domain/price-range.ts";
import { stationBySlugOrNull } from "../../../shared/geo/london-places.ts";
import { restaurants } from "../db/schema.ts";
import { useCatalogueTestApp } from "../testing/fixture.ts";
import { FIXTURE_PINS, pinFixtureRestaurants } from "../testing/fixture-pins.ts";

// The fixture's restaurants, pinned where their areas are.
const PINS = FIXTURE_PINS;

const { t, f } = useCatalogueTestApp({}, pinFixtureRestaurants);

interface Item {
  id: number;
  name?: string;
  dishName?: string;
  restaurantName?: string;
  price?: number | null;
  distanceMeters?: number;
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of several shapes
const read = async (res: Response) => (await res.json()) as { code: number; message: string; data: any };
const get = async (path: string) => {
  const res = await t.app.request(path);
  return { status: res.status, body: await read(res) };
};
const list = async (path: string): Promise<Item[]> => {
  const { status, body } = await get(path);
  expect(status, `${path}: ${body.message}`).toBe(200);
  return body.data as Item[];
};
const names = (items: Item[]) => items.map((i) => i.name ?? i.dishName);
const angel = stationBySlugOrNull("angel")!;

describe("restaurant lists near a place", () => {
  it("near a station: within the radius, nearest first with sort=distance, each with distanceMeters", async () => {
    const near = await list("/api/restaurants/top?station=angel&radiusKm=1&sort=distance");
    expect(names(near)).toEqual(["Bella Napoli", "Green Leaf Kitchen"]);
    for (const item of near) {
      const pin = PINS[item.name!]!;
      expect(item.distanceMeters).toBe(Math.round(distanceMeters(angel, { lat: pin[0], lng: pin[1] })));
      expect(item.distanceMeters).toBeLessThanOrEqual(1_000);
    }
    expect(near[0]!.distanceMeters!).toBeLessThan(near[1]!.distanceMeters!);
  });

  it("takes each of the spec's radii, wider ones finding more", async () => {
    const counts = [];
    for (const radiusKm of [1, 2, 3, 5, 10]) {
      const found = await list(`/api/restaurants/top?station=angel&radiusKm=${radiusKm}&topNum=50`);
      expect(found.every((r) => r.distanceMeters! <= radiusKm * 1000)).toBe(true);
      counts.push(found.length);
    }
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(counts[4]).toBe(Object.keys(PINS).length);
  });

  it("near a position (lat and lng) and near a postcode district's centre", async () => {
    expect(
      names(await list("/api/restaurants/top?lat=51.5136&lng=-0.1331&radiusKm=1&sort=distance")),
    ).toEqual(["Kyoto Ramen House", "Grill Republic", "Trattoria Roma"]);
    const inN1 = await list("/api/restaurants/top?district=n1&radiusKm=1&sort=distance");
    expect(names(inN1)).toEqual(["Green Leaf Kitchen", "Bella Napoli"]);
  });

  it("combines with a tag, trending order, price and open now", async () => {
    expect(names(await list("/api/restaurants/top/filter?tagName=Ramen&station=angel&radiusKm=5"))).toEqual(
      names(await list("/api/restaurants/top/filter?tagName=Ramen")).filter((n) =>
        ["Green Leaf Kitchen", "Tonkotsu Lane", "Kyoto Ramen House"].includes(n!),
      ),
    );
    const trending = await list("/api/restaurants/trending?district=EC1V&radiusKm=2");
    expect(trending.every((r) => r.distanceMeters! <= 2_000)).toBe(true);
    // No fixture restaurant has structured hours, so none is open now.
    expect(await list("/api/restaurants/trending?station=angel&radiusKm=10&openNow=true")).toEqual([]);
  });
});

describe("dish lists and searches near a place", () => {
  it("search near a station finds the keyword's dishes within the radius only", async () => {
    const ramen = await list(
      "/api/dishes/searchByKeywordLocationTop?keyword=ramen&station=old-street&radiusKm=3",
    );
    expect(ramen.map((d) => d.restaurantName)).toEqual(["Green Leaf Kitchen"]);
    expect(ramen[0]!.dishName).toBe("Vegan Ramen");
    expect(ramen[0]!.distanceMeters).toBeGreaterThan(1_000);
  });

  it("reads the place at the end of the words: 'ramen near Angel', 'pizza N1'", async () => {
    const ramen = await list(`/api/dishes/searchTrending?keyword=${encodeURIComponent("ramen near Angel")}`);
    expect(names(ramen)).toEqual(["Vegan Ramen"]);
    expect(ramen[0]!.distanceMeters).toBeLessThan(2_000);
    const pizza = await list(
      `/api/dishes/searchByKeywordLocationTop?keyword=${encodeURIComponent("pizza N1")}`,
    );
    expect(new Set(pizza.map((d) => d.restaurantName))).toEqual(new Set(["Bella Napoli"]));
    expect(pizza.every((d) => d.distanceMeters! <= 2_000)).toBe(true);
    const restaurantsNearAngel = await list(
      `/api/restaurants/searchTop?keyword=${encodeURIComponent("pizza Angel")}`,
    );
    expect(names(restaurantsNearAngel)).toEqual(["Bella Napoli"]);
    // Without a place it is the search it always was: ramen anywhere.
    expect((await list("/api/dishes/searchByKeywordLocationTop?keyword=ramen")).length).toBeGreaterThan(1);
  });

  it("combines with price and diet filters", async () => {
    const all = await list("/api/dishes/top?station=angel&radiusKm=1&topNum=50");
    expect(new Set(all.map((d) => d.restaurantName))).toEqual(
      new Set(["Bella Napoli", "Green Leaf Kitchen"]),
    );
    const band = priceLevelBoundsMinor(2);
    const inBand = (d: Item) =>
      d.price !== null && d.price! * 100 >= band.min && (band.below === null || d.price! * 100 < band.below);
    const priced = await list("/api/dishes/trending?station=angel&radiusKm=1&price=2&topNum=50");
    expect(priced.every(inBand)).toBe(true);
    const trendingAll = await list("/api/dishes/trending?station=angel&radiusKm=1&topNum=50");
    expect(priced.map((d) => d.id).sort()).toEqual(
      trendingAll
        .filter(inBand)
        .map((d) => d.id)
        .sort(),
    );
    const vegan = await list("/api/dishes/top/filter?tagName=Vegan&station=angel&radiusKm=1&sort=distance");
    expect(new Set(vegan.map((d) => d.restaurantName))).toEqual(
      new Set(["Bella Napoli", "Green Leaf Kitchen"]),
    );
    expect(vegan.map((d) => d.distanceMeters)).toEqual(
      vegan.map((d) => d.distanceMeters).sort((a, b) => a! - b!),
    );
  });
});

describe("a bad place answers 400 with a clear message", () => {
  const cases: [string, string][] = [
    ["/api/restaurants/top?lat=91&lng=0", "Invalid lat: must be a latitude from -90 to 90"],
    ["/api/restaurants/top?lat=51.5&lng=-181", "Invalid lng: must be a longitude from -180 to 180"],
    ["/api/restaurants/top?lat=north&lng=0", "Invalid lat: must be a latitude from -90 to 90"],
    ["/api/restaurants/top?lat=51.5", "Invalid lng: lat and lng go together: give both or neither"],
    [
      "/api/dishes/trending?station=nowhere",
      'Invalid station: no station "nowhere": use a slug from /api/places/suggest',
    ],
    [
      "/api/dishes/trending?station=King's Cross",
      "Invalid station: must be a station slug such as kings-cross-and-st-pancras-international",
    ],
    [
      "/api/restaurants/top?station=angel&radiusKm=20",
      "Invalid radiusKm: must be one of 1, 2, 3, 5, 10 (km), at most 10",
    ],
    [
      "/api/restaurants/top?station=angel&radiusKm=4",
      "Invalid radiusKm: must be one of 1, 2, 3, 5, 10 (km), at most 10",
    ],
    ["/api/restaurants/top?radiusKm=2", "Invalid radiusKm: needs a place: lat and lng, station, or district"],
    [
      "/api/restaurants/top?sort=distance",
      "Invalid sort: sort=distance needs a place: lat and lng, station, or district",
    ],
    ["/api/restaurants/top?station=angel&sort=nearest", 'Invalid sort: must be "distance"'],
    [
      "/api/restaurants/top?station=angel&district=N1",
      "Invalid station: give one place: lat and lng, station, or district",
    ],
    [
      "/api/restaurants/top?district=Islington",
      'Invalid district: must be a London postcode district such as "N1", "EC1V" or "SW1A"',
    ],
    ["/api/restaurants/top?district=M1", 'Invalid district: no London postcode district "M1"'],
    [
      `/api/dishes/top?restaurantId=1&station=angel`,
      "Invalid restaurantId: lists one restaurant's dishes: give no place with it",
    ],
    [
      "/api/dishes/searchTrending?keyword=ramen&lat=95&lng=0",
      "Invalid lat: must be a latitude from -90 to 90",
    ],
  ];
  it.each(cases)("%s", async (path, message) => {
    const { status, body } = await get(path);
    expect(status).toBe(400);
    expect(body.message).toBe(message);
  });
});

describe("an item's place, for its page", () => {
  it("a restaurant carries its district, pin and up to three nearest stations with lines and walking minutes", async () => {
    const { body } = await get(`/api/restaurants/${f.restaurantIds["Bella Napoli"]}`);
    expect(body.data.postcodeDistrict).toBe("W1D");
    expect(body.data.position).toEqual({ lat: 51.5335, lng: -0.105, pinSource: "exact" });
    const stations = body.data.nearestStations as {
      slug: string;
      lines: string[];
      walkingMinutes: number;
      distanceMeters: number;
    }[];
    expect(stations.length).toBeGreaterThan(0);
    expect(stations.length).toBeLessThanOrEqual(3);
    expect(stations[0]).toMatchObject({ slug: "angel", lines: ["Northern"] });
    expect(stations[0]!.walkingMinutes).toBe(Math.max(1, Math.ceil(stations[0]!.distanceMeters / 80)));
  });

  it("a dish carries its restaurant's; an unplaced restaurant says so", async () => {
    const dishId = f.dishIds["Vegan Ramen"]!;
    const { body } = await get(`/api/dishes/${dishId}`);
    expect(body.data.position).toEqual({ lat: 51.538, lng: -0.103, pinSource: "exact" });
    expect(body.data.nearestStations[0].slug).toBe("angel");
    await t.db
      .update(restaurants)
      .set({ lat: null, lng: null, postcodeDistrict: null, pinSource: null })
      .where(eq(restaurants.id, f.restaurantIds["Brick Lane Roasters"]!));
    const unplaced = await get(`/api/restaurants/${f.restaurantIds["Brick Lane Roasters"]}`);
    expect(unplaced.body.data).toMatchObject({ postcodeDistrict: null, position: null, nearestStations: [] });
  });
});

describe("GET /api/places/suggest", () => {
  it("suggests stations, districts and areas as someone types", async () => {
    expect((await list("/api/places/suggest?q=angel"))[0]).toMatchObject({
      kind: "station",
      value: "angel",
      lines: ["Northern"],
    });
    expect((await list("/api/places/suggest?q=n1"))[0]).toMatchObject({ kind: "district", value: "N1" });
    const isl = await list("/api/places/suggest?q=isling");
    expect(isl.map((s) => (s as unknown as { kind: string }).kind)).toContain("area");
    expect((await list("/api/places/suggest?q=king's cross")).length).toBeGreaterThan(0);
    expect((await list("/api/places/suggest?q=a")).length).toBeLessThanOrEqual(8);
  });

  it("refuses an empty or missing query", async () => {
    for (const path of [
      "/api/places/suggest",
      "/api/places/suggest?q=",
      `/api/places/suggest?q=${"x".repeat(61)}`,
    ]) {
      const { status, body } = await get(path);
      expect(status, path).toBe(400);
      expect(body.message).toMatch(/^Invalid q: /);
    }
  });
});

describe("a person's position is kept nowhere", () => {
  it("a list near lat and lng is answered private, no-store, and not from the cache", async () => {
    const path = "/api/restaurants/top?lat=51.5335&lng=-0.105&radiusKm=1";
    const first = await t.app.request(path);
    expect(first.headers.get("cache-control")).toBe("private, no-store");
    expect(first.headers.get("etag")).toBeNull();
    await t.db
      .update(restaurants)
      .set({ lat: 51.6, lng: -0.2 })
      .where(eq(restaurants.id, f.restaurantIds["Bella Napoli"]!));
    // Straight from the database: the restaurant that moved away is gone at once.
    const second = await read(await t.app.request(path));
    expect(names(second.data)).not.toContain("Bella Napoli");
    const [lat, lng] = PINS["Bella Napoli"]!;
    await t.db
      .update(restaurants)
      .set({ lat, lng })
      .where(eq(restaurants.id, f.restaurantIds["Bella Napoli"]!));
  });

  it("a list near a station is a public cached read", async () => {
    const res = await t.app.request("/api/restaurants/top?station=angel&radiusKm=1");
    expect(res.headers.get("cache-control")).toMatch(/^public/);
    expect(res.headers.get("etag")).not.toBeNull();
  });
});

describe("near keeps the diet filters (issue 30)", () => {
  it("a restaurant search near a station narrows by diet; a dish list keeps undeclared dishes on request", async () => {
    const pizza = `/api/restaurants/searchTop?keyword=pizza&station=angel&radiusKm=1`;
    expect(names(await list(pizza))).toEqual(["Bella Napoli"]);
    // No fixture owner declared anything: a diet finds no restaurant, near or not.
    expect(await list(`${pizza}&diet=vegan`)).toEqual([]);
    const vegan = "/api/dishes/top/filter?tagName=Pizza&station=angel&radiusKm=1&diet=vegan";
    expect(await list(vegan)).toEqual([]);
    expect(names(await list(`${vegan}&undeclared=true`)).sort()).toEqual([
      "Diavola",
      "Margherita",
      "Marinara",
    ]);
  });
});
