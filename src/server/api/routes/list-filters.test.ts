// Issue 24: price and open-now filters on the search, tag and area lists, for dishes and
// restaurants (db/queries/list-filters.ts), and their bad values.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { WEEKDAYS, type OpeningHours, type TimeRange } from "../../../domain/owners.ts";
import { PRICE_LEVELS, priceLevelLabel } from "../../../domain/price-range.ts";
import type { RestaurantItem } from "../../../shared/schemas/catalogue-items.ts";
import { restaurants } from "../db/schema.ts";
import { buildCatalogueFixture, getJson, type CatalogueFixture } from "../testing/fixture.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
let f: CatalogueFixture;

function hours(
  weekly: Partial<Record<(typeof WEEKDAYS)[number], TimeRange[]>>,
  closures: string[] = [],
): OpeningHours {
  return {
    weekly: Object.fromEntries(WEEKDAYS.map((d) => [d, weekly[d] ?? []])) as OpeningHours["weekly"],
    closures: closures.map((date) => ({ date, note: "" })),
  };
}
const daily = (opens: string, closes: string) =>
  Object.fromEntries(WEEKDAYS.map((d) => [d, [{ opens, closes }]]));

beforeAll(async () => {
  t = await createTestApp();
  f = await buildCatalogueFixture(t.db, t.clock.now());
  const setHours = (name: string, h: OpeningHours) =>
    t.db.update(restaurants).set({ hours: h }).where(eq(restaurants.id, f.restaurantIds[name]!));
  // Lunch every day; Trattoria Roma only late on Saturdays (into Sunday), shut on 26 December.
  await setHours("Kyoto Ramen House", hours(daily("12:00", "15:00")));
  await setHours(
    "Trattoria Roma",
    hours({ saturday: [{ opens: "18:00", closes: "02:00" }] }, ["2026-12-26"]),
  );
  await setHours("Bella Napoli", hours(daily("17:00", "22:00")));
});
afterAll(() => t.close());
afterEach(() => expect(t.errors).toEqual([]));

async function list<T extends { id: number }>(path: string): Promise<number[]> {
  const res = await getJson<T[]>(t.app, path);
  expect(res.status, path).toBe(200);
  return res.body.data.map((item) => item.id);
}
const ids = (...names: string[]) => names.map((n) => f.restaurantIds[n]);
/** Moves the clock to a London moment, past the cache's TTL. */
const at = (iso: string) => t.clock.set(Date.parse(iso));

describe("price filter", () => {
  it("keeps exactly the restaurants whose derived price range is the band", async () => {
    const all = (
      await getJson<RestaurantItem[]>(t.app, "/api/restaurants/top/location?location=London&topNum=50")
    ).body.data;
    for (const level of PRICE_LEVELS) {
      const expected = all.filter((r) => r.priceRange === priceLevelLabel(level)).map((r) => r.id);
      expect(
        await list(`/api/restaurants/top/location?location=London&topNum=50&price=${level}`),
        `price=${level}`,
      ).toEqual(expected);
    }
    expect(await list("/api/restaurants/top/location?location=London&topNum=50&price=3")).toEqual(
      ids("Trattoria Roma"),
    );
    expect(await list("/api/restaurants/top/location?location=Islington&price=1")).toEqual(
      ids("Green Leaf Kitchen"),
    );
    expect(await list("/api/restaurants/top/filter?tagName=Italian&price=2")).toEqual(ids("Bella Napoli"));
  });

  it("bands a dish by its own price; an unpriced dish never matches", async () => {
    const ramen = await list("/api/dishes/top/filter?tagName=Ramen&topNum=50&price=2");
    expect(ramen).toEqual(
      expect.arrayContaining([
        f.dishIds["Tonkotsu Ramen"],
        f.dishIds["Spicy Miso Ramen"],
        f.dishIds["Vegan Ramen"],
      ]),
    );
    expect(await list("/api/dishes/top/filter?tagName=Ramen&price=1")).toEqual([]);
    expect(await list("/api/dishes/top/location?location=Covent%20Garden&price=2")).toEqual([
      f.dishIds.Carbonara,
    ]);
    expect(await list("/api/dishes/trending?topNum=50&price=1")).toEqual(
      expect.not.arrayContaining([f.dishIds.Carbonara, f.dishIds["Tonkotsu Ramen"]]),
    );
  });
});

