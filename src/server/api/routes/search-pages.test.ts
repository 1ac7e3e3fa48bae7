// Search pages on (issue 30): GET /dishes/search and /restaurants/search over the London seed at
// scale 1 (118 dishes and 39 restaurants match "pizza"). Pages neither repeat nor skip: their
// union is the search's whole ordered list (searchIds read to the cap in one go); the first
// page counts the list; filters hold on every page; a cursor that is not the previous page's
// answers 400 and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVALID_CURSOR_MESSAGE } from "../../../domain/keyset-cursor.ts";
import { MAX_SEARCH_RESULTS, type MatchCount } from "../../../domain/search-pages.ts";
import { londonClock } from "../../../domain/open-now.ts";
import { searchIds, type SearchRequest } from "../db/queries/catalogue-search-reads.ts";
import { everyRequestItsOwnClient } from "../testing/accounts.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedScale: 1 });
  everyRequestItsOwnClient(t);
}, 120_000);
afterAll(() => t?.close());

type Kind = "dish" | "restaurant";
const PATH = { dish: "/api/dishes/search", restaurant: "/api/restaurants/search" } as const;

interface Item {
  id: number;
  price?: number | null;
  priceRange?: string;
  distanceMeters?: number;
}
interface Page {
  items: Item[];
  matches: MatchCount | null;
  nextCursor: string | null;
}

async function get(path: string) {
  const res = await t.app.request(path);
  return { status: res.status, body: (await res.json()) as { code: number; message: string; data: unknown } };
}

