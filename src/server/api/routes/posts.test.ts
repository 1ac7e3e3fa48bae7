// POST /api/posts/save and friends against the real app over a real SQLite file: spec points
// 5 and 8's rules and messages, the all-or-nothing write, idempotency, the abuse limits,
// incentivised reviews (issue 15), edit, delete and report.
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { REPORT_RECEIVED_MESSAGE } from "../../../domain/report-reasons.ts";
import { REVIEW_MESSAGES } from "../../../domain/review-rules.ts";
import { WRITE_QUEUE_LIMITS } from "../../../domain/write-queue.ts";
import { DuplicateReviewError } from "../db/batch.ts";
import { recordReviewGroup } from "../db/queries/review-post-batch.ts";
import { dishes, postImages, posts, restaurants, reviewReports, reviewVersions } from "../db/schema.ts";
import { createUser, ESTABLISHED, NO_SCRYPT, postJson, type TestUser } from "../testing/accounts.ts";
import { USER_PHOTO_CACHE_CONTROL } from "./files.ts";
import { useCatalogueTestApp } from "../testing/fixture.ts";

let photo: Buffer;
const { t, f } = useCatalogueTestApp({}, async () => {
  photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#c84" } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: "secret-camera-owner" } } })
    .toBuffer();
});

type Fields = Record<string, string | Blob | (string | Blob)[]>;

function postReview(user: TestUser | null, fields: Fields, headers: Record<string, string> = {}) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(key, item);
  }
  return t.app.request("/api/posts/save", {
    method: "POST",
    body: form,
    headers: { ...(user?.authorization ?? {}), ...headers },
  });
}

const jpeg = (name = "photo.jpg") => new File([new Uint8Array(photo)], name, { type: "image/jpeg" });

async function counts() {
  const [row] = await t.db.all<{ p: number; i: number; f: number }>(
    sql`SELECT (SELECT count(*) FROM posts) AS p, (SELECT count(*) FROM post_images) AS i, (SELECT count(*) FROM files) AS f`,
  );
  return row!;
}

async function restaurant(id: number) {
  const [row] = await t.db.select().from(restaurants).where(eq(restaurants.id, id));
  return row!;
}

