// One privacy rule on every path that shows a review (issue 20; docs/social.md "Privacy of
// reviews"): a private account's reviews are shown only on its profile, to its approved
// followers and to itself; item lists leave them out for everyone and say how many they left
// out, while the item's rating still counts them. Neither side of a block sees the other's
// reviews. Each test asks as a visitor, a stranger, an approved follower and the author.
import sharp from "sharp";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, sendJson, type TestUser } from "../testing/accounts.ts";
import { buildCatalogueFixture, type CatalogueFixture } from "../testing/fixture.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
let f: CatalogueFixture;
/** author is private; fan is their approved follower; stranger follows no one; rival and stranger block each other. */
let author: TestUser, fan: TestUser, stranger: TestUser, rival: TestUser;
let privatePost: number, privateDishPost: number, strangerPost: number, rivalPost: number;
let photoNames: string[];

const PRIVATE_TEXT = "Quincelacquered pork belly, and the waiter knew my name";
const PRIVATE_DISH_TEXT = "Quincelacquered broth, better than last week";
const STRANGER_TEXT = "Smokeflaked broth that tasted of the sea";
const RIVAL_TEXT = "Saltcracked noodles with too much chilli";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each call answers its own shape; each test reads it
type Answer = { code: number; message: string; data: any };

async function call(method: string, path: string, who?: TestUser, body?: unknown) {
  const res = await sendJson(t, method, path, who, body);
  return { status: res.status, headers: res.headers, text: await res.text() };
}

async function get(path: string, who?: TestUser) {
  const res = await call("GET", path, who);
  return { ...res, json: JSON.parse(res.text) as Answer };
}

async function expectOk(method: string, path: string, who: TestUser, body?: unknown) {
  const res = await call(method, path, who, body);
  expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(300);
  return JSON.parse(res.text) as Answer;
}

async function postReview(who: TestUser, fields: Record<string, string>, photo = false): Promise<Answer> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (photo) {
    const png = await sharp({ create: { width: 60, height: 40, channels: 3, background: "#3a6" } })
      .png()
      .toBuffer();
    form.append("images", new File([new Uint8Array(png)], "private.png", { type: "image/png" }));
  }
  return expectOk("POST", "/api/posts/save", who, form);
}

/** What a private review says and shows: its texts and its photos. */
function expectNoPrivateText(text: string, where: string) {
  for (const mark of [PRIVATE_TEXT, PRIVATE_DISH_TEXT, ...photoNames])
    expect(text, `${where} shows ${mark}`).not.toContain(mark);
}

/** ...and who wrote it, where a follow or a notification does not name them anyway. */
function expectNoPrivateReview(text: string, where: string) {
  expectNoPrivateText(text, where);
  expect(text, `${where} names the author`).not.toContain(author.username);
}

const dishId = () => f.dishIds["Shoyu Ramen"]!;
const restaurantId = () => f.restaurantIds["Tonkotsu Lane"]!;

let dishCountBefore: number;
let restaurantCountBefore: number;

beforeAll(async () => {
  t = await createTestApp();
  f = await buildCatalogueFixture(t.db, t.clock.now());
  [author, fan, stranger, rival] = await Promise.all([
    createUser(t, { username: "quince_private" }),
    createUser(t),
    createUser(t),
    createUser(t),
  ]);
  dishCountBefore = (await get(`/api/dishes/${dishId()}`)).json.data.reviewCount;
  restaurantCountBefore = (await get(`/api/restaurants/${restaurantId()}`)).json.data.reviewCount;

  await expectOk("POST", `/api/profiles/updatePrivacy/${author.userId}`, author, { isPrivate: true });
  await expectOk("POST", `/api/users/${author.userId}/follow`, fan);
  await expectOk("POST", `/api/follower/requests/${fan.userId}/accept`, author);

  const posted = await postReview(
    author,
    {
      restaurantId: String(restaurantId()),
      content: PRIVATE_TEXT,
      rating: "4.9",
      dishReviews: JSON.stringify([{ dishId: dishId(), content: PRIVATE_DISH_TEXT, rating: 4.7 }]),
    },
    true,
  );
  privatePost = posted.data.postId;
  privateDishPost = posted.data.dishPostIds[0];
  photoNames = (
    await t.db.all<{ name: string }>(
      sql`SELECT file_name AS name FROM post_images WHERE post_id IN (${privatePost}, ${privateDishPost})`,
    )
  ).map((row) => row.name);
  expect(photoNames.length).toBeGreaterThan(0);

  strangerPost = (
    await postReview(stranger, { dishId: String(dishId()), content: STRANGER_TEXT, rating: "4.8" })
  ).data.postId;
  rivalPost = (await postReview(rival, { dishId: String(dishId()), content: RIVAL_TEXT, rating: "4.8" })).data
    .postId;
  await expectOk("POST", `/api/users/${rival.userId}/block`, stranger);
});

afterAll(() => t.close());

const viewers = () =>
  [
    ["a visitor", undefined],
    ["a stranger", stranger],
    ["an approved follower", fan],
    ["the author", author],
  ] as const;