async function page(kind: Kind, params: Record<string, string>): Promise<Page> {
  const { status, body } = await get(`${PATH[kind]}?${new URLSearchParams(params)}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data as Page;
}

/** Every page from the first, following nextCursor: the ids in order, and the first page's count. */
async function walk(kind: Kind, params: Record<string, string>) {
  const first = await page(kind, params);
  const ids = first.items.map((item) => item.id);
  const items = [...first.items];
  let cursor = first.nextCursor;
  let pages = 1;
  while (cursor) {
    const next = await page(kind, { ...params, cursor });
    expect(next.matches).toBeNull();
    expect(next.items.length).toBeGreaterThan(0);
    ids.push(...next.items.map((item) => item.id));
    items.push(...next.items);
    cursor = next.nextCursor;
    pages++;
  }
  return { ids, items, matches: first.matches!, pages };
}

const everything = (kind: Kind, request: Omit<SearchRequest, "order" | "limit">) =>
  searchIds(t.db, kind, { ...request, order: "top", limit: MAX_SEARCH_RESULTS });

describe("search pages on", () => {
  it("pizza: 12 pages of dishes and 4 of restaurants, neither repeating nor skipping, counted on the first", async () => {
    const dishes = await walk("dish", { keyword: "pizza" });
    expect(new Set(dishes.ids).size).toBe(dishes.ids.length);
    expect(dishes.ids).toEqual(await everything("dish", { keyword: "pizza" }));
    expect(dishes.ids.length).toBeGreaterThan(100);
    expect(dishes.matches).toEqual({ count: dishes.ids.length, capped: false });
    expect(dishes.pages).toBe(Math.ceil(dishes.ids.length / 10));

    const restaurants = await walk("restaurant", { keyword: "pizza" });
    expect(restaurants.ids).toEqual(await everything("restaurant", { keyword: "pizza" }));
    expect(restaurants.matches).toEqual({ count: 39, capped: false });
    expect(restaurants.pages).toBe(4);
  });

  it("the first page is the list the old search answered, and any page size walks the same list", async () => {
    const first = await page("dish", { keyword: "ramen" });
    const old = await get("/api/dishes/searchByKeywordLocationTop?keyword=ramen");
    expect(first.items.map((d) => d.id)).toEqual((old.body.data as Item[]).map((d) => d.id));
    // "ramen" lists name matches, then dishes of restaurants named so: tiers across pages.
    const byTen = await walk("dish", { keyword: "ramen" });
    const bySeven = await walk("dish", { keyword: "ramen", topNum: "7" });
    const byHundred = await walk("dish", { keyword: "ramen", topNum: "100" });
    expect(bySeven.ids).toEqual(byTen.ids);
    expect(byHundred.ids).toEqual(byTen.ids);
    expect(byHundred.pages).toBe(2);
    expect(byTen.ids).toEqual(await everything("dish", { keyword: "ramen" }));
    expect(byTen.matches.count).toBe(byTen.ids.length);
  });

  it("stops at 200 and says 200+ when more match (bm25 plan and quality-index plan alike)", async () => {
    // 239 dishes match "burger" (scored with bm25), 505 "chicken" (too many: the quality walk).
    for (const keyword of ["burger", "chicken"]) {
      const all = await walk("dish", { keyword, topNum: "50" });
      expect(all.matches).toEqual({ count: MAX_SEARCH_RESULTS, capped: true });
      expect(all.ids).toHaveLength(MAX_SEARCH_RESULTS);
      expect(new Set(all.ids).size).toBe(MAX_SEARCH_RESULTS);
      expect(all.ids).toEqual(await everything("dish", { keyword }));
    }
  });

  it("keeps price, open now and place on every page, and counts what they leave", async () => {
    const openNow = { openAt: londonClock(t.clock.now()) };
    const cases: {
      kind: Kind;
      params: Record<string, string>;
      request: Omit<SearchRequest, "order" | "limit">;
    }[] = [
      {
        kind: "dish",
        params: { keyword: "chicken", price: "2" },
        request: { keyword: "chicken", facts: { price: 2 } },
      },
      {
        kind: "dish",
        params: { keyword: "curry", openNow: "true" },
        request: { keyword: "curry", facts: openNow },
      },
      {
        kind: "restaurant",
        params: { keyword: "chicken", location: "North London" },
        request: { keyword: "chicken", location: "North London" },
      },
    ];
    for (const { kind, params, request } of cases) {
      const all = await walk(kind, params);
      const expected = await everything(kind, request);
      expect(all.ids.length, JSON.stringify(params)).toBeGreaterThan(10);
      expect(all.ids).toEqual(expected);
      expect(all.matches).toEqual({ count: expected.length, capped: expected.length === MAX_SEARCH_RESULTS });
    }
    const cheap = await walk("dish", { keyword: "chicken", price: "2" });
    expect(cheap.items.every((d) => d.price! >= 10 && d.price! < 20)).toBe(true);
  });

  it("near a station, pages carry distances and walk the circle once", async () => {
    const near = await walk("dish", { keyword: "chicken", district: "N1", radiusKm: "5" });
    expect(near.ids.length).toBeGreaterThan(10);
    expect(new Set(near.ids).size).toBe(near.ids.length);
    expect(near.matches.count).toBe(near.ids.length);
    expect(near.items.every((d) => typeof d.distanceMeters === "number" && d.distanceMeters <= 5_000)).toBe(
      true,
    );
  });

  it("a forged, edited or other list's cursor answers 400 on the cursor field, and the next page is unchanged", async () => {
    const first = await page("dish", { keyword: "pizza" });
    const second = await page("dish", { keyword: "pizza", cursor: first.nextCursor! });
    const restaurantCursor = (await page("restaurant", { keyword: "pizza" })).nextCursor!;
    // The schema's check words the field without its name, the codec's with it (as the feed's).
    const refused = {
      code: 400,
      message: INVALID_CURSOR_MESSAGE,
      data: { fields: { cursor: expect.stringMatching(/must be a cursor from a previous page$/) } },
    };
    for (const cursor of [
      "nonsense",
      restaurantCursor,
      first.nextCursor!.replace(/^searchdish_a/, "searchdish_5k"), // shown 200: past the list's end
      "searchdish_0_1",
      "searchdish_a",
      "searchdish_a_1_1",
      "searchdish_0a_1",
      "x".repeat(65),
      "searchdish_a_1'--",
    ]) {
      const answer = await get(`${PATH.dish}?${new URLSearchParams({ keyword: "pizza", cursor })}`);
      expect(answer, cursor).toEqual({ status: 400, body: refused });
    }
    expect(await page("dish", { keyword: "pizza", cursor: first.nextCursor! })).toEqual(second);
  });
});