async function dish(id: number) {
  const [row] = await t.db.select().from(dishes).where(eq(dishes.id, id));
  return row!;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of several shapes, read field by field
const body = async (res: Response) => (await res.json()) as { code: number; message: string; data: any };

describe("POST /api/posts/save", () => {
  it("posts a restaurant review with two dish reviews and photos as one write", async () => {
    const user = await createUser(t);
    const grill = f.restaurantIds["Grill Republic"]!;
    const dishRows = await t.db.select().from(dishes).where(eq(dishes.restaurantId, grill));
    const [d1, d2] = dishRows;
    const before = await restaurant(grill);
    const beforeDish = await dish(d1!.id);
    const res = await postReview(user, {
      authId: String(user.userId),
      restaurantId: String(grill),
      content: "Charred and juicy <script>alert(1)</script>",
      rating: "4.5",
      "tags[0]": "Burgers",
      images: [jpeg(), jpeg("second.jpg")],
      imageIndexes: "[0]",
      dishReviews: JSON.stringify([
        { dishId: d1!.id, content: "Best burger", rating: 4.8, imageIndexes: [1] },
        { dishId: d2!.id, content: "", rating: "3.9" },
      ]),
    });
    const answer = await body(res);
    expect(res.status, JSON.stringify(answer)).toBe(200);
    expect(answer.message).toBe(REVIEW_MESSAGES.posted);
    expect(answer.data.dishPostIds).toHaveLength(2);

    const after = await restaurant(grill);
    expect(after.reviewCount).toBe(before.reviewCount + 1);
    expect(after.ratingCount).toBe(before.ratingCount + 1);
    expect(after.ratingSumTenths).toBe(before.ratingSumTenths + 45);
    expect((await dish(d1!.id)).ratingCount).toBe(beforeDish.ratingCount + 1);

    const [main] = await t.db.select().from(posts).where(eq(posts.id, answer.data.postId));
    expect(main!.content).toBe("Charred and juicy <script>alert(1)</script>");
    const group = await t.db.select().from(posts).where(eq(posts.reviewGroupId, answer.data.postId));
    expect(group.map((p) => p.id).sort()).toEqual([...answer.data.dishPostIds].sort());
    const images = await t.db.select().from(postImages).where(eq(postImages.postId, answer.data.postId));
    expect(images).toHaveLength(1);
    expect(images[0]!.variants.map((v) => v.width)).toEqual([400, 800, 900]);

    // Photos are served re-encoded, without the camera's metadata, sandboxed.
    const file = await t.app.request(`/api/files/${images[0]!.fileName}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/webp");
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(file.headers.get("content-security-policy")).toContain("sandbox");
    expect(file.headers.get("cache-control")).toBe(USER_PHOTO_CACHE_CONTROL);
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.includes("secret-camera-owner")).toBe(false);
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
  });

  it("refuses a post without token with 401, and another user's authId with 403, changing nothing", async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const before = await counts();
    const fields = { restaurantId: String(f.restaurantIds["Bella Napoli"]), content: "Nice", rating: "4" };
    expect((await postReview(null, fields)).status).toBe(401);
    expect((await postReview(user, { ...fields, authId: String(other.userId) })).status).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it("answers the spec's alert when a required field is missing, and writes nothing", async () => {
    const user = await createUser(t);
    const restaurantId = String(f.restaurantIds["Bella Napoli"]);
    const before = await counts();
    const incomplete: Record<string, string>[] = [
      { content: "Nice", rating: "4" },
      { restaurantId, rating: "4" },
      { restaurantId, content: "   ", rating: "4" },
      { restaurantId, content: "Nice", rating: "0" },
      { restaurantId, content: "Nice" },
    ];
    for (const fields of incomplete) {
      const res = await postReview(user, fields);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect((await body(res)).message).toBe(REVIEW_MESSAGES.requiredFields);
    }
    const withDishes = await postReview(user, {
      restaurantId,
      content: "",
      rating: "4",
      dishReviews: JSON.stringify([{ dishId: f.dishIds.Margherita, rating: 4 }]),
    });
    expect((await body(withDishes)).message).toBe(REVIEW_MESSAGES.requiredFieldsWithDishes);
    for (const rating of ["5.1", "4.55", "-1", "abc"]) {
      const res = await postReview(user, { restaurantId, content: "Nice", rating });
      expect(res.status).toBe(400);
      expect((await body(res)).message).toBe(REVIEW_MESSAGES.ratingRange);
    }
    expect(await counts()).toEqual(before);
  });

  it("refuses more than 10 images with the spec's message", async () => {
    const user = await createUser(t);
    const before = await counts();
    const res = await postReview(user, {
      restaurantId: String(f.restaurantIds["Bella Napoli"]),
      content: "Many photos",
      rating: "4",
      images: Array.from({ length: 11 }, () => jpeg()),
    });
    expect(res.status).toBe(400);
    expect((await body(res)).message).toBe("You can upload a maximum of 10 images.");
    expect(await counts()).toEqual(before);
  });

  it("answers the spec's not-found messages for an unknown restaurant or dish, all or nothing", async () => {
    const user = await createUser(t);
    const before = await counts();
    const unknownRestaurant = await postReview(user, { restaurantId: "999999", content: "x", rating: "3" });
    expect(unknownRestaurant.status).toBe(404);
    expect((await body(unknownRestaurant)).message).toBe("Restaurant not found. Please try again.");
    const unknownDish = await postReview(user, { dishId: "999999", content: "x", rating: "3" });
    expect((await body(unknownDish)).message).toBe("Dish not found. Please try again.");
    // A dish of another restaurant inside a restaurant review: the whole review is refused.
    const wrongDish = await postReview(user, {
      restaurantId: String(f.restaurantIds["Bella Napoli"]),
      content: "x",
      rating: "3",
      images: [jpeg()],
      dishReviews: JSON.stringify([{ dishId: f.dishIds["Shoyu Ramen"], rating: 4 }]),
    });
    expect(wrongDish.status).toBe(404);
    expect((await body(wrongDish)).message).toBe("Dish not found. Please try again.");
    expect(await counts()).toEqual(before);
  });

  it("creates one review for a repeated Idempotency-Key and answers the same", async () => {
    const user = await createUser(t);
    const key = randomUUID();
    const fields = { dishId: String(f.dishIds.Margherita), content: "Thin and blistered", rating: "4.2" };
    const before = await dish(f.dishIds.Margherita!);
    const [a, b] = await Promise.all([
      postReview(user, fields, { "idempotency-key": key }),
      postReview(user, fields, { "idempotency-key": key }),
    ]);
    const [first, second] = [await body(a), await body(b)];
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(second.data).toEqual(first.data);
    const third = await body(await postReview(user, fields, { "idempotency-key": key }));
    expect(third.data).toEqual(first.data);
    expect((await dish(f.dishIds.Margherita!)).reviewCount).toBe(before.reviewCount + 1);
    const reused = await postReview(user, { ...fields, content: "Different" }, { "idempotency-key": key });
    expect(reused.status).toBe(422);
    expect((await body(reused)).message).toBe(REVIEW_MESSAGES.idempotencyKeyReused);
    const bad = await postReview(user, fields, { "idempotency-key": "not-a-uuid" });
    expect(bad.status).toBe(400);
  });

  it("counts an incentivised review in the total but not in the rating or rank (issue 15)", async () => {
    const user = await createUser(t);
    const id = f.restaurantIds["Green Leaf Kitchen"]!;
    const before = await restaurant(id);
    // The ranking: which restaurants, in which order, with which rating (their review counts may move).
    const ranking = async () =>
      (
        (await (await t.app.request("/api/restaurants/top?topNum=10")).json()) as {
          data: { id: number; rating: number }[];
        }
      ).data.map((r) => [r.id, r.rating]);
    const topBefore = await ranking();
    const res = await postReview(user, {
      restaurantId: String(id),
      content: "Free tasting menu",
      rating: "5",
      incentivised: "true",
    });
    expect(res.status).toBe(200);
    const after = await restaurant(id);
    expect(after.reviewCount).toBe(before.reviewCount + 1);
    expect({ ...after, reviewCount: 0 }).toEqual({ ...before, reviewCount: 0 });
    expect(await ranking()).toEqual(topBefore);
    const page = await body(await t.app.request(`/api/reviews/restaurant/${id}`));
    expect(page.data.reviews[0].incentivised).toBe(true);
  });

  it("limits one review of a restaurant per user per day with 429 and Retry-After", async () => {
    const user = await createUser(t);
    const fields = { restaurantId: String(f.restaurantIds["Tonkotsu Lane"]), content: "Good", rating: "3.5" };
    const first = await postReview(user, fields);
    expect(first.status).toBe(200);
    // Deleting the review and posting it again the same day is what the daily limit still stops.
    const { postId } = (await body(first)).data as { postId: number };
    expect(
      (await t.app.request(`/api/posts/${postId}`, { method: "DELETE", headers: user.authorization })).status,
    ).toBe(200);
    const again = await postReview(user, fields);
    expect(again.status).toBe(429);
    expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await body(again)).message).toMatch(/^You have already reviewed this restaurant today\./);
  });

  it("limits reviews to 20 per user per day", async () => {
    const user = await createUser(t);
    const dishIds = Object.values(f.dishIds);
    for (let i = 0; i < 20; i += 1) {
      const res = await postReview(user, {
        dishId: String(dishIds[i % dishIds.length]),
        content: `r${i}`,
        rating: "3",
      });
      expect(res.status).toBe(200);
    }
    const over = await postReview(user, { dishId: String(dishIds[20]), content: "one more", rating: "3" });
    expect(over.status).toBe(429);
    expect(over.headers.get("retry-after")).toBeTruthy();
  });
});

describe("edit, delete and report", () => {
  it("lets the author edit and delete, with aggregates following; others get 403", async () => {
    const author = await createUser(t);
    const other = await createUser(t);
    const id = f.restaurantIds["Smash Burger Co"]!;
    const d = (await t.db.select().from(dishes).where(eq(dishes.restaurantId, id)))[0]!;
    const before = await restaurant(id);
    const beforeDish = await dish(d.id);
    const posted = await body(
      await postReview(author, {
        restaurantId: String(id),
        content: "Smashed",
        rating: "2",
        images: [jpeg()],
        dishReviews: JSON.stringify([{ dishId: d.id, content: "ok", rating: 3 }]),
      }),
    );
    const postId = posted.data.postId as number;

    expect(
      (await postJson(t, "/api/posts/update", { id: postId, content: "Hijack" }, other.authorization)).status,
    ).toBe(403);
    const edited = await postJson(
      t,
      "/api/posts/update",
      { id: postId, rating: 4.5, content: "Better on a second visit" },
      author.authorization,
    );
    expect(edited.status).toBe(200);
    const afterEdit = await restaurant(id);
    expect(afterEdit.ratingSumTenths).toBe(before.ratingSumTenths + 45);
    expect(afterEdit.reviewCount).toBe(before.reviewCount + 1);

    const del = (user: TestUser) =>
      t.app.request(`/api/posts/${postId}`, { method: "DELETE", headers: user.authorization });
    expect((await del(other)).status).toBe(403);
    const filesBefore = (await counts()).f;
    expect((await del(author)).status).toBe(200);
    const afterDelete = await restaurant(id);
    expect(afterDelete.reviewCount).toBe(before.reviewCount);
    expect(afterDelete.ratingCount).toBe(before.ratingCount);
    expect(afterDelete.ratingSumTenths).toBe(before.ratingSumTenths);
    expect(afterDelete.bayesScore).toBeCloseTo(before.bayesScore, 9);
    expect((await dish(d.id)).reviewCount).toBe(beforeDish.reviewCount);
    expect(await t.db.select().from(posts).where(eq(posts.reviewGroupId, postId))).toEqual([]);
    expect((await counts()).f).toBeLessThan(filesBefore);
    expect((await del(author)).status).toBe(404);
  });

  it("records one report per person per review and thanks the reporter", async () => {
    const author = await createUser(t);
    const reporter = await createUser(t);
    const posted = await body(
      await postReview(author, {
        dishId: String(f.dishIds.Margherita),
        content: "Buy my pizza",
        rating: "5",
      }),
    );
    const report = () =>
      postJson(
        t,
        "/api/posts/report",
        { postId: posted.data.postId, reason: "spam-or-fake" },
        reporter.authorization,
      );
    for (let i = 0; i < 2; i += 1) {
      const res = await report();
      expect(res.status).toBe(200);
      expect((await body(res)).message).toBe(REPORT_RECEIVED_MESSAGE);
    }
    const rows = await t.db.select().from(reviewReports).where(eq(reviewReports.postId, posted.data.postId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.reason).toBe("spam-or-fake");
    const bad = await postJson(
      t,
      "/api/posts/report",
      { postId: posted.data.postId, reason: "boring" },
      reporter.authorization,
    );
    expect(bad.status).toBe(400);
    expect((await body(bad)).message).toBe(REVIEW_MESSAGES.reportReason);
  });
});

describe("100 parallel posts", () => {
  it("leave exact counts and sums on the rated items", async () => {
    // NO_SCRYPT skips scrypt: a hundred password hashes would cost more than the posts.
    // Established accounts: a hundred new ones on one item at once would be held (issue 21).
    const users = await Promise.all(
      Array.from({ length: 100 }, () => createUser(t, { ...NO_SCRYPT, ...ESTABLISHED })),
    );
    const id = f.restaurantIds["Kyoto Ramen House"]!;
    const dishId = f.dishIds["Tonkotsu Ramen"]!;
    const before = await restaurant(id);
    const beforeDish = await dish(dishId);
    const postsBefore = (await counts()).p;
    const started = performance.now();
    const results = await Promise.all(
      users.map((user, i) =>
        postReview(user, {
          restaurantId: String(id),
          content: `Visit ${i}`,
          rating: String(1 + (i % 5)),
          dishReviews: JSON.stringify([{ dishId, content: "", rating: 4 }]),
        }),
      ),
    );
    // The write queue (issue 33) takes WRITE_QUEUE_LIMITS.maxWaiting at once and answers the
    // rest 503 with Retry-After: every post is either counted exactly once or not written.
    const statuses = results.map((r) => r.status);
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    expect(results.filter((r) => r.status === 503).every((r) => r.headers.get("retry-after"))).toBe(true);
    const posted = [...statuses.keys()].filter((i) => statuses[i] === 200);
    expect(posted.length).toBeGreaterThanOrEqual(WRITE_QUEUE_LIMITS.maxWaiting);
    console.info(`100 parallel posts: ${Math.round(performance.now() - started)} ms, ${posted.length} taken`);
    const after = await restaurant(id);
    expect(after.reviewCount - before.reviewCount).toBe(posted.length);
    expect(after.ratingCount - before.ratingCount).toBe(posted.length);
    expect(after.ratingSumTenths - before.ratingSumTenths).toBe(
      posted.reduce((sum, i) => sum + (1 + (i % 5)) * 10, 0),
    );
    expect((await dish(dishId)).ratingCount - beforeDish.ratingCount).toBe(posted.length);
    expect((await counts()).p - postsBefore).toBe(2 * posted.length);
  });
});

describe("one voice per person per item (issue 20)", () => {
  const versionsOf = (postId: number) =>
    t.db.select().from(reviewVersions).where(eq(reviewVersions.postId, postId)).orderBy(reviewVersions.id);

  it("refuses the attacker's four ways to move one dish's rating: only the first review counts", async () => {
    const attacker = await createUser(t);
    const diavola = f.dishIds.Diavola!;
    const marinara = f.dishIds.Marinara!;
    const napoli = String(f.restaurantIds["Bella Napoli"]);
    const before = await dish(diavola);

    const lone = await postReview(attacker, { dishId: String(diavola), content: "Great", rating: "5" });
    expect(lone.status).toBe(200);
    const firstId = (await body(lone)).data.postId as number;
    const postsAfterFirst = await counts();

    // 1. A second lone review of the same dish.
    const second = await postReview(attacker, {
      dishId: String(diavola),
      content: "Still great",
      rating: "5",
    });
    expect(second.status).toBe(409);
    const answer = await body(second);
    expect(answer.message).toBe(REVIEW_MESSAGES.dishAlreadyReviewed);
    expect(answer.data).toEqual({ postId: firstId, kind: "dish", itemId: diavola });
    // 2. The same dish inside a restaurant review: the same voice for that dish.
    const inside = await postReview(attacker, {
      restaurantId: napoli,
      content: "Lovely place",
      rating: "4",
      dishReviews: JSON.stringify([{ dishId: diavola, content: "Again", rating: 5 }]),
    });
    expect(inside.status).toBe(409);
    expect((await body(inside)).data).toEqual({ postId: firstId, kind: "dish", itemId: diavola });
    // 3. One dish twice in one restaurant review.
    const twice = await postReview(attacker, {
      restaurantId: napoli,
      content: "Lovely place",
      rating: "4",
      dishReviews: JSON.stringify([
        { dishId: marinara, content: "Good", rating: 5 },
        { dishId: marinara, content: "Really good", rating: 5 },
      ]),
    });
    expect(twice.status).toBe(400);
    const refused = await body(twice);
    expect(refused.message).toBe(REVIEW_MESSAGES.dishReviewedTwice);
    expect(refused.data.fields).toEqual({ "dishReviews.1.dishId": REVIEW_MESSAGES.dishReviewedTwice });
    expect(await counts()).toEqual(postsAfterFirst);

    // 4. The restaurant again the next day, once its review exists.
    const visit = await postReview(attacker, { restaurantId: napoli, content: "Lovely place", rating: "4" });
    expect(visit.status).toBe(200);
    t.clock.advance(25 * 3_600_000);
    const nextDay = await postReview(attacker, { restaurantId: napoli, content: "Back again", rating: "5" });
    expect(nextDay.status).toBe(409);
    const restaurantAnswer = await body(nextDay);
    expect(restaurantAnswer.message).toBe(REVIEW_MESSAGES.restaurantAlreadyReviewed);
    expect(restaurantAnswer.data).toEqual({
      postId: (await body(visit)).data.postId,
      kind: "restaurant",
      itemId: Number(napoli),
    });

    const after = await dish(diavola);
    expect(after.ratingCount).toBe(before.ratingCount + 1);
    expect(after.reviewCount).toBe(before.reviewCount + 1);
  });

  it("lets only one of two concurrent posts for the same item win, through the database's unique index", async () => {
    const user = await createUser(t);
    const fields = { dishId: String(f.dishIds["Cacio e Pepe"]), content: "Peppery", rating: "4.4" };
    const before = await dish(f.dishIds["Cacio e Pepe"]!);
    const answers = await Promise.all([
      postReview(user, fields),
      postReview(user, { ...fields, content: "Twice" }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await dish(f.dishIds["Cacio e Pepe"]!)).reviewCount).toBe(before.reviewCount + 1);
    // Past the service's check, the index itself refuses a second live review of the item.
    await expect(
      recordReviewGroup(t.db, {
        authorId: user.userId,
        createdAt: t.clock.now(),
        incentivised: false,
        main: { dishId: f.dishIds["Cacio e Pepe"]!, content: "Sneaky", ratingTenths: 50, photos: [] },
        dishReviews: [],
        files: [],
      }),
    ).rejects.toBeInstanceOf(DuplicateReviewError);
  });

  it("keeps every earlier state as a version moderators can read, and shows none of them publicly", async () => {
    const user = await createUser(t);
    const id = f.restaurantIds["Trattoria Roma"]!;
    const posted = await body(
      await postReview(user, {
        restaurantId: String(id),
        content: "First words",
        rating: "3",
        images: [jpeg()],
      }),
    );
    const postId = posted.data.postId as number;
    const [photoRow] = await t.db.select().from(postImages).where(eq(postImages.postId, postId));
    t.clock.advance(60_000);
    const edit = (fields: object) =>
      postJson(t, "/api/posts/update", { id: postId, ...fields }, user.authorization);
    expect((await edit({ content: "Second words", rating: 4 })).status).toBe(200);
    expect((await edit({ content: "Third words" })).status).toBe(200);

    const versions = await versionsOf(postId);
    expect(versions.map((v) => [v.content, v.ratingTenths, v.incentivised])).toEqual([
      ["First words", 30, false],
      ["Second words", 40, false],
    ]);
    expect(versions[0]!.photos).toEqual([{ fileName: photoRow!.fileName, variants: photoRow!.variants }]);
    expect(versions[0]!.writtenAt).toBeLessThan(versions[0]!.editedAt);
    const page = JSON.stringify(await body(await t.app.request(`/api/reviews/restaurant/${id}?pageSize=50`)));
    expect(page).toContain("Third words");
    expect(page).not.toContain("First words");
    expect(page).not.toContain("Second words");
  });

  it("takes the incentive answer from no to yes, never back, and a refused edit changes nothing", async () => {
    const user = await createUser(t);
    const id = f.restaurantIds["Brick Lane Roasters"]!;
    const cortado = f.dishIds.Cortado!;
    const before = await restaurant(id);
    const posted = await body(
      await postReview(user, {
        restaurantId: String(id),
        content: "Free coffee for a review",
        rating: "5",
        dishReviews: JSON.stringify([{ dishId: cortado, content: "Free too", rating: 5 }]),
      }),
    );
    const postId = posted.data.postId as number;
    expect((await restaurant(id)).ratingCount).toBe(before.ratingCount + 1);

    const yes = await postJson(
      t,
      "/api/posts/update",
      { id: postId, incentivised: true },
      user.authorization,
    );
    expect(yes.status).toBe(200);
    const marked = await restaurant(id);
    expect(marked.ratingCount).toBe(before.ratingCount);
    expect((await versionsOf(postId)).map((v) => v.incentivised)).toEqual([false]);
    expect((await versionsOf(posted.data.dishPostIds[0])).map((v) => v.incentivised)).toEqual([false]);

    const rowsBefore = await t.db.select().from(posts).where(eq(posts.id, postId));
    for (const target of [postId, posted.data.dishPostIds[0]]) {
      const no = await postJson(
        t,
        "/api/posts/update",
        { id: target, incentivised: false, content: "I take it back" },
        user.authorization,
      );
      expect(no.status).toBe(400);
      const refused = await body(no);
      expect(refused.message).toBe(REVIEW_MESSAGES.incentiveFinal);
      expect(refused.data.fields).toEqual({ incentivised: REVIEW_MESSAGES.incentiveFinal });
    }
    expect(await t.db.select().from(posts).where(eq(posts.id, postId))).toEqual(rowsBefore);
    expect(await restaurant(id)).toEqual(marked);
    expect(await versionsOf(postId)).toHaveLength(1);
  });
});
