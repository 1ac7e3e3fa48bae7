import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addReview, EMPTY_AGGREGATE } from "../../../../domain/ranking.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import {
  areas,
  dishes,
  dishTags,
  posts,
  regions,
  restaurants,
  restaurantTags,
  tags,
  users,
} from "../schema.ts";
import { insertDishes, insertRestaurants } from "./catalogue-writes.ts";
import { runBatch, StaleAggregateError } from "../batch.ts";
import { aggregateStatements, readAggregateRows, UnknownReviewSubjectError } from "./review-aggregates.ts";
import { recordReviews } from "./review-bulk-record.ts";

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 25);

let t: TestApp;
let restaurantId: number;
let dishId: number;
let authorId: number;
/** One review per person per item (issue 20): items reviewed several times need several people. */
let authors: number[];

beforeAll(async () => {
  t = await createTestApp();
  const [region] = await t.db.insert(regions).values({ regionName: "North" }).returning();
  const [area] = await t.db.insert(areas).values({ areaName: "Islington", regionId: region!.id }).returning();
  const [tag] = await t.db.insert(tags).values({ tagName: "Ramen", emoji: "🍜" }).returning();
  const [author] = await t.db
    .insert(users)
    .values({ username: "ada", email: "ada@example.com", passwordHash: "!" })
    .returning();
  authorId = author!.id;
  const others = await t.db
    .insert(users)
    .values(["ben", "cy"].map((username) => ({ username, email: `${username}@example.com`, passwordHash: "!" })))
    .returning();
  authors = [authorId, ...others.map((o) => o.id)];
  [restaurantId] = (await insertRestaurants(t.db, [
    { name: "Upper Street Noodle Bar", regionId: region!.id, areaId: area!.id, tagIds: [tag!.id] },
  ])) as [number];
  [dishId] = (await insertDishes(t.db, [
    { restaurantId, dishName: "Tonkotsu Ramen", priceMinor: 1450, tagIds: [tag!.id] },
  ])) as [number];
});
afterAll(() => t.close());

async function restaurantRow() {
  const [row] = await t.db.select().from(restaurants).where(eq(restaurants.id, restaurantId));
  return row!;
}

describe("recordReviews", () => {
  it("stores posts and updates the rated items' aggregates and tag rows together", async () => {
    const reviews = [
      { restaurantId, authorId, content: "Rich broth", ratingTenths: 45, createdAt: NOW - 30 * DAY },
      {
        dishId,
        authorId,
        content: "Perfect egg",
        ratingTenths: 50,
        createdAt: NOW - 30 * DAY,
        groupWithIndex: 0,
      },
      { restaurantId, authorId: authors[1]!, content: "Still great", ratingTenths: 40, createdAt: NOW - DAY },
    ];
    const ids = await recordReviews(t.db, reviews);
    expect(ids).toHaveLength(3);

    const expected = addReview(addReview(EMPTY_AGGREGATE, 45, NOW - 30 * DAY), 40, NOW - DAY);
    const row = await restaurantRow();
    expect(row.ratingCount).toBe(2);
    expect(row.ratingSumTenths).toBe(85);
    expect(row.bayesScore).toBeCloseTo(expected.bayesScore, 12);
    expect(row.trendingKey).toBeCloseTo(expected.trendingKey, 9);

    const [tagRow] = await t.db
      .select()
      .from(restaurantTags)
      .where(eq(restaurantTags.restaurantId, restaurantId));
    expect(tagRow!.bayesScore).toBeCloseTo(expected.bayesScore, 12);
    const [dishTagRow] = await t.db.select().from(dishTags).where(eq(dishTags.dishId, dishId));
    const [dish] = await t.db.select().from(dishes).where(eq(dishes.id, dishId));
    expect(dish!.ratingCount).toBe(1);
    expect(dishTagRow!.trendingKey).toBe(dish!.trendingKey);

    const [dishPost] = await t.db.select().from(posts).where(eq(posts.id, ids[1]!));
    expect(dishPost!.reviewGroupId).toBe(ids[0]);
  });

  it("changes nothing when one review in the batch names an unknown item", async () => {
    const before = await restaurantRow();
    const postsBefore = await t.db.$count(posts);
    await expect(
      recordReviews(t.db, [
        { restaurantId, authorId: authors[2]!, content: "ok", ratingTenths: 30, createdAt: NOW },
        { dishId: 999_999, authorId, content: "ghost", ratingTenths: 30, createdAt: NOW },
      ]),
    ).rejects.toBeInstanceOf(UnknownReviewSubjectError);
    expect(await restaurantRow()).toEqual(before);
    expect(await t.db.$count(posts)).toBe(postsBefore);
  });

  it("rejects ratings outside 0..50 tenths before writing", async () => {
    const postsBefore = await t.db.$count(posts);
    await expect(
      recordReviews(t.db, [{ restaurantId, authorId, content: "x", ratingTenths: 51, createdAt: NOW }]),
    ).rejects.toThrow(RangeError);
    await expect(
      recordReviews(t.db, [{ restaurantId, authorId, content: "x", ratingTenths: 4.5, createdAt: NOW }]),
    ).rejects.toThrow(RangeError);
    expect(await t.db.$count(posts)).toBe(postsBefore);
  });

  it("gives the same aggregate whether reviews arrive one by one or in one batch", async () => {
    const times = [NOW - 400 * DAY, NOW - 3 * DAY, NOW - 90 * DAY];
    const ratings = [20, 48, 35];
    const [second] = await insertRestaurants(t.db, [
      {
        name: "Batch Test",
        regionId: (await restaurantRow()).regionId,
        areaId: (await restaurantRow()).areaId,
        tagIds: [],
      },
    ]);
    const [third] = await insertRestaurants(t.db, [
      {
        name: "Single Test",
        regionId: (await restaurantRow()).regionId,
        areaId: (await restaurantRow()).areaId,
        tagIds: [],
      },
    ]);
    await recordReviews(
      t.db,
      times.map((createdAt, i) => ({
        restaurantId: second!,
        authorId: authors[i]!,
        content: "b",
        ratingTenths: ratings[i]!,
        createdAt,
      })),
    );
    for (const [i, createdAt] of times.entries()) {
      await recordReviews(t.db, [
        { restaurantId: third!, authorId: authors[i]!, content: "s", ratingTenths: ratings[i]!, createdAt },
      ]);
    }
    const [a] = await t.db.select().from(restaurants).where(eq(restaurants.id, second!));
    const [b] = await t.db.select().from(restaurants).where(eq(restaurants.id, third!));
    expect(a!.bayesScore).toBeCloseTo(b!.bayesScore, 12);
    expect(a!.trendingKey).toBeCloseTo(b!.trendingKey, 9);
  });
});

