// Issue 24, "Your own changes show at once": an item's review lists and the item's own answer
// are kept where the server can drop them (the response cache, purged by the write), not in
// the browser, so an author who edits a review and reloads sees the new text; and editing the
// restaurant part of a review leaves the dish reviews posted with it as they were.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { posts } from "../db/schema.ts";
import { createUser, postJson, type TestUser } from "../testing/accounts.ts";
import { useCatalogueTestApp } from "../testing/fixture.ts";

const { t, f } = useCatalogueTestApp({ production: true });

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read field by field
type Answer = { code: number; message: string; data: any };

function postReview(user: TestUser, fields: Record<string, string>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return t.app.request("/api/posts/save", { method: "POST", body: form, headers: user.authorization });
}

async function restaurantReviewWithDish(user: TestUser) {
  const restaurantId = f.restaurantIds["Brick Lane Roasters"]!;
  const dishId = f.dishIds.Cortado!;
  const res = await postReview(user, {
    restaurantId: String(restaurantId),
    content: "Good beans",
    rating: "4",
    dishReviews: JSON.stringify([{ dishId, content: "Silky", rating: 4.5 }]),
  });
  expect(res.status).toBe(200);
  const posted = ((await res.json()) as Answer).data as { postId: number; dishPostIds: number[] };
  return { restaurantId, dishId, postId: posted.postId, dishPostId: posted.dishPostIds[0]! };
}

const updatedAtOf = async (postId: number) =>
  (await t.db.select({ updatedAt: posts.updatedAt }).from(posts).where(eq(posts.id, postId)))[0]!.updatedAt;

describe("review lists and item answers a browser must revalidate", () => {
  const targets = (restaurantId: number, dishId: number) => [
    `/api/reviews/restaurant/${restaurantId}?pageSize=10`,
    `/api/reviews/dish/${dishId}?pageSize=10`,
    `/api/restaurants/${restaurantId}`,
    `/api/dishes/${dishId}`,
  ];

  it("are never reused by a browser without asking, and answer 304 while unchanged", async () => {
    const restaurantId = f.restaurantIds["Smash Burger Co"]!;
    const dishId = f.dishIds.Cortado!;
    for (const target of targets(restaurantId, dishId)) {
      // Twice: through the route, then from the URL fast path; both must say the same.
      for (let i = 0; i < 2; i++) {
        const res = await t.app.request(target);
        expect(res.status, target).toBe(200);
        const cacheControl = res.headers.get("cache-control")!;
        expect(cacheControl, target).toMatch(/\bno-cache\b/);
        expect(cacheControl, target).not.toMatch(/max-age=[1-9]|stale-while-revalidate/);
        const etag = res.headers.get("etag")!;
        expect(etag, target).toMatch(/^W\//);
        const again = await t.app.request(target, { headers: { "if-none-match": etag } });
        expect(again.status, target).toBe(304);
      }
    }
  });

  it("show the author's edit on the next request, with a new ETag", async () => {
    const author = await createUser(t);
    const { restaurantId, dishId, postId, dishPostId } = await restaurantReviewWithDish(author);
    const before = new Map<string, string>();
    for (const target of targets(restaurantId, dishId))
      before.set(target, (await t.app.request(target)).headers.get("etag")!);

    const edit = await postJson(
      t,
      "/api/posts/update",
      { id: postId, content: "Better beans now" },
      author.authorization,
    );
    expect(edit.status).toBe(200);
    const list = await t.app.request(targets(restaurantId, dishId)[0]!, {
      headers: { "if-none-match": before.get(targets(restaurantId, dishId)[0]!)! },
    });
    expect(list.status).toBe(200);
    expect(JSON.stringify(await list.json())).toContain("Better beans now");

    const dishEdit = await postJson(
      t,
      "/api/posts/update",
      { id: dishPostId, rating: 2 },
      author.authorization,
    );
    expect(dishEdit.status).toBe(200);
    // The dish's list and the dish itself; the restaurant's rating does not count its dishes'.
    for (const target of [targets(restaurantId, dishId)[1]!, targets(restaurantId, dishId)[3]!]) {
      const res = await t.app.request(target, { headers: { "if-none-match": before.get(target)! } });
      expect(res.status, target).toBe(200);
    }
  });
});

describe("editing the restaurant part of a review", () => {
  it("does not mark the dish reviews posted with it as edited", async () => {
    const author = await createUser(t);
    const { restaurantId, postId, dishPostId } = await restaurantReviewWithDish(author);
    // What the reviews island sends: every field of the form, the incentive answer unchanged.
    const edit = await postJson(
      t,
      "/api/posts/update",
      { id: postId, content: "Better beans now", rating: 4.5, incentivised: false },
      author.authorization,
    );
    expect(edit.status).toBe(200);
    expect(await updatedAtOf(postId)).not.toBeNull();
    expect(await updatedAtOf(dishPostId)).toBeNull();
    const page = (
      (await (await t.app.request(`/api/reviews/restaurant/${restaurantId}?pageSize=50`)).json()) as Answer
    ).data as {
      reviews: {
        id: number;
        updatedAt: string | null;
        dishReviews: { id: number; updatedAt: string | null }[];
      }[];
    };
    const review = page.reviews.find((r) => r.id === postId)!;
    expect(review.updatedAt).not.toBeNull();
    expect(review.dishReviews.map((d) => [d.id, d.updatedAt])).toEqual([[dishPostId, null]]);
  });

  it("carries a later incentive answer to the dish reviews without marking them edited", async () => {
    const author = await createUser(t);
    const { postId, dishPostId } = await restaurantReviewWithDish(author);
    const edit = await postJson(
      t,
      "/api/posts/update",
      { id: postId, incentivised: true },
      author.authorization,
    );
    expect(edit.status).toBe(200);
    const [dishPost] = await t.db.select().from(posts).where(eq(posts.id, dishPostId));
    expect(dishPost!.incentivised).toBe(true);
    expect(dishPost!.updatedAt).toBeNull();
  });

  it("refuses a bad edit and changes nothing", async () => {
    const author = await createUser(t);
    const { postId, dishPostId } = await restaurantReviewWithDish(author);
    const rows = await t.db.select().from(posts).where(eq(posts.reviewGroupId, postId));
    const bad = await postJson(t, "/api/posts/update", { id: postId, rating: 99 }, author.authorization);
    expect(bad.status).toBe(400);
    expect(await t.db.select().from(posts).where(eq(posts.reviewGroupId, postId))).toEqual(rows);
    expect(await updatedAtOf(postId)).toBeNull();
    expect(await updatedAtOf(dishPostId)).toBeNull();
  });
});