describe("item review lists", () => {
  it("leave a private account's reviews out for everyone, and say how many they left out", async () => {
    for (const [who, viewer] of viewers()) {
      for (const path of [`/api/reviews/dish/${dishId()}`, `/api/reviews/restaurant/${restaurantId()}`]) {
        const res = await get(path, viewer);
        expect(res.status, `${path} as ${who}`).toBe(200);
        expectNoPrivateReview(res.text, `${path} as ${who}`);
        expect(res.json.data.privateReviewCount, `${path} as ${who}`).toBe(1);
      }
    }
  });

  it("count them in a rating band only when their rating is in it", async () => {
    const inBand = await get(`/api/reviews/dish/${dishId()}?minRating=4.5&maxRating=4.7`);
    expect(inBand.json.data.privateReviewCount).toBe(1);
    const outOfBand = await get(`/api/reviews/dish/${dishId()}?minRating=1&maxRating=2`);
    expect(outOfBand.json.data.privateReviewCount).toBe(0);
  });

  it("still count them, without a name, in the item's rating", async () => {
    const dish = (await get(`/api/dishes/${dishId()}`)).json.data;
    // The private dish review, the stranger's and the rival's.
    expect(dish.reviewCount).toBe(dishCountBefore + 3);
    const restaurant = (await get(`/api/restaurants/${restaurantId()}`)).json.data;
    expect(restaurant.reviewCount).toBe(restaurantCountBefore + 1);
  });

  it("list everyone else's reviews to a visitor and to people with no block", async () => {
    for (const viewer of [undefined, fan, author]) {
      const res = await get(`/api/reviews/dish/${dishId()}`, viewer);
      expect(res.text).toContain(STRANGER_TEXT);
      expect(res.text).toContain(RIVAL_TEXT);
    }
  });

  it("hide each side of a block from the other, and never serve one viewer's list to another", async () => {
    const path = `/api/reviews/dish/${dishId()}`;
    t.deps.cache.clear();
    // A visitor's list is cached (and remembered by the URL fast path) first.
    for (let i = 0; i < 2; i++) expect((await get(path)).text).toContain(RIVAL_TEXT);
    for (let i = 0; i < 2; i++) {
      const asStranger = await get(path, stranger);
      expect(asStranger.text).toContain(STRANGER_TEXT);
      expect(asStranger.text).not.toContain(RIVAL_TEXT);
      expect(asStranger.headers.get("cache-control")).toBe("private, no-store");
      const asRival = await get(path, rival);
      expect(asRival.text).toContain(RIVAL_TEXT);
      expect(asRival.text).not.toContain(STRANGER_TEXT);
    }
    // And the blocked viewers' lists were not kept for anyone else.
    const visitor = await get(path);
    expect(visitor.text).toContain(RIVAL_TEXT);
    expect(visitor.text).toContain(STRANGER_TEXT);
    expect(visitor.headers.get("vary")).toMatch(/authorization/i);
  });

  it("drop the cached lists that show an author's reviews when the author goes public or private", async () => {
    const lists = [`/api/reviews/dish/${dishId()}`, `/api/reviews/restaurant/${restaurantId()}`];
    t.deps.cache.clear();
    for (const path of lists) expectNoPrivateReview((await get(path)).text, path);
    await expectOk("POST", `/api/profiles/updatePrivacy/${author.userId}`, author, { isPrivate: false });
    try {
      for (const path of lists) {
        const res = await get(path);
        expect(res.text, path).toContain(author.username);
        expect(res.json.data.privateReviewCount, path).toBe(0);
      }
    } finally {
      await expectOk("POST", `/api/profiles/updatePrivacy/${author.userId}`, author, { isPrivate: true });
    }
    for (const path of lists) {
      const res = await get(path);
      expectNoPrivateReview(res.text, path);
      expect(res.json.data.privateReviewCount, path).toBe(1);
    }
  });
});

describe("post search", () => {
  it("finds a private account's review only for its approved followers and its author", async () => {
    for (const [who, viewer] of viewers()) {
      const res = await get("/api/posts/search/1?keyword=quincelacquered", viewer);
      expect(res.status).toBe(200);
      const ids = res.json.data.data.map((card: { id: number }) => card.id);
      if (viewer === fan || viewer === author) expect(ids, who).toContain(privatePost);
      else {
        expect(ids, who).not.toContain(privatePost);
        expectNoPrivateReview(res.text, `post search as ${who}`);
      }
    }
  });

  it("never finds the review of someone on the other side of a block", async () => {
    const asStranger = await get("/api/posts/search/1?keyword=saltcracked", stranger);
    expect(asStranger.json.data.data).toEqual([]);
    const asRival = await get("/api/posts/search/1?keyword=smokeflaked", rival);
    expect(asRival.json.data.data).toEqual([]);
    const asVisitor = await get("/api/posts/search/1?keyword=saltcracked");
    expect(asVisitor.json.data.data.map((card: { id: number }) => card.id)).toContain(rivalPost);
  });
});

