// The many-matches plan (quality index walk) is what a very common word gets at scale; the
// fixture is small, so these tests lower the threshold to reach it.
import { sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCatalogueFixture, type CatalogueFixture } from "../../testing/fixture.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { idRow, rawRows, sqlInteger } from "../raw-rows.ts";
import * as z from "../../../../shared/schemas/zod.ts";
import {
  cappedRelevanceQuery,
  matchCountQuery,
  relevanceQuery,
  searchIds,
  type SearchRequest,
  type SearchSpec,
} from "./catalogue-search-reads.ts";
import { buildMatch } from "./fts-match.ts";
import { dishesByIds } from "./dish-reads.ts";

let t: TestApp;
let f: CatalogueFixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await buildCatalogueFixture(t.db, t.clock.now());
});
afterAll(() => t.close());

// probeMinMatches 0: the best items are probed first whenever the share of matches allows.
const MANY = { bm25MaxMatches: 2, probeMinMatches: 0 };
const MANY_WITHOUT_PROBES = { bm25MaxMatches: 2, probeMinMatches: 1_000_000 };
const names = async (ids: number[]) => (await dishesByIds(t.db, ids)).map((d) => d.dishName);
const request = (over: Partial<SearchRequest>): SearchRequest => ({
  keyword: "ramen",
  order: "top",
  limit: 10,
  ...over,
});

describe("search when a word matches very many rows", () => {
  it("lists items named for the words first, best-rated first, then the other matches", async () => {
    const found = await names(await searchIds(t.db, "dish", request({}), MANY));
    expect(found.slice(0, 4)).toEqual(["Tonkotsu Ramen", "Spicy Miso Ramen", "Vegan Ramen", "Shoyu Ramen"]);
    // Kyoto Ramen House's other dishes match through the restaurant's name only.
    expect(found.slice(4).sort()).toEqual(["Edamame", "Matcha Ice Cream", "Pork Gyoza"]);
  });

  it("orders by trending key for the trending searches", async () => {
    const found = await names(await searchIds(t.db, "dish", request({ order: "trending" }), MANY));
    expect(found.slice(0, 3)).toEqual(["Vegan Ramen", "Spicy Miso Ramen", "Tonkotsu Ramen"]);
  });

  it("keeps the place and tag filters and the limit", async () => {
    // Two matches each: a threshold of one sends both through the quality-index plan.
    const camden = await names(
      await searchIds(t.db, "dish", request({ location: "Camden" }), { bm25MaxMatches: 1 }),
    );
    expect(camden).toEqual(["Spicy Miso Ramen", "Shoyu Ramen"]);
    const vegan = await names(
      await searchIds(t.db, "dish", request({ tagName: "Vegan" }), { bm25MaxMatches: 1 }),
    );
    expect(vegan).toEqual(["Vegan Ramen", "Edamame"]);
    expect(await searchIds(t.db, "dish", request({ limit: 2 }), MANY)).toHaveLength(2);
  });

  it("never builds a MATCH that FTS rejects, whatever was typed", async () => {
    for (const keyword of [
      '"',
      "NEAR(",
      "') OR 1=1 --",
      "a:b",
      "{dish_name}: x",
      "ramen AND",
      "🍜 ramen",
      "שקשוקה",
    ]) {
      for (const kind of ["dish", "restaurant"] as const) {
        for (const filters of [{}, { location: "Central", tagName: "Ramen" }]) {
          await expect(
            searchIds(t.db, kind, request({ keyword, ...filters }), { bm25MaxMatches: 0 }),
          ).resolves.toBeInstanceOf(Array);
        }
      }
    }
  });

  it("answers the same, in the same order, whether or not it probes the best items first", async () => {
    for (const keyword of ["ramen", "e", "a", "burger"]) {
      for (const kind of ["dish", "restaurant"] as const) {
        for (const order of ["top", "trending"] as const) {
          for (const limit of [1, 3, 100]) {
            const all = request({ keyword, order, limit });
            expect(await searchIds(t.db, kind, all, MANY), `${kind} ${keyword} ${order} ${limit}`).toEqual(
              await searchIds(t.db, kind, all, MANY_WITHOUT_PROBES),
            );
          }
        }
      }
    }
  });

  it("finds the same items as the relevance plan", async () => {
    for (const keyword of ["ramen", "burger", "coffee", "pizza italian", "e"]) {
      for (const kind of ["dish", "restaurant"] as const) {
        const all = request({ keyword, limit: 100 });
        const few = await searchIds(t.db, kind, all);
        const many = await searchIds(t.db, kind, all, MANY);
        expect(new Set(many), `${kind} ${keyword}`).toEqual(new Set(few));
      }
    }
    expect(f.dishIds["Tonkotsu Ramen"]).toBeGreaterThan(0);
  });
});

