// Issue 31, docs/perf/near.md: best first and trending over a wide circle walk the quality
// index instead of sorting the R*Tree's candidates. The walk must answer exactly what the
// R*Tree plan answers (same ids, same order) for every radius, order, filter and limit.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { londonClock } from "../../../../domain/open-now.ts";
import { restaurants } from "../schema.ts";
import { idRow, rawRows } from "../raw-rows.ts";
import { buildCatalogueFixture, type CatalogueFixture } from "../../testing/fixture.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { nearIds, nearQuery, walkQuery, type NearSpec } from "./near-reads.ts";
import type { RankedKind } from "./ranked-reads.ts";

// Pins across central London (as near-search.test.ts), two restaurants left without one.
const PINS: Record<string, [number, number]> = {
  "Kyoto Ramen House": [51.5136, -0.1331],
  "Grill Republic": [51.513, -0.135],
  "Trattoria Roma": [51.512, -0.124],
  "Tonkotsu Lane": [51.5392, -0.1426],
  "Bella Napoli": [51.5335, -0.105],
  "Green Leaf Kitchen": [51.538, -0.103],
  "Smash Burger Co": [51.526, -0.085],
};

let t: TestApp;
let f: CatalogueFixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await buildCatalogueFixture(t.db, t.clock.now());
  for (const [name, [lat, lng]] of Object.entries(PINS)) {
    await t.db
      .update(restaurants)
      .set({ lat, lng, postcodeDistrict: "W1D", pinSource: "exact" })
      .where(eq(restaurants.id, f.restaurantIds[name]!));
  }
});
afterAll(() => t.close());

const oldStreet = { lat: 51.5256, lng: -0.0875 };
const soho = { lat: 51.5136, lng: -0.1331 };

function specs(): NearSpec[] {
  const filters: Partial<NearSpec>[] = [
    {},
    { listedOnly: false },
    { facts: { price: 1 } },
    { facts: { price: 2 } },
    { facts: { openAt: londonClock(t.clock.now()) } },
    { tagId: f.tagIds.Vegan },
    { place: { kind: "area", id: f.areaIds.Islington } },
    { within: { south: 51.51, north: 51.535, west: -0.14, east: -0.09 } },
  ];
  const out: NearSpec[] = [];
  for (const center of [oldStreet, soho])
    for (const radiusMeters of [300, 1_000, 2_000, 3_000, 5_000, 10_000])
      for (const order of ["top", "trending"] as const)
        for (const limit of [1, 3, 10])
          for (const filter of filters)
            out.push({ center, radiusMeters, order, limit, listedOnly: true, ...filter });
  return out;
}

const kinds: RankedKind[] = ["dish", "restaurant"];
const label = (kind: RankedKind, s: NearSpec) => `${kind} ${JSON.stringify(s)}`;

// Thousands of reads each: a loaded host can take far longer than the default 20 s.
describe("the quality walk answers as the R*Tree plan does", { timeout: 120_000 }, () => {
  it("the whole walk (no floor) gives the same ids in the same order", async () => {
    let nonEmpty = 0;
    for (const kind of kinds) {
      for (const spec of specs()) {
        const rtree = await rawRows(t.db, idRow, nearQuery(kind, spec)!);
        const walked = await rawRows(
          t.db,
          idRow,
          walkQuery(kind, { ...spec, order: spec.order as "top" }, -1e18),
        );
        expect(walked, label(kind, spec)).toEqual(rtree);
        if (rtree.length > 1) nonEmpty++;
      }
    }
    // The comparison means something only if many answers hold several items.
    expect(nonEmpty).toBeGreaterThan(100);
  });

  it("nearIds gives the same answer whichever plan its thresholds pick", async () => {
    for (const kind of kinds) {
      for (const spec of specs()) {
        const rtree = (await rawRows(t.db, idRow, nearQuery(kind, spec)!)).map((r) => r.id);
        for (const walk of [1, 3, 8, 1_000]) {
          const hits = await nearIds(t.db, kind, spec, {
            minBoxRestaurants: 0,
            walk,
            firstRadiusMeters: 100,
            ringRestaurants: 2,
          });
          expect(
            hits.map((h) => h.id),
            `${label(kind, spec)} walk ${walk}`,
          ).toEqual(rtree);
        }
      }
    }
  });

  it("by distance, the rings give the same ids in the same order", async () => {
    for (const kind of kinds) {
      // The order is replaced, so one of the two quality orders' specs is enough.
      for (const spec of specs().filter((s) => s.order === "top")) {
        const byDistance = { ...spec, order: "distance" as const };
        const rtree = (await rawRows(t.db, idRow, nearQuery(kind, byDistance)!)).map((r) => r.id);
        // Rings cut by distance alone (1,000 restaurants never fill one), and by a count of
        // one or three restaurants: a ring edge then falls between two restaurants' distances.
        for (const firstRadiusMeters of [50, 400, 1_500])
          for (const ringRestaurants of [1, 3, 1_000]) {
            const hits = await nearIds(t.db, kind, byDistance, {
              minBoxRestaurants: 0,
              walk: 1,
              firstRadiusMeters,
              ringRestaurants,
            });
            expect(
              hits.map((h) => h.id),
              `${label(kind, byDistance)} first ${firstRadiusMeters} ring ${ringRestaurants}`,
            ).toEqual(rtree);
          }
      }
    }
  });

  it("keywords keep the R*Tree plan", async () => {
    for (const kind of kinds) {
      for (const spec of [
        { center: oldStreet, radiusMeters: 10_000, order: "distance" as const, limit: 10, listedOnly: true },
        {
          center: soho,
          radiusMeters: 10_000,
          order: "top" as const,
          limit: 10,
          listedOnly: false,
          keyword: "ramen",
        },
      ]) {
        const rtree = (await rawRows(t.db, idRow, nearQuery(kind, spec)!)).map((r) => r.id);
        const hits = await nearIds(t.db, kind, spec, {
          minBoxRestaurants: 0,
          walk: 1,
          firstRadiusMeters: 100,
          ringRestaurants: 2,
        });
        expect(hits.map((h) => h.id)).toEqual(rtree);
      }
    }
  });
});
