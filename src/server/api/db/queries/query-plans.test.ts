// Every hot read must be an index seek: EXPLAIN QUERY PLAN may not show a full SCAN of a
// catalogue table (SCAN of the FTS virtual table, of a CTE/subquery result, or a SCAN that
// walks an index is fine).
import { sql, type SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCatalogueFixture, type CatalogueFixture } from "../../testing/fixture.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { probeQuery, qualityQuery, relevanceQuery } from "./catalogue-search-reads.ts";
import { dishByIdQuery } from "./dish-reads.ts";
import { offerIdQueries } from "./offer-reads.ts";
import { rankedIdQueries, type RankedKind } from "./ranked-reads.ts";
import { londonClock } from "../../../../domain/open-now.ts";
import type { ListFilter } from "./list-filters.ts";
import { restaurantByIdQuery } from "./restaurant-reads.ts";

let t: TestApp;
let f: CatalogueFixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await buildCatalogueFixture(t.db, t.clock.now());
});
afterAll(() => t.close());

async function plan(query: SQL): Promise<string[]> {
  const rows = await t.db.all<{ detail: string }>(sql`EXPLAIN QUERY PLAN ${query}`);
  return rows.map((row) => row.detail);
}

const CATALOGUE_TABLES = /^SCAN (dishes|restaurants|posts|offers|dish_tags|restaurant_tags|[a-z])\b/;

function fullScans(details: string[]): string[] {
  return details.filter((d) => CATALOGUE_TABLES.test(d) && !/USING (COVERING )?INDEX|VIRTUAL TABLE/.test(d));
}

const filteredSearch = (order: "top" | "trending") => ({
  match: '"ram"* place : "soho" tags : "ramen"',
  place: { kind: "area" as const, id: f.areaIds.Soho },
  tagId: f.tagIds.Ramen,
  order,
  limit: 10,
});

