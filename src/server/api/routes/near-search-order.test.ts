// Issue 31's "ramen near Old Street ... within a walk first", against the real app and database:
// a station in a search's words, and "Sort by distance" with a keyword, put the nearest first,
// even when a place further away has the keyword in its name (near-journey.spec.ts found both).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { restaurants } from "../db/schema.ts";
import { useCatalogueTestApp } from "../testing/fixture.ts";

// Euston lies between the two: Tonkotsu Lane (Camden, no "ramen" in its name but ramen on its
// menu) about 1.4 km from it, Kyoto Ramen House (Soho) about 1.6 km, both inside 2 km.
const PINS: Record<string, [number, number]> = {
  "Tonkotsu Lane": [51.5392, -0.1426],
  "Kyoto Ramen House": [51.5136, -0.1331],
};

const { t } = useCatalogueTestApp({}, async (t, f) => {
  for (const [name, [lat, lng]] of Object.entries(PINS)) {
    await t.db
      .update(restaurants)
      .set({ lat, lng, postcodeDistrict: "NW1", pinSource: "exact" })
      .where(eq(restaurants.id, f.restaurantIds[name]!));
  }
});

interface Item {
  name?: string;
  restaurantName?: string;
  distanceMeters: number;
}

async function list(path: string): Promise<Item[]> {
  const res = await t.app.request(path);
  const body = (await res.json()) as { message: string; data: Item[] | { items: Item[] } };
  expect(res.status, body.message).toBe(200);
  return Array.isArray(body.data) ? body.data : body.data.items;
}

const placeOf = (item: Item) => item.restaurantName ?? item.name;
const ascending = (items: Item[]) =>
  items.map((i) => i.distanceMeters).every((d, i, all) => i === 0 || all[i - 1]! <= d);

describe("nearest first means nearest first (issue 31)", () => {
  it("a station in the words: the nearest ramen first, dishes and restaurants, on every search call", async () => {
    const keyword = encodeURIComponent("ramen near Euston");
    for (const path of [
      `/api/restaurants/searchTop?keyword=${keyword}`,
      `/api/restaurants/search?keyword=${keyword}`,
      `/api/dishes/searchByKeywordLocationTop?keyword=${keyword}`,
      `/api/dishes/search?keyword=${keyword}`,
    ]) {
      const found = await list(path);
      expect(new Set(found.map(placeOf)), path).toEqual(new Set(["Tonkotsu Lane", "Kyoto Ramen House"]));
      expect(placeOf(found[0]!), path).toBe("Tonkotsu Lane");
      expect(ascending(found), path).toBe(true);
    }
  });

  it("sort=distance with a keyword: a name that matches does not jump the queue", async () => {
    const found = await list(`/api/restaurants/search?keyword=ramen&station=euston&sort=distance`);
    expect(found.map(placeOf)).toEqual(["Tonkotsu Lane", "Kyoto Ramen House"]);
    expect(ascending(found)).toBe(true);
    // Without it, the search's own order stays: the name that matches first.
    const ranked = await list(`/api/restaurants/search?keyword=ramen&station=euston`);
    expect(placeOf(ranked[0]!)).toBe("Kyoto Ramen House");
  });
});

describe("the place a search's words named (issue 31)", () => {
  async function page(path: string) {
    const res = await t.app.request(path);
    const body = (await res.json()) as { data: { items: Item[]; place: unknown } };
    expect(res.status).toBe(200);
    return body.data;
  }

  it("a search page says which place it read from the words and what it searched near it", async () => {
    for (const kind of ["dishes", "restaurants"]) {
      const station = await page(`/api/${kind}/search?keyword=${encodeURIComponent("ramen near Euston")}`);
      expect(station.place, kind).toEqual({ kind: "station", label: "Euston", keyword: "ramen" });
      const district = await page(`/api/${kind}/search?keyword=${encodeURIComponent("ramen NW1")}`);
      expect(district.place, kind).toEqual({ kind: "district", label: "NW1", keyword: "ramen" });
    }
  });

  it("no place in the words, or a place asked for by parameter: place is null", async () => {
    expect((await page(`/api/dishes/search?keyword=ramen`)).place).toBeNull();
    expect((await page(`/api/restaurants/search?keyword=ramen&station=euston`)).place).toBeNull();
    // An area at the end stays in the keyword (search matches areas by name): no place.
    expect((await page(`/api/restaurants/search?keyword=${encodeURIComponent("ramen in Soho")}`)).place).toBeNull();
  });
});
