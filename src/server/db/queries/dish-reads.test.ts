import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCatalogueFixture, type CatalogueFixture } from "../../testing/fixture.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { dishesByIds, getDish } from "./dish-reads.ts";

let t: TestApp;
let f: CatalogueFixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await buildCatalogueFixture(t.db, t.clock.now());
});
afterAll(() => t.close());

describe("getDish", () => {
  it("answers exactly what the list read gives for every dish, tags in the same order", async () => {
    const ids = Object.values(f.dishIds);
    expect(ids.length).toBeGreaterThan(5);
    const listed = await dishesByIds(t.db, ids);
    expect(listed.some((d) => d.tags.length > 1)).toBe(true);
    for (const dish of listed) expect(await getDish(t.db, dish.id)).toEqual(dish);
  });

  it("answers null for an id that does not exist", async () => {
    expect(await getDish(t.db, 987_654_321)).toBeNull();
  });
});