describe("the name indexes in quality order", () => {
  it("answer top searches as the plans without them do, filters and facts included", async () => {
    for (const keyword of ["ramen", "ra", "e", "burger", "pizza italian", "kyoto", "spicy ram"]) {
      for (const kind of ["dish", "restaurant"] as const) {
        for (const filters of [{}, { location: "Camden" }, { tagName: "Vegan" }, { location: "Central" }]) {
          for (const limit of [1, 3, 100]) {
            const all = request({ keyword, limit, ...filters });
            expect(
              await searchIds(t.db, kind, all),
              `${kind} ${keyword} ${JSON.stringify(filters)} ${limit}`,
            ).toEqual(await searchIds(t.db, kind, all, { unranked: true }));
          }
        }
      }
    }
    const vegan = request({ keyword: "ra", facts: { diet: "vegan" } });
    expect(await searchIds(t.db, "dish", vegan)).toEqual(
      await searchIds(t.db, "dish", vegan, { unranked: true }),
    );
  });

  it("follow a review's change of score, a rename and a removal", async () => {
    const before = await names(await searchIds(t.db, "dish", request({ keyword: "ramen", limit: 4 })));
    expect(before[0]).toBe("Tonkotsu Ramen");
    await t.db.run(sql`UPDATE dishes SET bayes_score = 4.99 WHERE id = ${f.dishIds["Shoyu Ramen"]!}`);
    await t.db.run(
      sql`UPDATE dishes SET dish_name = 'Tonkotsu Noodles' WHERE id = ${f.dishIds["Tonkotsu Ramen"]!}`,
    );
    const after = await names(await searchIds(t.db, "dish", request({ keyword: "ramen", limit: 4 })));
    // The renamed dish still matches through its restaurant, Kyoto Ramen House: after the bowls.
    expect(after.slice(0, 3)).toEqual(["Shoyu Ramen", "Spicy Miso Ramen", "Vegan Ramen"]);
    expect(after[3]).not.toBe("Shoyu Ramen");
    expect(await names(await searchIds(t.db, "dish", request({ keyword: "tonkotsu noo" })))).toEqual([
      "Tonkotsu Noodles",
    ]);
    expect(await searchIds(t.db, "dish", request({ keyword: "ramen", limit: 100 }))).toEqual(
      await searchIds(t.db, "dish", request({ keyword: "ramen", limit: 100 }), { unranked: true }),
    );
  });
});

describe("the tag tier", () => {
  it("lists dishes carrying a tag named like the words after the name matches, best first", async () => {
    const found = await dishesByIds(
      t.db,
      await searchIds(t.db, "dish", request({ keyword: "ital", limit: 100 })),
    );
    const tagged = found.filter((d) => d.tags.includes("Italian"));
    expect(tagged.length).toBeGreaterThan(0);
    // Every dish tagged Italian comes before any dish that matches only another way.
    expect(found.slice(0, tagged.length)).toEqual(tagged);
  });
});

describe("the relevance plan with its match count in one statement", () => {
  const count = z.object({ n: sqlInteger });
  const specs: SearchSpec[] = ["ramen", "ram", "gyoza", "noodle", "kyoto", "pie"].flatMap((keyword) =>
    (["top", "trending"] as const).map((order) => ({ match: buildMatch({ keyword })!, order, limit: 5 })),
  );
  const ids = async (query: SQL) => (await rawRows(t.db, idRow, query)).map((row) => row.id);
  const matches = async (spec: SearchSpec) =>
    (await rawRows(t.db, count, matchCountQuery("dish", spec.match, 1_000)))[0]!.n;

  it("answers relevanceQuery's ids in its order below the cap, and nothing at it", async () => {
    let listed = 0;
    for (const spec of specs) {
      const n = await matches(spec);
      const expected = await ids(relevanceQuery("dish", spec));
      expect(await ids(cappedRelevanceQuery("dish", spec, n + 1))).toEqual(expected);
      if (n > 0) expect(await ids(cappedRelevanceQuery("dish", spec, n))).toEqual([]);
      listed += expected.length;
    }
    expect(listed).toBeGreaterThan(20);
  });
});
