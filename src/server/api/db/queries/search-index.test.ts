// The catalogue search index follows every kind of write by trigger (drizzle/0026; decision
// 013), whoever writes: search finds what is added or renamed at once and stops finding what
// is deleted or renamed away, and after any mix of writes the index holds exactly what a
// rebuild from the rows would. The seed's one exception drops the triggers and puts them back.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { areas, dishes, dishTags, restaurants, restaurantTags, tags } from "../schema.ts";
import { buildCatalogueFixture, type CatalogueFixture } from "../../testing/fixture.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { searchIds, type SearchRequest } from "./catalogue-search-reads.ts";
import { insertDishes, insertRestaurants } from "./catalogue-writes.ts";
import { rebuildSearchIndex, withoutSearchTriggers } from "./search-index.ts";

let t: TestApp;
let f: CatalogueFixture;

beforeAll(async () => {
  t = await createTestApp();
  f = await buildCatalogueFixture(t.db, t.clock.now());
});
afterAll(() => t.close());

const find = (kind: "dish" | "restaurant", keyword: string, more: Partial<SearchRequest> = {}) =>
  searchIds(t.db, kind, { keyword, order: "top", limit: 50, ...more });

/**
 * Every row of both indexes, in rowid order, each text as its sorted words: group_concat's
 * order follows the plan, and the words' order makes no difference to a search.
 */
async function indexRows() {
  const words = (rows: Record<string, unknown>[]) =>
    rows.map((row) =>
      Object.fromEntries(
        Object.entries(row).map(([key, value]) => [
          key,
          typeof value === "string" ? value.split(" ").sort().join(" ") : value,
        ]),
      ),
    );
  return {
    dishes: words(
      await t.db.all(
        sql`SELECT rowid, dish_name, restaurant_name, tags, description, place FROM dish_search ORDER BY rowid`,
      ),
    ),
    restaurants: words(
      await t.db.all(
        sql`SELECT rowid, name, tags, description, dish_names, place FROM restaurant_search ORDER BY rowid`,
      ),
    ),
    // The name indexes in quality order (0031): the same rows under their score-and-id key.
    dishRanks: words(await t.db.all(sql`SELECT rowid, dish_name, place FROM dish_rank ORDER BY rowid`)),
    restaurantRanks: words(await t.db.all(sql`SELECT rowid, name, place FROM restaurant_rank ORDER BY rowid`)),
  };
}

const searchTriggers = async () =>
  (
    await t.db.all<{ name: string }>(
      sql`SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'catalogue_search_%' ORDER BY name`,
    )
  ).map((row) => row.name);

