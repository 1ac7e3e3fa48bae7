import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postReviews } from "../../services/review-post.ts";
import { buildCatalogueFixture, type CatalogueFixture } from "../../testing/fixture.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { dishes, restaurants } from "../schema.ts";
import { findAggregateMismatches, findRepeatedVoices } from "./aggregate-check.ts";

let t: TestApp;
let f: CatalogueFixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await buildCatalogueFixture(t.db, t.clock.now());
});
afterAll(() => t.close());

describe("findAggregateMismatches", () => {
  it("finds nothing after the fixture's reviews and more posted through the service", async () => {
    await postReviews(t.deps, [
      {
        restaurantId: f.restaurantIds["Grill Republic"]!,
        authorId: f.userIds.ada,
        content: "Good",
        ratingTenths: 41,
        createdAt: t.clock.now(),
      },
      {
        dishId: f.dishIds.Margherita!,
        // One review per person per item (issue 20): the last fixture reviewer has not rated it.
        authorId: f.reviewerIds.at(-1)!,
        content: "Crisp",
        ratingTenths: 46,
        createdAt: t.clock.now() - 5_000,
      },
    ]);
    expect(await findAggregateMismatches(t.db)).toEqual([]);
  });

  it("names the item and the field whose stored value differs from its posts", async () => {
    const dishId = f.dishIds["Shoyu Ramen"]!;
    const [before] = await t.db
      .select({ count: dishes.ratingCount })
      .from(dishes)
      .where(eq(dishes.id, dishId));
    await t.db
      .update(dishes)
      .set({ ratingCount: before!.count + 3 })
      .where(eq(dishes.id, dishId));
    const restaurantId = f.restaurantIds["Grill Republic"]!;
    await t.db.update(restaurants).set({ bayesScore: 4.99 }).where(eq(restaurants.id, restaurantId));
    const found = await findAggregateMismatches(t.db);
    expect(found).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: "dish",
          id: dishId,
          field: "ratingCount",
          stored: before!.count + 3,
        }),
        expect.objectContaining({ kind: "restaurant", id: restaurantId, field: "bayesScore", stored: 4.99 }),
      ]),
    );
  });
});

describe("findRepeatedVoices", () => {
  it("finds nobody with two reviews of one item, and names one when the index is gone", async () => {
    expect(await findRepeatedVoices(t.db)).toEqual([]);
    await t.db.run(sql`DROP INDEX posts_one_dish_review_idx`);
    const dishId = f.dishIds.Margherita!;
    await t.db.run(sql`INSERT INTO posts (author_id, dish_id, content, rating_tenths, created_at)
      VALUES (${f.userIds.ada}, ${dishId}, 'again', 40, 1)`);
    expect(await findRepeatedVoices(t.db)).toEqual([
      { kind: "dish", authorId: f.userIds.ada, itemId: dishId, reviews: 2 },
    ]);
  });
});