describe("open now", () => {
  it("uses London's clock: lunch places at lunch, never a place without hours", async () => {
    at("2026-11-25T12:30:00Z"); // Wednesday, 12:30 GMT
    expect(await list("/api/restaurants/top/location?location=London&openNow=true&topNum=50")).toEqual(
      ids("Kyoto Ramen House"),
    );
    expect(await list("/api/dishes/top/location?location=Soho&openNow=true&topNum=50")).toEqual(
      expect.arrayContaining([f.dishIds["Tonkotsu Ramen"]]),
    );
    expect(await list("/api/dishes/top/location?location=Soho&openNow=true&topNum=50")).not.toContain(
      f.dishIds["Republic Burger"],
    );
    expect(await list("/api/restaurants/top/location?location=London&openNow=false&topNum=50")).toHaveLength(
      6,
    );
  });

  it("follows daylight saving: 11:30 UTC is lunch in summer, not in winter", async () => {
    at("2026-07-01T11:30:00Z");
    expect(await list("/api/restaurants/top/filter?tagName=Japanese&openNow=true")).toEqual(
      ids("Kyoto Ramen House"),
    );
    at("2026-12-02T11:30:00Z");
    expect(await list("/api/restaurants/top/filter?tagName=Japanese&openNow=true")).toEqual([]);
  });

  it("keeps a range past midnight open into the next day, and shuts on a special closure", async () => {
    at("2026-11-29T00:30:00Z"); // Sunday 00:30, from Saturday's 18:00-02:00
    expect(await list("/api/restaurants/top/filter?tagName=Italian&openNow=true")).toEqual(
      ids("Trattoria Roma"),
    );
    at("2026-11-29T02:30:00Z");
    expect(await list("/api/restaurants/top/filter?tagName=Italian&openNow=true")).toEqual([]);
    at("2026-12-26T19:00:00Z"); // a Saturday, but closed that day
    expect(await list("/api/restaurants/top/filter?tagName=Italian&openNow=true")).toEqual(
      ids("Bella Napoli"),
    );
  });

  it("filters search, and combines with price and diet", async () => {
    at("2026-11-25T12:30:00Z");
    expect(await list("/api/restaurants/searchTop?keyword=ramen&openNow=true")).toEqual(
      ids("Kyoto Ramen House"),
    );
    // "ramen" also finds every dish of Kyoto Ramen House (by its restaurant's name): only those are open.
    const kyoto = ["Tonkotsu Ramen", "Pork Gyoza", "Edamame", "Matcha Ice Cream"].map((n) => f.dishIds[n]);
    const open = await list("/api/dishes/searchByKeywordLocationTop?keyword=ramen&openNow=true");
    expect(open[0]).toBe(f.dishIds["Tonkotsu Ramen"]);
    expect(open.every((id) => kyoto.includes(id))).toBe(true);
    expect(await list("/api/restaurants/searchTrending?keyword=pizza&price=2")).toEqual(ids("Bella Napoli"));
    // Cheap ramen: none of the ramen itself, only the £4.50 edamame at Kyoto Ramen House.
    expect(await list("/api/dishes/searchTrending?keyword=ramen&price=1&topNum=50")).toEqual(
      expect.not.arrayContaining([f.dishIds["Tonkotsu Ramen"], f.dishIds["Vegan Ramen"]]),
    );
    expect(await list("/api/dishes/top/location?location=Soho&openNow=true&diet=vegan")).toEqual([]);
  });
});

describe("bad filter values", () => {
  it.each([
    [
      "/api/restaurants/top/filter?tagName=Italian&price=5",
      "Invalid price: must be 1 (£), 2 (££), 3 (£££) or 4 (££££)",
    ],
    [
      "/api/dishes/top/location?location=Soho&price=%C2%A3%C2%A3",
      "Invalid price: must be 1 (£), 2 (££), 3 (£££) or 4 (££££)",
    ],
    ["/api/restaurants/searchTop?keyword=ramen&openNow=yes", "Invalid openNow: must be true or false"],
    ["/api/dishes/trending?openNow=1", "Invalid openNow: must be true or false"],
    ["/api/dishes/top/location?location=Soho&diet=keto", "Invalid diet: must be one of"],
  ])("%s answers 400 naming the parameter", async (path, message) => {
    const res = await getJson(t.app, path);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });

  it("an empty value is no filter", async () => {
    expect(await list("/api/restaurants/top/filter?tagName=Italian&price=&openNow=")).toEqual(
      await list("/api/restaurants/top/filter?tagName=Italian"),
    );
  });
});