describe("the catalogue search index", () => {
  it("finds a restaurant and a dish as soon as they are added, by name, tag and dish name", async () => {
    const [restaurantId] = await insertRestaurants(t.db, [
      {
        name: "Quillback Canteen",
        address: "1 Test Street",
        postCode: "W1 1AA",
        regionId: f.regionIds.Central,
        areaId: f.areaIds.Soho,
        description: "Smoked fish.",
        createdAt: t.clock.now(),
        tagIds: [f.tagIds.Vegan],
      },
    ]);
    const [dishId] = await insertDishes(t.db, [
      {
        restaurantId: restaurantId!,
        dishName: "Marrowfat Dumplings",
        description: "",
        createdAt: t.clock.now(),
        tagIds: [f.tagIds.Vegan],
      },
    ]);
    expect(await find("restaurant", "quillback")).toEqual([restaurantId]);
    expect(await find("dish", "marrowfat")).toEqual([dishId]);
    // A restaurant's row lists its dishes' names; a dish's row its restaurant's name.
    expect(await find("restaurant", "marrowfat")).toEqual([restaurantId]);
    expect(await find("dish", "quillback")).toEqual([dishId]);
  });

  it("follows a renamed tag, area and restaurant, and stops finding the old names", async () => {
    const ramenDishes = await find("dish", "ramen");
    expect(ramenDishes.length).toBeGreaterThan(0);
    await t.db.update(tags).set({ tagName: "Noodlesoup" }).where(eq(tags.id, f.tagIds.Ramen));
    expect(await find("dish", "noodlesoup")).toEqual(
      expect.arrayContaining(await taggedDishes(f.tagIds.Ramen)),
    );
    expect(await find("restaurant", "noodlesoup")).toContain(f.restaurantIds["Kyoto Ramen House"]);

    await t.db.update(areas).set({ areaName: "Zedborough" }).where(eq(areas.id, f.areaIds.Camden));
    const camden = await t.db
      .select({ id: restaurants.id })
      .from(restaurants)
      .where(eq(restaurants.areaId, f.areaIds.Camden));
    expect(await find("restaurant", "zedborough")).toEqual(expect.arrayContaining(camden.map((r) => r.id)));
    expect(await find("restaurant", "camden")).toEqual([]);

    const kyoto = f.restaurantIds["Kyoto Ramen House"]!;
    await t.db.update(restaurants).set({ name: "Ikebana Broth Bar" }).where(eq(restaurants.id, kyoto));
    expect(await find("restaurant", "ikebana")).toEqual([kyoto]);
    // Its dishes' rows carry its name too.
    const ofKyoto = await t.db.select({ id: dishes.id }).from(dishes).where(eq(dishes.restaurantId, kyoto));
    expect((await find("dish", "ikebana")).sort()).toEqual(ofKyoto.map((d) => d.id).sort());
  });

  it("stops finding a deleted dish, by its name and in its restaurant's row", async () => {
    const [dishId] = await insertDishes(t.db, [
      {
        restaurantId: f.restaurantIds["Kyoto Ramen House"]!,
        dishName: "Yuzukosho Wings",
        description: "",
        createdAt: t.clock.now(),
        tagIds: [],
      },
    ]);
    expect(await find("dish", "yuzukosho")).toEqual([dishId]);
    expect(await find("restaurant", "yuzukosho")).toEqual([f.restaurantIds["Kyoto Ramen House"]]);
    await t.db.delete(dishes).where(eq(dishes.id, dishId!));
    expect(await find("dish", "yuzukosho")).toEqual([]);
    expect(await find("restaurant", "yuzukosho")).toEqual([]);
  });

  it("follows tags added to and taken from an item", async () => {
    const dishId = Object.values(f.dishIds)[0]!;
    const restaurantId = Object.values(f.restaurantIds)[0]!;
    await t.db.insert(tags).values({ tagName: "Zigzagfood", emoji: "🍽️" });
    const [tag] = await t.db.select({ id: tags.id }).from(tags).where(eq(tags.tagName, "Zigzagfood"));
    await t.db.insert(dishTags).values({ dishId, tagId: tag!.id });
    await t.db.insert(restaurantTags).values({ restaurantId, tagId: tag!.id });
    expect(await find("dish", "zigzagfood")).toEqual([dishId]);
    expect(await find("restaurant", "zigzagfood")).toEqual([restaurantId]);
    await t.db.delete(dishTags).where(eq(dishTags.tagId, tag!.id));
    await t.db.delete(restaurantTags).where(eq(restaurantTags.tagId, tag!.id));
    expect(await find("dish", "zigzagfood")).toEqual([]);
    expect(await find("restaurant", "zigzagfood")).toEqual([]);
  });

  it("holds exactly what a rebuild from the rows holds after all these writes", async () => {
    // A review's new score moves the item's row in the name indexes in quality order.
    await t.db
      .update(dishes)
      .set({ bayesScore: 3.217 })
      .where(eq(dishes.id, Object.values(f.dishIds)[0]!));
    await t.db.run(
      sql`UPDATE restaurants SET bayes_score = 4.5 WHERE id = (SELECT min(id) FROM restaurants)`,
    );
    const kept = await indexRows();
    await rebuildSearchIndex(t.db);
    expect(await indexRows()).toEqual(kept);
  });

  it("lets a bulk load run without the triggers, then puts them back and builds the index", async () => {
    const before = await searchTriggers();
    // 15 for dish_search and restaurant_search (0026), 8 for the name indexes (0032).
    expect(before).toHaveLength(23);
    await withoutSearchTriggers(t.db, async () => {
      expect(await searchTriggers()).toEqual([]);
      await t.db
        .update(dishes)
        .set({ dishName: "Unindexed Till Rebuilt" })
        .where(eq(dishes.id, Object.values(f.dishIds)[1]!));
      expect(await find("dish", "unindexed")).toEqual([]);
    });
    expect(await searchTriggers()).toEqual(before);
    expect(await find("dish", "unindexed")).toEqual([Object.values(f.dishIds)[1]]);
    // Put back even when the load fails.
    await expect(withoutSearchTriggers(t.db, () => Promise.reject(new Error("load failed")))).rejects.toThrow(
      "load failed",
    );
    expect(await searchTriggers()).toEqual(before);
  });
});

async function taggedDishes(tagId: number): Promise<number[]> {
  const rows = await t.db.select({ id: dishTags.dishId }).from(dishTags).where(eq(dishTags.tagId, tagId));
  return rows.map((row) => row.id);
}
