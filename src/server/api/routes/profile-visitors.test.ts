// Visitors open public profiles (issue 24): without a token, a public profile answers with its
// posts grid and follow lists (what /user/{id} reads), and a private one with the private-profile screen's data only (no posts, no lists,
// no reviews), as it answers a signed-in stranger (docs/social.md "Privacy of reviews").
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SOCIAL_MESSAGES } from "../../../domain/social-rules.ts";
import { createUser, sendJson, type TestUser } from "../testing/accounts.ts";
import { buildCatalogueFixture, type CatalogueFixture } from "../testing/fixture.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
let f: CatalogueFixture;
let open: TestUser, closed: TestUser, stranger: TestUser;

async function call(method: string, path: string, who?: TestUser, body?: unknown) {
  const res = await sendJson(t, method, path, who, body);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each call answers its own shape
  return { status: res.status, json: (await res.json()) as { message: string; data: any } };
}

async function review(who: TestUser, content: string) {
  const form = new FormData();
  form.append("dishId", String(f.dishIds["Shoyu Ramen"]));
  form.append("content", content);
  form.append("rating", "4.4");
  expect((await call("POST", "/api/posts/save", who, form)).status).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  f = await buildCatalogueFixture(t.db, t.clock.now());
  [open, closed, stranger] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
  await review(open, "Open for anyone to read");
  await review(closed, "Closed to strangers");
  expect((await call("POST", `/api/profiles/updatePrivacy/${closed.userId}`, closed, { isPrivate: true })).status).toBe(200);
});
afterAll(() => t.close());

describe("a visitor on a profile", () => {
  it("reads a public profile, its posts and its reviews", async () => {
    const profile = await call("GET", `/api/profiles/getProfileByUserId/${open.userId}`);
    expect(profile.status).toBe(200);
    expect(profile.json.data).toMatchObject({ userId: open.userId, isPrivate: false, canSeePosts: true, isOwn: false });
    const posts = await call("GET", `/api/profiles/getPostsByUserId/${open.userId}`);
    expect(posts.json.data.posts).toHaveLength(1);
    expect((await call("GET", `/api/follower/getFollower/${open.userId}`)).status).toBe(200);
  });

  it("gets a private profile's screen and nothing of what it hides, as a signed-in stranger does", async () => {
    for (const who of [undefined, stranger]) {
      const profile = await call("GET", `/api/profiles/getProfileByUserId/${closed.userId}`, who);
      expect(profile.status).toBe(200);
      expect(profile.json.data).toMatchObject({ isPrivate: true, canSeePosts: false, posts: [] });
      expect(JSON.stringify(profile.json)).not.toContain("Closed to strangers");
      const posts = await call("GET", `/api/profiles/getPostsByUserId/${closed.userId}`, who);
      expect([posts.status, posts.json.message]).toEqual([403, SOCIAL_MESSAGES.privateProfile]);
      expect((await call("GET", `/api/follower/getFollowing/${closed.userId}`, who)).status).toBe(403);
      const reviews = await call("GET", `/api/reviews/user/${closed.userId}`, who);
      expect(JSON.stringify(reviews.json)).not.toContain("Closed to strangers");
    }
  });
});