describe("hot queries are index seeks", () => {
  const kinds: RankedKind[] = ["dish", "restaurant"];
  const cases = (): [string, SQL][] => [
    ...kinds.flatMap((kind): [string, SQL][] => [
      [`top ${kind}`, rankedIdQueries.top(kind, 5)],
      [`top ${kind} in area`, rankedIdQueries.topInPlace(kind, { kind: "area", id: f.areaIds.Soho }, 6)],
      [
        `top ${kind} in region`,
        rankedIdQueries.topInPlace(kind, { kind: "region", id: f.regionIds.North }, 6),
      ],
      [`top ${kind} with tag`, rankedIdQueries.topWithTag(kind, f.tagIds.Ramen, 5)],
      [`trending ${kind}`, rankedIdQueries.trending(kind, 5)],
      [
        `trending ${kind} with tags`,
        rankedIdQueries.trendingWithAnyTag(kind, [f.tagIds.Ramen, f.tagIds.Vegan], 5),
      ],
      [`search ${kind}`, relevanceQuery(kind, { match: '"ram"*', order: "top", limit: 10 })],
      [`search ${kind} with place and tag`, relevanceQuery(kind, filteredSearch("trending"))],
      [`search ${kind} few matches by quality`, qualityQuery(kind, filteredSearch("top"), false)],
      [`search ${kind} many matches by quality`, qualityQuery(kind, filteredSearch("top"), true)],
      [
        `search ${kind} many matches by trend`,
        qualityQuery(kind, { match: '"ram"*', order: "trending", limit: 10 }, true),
      ],
    ]),
    ["dishes of a restaurant", rankedIdQueries.dishesOfRestaurant(f.restaurantIds["Kyoto Ramen House"]!, 2)],
    ["offers of a restaurant", offerIdQueries.ofRestaurant(f.restaurantIds["Kyoto Ramen House"]!, 3)],
    ["offers with a tag", offerIdQueries.withTag(f.tagIds.Coffee, 6)],
    ["random offer probe", offerIdQueries.atOrAfter(2)],
  ];

  it("never fully scans dishes, restaurants, offers, their tag joins or posts", async () => {
    for (const [name, query] of cases()) {
      const details = await plan(query);
      expect(fullScans(details), `${name}: ${details.join(" | ")}`).toEqual([]);
    }
  });

  it("drives search from the FTS hits and looks each item up by primary key", async () => {
    for (const [name, query] of cases().filter(([n]) => n.startsWith("search") && !n.includes("many"))) {
      const details = await plan(query);
      expect(
        details.some((d) => /VIRTUAL TABLE/.test(d)),
        name,
      ).toBe(true);
      expect(details, name).toContain("SEARCH i USING INTEGER PRIMARY KEY (rowid=?)");
    }
  });

  it("with many matches walks the quality index and probes the match set", async () => {
    for (const [name, query] of cases().filter(([n]) => n.includes("many matches"))) {
      const details = await plan(query);
      expect(details[0], name).toMatch(/^SEARCH i USING (COVERING )?INDEX \w+_(bayes|trending)_idx/);
      expect(
        details.some((d) => /VIRTUAL TABLE/.test(d)),
        name,
      ).toBe(true);
      expect(
        details.filter((d) => d.includes("TEMP B-TREE")),
        name,
      ).toEqual([]);
    }
  });

  it("with many matches first probes the best items, read from a quality index", async () => {
    for (const kind of kinds) {
      for (const [name, spec] of [
        ["top", { match: '"ram"*', order: "top", limit: 10 }],
        ["trending", { match: '"ram"*', order: "trending", limit: 10 }],
      ] as const) {
        const details = await plan(probeQuery(kind, spec));
        expect(details.join(" | "), `${kind} ${name}`).toMatch(
          /SEARCH i USING (COVERING )?INDEX \w+_(bayes|trending)_idx/,
        );
        expect(fullScans(details), `${kind} ${name}`).toEqual([]);
        // The FTS table is only ever probed by rowid here.
        expect(
          details.some((d) => /VIRTUAL TABLE INDEX 0:=/.test(d)),
          `${kind} ${name}`,
        ).toBe(true);
      }
    }
  });

  // Issue 21: an item awaiting approval, merged or removed ranks nowhere. The check is made on
  // the rows the ranking walk reaches (by primary key for a tag row), so each list is still
  // one walk of its ranking index that stops at LIMIT.
  it("walks the ranking index and checks each row it reaches for being listed", async () => {
    const ranked = cases().filter(([n]) => /^(top|trending)/.test(n) || n === "dishes of a restaurant");
    expect(ranked.length).toBe(13);
    for (const [name, query] of ranked) {
      const details = await plan(query);
      expect(new SQLiteAsyncDialect().sqlToQuery(query).sql, name).toContain(
        "listing_state = 'approved' AND i.removed_at IS NULL",
      );
      expect(details.join(" | "), name).toMatch(
        /SEARCH [ij] USING INDEX \w+_(bayes|trending)_idx \((tag_id|area_id|region_id|restaurant_id)?/,
      );
      if (name.includes("tag"))
        expect(details, name).toContain("SEARCH i USING INTEGER PRIMARY KEY (rowid=?)");
      expect(fullScans(details), name).toEqual([]);
    }
  });

  it("reads top and trending lists in index order, without sorting", async () => {
    for (const [name, query] of cases().filter(([n]) => /^(top|trending \w+$)/.test(n))) {
      const details = await plan(query);
      expect(
        details.filter((d) => d.includes("TEMP B-TREE")),
        name,
      ).toEqual([]);
    }
  });
});

// Issue 24: price, open now and diet are checked on each row the walk reaches (a restaurant's
// median dish price by its dishes' restaurant index, its hours from its own row), so a filtered
// list is still one walk of its ranking index in order.
describe("filtered lists", () => {
  it("keep their ranking index walk, without sorting the list", async () => {
    const filter: ListFilter = { price: 2, openAt: londonClock(Date.UTC(2026, 10, 25, 12)), diet: "vegan" };
    for (const kind of ["dish", "restaurant"] as const) {
      const cases: [string, SQL][] = [
        ["top", rankedIdQueries.top(kind, 5, filter)],
        ["top in area", rankedIdQueries.topInPlace(kind, { kind: "area", id: f.areaIds.Soho }, 6, filter)],
        ["top with tag", rankedIdQueries.topWithTag(kind, f.tagIds.Ramen, 5, filter)],
        ["trending", rankedIdQueries.trending(kind, 5, filter)],
      ];
      for (const [name, query] of cases) {
        const rows = await t.db.all<{ parent: number; detail: string }>(sql`EXPLAIN QUERY PLAN ${query}`);
        const details = rows.map((r) => r.detail);
        const label = `${kind} ${name}: ${details.join(" | ")}`;
        expect(details[0], label).toMatch(/^SEARCH [ij] USING INDEX \w+_(bayes|trending)_idx/);
        expect(
          rows.filter((r) => r.parent === 0 && r.detail.includes("TEMP B-TREE")),
          label,
        ).toEqual([]);
        expect(fullScans(details), label).toEqual([]);
        if (kind === "restaurant")
          expect(details, label).toContain(
            "SEARCH d USING INDEX dishes_restaurant_bayes_idx (restaurant_id=?)",
          );
      }
    }
  });

  it("leave search driven by its matches, each item read by primary key", async () => {
    const facts: ListFilter = { price: 2, openAt: londonClock(Date.UTC(2026, 10, 25, 12)) };
    for (const kind of ["dish", "restaurant"] as const) {
      const spec = { ...filteredSearch("top"), facts };
      for (const [name, query] of [
        ["relevance", relevanceQuery(kind, spec)],
        ["few by quality", qualityQuery(kind, spec, false)],
        ["many by quality", qualityQuery(kind, spec, true)],
      ] as const) {
        const details = await plan(query);
        expect(fullScans(details), `${kind} ${name}: ${details.join(" | ")}`).toEqual([]);
      }
    }
  });
});

describe("pages by id", () => {
  it("are primary-key and index seeks only, with no sort", async () => {
    const cases: [string, SQL][] = [
      ["dish by id", dishByIdQuery(t.db, f.dishIds["Tonkotsu Ramen"]!).getSQL()],
      ["restaurant by id", restaurantByIdQuery(t.db, f.restaurantIds["Kyoto Ramen House"]!).getSQL()],
    ];
    for (const [name, query] of cases) {
      const details = await plan(query);
      const seeks = details.filter((d) => !/^CORRELATED SCALAR SUBQUERY/.test(d));
      expect(seeks.length, name).toBeGreaterThan(0);
      for (const detail of seeks) {
        expect(detail, name).toMatch(
          /^SEARCH \w+ USING (INTEGER PRIMARY KEY \(rowid=\?\)|(COVERING )?INDEX \w+ \(\w+=\?\))/,
        );
      }
    }
  });
});