describe("aggregateStatements", () => {
  async function newRestaurants(count: number, name: string): Promise<number[]> {
    const { regionId, areaId } = await restaurantRow();
    return insertRestaurants(
      t.db,
      Array.from({ length: count }, (_, i) => ({ name: `${name} ${i}`, regionId, areaId, tagIds: [] })),
    );
  }

  it("update items past one statement's chunk, counting unranked reviews only in review_count", async () => {
    const ids = await newRestaurants(30, "Chunk");
    await recordReviews(
      t.db,
      ids.flatMap((restaurantId, i) => [
        { restaurantId, authorId, content: "ranked", ratingTenths: 10 + i, createdAt: NOW - i * DAY },
        {
          restaurantId,
          authorId: authors[1]!,
          content: "paid",
          ratingTenths: 50,
          createdAt: NOW,
          incentivised: true,
        },
        { restaurantId, authorId: authors[2]!, content: "no rating", ratingTenths: 0, createdAt: NOW },
      ]),
    );
    const rows = await readAggregateRows(t.db, "restaurant", ids);
    expect(rows.size).toBe(30);
    for (const [i, id] of ids.entries()) {
      const expected = addReview(EMPTY_AGGREGATE, 10 + i, NOW - i * DAY);
      const row = rows.get(id)!;
      expect(row.reviewCount).toBe(3);
      expect(row.ratingCount).toBe(1);
      expect(row.ratingSumTenths).toBe(10 + i);
      expect(row.bayesScore).toBeCloseTo(expected.bayesScore, 12);
      expect(row.trendingKey).toBeCloseTo(expected.trendingKey, 9);
    }
  });

  it("roll the whole batch back as StaleAggregateError when a row changed since it was read", async () => {
    const [id] = (await newRestaurants(1, "Stale")) as [number];
    const before = (await readAggregateRows(t.db, "restaurant", [id])).get(id)!;
    const change = {
      kind: "restaurant" as const,
      id,
      before,
      after: addReview(before, 40, NOW),
      reviewCountDelta: 1,
    };
    // Another instance records a review between the read and the batch.
    await t.db.update(restaurants).set({ ratingCount: 1, ratingSumTenths: 30 }).where(eq(restaurants.id, id));
    const moved = await readAggregateRows(t.db, "restaurant", [id]);
    const postsBefore = await t.db.$count(posts);
    const insert = t.db.run(
      sql`INSERT INTO posts (author_id, restaurant_id, content, rating_tenths, created_at) VALUES (${authorId}, ${id}, 'lost', 40, ${NOW})`,
    );
    await expect(runBatch(t.db, [insert, ...aggregateStatements(t.db, [change])])).rejects.toBeInstanceOf(
      StaleAggregateError,
    );
    expect(await readAggregateRows(t.db, "restaurant", [id])).toEqual(moved);
    expect(await t.db.$count(posts)).toBe(postsBefore);

    // Read again, the same change applies.
    const fresh = (await readAggregateRows(t.db, "restaurant", [id])).get(id)!;
    await runBatch(
      t.db,
      aggregateStatements(t.db, [{ ...change, before: fresh, after: addReview(fresh, 40, NOW) }]),
    );
    const after = (await readAggregateRows(t.db, "restaurant", [id])).get(id)!;
    expect(after.ratingCount).toBe(2);
    expect(after.ratingSumTenths).toBe(70);
    expect(after.reviewCount).toBe(1);
  });
});
