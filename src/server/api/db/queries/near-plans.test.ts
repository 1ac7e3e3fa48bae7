// Issue 31: every near read starts from the R*Tree and reaches rows by key, never a full scan
// of a catalogue table, with or without a keyword, a tag, a place and the list filters.
import { sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { londonClock } from "../../../../domain/open-now.ts";
import { buildCatalogueFixture, type CatalogueFixture } from "../../testing/fixture.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import {
  nearQuery,
  positionQuery,
  ringEdgeQuery,
  ringQuery,
  walkQuery,
  type NearSpec,
} from "./near-reads.ts";
import type { RankedKind } from "./ranked-reads.ts";

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

const CATALOGUE_TABLES = /^SCAN (dishes|restaurants|dish_tags|restaurant_tags|i|pr)\b/;

const angel = { lat: 51.5318, lng: -0.1059 };
const base: NearSpec = { center: angel, radiusMeters: 2_000, order: "distance", limit: 10, listedOnly: true };

describe("near reads are R*Tree and key lookups", () => {
  const kinds: RankedKind[] = ["dish", "restaurant"];
  const specs = (): [string, NearSpec][] => [
    ["by distance", base],
    ["best first, 10 km", { ...base, order: "top", radiusMeters: 10_000 }],
    ["trending, keyword", { ...base, order: "trending", keyword: "ramen", listedOnly: false }],
    [
      "tag, area, price and open now",
      {
        ...base,
        tagId: f.tagIds.Vegan,
        place: { kind: "area", id: f.areaIds.Islington },
        facts: { price: 2, openAt: londonClock(t.clock.now()) },
      },
    ],
  ];
  for (const kind of kinds) {
    it(`${kind}s`, async () => {
      for (const [name, spec] of specs()) {
        const details = await plan(nearQuery(kind, spec)!);
        expect(
          details.some((d) => /^SCAN p VIRTUAL TABLE INDEX/.test(d)),
          `${kind} ${name}: ${details.join(" | ")}`,
        ).toBe(true);
        const scans = details.filter(
          (d) => CATALOGUE_TABLES.test(d) && !/USING (COVERING )?INDEX|VIRTUAL TABLE/.test(d),
        );
        expect(scans, `${kind} ${name}: ${details.join(" | ")}`).toEqual([]);
      }
    });
  }

  // The planned reads (near-reads.ts's nearIds): rings by distance from the R*Tree, and the
  // quality walks down an index (the items' own, or a tag's), each row's position by key.
  for (const kind of kinds) {
    it(`${kind}s: the rings and the walks read indexes only`, async () => {
      const filtered = specs()[3]![1];
      const statements: [string, SQL][] = [
        ["ring", ringQuery(kind, { ...filtered, order: "distance" }, { inner: 200, outer: 400 })],
        ["ring edge", ringEdgeQuery(filtered, { inner: 200, outer: 400 }, 64)],
        ["walk", walkQuery(kind, { ...base, order: "top", facts: filtered.facts }, 3)],
        ["tag walk", walkQuery(kind, { ...filtered, order: "trending" }, null)],
      ];
      for (const [name, statement] of statements) {
        const details = await plan(statement);
        const scans = details.filter(
          (d) => CATALOGUE_TABLES.test(d) && !/USING (COVERING )?INDEX|VIRTUAL TABLE/.test(d),
        );
        expect(scans, `${kind} ${name}: ${details.join(" | ")}`).toEqual([]);
        expect(
          details.some((d) => /INDEX|VIRTUAL TABLE/.test(d)),
          `${kind} ${name}: ${details.join(" | ")}`,
        ).toBe(true);
      }
    });
  }

  it("an item's position is a key lookup", async () => {
    for (const kind of kinds) {
      const details = await plan(positionQuery(kind, 1));
      expect(
        details.every((d) => /SEARCH .* USING (INTEGER PRIMARY KEY|INDEX)/.test(d)),
        details.join(" | "),
      ).toBe(true);
    }
  });
});
