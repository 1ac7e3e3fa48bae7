// GET /posts/{id} (issue 24: every review has its own page): the review as a post card, for
// anyone who may see it; a removed review, a private account's (for a visitor or a stranger)
// and one across a block answer exactly what a review that never existed answers.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, sendJson, type TestUser } from "../testing/accounts.ts";
import { buildCatalogueFixture, type CatalogueFixture } from "../testing/fixture.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
let f: CatalogueFixture;
let author: TestUser, hidden: TestUser, fan: TestUser, stranger: TestUser, blocker: TestUser;
let publicPost: number, dishPost: number, privatePost: number, removedPost: number;

async function call(method: string, path: string, who?: TestUser, body?: unknown) {
  const res = await sendJson(t, method, path, who, body);
  return {
    status: res.status,
    headers: res.headers,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads its own answer's shape
    json: (await res.json()) as { message: string; data: any },
  };
}

async function postReview(who: TestUser, fields: Record<string, unknown>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  const res = await call("POST", "/api/posts/save", who, form);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data as { postId: number; dishPostIds: number[] };
}

beforeAll(async () => {
  t = await createTestApp();
  f = await buildCatalogueFixture(t.db, t.clock.now());
  [author, hidden, fan, stranger, blocker] = await Promise.all([
    createUser(t, { username: "page_author" }),
    createUser(t, { username: "page_private" }),
    createUser(t),
    createUser(t),
    createUser(t),
  ]);
  const posted = await postReview(author, {
    restaurantId: f.restaurantIds["Tonkotsu Lane"],
    content: "Broth worth crossing London for",
    rating: 4.6,
    dishReviews: JSON.stringify([
      { dishId: f.dishIds["Shoyu Ramen"], content: "Silky noodles", rating: 4.8 },
    ]),
  });
  publicPost = posted.postId;
  dishPost = posted.dishPostIds[0]!;
  removedPost = (
    await postReview(stranger, { dishId: f.dishIds["Shoyu Ramen"], content: "Removed words", rating: 1 })
  ).postId;
  await t.db.run(sql`UPDATE posts SET removed_at = ${t.clock.now()} WHERE id = ${removedPost}`);

  await call("POST", `/api/profiles/updatePrivacy/${hidden.userId}`, hidden, { isPrivate: true });
  privatePost = (
    await postReview(hidden, { dishId: f.dishIds["Shoyu Ramen"], content: "Only for friends", rating: 4 })
  ).postId;
  await call("POST", `/api/users/${hidden.userId}/follow`, fan);
  expect((await call("POST", `/api/follower/requests/${fan.userId}/accept`, hidden)).status).toBe(200);
  expect((await call("POST", `/api/users/${author.userId}/block`, blocker)).status).toBe(200);
});
afterAll(() => t.close());

describe("GET /posts/{id}", () => {
  it("answers anyone the review with its dish reviews, never cached", async () => {
    const res = await call("GET", `/api/posts/${publicPost}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect(res.json.data).toMatchObject({
      id: publicPost,
      author: { id: author.userId, username: "page_author" },
      subject: { kind: "restaurant", name: "Tonkotsu Lane" },
      content: "Broth worth crossing London for",
      rating: 4.6,
      likes: 0,
      commentCount: 0,
      source: "other",
      dishReviews: [{ id: dishPost, content: "Silky noodles", rating: 4.8 }],
    });
    expect((await call("GET", `/api/posts/${publicPost}`, author)).json.data.source).toBe("own");
  });

  it("answers a removed, private or blocked review as one that does not exist", async () => {
    const nothing = await call("GET", "/api/posts/999999");
    expect(nothing.status).toBe(404);
    const cases: [string, number, TestUser | undefined][] = [
      ["removed, to a visitor", removedPost, undefined],
      ["removed, to another member", removedPost, fan],
      ["private, to a visitor", privatePost, undefined],
      ["private, to a stranger", privatePost, stranger],
      ["across a block, to the blocker", publicPost, blocker],
    ];
    for (const [name, id, who] of cases) {
      const res = await call("GET", `/api/posts/${id}`, who);
      expect({ name, status: res.status, json: res.json }).toEqual({ name, status: 404, json: nothing.json });
    }
    // The author and an approved follower still see the private review.
    expect((await call("GET", `/api/posts/${privatePost}`, hidden)).status).toBe(200);
    expect((await call("GET", `/api/posts/${privatePost}`, fan)).status).toBe(200);
    expect((await call("GET", `/api/posts/${publicPost}`, author)).status).toBe(200);
  });

  it("refuses an id that is not a positive integer with 400, and leaves /posts/feed and /posts/search to their routes", async () => {
    expect((await call("GET", "/api/posts/0")).status).toBe(400);
    expect((await call("GET", "/api/posts/abc")).status).toBe(400);
    expect((await call("GET", "/api/posts/search/1?keyword=broth")).status).toBe(200);
    expect((await call("GET", "/api/posts/feed/1", fan)).status).toBe(200);
  });

  it("lets a visitor read a public review's comments, as its page shows them", async () => {
    expect(
      (await call("POST", "/api/comments/save", fan, { postId: publicPost, content: "On my list" })).status,
    ).toBe(200);
    const res = await call("GET", `/api/comments/getAllPostsComments/${publicPost}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect(res.json.data.comments.map((c: { content: string }) => c.content)).toEqual(["On my list"]);
    expect((await call("GET", `/api/comments/getAllPostsComments/${privatePost}`)).status).toBe(404);
  });
});
