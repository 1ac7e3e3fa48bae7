import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MAX_DISHES_PER_RESTAURANT } from "../../../domain/owners.ts";
import { MAX_TOP_NUM } from "../../../domain/catalogue-rules.ts";
import type { DishItem } from "../../../shared/schemas/catalogue-items.ts";
import { dishes } from "../db/schema.ts";
import { getJson, moreDishes, useCatalogueTestApp } from "../testing/fixture.ts";

const { t, f } = useCatalogueTestApp();

async function menu(id: number | string) {
  const res = await getJson<DishItem[]>(t.app, `/api/restaurants/${id}/menu`);
  expect(res.status).toBe(200);
  return res.body.data;
}

describe("GET /api/restaurants/{id}/menu (issue 30)", () => {
  it("lists every dish the restaurant lists, rated best first, then the unrated ones", async () => {
    const kyoto = f.restaurantIds["Kyoto Ramen House"]!;
    const listed = await t.db
      .select({ id: dishes.id })
      .from(dishes)
      .where(and(eq(dishes.restaurantId, kyoto), isNull(dishes.removedAt)));
    const answer = await menu(kyoto);
    expect(answer.map((d) => d.id).sort()).toEqual(listed.map((d) => d.id).sort());
    expect(answer.every((d) => d.restaurantId === kyoto)).toBe(true);
    // The same order as the restaurant's top dishes: its first entries are those.
    const top = await getJson<DishItem[]>(t.app, `/api/dishes/top?restaurantId=${kyoto}&topNum=2`);
    expect(answer.slice(0, 2)).toEqual(top.body.data);
    const firstUnrated = answer.findIndex((d) => d.ratingCount === 0);
    if (firstUnrated >= 0) expect(answer.slice(firstUnrated).every((d) => d.ratingCount === 0)).toBe(true);
  });

  it("lists a long menu whole, past the top lists' limit, up to the cap on a restaurant's dishes", async () => {
    // Read first after the new dishes, so no cached answer stands in for it.
    const grill = f.restaurantIds["Grill Republic"]!;
    const added = await moreDishes(t.db, f, MAX_TOP_NUM + 20);
    const answer = await menu(grill);
    expect(answer.length).toBeGreaterThan(MAX_TOP_NUM);
    expect(answer.length).toBeLessThanOrEqual(MAX_DISHES_PER_RESTAURANT);
    expect(answer.map((d) => d.id)).toEqual(expect.arrayContaining(added));
  });

  it("answers [] for an unknown restaurant and 400 naming the id when it is not one", async () => {
    expect(await menu(999999)).toEqual([]);
    const res = await getJson(t.app, "/api/restaurants/abc/menu");
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Invalid id: /);
  });
});