describe("feeds", () => {
  it("bring a private account's review to its approved followers only", async () => {
    const asFan = await get("/api/posts/feed/1?pageSize=50", fan);
    expect(asFan.json.data.data.map((card: { id: number }) => card.id)).toContain(privatePost);
    for (const viewer of [stranger, rival]) {
      const res = await get("/api/posts/feed/1?pageSize=50", viewer);
      expect(res.status).toBe(200);
      expectNoPrivateReview(res.text, "a stranger's feed");
    }
    expect((await get("/api/posts/feed/1")).status).toBe(401);
  });

  it("never suggest a review across a block, though they suggest it to others", async () => {
    // The fan follows fewer than FEW_FOLLOWING people, so the best recent reviews follow.
    const asFan = await get("/api/posts/feed/1?pageSize=50", fan);
    const suggested = asFan.json.data.data.map((card: { id: number }) => card.id);
    expect(suggested).toContain(rivalPost);
    expect(suggested).toContain(strangerPost);
    const asStranger = await get("/api/posts/feed/1?pageSize=50", stranger);
    expect(asStranger.text).not.toContain(RIVAL_TEXT);
    const asRival = await get("/api/posts/feed/1?pageSize=50", rival);
    expect(asRival.text).not.toContain(STRANGER_TEXT);
  });
});

describe("profiles", () => {
  it("show a private account's reviews to its approved followers and itself only", async () => {
    for (const [who, viewer] of viewers()) {
      const grid = await get(`/api/profiles/getPostsByUserId/${author.userId}`, viewer);
      const profile = await get(`/api/profiles/getProfileByUserId/${author.userId}`, viewer);
      const reviews = await get(`/api/reviews/user/${author.userId}`, viewer);
      if (viewer === fan || viewer === author) {
        expect(grid.text, who).toContain(PRIVATE_TEXT);
        expect(reviews.text, who).toContain(PRIVATE_TEXT);
        expect(
          profile.json.data.posts.map((p: { id: number }) => p.id),
          who,
        ).toContain(privatePost);
      } else {
        expect(grid.status, who).toBe(403);
        expect(reviews.status, who).toBe(viewer ? 403 : 401);
        expect(profile.json.data.posts, who).toEqual([]);
        for (const res of [grid, profile, reviews]) expect(res.text, who).not.toContain(PRIVATE_TEXT);
      }
    }
  });

  it("show neither side of a block the other's reviews", async () => {
    for (const [viewer, other] of [
      [stranger, rival],
      [rival, stranger],
    ] as const) {
      expect((await get(`/api/profiles/getPostsByUserId/${other.userId}`, viewer)).status).toBe(404);
      expect((await get(`/api/reviews/user/${other.userId}`, viewer)).status).toBe(404);
    }
  });
});

describe("the data export", () => {
  it("holds one's own reviews, and of another person's private review only the ids one touched", async () => {
    await expectOk("POST", "/api/posts/like", fan, { postId: privatePost, userId: fan.userId });
    await expectOk("POST", "/api/posts/saved", fan, { postId: privatePost, userId: fan.userId });
    await expectOk("POST", "/api/comments/save", fan, {
      postId: privatePost,
      userId: fan.userId,
      content: "Saving this one",
    });
    const own = await get(`/api/account/export/${author.userId}`, author);
    expect(own.text).toContain(PRIVATE_TEXT);
    expect(own.text).toContain(PRIVATE_DISH_TEXT);
    for (const viewer of [fan, stranger]) {
      const res = await get(`/api/account/export/${viewer.userId}`, viewer);
      expect(res.status).toBe(200);
      expectNoPrivateText(res.text, "another person's export");
    }
    const fanExport = (await get(`/api/account/export/${fan.userId}`, fan)).json.data;
    expect(fanExport.likes.posts).toContain(privatePost);
    expect(fanExport.savedPosts).toContain(privatePost);
  });
});

describe("notifications", () => {
  it("name the post, never a private review's text, even to someone who can no longer see it", async () => {
    const comment = await expectOk("POST", "/api/comments/save", fan, {
      postId: privatePost,
      userId: fan.userId,
      content: "Which table was it?",
    });
    await expectOk("POST", "/api/comments/save", author, {
      postId: privatePost,
      userId: author.userId,
      content: "By the window",
      parentId: comment.data.id,
    });
    await expectOk("DELETE", `/api/users/${author.userId}/unfollow`, fan);
    try {
      const fanNotes = await get("/api/notifications", fan);
      expect(fanNotes.json.data.notifications.some((n: { postId: number }) => n.postId === privatePost)).toBe(
        true,
      );
      expectNoPrivateText(fanNotes.text, "the fan's notifications");
      const authorNotes = await get("/api/notifications", author);
      expect(authorNotes.text).not.toContain(PRIVATE_TEXT);
      // What the notification points at stays hidden from someone who no longer follows.
      const comments = await get(`/api/comments/getAllPostsComments/${privatePost}`, fan);
      expect(comments.status).toBe(404);
      expect(comments.text).not.toContain(PRIVATE_TEXT);
    } finally {
      await expectOk("POST", `/api/users/${author.userId}/follow`, fan);
      await expectOk("POST", `/api/follower/requests/${fan.userId}/accept`, author);
    }
  });
});
