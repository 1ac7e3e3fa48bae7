import { describe, expect, it } from "vitest";
import type { OfferItem } from "../../../shared/schemas/catalogue-items.ts";
import { getJson, useCatalogueTestApp } from "../testing/fixture.ts";

const { t, f } = useCatalogueTestApp();

const list = async (path: string) => {
  const res = await getJson<OfferItem[]>(t.app, path);
  expect(res.status, path).toBe(200);
  return res.body.data;
};
const titles = (items: OfferItem[]) => items.map((o) => o.title);

describe("GET /api/offers/{id}", () => {
  it("answers the contract's Offer shape with prices in pounds and the restaurant's rating", async () => {
    const res = await getJson<OfferItem>(t.app, `/api/offers/${f.offerIds["Ramen and Gyoza for Two"]}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: f.offerIds["Ramen and Gyoza for Two"],
      restaurantId: f.restaurantIds["Kyoto Ramen House"],
      title: "Ramen and Gyoza for Two",
      image: "offer-1.webp",
      imageUrl: "offer-1.webp",
      restaurantName: "Kyoto Ramen House",
      location: { region: "Central", area: "Soho", regionId: f.regionIds.Central, areaId: f.areaIds.Soho },
      rating: 4.5,
      description: "Ramen and Gyoza for Two at Kyoto Ramen House.",
      originalPrice: 40,
      discountedPrice: 28,
      currency: "GBP",
      termsAndConditions: "Purchaser must be 18 or over.",
      available: "Monday to Friday",
      booking: "Book 24 hours ahead.",
    });
  });

  it("answers 404 for a missing id and 400 for a malformed one", async () => {
    expect((await getJson(t.app, "/api/offers/999")).status).toBe(404);
    const res = await getJson(t.app, "/api/offers/1.5");
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Invalid id: /);
  });
});

describe("GET /api/offers/restaurant/{id}", () => {
  it("lists the offers of the restaurant whose id is given", async () => {
    const kyoto = f.restaurantIds["Kyoto Ramen House"]!;
    const offers = await list(`/api/offers/restaurant/${kyoto}`);
    expect(titles(offers)).toEqual(["Ramen and Gyoza for Two", "Kyoto Lunch Bowl"]);
    expect(offers.every((o) => o.restaurantId === kyoto)).toBe(true);
    expect(titles(await list(`/api/offers/restaurant/${f.restaurantIds["Bella Napoli"]}`))).toEqual([
      "Pizza Night",
    ]);
    expect(await list(`/api/offers/restaurant/${kyoto}?topNum=1`)).toHaveLength(1);
    expect(await list(`/api/offers/restaurant/${f.restaurantIds["Grill Republic"]}`)).toEqual([]);
  });

  it("answers 404 for a restaurant that does not exist and 400 for bad input", async () => {
    expect((await getJson(t.app, "/api/offers/restaurant/9999")).body.message).toBe("Resource not found");
    expect((await getJson(t.app, "/api/offers/restaurant/abc")).body.message).toMatch(/^Invalid id: /);
    expect((await getJson(t.app, "/api/offers/restaurant/1?topNum=0")).body.message).toMatch(
      /^Invalid topNum: /,
    );
  });
});

describe("GET /api/offers/randomGet", () => {
  it("answers three distinct offers by default, uncached, and varies between calls", async () => {
    const firsts = new Set<number>();
    for (let i = 0; i < 25; i++) {
      const res = await getJson<OfferItem[]>(t.app, "/api/offers/randomGet");
      expect(res.headers.get("cache-control")).toBe("no-store");
      const ids = res.body.data.map((o) => o.id);
      expect(ids).toHaveLength(3);
      expect(new Set(ids).size).toBe(3);
      firsts.add(ids[0]!);
    }
    expect(firsts.size).toBeGreaterThan(1);
  });

  it("never answers more offers than exist", async () => {
    const all = await list("/api/offers/randomGet?topNum=50");
    expect(new Set(all.map((o) => o.id))).toEqual(new Set(Object.values(f.offerIds)));
  });
});

describe("GET /api/offers/filter", () => {
  it("lists offers of restaurants carrying the tag, rated or not", async () => {
    expect(titles(await list("/api/offers/filter?tagName=Japanese"))).toEqual([
      "Ramen and Gyoza for Two",
      "Kyoto Lunch Bowl",
    ]);
    expect(titles(await list("/api/offers/filter?tagName=coffee"))).toEqual(["Coffee Card"]);
    expect(await list("/api/offers/filter?tagName=Nope")).toEqual([]);
    expect((await getJson(t.app, "/api/offers/filter")).status).toBe(400);
  });
});
