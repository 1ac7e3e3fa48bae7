// Reading reviews, and rankings moving after posts, against the real app (issue 11).
import { describe, expect, it } from "vitest";
import type { Review } from "../../../shared/schemas/reviews.ts";
import { createUser, ESTABLISHED, NO_SCRYPT, type TestUser } from "../testing/accounts.ts";
import { useCatalogueTestApp } from "../testing/fixture.ts";

let restaurantId: number;
let dishId: number;
const { t, f } = useCatalogueTestApp({}, async (t, f) => {
  restaurantId = f.restaurantIds["Green Leaf Kitchen"]!;
  const dishes = (await (
    await t.app.request(`/api/dishes/top?restaurantId=${restaurantId}&topNum=5`)
  ).json()) as {
    data: { id: number }[];
  };
  dishId = dishes.data[0]!.id;
});

function post(user: TestUser, fields: Record<string, string>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return t.app.request("/api/posts/save", { method: "POST", body: form, headers: user.authorization });
}

async function page(path: string) {
  const res = await t.app.request(path);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { reviews: Review[]; nextCursor: string | null } }).data;
}

describe("GET /api/reviews/...", () => {
  it("pages an item's reviews newest first by keyset, with dish reviews inside, and sorts and filters", async () => {
    const before = (await page(`/api/reviews/restaurant/${restaurantId}?pageSize=50`)).reviews.length;
    const authors: TestUser[] = [];
    for (const [i, rating] of [3.1, 4.9, 2.2, 4.4, 3.7].entries()) {
      // Regulars: five new accounts on one item in five minutes would be held (issue 21).
      const author = await createUser(t, ESTABLISHED);
      authors.push(author);
      t.clock.advance(60_000);
      const res = await post(author, {
        restaurantId: String(restaurantId),
        content: `Visit ${i} <img src=x onerror=alert(1)>`,
        rating: String(rating),
        dishReviews: JSON.stringify([{ dishId, content: `Dish ${i}`, rating: 0 }]),
      });
      expect(res.status).toBe(200);
    }
    const first = await page(`/api/reviews/restaurant/${restaurantId}?pageSize=2`);
    expect(first.reviews.map((r) => r.content.slice(0, 7))).toEqual(["Visit 4", "Visit 3"]);
    const newest = first.reviews[0]!;
    expect(newest.author).toEqual({ id: authors[4]!.userId, username: authors[4]!.username, avatar: null });
    expect(newest.rating).toBe(3.7);
    expect(newest.ratingLabel).toBe("Very Good");
    expect(newest.incentivised).toBe(false);
    expect(newest.dishReviews).toHaveLength(1);
    // A dish review sent with text only counts as a review, not a rating.
    expect(newest.dishReviews[0]!).toMatchObject({
      content: "Dish 4",
      rating: null,
      ratingLabel: null,
      groupId: newest.id,
    });
    const second = await page(
      `/api/reviews/restaurant/${restaurantId}?pageSize=2&cursor=${first.nextCursor}`,
    );
    expect(second.reviews.map((r) => r.content.slice(0, 7))).toEqual(["Visit 2", "Visit 1"]);

    let all: Review[] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const next = await page(
        `/api/reviews/restaurant/${restaurantId}?pageSize=3${cursor ? `&cursor=${cursor}` : ""}`,
      );
      all = [...all, ...next.reviews];
      cursor = next.nextCursor;
    }
    expect(all).toHaveLength(before + 5);
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length);

    const highest = await page(`/api/reviews/restaurant/${restaurantId}?sort=highest&pageSize=2`);
    expect(highest.reviews.map((r) => r.rating)).toEqual([4.9, 4.4]);
    const lowest = await page(
      `/api/reviews/restaurant/${restaurantId}?sort=lowest&minRating=2&maxRating=3.5`,
    );
    const ratings = lowest.reviews.map((r) => r.rating!);
    expect(ratings).toEqual([...ratings].sort((a, b) => a - b));
    expect(ratings.every((r) => r >= 2 && r <= 3.5)).toBe(true);
    expect(ratings).toEqual(expect.arrayContaining([2.2, 3.1]));
    // A cursor made for one sort is refused by another.
    expect(
      (await t.app.request(`/api/reviews/restaurant/${restaurantId}?sort=highest&cursor=${first.nextCursor}`))
        .status,
    ).toBe(400);

    const dishPage = await page(`/api/reviews/dish/${dishId}?pageSize=50`);
    expect(dishPage.reviews.some((r) => r.content === "Dish 4")).toBe(true);
    const mine = await t.app.request(`/api/reviews/user/${authors[0]!.userId}`, {
      headers: authors[1]!.authorization,
    });
    const own = ((await mine.json()) as { data: { reviews: Review[] } }).data.reviews;
    expect(own).toHaveLength(1);
    expect(own[0]!.dishReviews).toHaveLength(1);
  });

  it("lists a user's reviews to nobody they blocked, and answers 404 for an unknown user", async () => {
    const author = await createUser(t);
    const blocked = await createUser(t);
    expect(
      (await post(author, { dishId: String(dishId), content: "Blocked readers miss this", rating: "4" }))
        .status,
    ).toBe(200);
    const list = (viewer: typeof author, userId = author.userId) =>
      t.app.request(`/api/reviews/user/${userId}`, { headers: viewer.authorization });
    expect((await list(blocked)).status).toBe(200);
    const block = await t.app.request(`/api/users/${blocked.userId}/block`, {
      method: "POST",
      headers: author.authorization,
    });
    expect(block.status).toBe(200);
    expect((await list(blocked)).status).toBe(404);
    expect((await list(author)).status).toBe(200);
    expect((await list(author, 999_999)).status).toBe(404);
  });

  it("shows a new review to everyone at once, through the cache", async () => {
    const url = `/api/reviews/dish/${dishId}?pageSize=1`;
    await page(url);
    const author = await createUser(t);
    t.clock.advance(60_000);
    expect(
      (await post(author, { dishId: String(dishId), content: "Fresh from the oven", rating: "4" })).status,
    ).toBe(200);
    expect((await page(url)).reviews[0]!.content).toBe("Fresh from the oven");
  });
});

