// Nothing an owner does changes a rating or a rank (issue 22, docs/owners.md): claim, reply,
// edit and delete replies, report reviews (extortion too), edit facts and the menu. Every
// score and every position is the same before and after, in the ranked lists, the trending
// lists, the restaurant's own rating and the stored aggregates.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WEEKDAYS } from "../../../domain/owners.ts";
import { createUser, latestCode, sendJson } from "../testing/accounts.ts";
import { buildCatalogueFixture, type CatalogueFixture } from "../testing/fixture.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

/** An answer as JSON, its data loosely typed for assertions. */
async function readEnvelope(res: Response) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- assertions read arbitrary JSON
  return (await res.json()) as { code: number; message: string; data: any };
}

let t: TestApp;
let f: CatalogueFixture;

beforeAll(async () => {
  t = await createTestApp();
  f = await buildCatalogueFixture(t.db, t.clock.now());
});
afterAll(() => t.close());

type Ranked = { id: number; rating: number; ratingCount: number; reviewCount: number };

async function snapshot(restaurantId: number) {
  const list = async (path: string) =>
    ((await readEnvelope(await t.app.request(path))).data as Ranked[]).map(
      ({ id, rating, ratingCount, reviewCount }) => ({
        id,
        rating,
        ratingCount,
        reviewCount,
      }),
    );
  const own = (await readEnvelope(await t.app.request(`/api/restaurants/${restaurantId}`))).data as Ranked;
  return {
    topDishes: await list("/api/dishes/top?topNum=100"),
    topRestaurants: await list("/api/restaurants/top?topNum=100"),
    trendingDishes: await list("/api/dishes/trending?topNum=100"),
    trendingRestaurants: await list("/api/restaurants/trending?topNum=100"),
    tagDishes: await list("/api/dishes/top/filter?tagName=Japanese&topNum=100"),
    own: { rating: own.rating, ratingCount: own.ratingCount, reviewCount: own.reviewCount },
    stored: await t.db
      .all(sql`SELECT 'r' AS k, id, review_count, rating_count, rating_sum_tenths, bayes_score, trending_key FROM restaurants
      UNION ALL SELECT 'd', id, review_count, rating_count, rating_sum_tenths, bayes_score, trending_key FROM dishes
      UNION ALL SELECT 'rt', restaurant_id * 1000 + tag_id, 0, 0, 0, bayes_score, trending_key FROM restaurant_tags
      UNION ALL SELECT 'dt', dish_id * 1000 + tag_id, 0, 0, 0, bayes_score, trending_key FROM dish_tags ORDER BY 1, 2`),
  };
}

describe("rank neutrality of owners", () => {
  it("leaves every score and position as it was after a claim, replies, edits, reports, facts and menu edits", async () => {
    const restaurantId = f.restaurantIds["Kyoto Ramen House"]!;
    const before = await snapshot(restaurantId);
    expect(before.topDishes.length).toBeGreaterThan(3);

    // Claim by code.
    const contact = "hello@kyoto.example";
    await t.db.run(sql`UPDATE restaurants SET contact_email = ${contact} WHERE id = ${restaurantId}`);
    const owner = await createUser(t);
    expect((await sendJson(t, "POST", `/api/restaurants/${restaurantId}/claim`, owner)).status).toBe(200);
    const verified = await sendJson(t, "POST", `/api/restaurants/${restaurantId}/claim/verify`, owner, {
      code: latestCode(t, contact),
    });
    expect(verified.status).toBe(200);

    // Reply to every review of the restaurant and its dishes, edit some, delete one, report one.
    const reviews = await t.db.all<{
      id: number;
    }>(sql`SELECT p.id FROM posts p LEFT JOIN dishes d ON d.id = p.dish_id
      WHERE p.restaurant_id = ${restaurantId} OR d.restaurant_id = ${restaurantId} ORDER BY p.id`);
    expect(reviews.length).toBeGreaterThan(1);
    for (const { id } of reviews) {
      expect(
        (await sendJson(t, "POST", `/api/reviews/${id}/reply`, owner, { content: `Thank you (${id})` }))
          .status,
      ).toBe(200);
    }
    expect(
      (await sendJson(t, "PUT", `/api/reviews/${reviews[0]!.id}/reply`, owner, { content: "Edited thanks" }))
        .status,
    ).toBe(200);
    expect((await sendJson(t, "DELETE", `/api/reviews/${reviews[1]!.id}/reply`, owner)).status).toBe(200);
    expect(
      (
        await sendJson(t, "POST", `/api/owner/reviews/${reviews[0]!.id}/report`, owner, {
          reason: "extortion",
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await sendJson(t, "POST", `/api/owner/reviews/${reviews[1]!.id}/report`, owner, {
          reason: "spam-or-fake",
        })
      ).status,
    ).toBe(200);

    // Facts and menu.
    const facts = {
      hours: {
        weekly: Object.fromEntries(WEEKDAYS.map((d) => [d, [{ opens: "11:00", closes: "22:00" }]])),
        closures: [],
      },
      bookingLinks: ["https://book.example/kyoto"],
      orderingLinks: [],
      description: "New words.",
    };
    expect((await sendJson(t, "PUT", `/api/restaurants/${restaurantId}/facts`, owner, facts)).status).toBe(
      200,
    );
    const menu = {
      dishes: [
        {
          id: f.dishIds["Tonkotsu Ramen"],
          dishName: "Tonkotsu Ramen",
          price: 99,
          description: "Now pricier.",
          allergens: ["gluten", "eggs"],
          diets: [],
        },
        { dishName: "Brand New Bowl", price: 10, description: "", allergens: [], diets: ["vegan"] },
      ],
    };
    expect((await sendJson(t, "PUT", `/api/restaurants/${restaurantId}/menu`, owner, menu)).status).toBe(200);

    const after = await snapshot(restaurantId);
    // The new dish is unrated: in no ranked list, its stored scores the empty ones; every row
    // that existed before is exactly as it was.
    const key = (row: unknown) => `${(row as { k: string }).k}:${(row as { id: number }).id}`;
    const known = new Set(before.stored.map(key));
    const added = after.stored.filter((row) => !known.has(key(row)));
    expect(added).toEqual([
      expect.objectContaining({ k: "d", review_count: 0, rating_count: 0, bayes_score: 0 }),
    ]);
    expect({ ...after, stored: after.stored.filter((row) => known.has(key(row))) }).toEqual(before);
  });
});
