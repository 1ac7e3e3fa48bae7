import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { explainRanking, explanationText } from "../../../../domain/ranking-explainer.ts";
import type { DishItem } from "../../../../shared/schemas/catalogue-items.ts";
import { buildCatalogueFixture, getJson, type CatalogueFixture } from "../../testing/fixture.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { loadRankingExample } from "./ranking-example.ts";
import { recordReviews } from "./review-bulk-record.ts";

let t: TestApp;
let f: CatalogueFixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await buildCatalogueFixture(t.db, t.clock.now());
});
afterAll(() => t.close());

const topDishNames = async () =>
  (await getJson<DishItem[]>(t.app, "/api/dishes/top?topNum=100")).body.data.map((dish) => dish.dishName);

describe("loadRankingExample (the worked example of /how-rankings-work)", () => {
  it("is null while no dish is rated", async () => {
    const empty = await createTestApp();
    try {
      expect(await loadRankingExample(empty.db)).toBeNull();
    } finally {
      await empty.close();
    }
  });

  it("reads the top dish as stored, and leaves out the second dish when none has a perfect average", async () => {
    // The fixture's best dish is Tonkotsu Ramen: eight reviews of 4.7. No dish has only 5.0s.
    expect(await loadRankingExample(t.db)).toEqual({
      ratedDishes: 7,
      leader: {
        name: "Tonkotsu Ramen",
        restaurantName: "Kyoto Ramen House",
        href: `/dish/${f.dishIds["Tonkotsu Ramen"]}`,
        ratingCount: 8,
        ratingSumTenths: 376,
        rank: 1,
      },
      fewReviews: null,
    });
  });

  it("finds a dish with one 5.0 review, at the place the top list gives it", async () => {
    await recordReviews(t.db, [
      { dishId: f.dishIds["Cold Brew"]!, authorId: f.userIds.ada, content: "Perfect.", ratingTenths: 50, createdAt: f.now },
    ]);
    t.deps.cache.clear();
    const example = await loadRankingExample(t.db);
    const names = await topDishNames();
    expect(example?.ratedDishes).toBe(names.length);
    expect(example?.fewReviews).toEqual({
      name: "Cold Brew",
      restaurantName: "Brick Lane Roasters",
      href: `/dish/${f.dishIds["Cold Brew"]}`,
      ratingCount: 1,
      ratingSumTenths: 50,
      rank: names.indexOf("Cold Brew") + 1,
    });
    // Below Tonkotsu, Margherita, Spicy Miso and Carbonara; above Smash Double's two 4.0s.
    expect(example?.fewReviews?.rank).toBe(5);
  });

  it("gives the page the scores the rows store", async () => {
    const text = explanationText(explainRanking(undefined, await loadRankingExample(t.db)));
    const stored = await t.db.all<{ name: string; restaurant: string; count: number; score: number }>(
      sql`SELECT d.dish_name AS name, r.name AS restaurant, d.rating_count AS count, d.bayes_score AS score
        FROM dishes d JOIN restaurants r ON r.id = d.restaurant_id
        WHERE d.dish_name IN ('Tonkotsu Ramen', 'Cold Brew') ORDER BY d.bayes_score DESC`,
    );
    expect(stored).toHaveLength(2);
    const places = ["1st", "5th"];
    stored.forEach((row, i) => {
      const average = row.name === "Cold Brew" ? "5.00" : "4.70";
      expect(text).toContain(`${row.name}, ${row.restaurant} | ${row.count} | ${average} | ${row.score.toFixed(2)} | ${places[i]}`);
    });
  });
});
