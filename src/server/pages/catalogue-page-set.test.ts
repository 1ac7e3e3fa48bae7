// Which catalogue pages the build prerenders: everything under the cap, a bounded set over it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { choosePrerenderSet, DEFAULT_PRERENDER_CAP, prerenderCap } from "./catalogue-page-set.ts";
import { listCatalogueIds, type CatalogueIds } from "../api/db/queries/catalogue-ids.ts";
import { rankedIdQueries, rankedIds } from "../api/db/queries/ranked-reads.ts";
import { buildCatalogueFixture } from "../api/testing/fixture.ts";
import { createTestApp, type TestApp } from "../api/testing/test-app.ts";

let t: TestApp;
let all: CatalogueIds;
const count = (ids: CatalogueIds) => ids.dishes.length + ids.restaurants.length + ids.offers.length + ids.areas.length;

beforeAll(async () => {
  t = await createTestApp();
  await buildCatalogueFixture(t.db, t.clock.now());
  all = await listCatalogueIds(t.db);
});

afterAll(() => t.close());

describe("the prerendered set", () => {
  it("is every item when they fit under the cap", async () => {
    expect(await choosePrerenderSet(t.db, count(all))).toEqual(all);
  });

  it("never exceeds the cap, takes every area first, then what the home page lists", async () => {
    const cap = all.areas.length + 2;
    const set = await choosePrerenderSet(t.db, cap);
    expect(count(set)).toBe(cap);
    expect(set.areas).toEqual(all.areas);
    const best = (await rankedIds(t.db, rankedIdQueries.top("dish", 1)))[0]!;
    expect(set.dishes).toContain(best);
    for (const kind of ["dishes", "restaurants", "offers"] as const) {
      for (const id of set[kind]) expect(all[kind]).toContain(id);
      expect(set[kind]).toEqual([...set[kind]].sort((a, b) => a - b));
    }
  });

  it("fills the cap exactly whenever the catalogue is larger", async () => {
    // The most-read lists skip items the home, tag and area lists already chose: each asks for
    // enough to fill what is left after skipping them.
    for (let cap = 0; cap < count(all); cap += 1) {
      expect(count(await choosePrerenderSet(t.db, cap)), `cap ${cap}`).toBe(cap);
    }
  });

  it("is empty with a cap of 0: every page is then rendered on demand", async () => {
    expect(count(await choosePrerenderSet(t.db, 0))).toBe(0);
  });
});

describe("PRERENDER_CAP", () => {
  it("defaults when unset or blank and refuses anything but a whole number", () => {
    expect(prerenderCap({})).toBe(DEFAULT_PRERENDER_CAP);
    expect(prerenderCap({ PRERENDER_CAP: " " })).toBe(DEFAULT_PRERENDER_CAP);
    expect(prerenderCap({ PRERENDER_CAP: "500" })).toBe(500);
    for (const bad of ["-1", "1.5", "lots", "2000000"]) {
      expect(() => prerenderCap({ PRERENDER_CAP: bad }), bad).toThrow(/PRERENDER_CAP must be a whole number/);
    }
  });
});
