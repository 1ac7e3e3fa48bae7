// "Paid never ranks" (issue 15): what a restaurant pays for, today its special offers, must
// never move anything in a top or trending list, nor in search. The lists are read through
// the API before and after the paid data is changed, and must be identical. Restaurants
// have no advertising or sponsored data in the schema yet: when a sponsored slot, credits
// or anything else paid arrives, add its toggle to PAID_DATA_CHANGES.
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { offers } from "./db/schema.ts";
import { insertOffers } from "./db/queries/catalogue-writes.ts";
import {
  FIXTURE_AREAS,
  FIXTURE_REGIONS,
  FIXTURE_TAGS,
  getJson,
  useCatalogueTestApp,
} from "./testing/fixture.ts";
import { everyRequestItsOwnClient } from "./testing/accounts.ts";

const { t, f } = useCatalogueTestApp({}, async (t) => {
  // Hundreds of searches here test what they answer, not the per-client search limit.
  everyRequestItsOwnClient(t);
});

const q = encodeURIComponent;
const tags = Object.keys(FIXTURE_TAGS);
const places = [...Object.keys(FIXTURE_AREAS), ...FIXTURE_REGIONS];
const keywords = ["ramen", "pizza", "burger", "coffee", "vegan"];

/** Every ranked list the API serves, by path. */
const RANKED_LISTS: string[] = (["dishes", "restaurants"] as const).flatMap((kind) => [
  `/api/${kind}/top?topNum=100`,
  `/api/${kind}/trending?topNum=100`,
  `/api/${kind}/trendingbytag?tags=${q(tags.join(","))}&topNum=100`,
  ...tags.flatMap((tag) => [
    `/api/${kind}/top/filter?tagName=${q(tag)}&topNum=100`,
    `/api/${kind}/trending?tagName=${q(tag)}&topNum=100`,
  ]),
  ...places.map((place) => `/api/${kind}/top/location?location=${q(place)}&topNum=100`),
  ...keywords.flatMap((keyword) => [
    `/api/${kind}/${kind === "dishes" ? "searchByKeywordLocationTop" : "searchTop"}?keyword=${keyword}&topNum=100`,
    `/api/${kind}/searchTrending?keyword=${keyword}&topNum=100`,
  ]),
]);

/** Each list as its ids in order, read fresh (the response cache is emptied first). */
async function rankedLists(): Promise<Record<string, number[]>> {
  t.deps.cache.clear();
  const lists: Record<string, number[]> = {};
  for (const path of RANKED_LISTS) {
    const res = await getJson<{ id: number }[]>(t.app, path);
    expect(res.status, path).toBe(200);
    lists[path] = res.body.data.map((item) => item.id);
  }
  return lists;
}

const offerCount = async (restaurantName: string) => {
  t.deps.cache.clear();
  const res = await getJson<unknown[]>(t.app, `/api/offers/restaurant/${f.restaurantIds[restaurantName]}`);
  expect(res.status).toBe(200);
  return res.body.data.length;
};

/** Generous offers whose titles carry the words people search for. */
const lavishOffers = (restaurantName: string) =>
  keywords.map((keyword, i) => ({
    restaurantId: f.restaurantIds[restaurantName]!,
    title: `Free ${keyword} for everyone ${i + 1}`,
    image: null,
    description: `The best ${keyword} in London, ${tags.join(", ")}.`,
    originalPriceMinor: 10_000,
    discountedPriceMinor: 100,
    termsAndConditions: "Purchaser must be 18 or over.",
  }));

/** Changes to paid data, each made on top of the ones before. */
const PAID_DATA_CHANGES: { name: string; apply: () => Promise<void> }[] = [
  {
    name: "the top restaurant's offers withdrawn",
    apply: async () => {
      await t.db.delete(offers).where(eq(offers.restaurantId, f.restaurantIds["Kyoto Ramen House"]!));
    },
  },
  {
    name: "lavish offers for restaurants at the bottom of the lists and with no reviews",
    apply: async () => {
      await insertOffers(t.db, [
        ...lavishOffers("Green Leaf Kitchen"),
        ...lavishOffers("Grill Republic"),
        ...lavishOffers("Brick Lane Roasters"),
      ]);
    },
  },
  {
    name: "every offer withdrawn",
    apply: async () => {
      await t.db.delete(offers).where(inArray(offers.restaurantId, Object.values(f.restaurantIds)));
    },
  },
];

describe("paid never ranks (issue 15)", () => {
  it("reads a non-trivial set of ranked lists", async () => {
    const lists = await rankedLists();
    expect(Object.keys(lists).length).toBe(RANKED_LISTS.length);
    // The fixture's offers belong to restaurants at every height of the lists.
    expect(lists["/api/restaurants/top?topNum=100"]!.slice(0, 2)).toEqual([
      f.restaurantIds["Trattoria Roma"],
      f.restaurantIds["Kyoto Ramen House"],
    ]);
    expect(await offerCount("Kyoto Ramen House")).toBe(2);
  });

  it("leaves every top, trending and search list unchanged whatever happens to offers", async () => {
    const before = await rankedLists();
    for (const change of PAID_DATA_CHANGES) {
      await change.apply();
      expect(await rankedLists(), change.name).toEqual(before);
    }
    // The changes did happen: the lists held still in spite of them.
    expect(await offerCount("Kyoto Ramen House")).toBe(0);
    expect(await offerCount("Green Leaf Kitchen")).toBe(0);
  });

  it("keeps each restaurant's own place after lavish offers (checked separately, not only as whole lists)", async () => {
    const path = "/api/restaurants/top?topNum=100";
    const rankOf = async (name: string) => {
      t.deps.cache.clear();
      const ids = (await getJson<{ id: number }[]>(t.app, path)).body.data.map((r) => r.id);
      return ids.indexOf(f.restaurantIds[name]!) + 1;
    };
    const before = await rankOf("Green Leaf Kitchen");
    expect(before).toBeGreaterThan(1);
    await insertOffers(t.db, lavishOffers("Green Leaf Kitchen"));
    expect(await offerCount("Green Leaf Kitchen")).toBeGreaterThan(0);
    expect(await rankOf("Green Leaf Kitchen")).toBe(before);
    // A restaurant nobody has reviewed stays out of the list, offers or not.
    await insertOffers(t.db, lavishOffers("Grill Republic"));
    expect(await rankOf("Grill Republic")).toBe(0);
  });
});