describe("rankings after posts", () => {
  it("moves an item up top and trending as genuine reviews arrive, and not for incentivised ones", async () => {
    const target = f.restaurantIds["Tonkotsu Lane"]!;
    const ids = async (path: string) =>
      ((await (await t.app.request(path)).json()) as { data: { id: number }[] }).data.map((r) => r.id);
    const trendingBefore = await ids("/api/restaurants/trending?topNum=10");
    const users = await Promise.all(
      Array.from({ length: 30 }, () => createUser(t, { ...NO_SCRYPT, ...ESTABLISHED })),
    );
    // Incentivised five-star reviews change neither list.
    const topBefore = await ids("/api/restaurants/top?topNum=10");
    for (const user of users.slice(0, 10)) {
      expect(
        (
          await post(user, {
            restaurantId: String(target),
            content: "Comped",
            rating: "5",
            incentivised: "true",
          })
        ).status,
      ).toBe(200);
    }
    expect(await ids("/api/restaurants/top?topNum=10")).toEqual(topBefore);
    expect(await ids("/api/restaurants/trending?topNum=10")).toEqual(trendingBefore);
    // Twenty genuine five-star reviews today put it first in both.
    for (const user of users.slice(10)) {
      expect(
        (await post(user, { restaurantId: String(target), content: "Superb", rating: "5" })).status,
      ).toBe(200);
    }
    expect((await ids("/api/restaurants/top?topNum=10"))[0]).toBe(target);
    expect((await ids("/api/restaurants/trending?topNum=10"))[0]).toBe(target);
  });
});
