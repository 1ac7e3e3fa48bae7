// No oracles (issue 20): whatever the caller cannot see (a private account's post they do not
// follow, a post or comment across a block, someone else's comment they may not delete, a
// person who blocked them) answers exactly what a nonexistent one answers, status and body,
// and changes nothing. Each case is an attacker's call tried both ways through the real API.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postReviews } from "../services/review-post.ts";
import { createUser, NO_SCRYPT, sendJson, type TestUser } from "../testing/accounts.ts";
import { buildCatalogueFixture, type CatalogueFixture } from "../testing/fixture.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
let f: CatalogueFixture;
/** `me` probes; `priv` is private (me liked and saved its post while following, then was removed); `blocker` blocked me after I liked its post; `third` comments on `author`'s public post. */
let me: TestUser, author: TestUser, priv: TestUser, blocker: TestUser, third: TestUser;
let publicPost: number, privatePost: number, blockerPost: number;
let privateComment: number, blockerComment: number, thirdComment: number, blockerOnPublic: number;
const NONE = 987_654;

async function call(method: string, path: string, who: TestUser, body?: unknown) {
  const res = await sendJson(t, method, `/api${path}`, who, body);
  return { status: res.status, body: (await res.json()) as { code: number; message: string; data: unknown } };
}

async function review(authorId: number, content: string): Promise<number> {
  const [id] = await postReviews(t.deps, [
    {
      restaurantId: f.restaurantIds["Grill Republic"]!,
      authorId,
      content,
      ratingTenths: 40,
      createdAt: t.clock.now(),
    },
  ]);
  return id!;
}

async function comment(who: TestUser, postId: number, content: string): Promise<number> {
  const res = await call("POST", "/comments/save", who, { postId, content });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data as { id: number }).id;
}

/** Every row anything here could write: an oracle call must leave all of them as they were. */
async function snapshot() {
  const tables = [
    "post_likes",
    "post_saves",
    "comments",
    "comment_likes",
    "comment_reports",
    "review_reports",
    "user_reports",
    "follows",
    "follow_requests",
    "blocks",
    "notifications",
  ];
  const counts: Record<string, number> = {};
  for (const table of tables) {
    counts[table] = Number(
      (await t.db.get<{ n: number }>(sql`SELECT count(*) AS n FROM ${sql.identifier(table)}`))!.n,
    );
  }
  return counts;
}

beforeAll(async () => {
  t = await createTestApp();
  f = await buildCatalogueFixture(t.db, t.clock.now());
  [me, author, priv, blocker, third] = (await Promise.all(
    Array.from({ length: 5 }, () => createUser(t, NO_SCRYPT)),
  )) as [TestUser, TestUser, TestUser, TestUser, TestUser];
  publicPost = await review(author.userId, "Open kitchen, great bao");
  privatePost = await review(priv.userId, "Friends-only ramen notes");
  blockerPost = await review(blocker.userId, "Blocker's pizza review");
  await t.db.run(sql`UPDATE profiles SET is_private = 1 WHERE user_id = ${priv.userId}`);
  await t.db.run(
    sql`INSERT INTO follows (follower_id, following_id, created_at) VALUES (${me.userId}, ${priv.userId}, 1)`,
  );
  // While it could see them, `me` liked and saved both posts; the blocker commented on the public post.
  for (const postId of [privatePost, blockerPost]) {
    expect((await call("POST", "/posts/like", me, { postId })).status).toBe(200);
    expect((await call("POST", "/posts/saved", me, { postId })).status).toBe(200);
  }
  privateComment = await comment(priv, privatePost, "Only for followers");
  blockerComment = await comment(blocker, blockerPost, "My own post, my words");
  blockerOnPublic = await comment(blocker, publicPost, "Blocker was here");
  thirdComment = await comment(third, publicPost, "A stranger's comment");
  for (const commentId of [privateComment, blockerComment, blockerOnPublic]) {
    expect((await call("POST", "/comments/like", me, { commentId })).status).toBe(200);
  }
  await t.db.run(sql`DELETE FROM follows WHERE follower_id = ${me.userId} AND following_id = ${priv.userId}`);
  expect((await call("POST", `/users/${me.userId}/block`, blocker)).status).toBe(200);
});
afterAll(() => t.close());

type Probe = (id: number) => [string, string, unknown?];
const POST_PROBES: Record<string, Probe> = {
  like: (id) => ["POST", "/posts/like", { postId: id }],
  unlike: (id) => ["DELETE", `/posts/like/${id}`],
  save: (id) => ["POST", "/posts/saved", { postId: id }],
  unsave: (id) => ["DELETE", `/posts/unsave/${id}`],
  report: (id) => ["POST", "/posts/report", { postId: id, reason: "spam-or-fake" }],
  comment: (id) => ["POST", "/comments/save", { postId: id, content: "Hello?" }],
  "read comments": (id) => ["GET", `/comments/getAllPostsComments/${id}`],
  "read the review (its page, issue 24)": (id) => ["GET", `/posts/${id}`],
};
const COMMENT_PROBES: Record<string, Probe> = {
  like: (id) => ["POST", "/comments/like", { commentId: id }],
  unlike: (id) => ["DELETE", `/comments/unlike?commentId=${id}`],
  report: (id) => ["POST", "/comments/report", { commentId: id, reason: "spam-or-fake" }],
  delete: (id) => ["DELETE", `/comments/deleteComment/${id}`],
  reply: (id) => ["POST", "/comments/save", { postId: publicPost, content: "Reply?", parentId: id }],
  edit: (id) => ["POST", "/comments/update", { id, content: "Changed" }],
};
const USER_PROBES: Record<string, Probe> = {
  "GET /users/{id}": (id) => ["GET", `/users/${id}`],
  profile: (id) => ["GET", `/profiles/getProfileByUserId/${id}`],
  "profile posts": (id) => ["GET", `/profiles/getPostsByUserId/${id}`],
  "review list": (id) => ["GET", `/reviews/user/${id}`],
  following: (id) => ["GET", `/follower/getFollowing/${id}`],
  followers: (id) => ["GET", `/follower/getFollower/${id}`],
  follow: (id) => ["POST", `/users/${id}/follow`],
  "follow (spec path)": (id) => ["POST", "/follower/follow", { followerId: me.userId, followingId: id }],
  unfollow: (id) => ["DELETE", `/users/${id}/unfollow`],
  report: (id) => ["POST", `/users/${id}/report`, { reason: "harassment" }],
  block: (id) => ["POST", `/users/${id}/block`],
  unblock: (id) => ["DELETE", `/users/${id}/unblock`],
};

async function expectSameAsNothing(probe: Probe, hidden: () => number) {
  const before = await snapshot();
  const seen = await call(...(probe(hidden()).slice(0, 2) as [string, string]), me, probe(hidden())[2]);
  const none = await call(...(probe(NONE).slice(0, 2) as [string, string]), me, probe(NONE)[2]);
  expect(none.status).toBe(404);
  expect(seen).toEqual(none);
  expect(await snapshot()).toEqual(before);
}

describe("a post the caller cannot see answers as a nonexistent one", () => {
  for (const [name, probe] of Object.entries(POST_PROBES)) {
    it(`${name}: a private account's post after the follow ended`, () =>
      expectSameAsNothing(probe, () => privatePost));
    it(`${name}: the post of someone who blocked the caller`, () =>
      expectSameAsNothing(probe, () => blockerPost));
  }
});

describe("a comment the caller cannot see, or may not delete, answers as a nonexistent one", () => {
  for (const [name, probe] of Object.entries(COMMENT_PROBES)) {
    it(`${name}: on a private account's post`, () => expectSameAsNothing(probe, () => privateComment));
    it(`${name}: by someone who blocked the caller`, () => expectSameAsNothing(probe, () => blockerOnPublic));
  }
  it("delete: someone else's visible comment on someone else's post", () =>
    expectSameAsNothing(COMMENT_PROBES.delete!, () => thirdComment));
});

describe("a person who blocked the caller answers as a nonexistent user", () => {
  for (const [name, probe] of Object.entries(USER_PROBES)) {
    it(name, () => expectSameAsNothing(probe, () => blocker.userId));
  }
  it("the blocker, who knows of the block, can still report and unblock the person they blocked", async () => {
    expect((await call("POST", `/users/${me.userId}/report`, blocker, { reason: "harassment" })).status).toBe(
      200,
    );
    expect((await call("POST", `/users/${me.userId}/block`, blocker)).status).toBe(200);
  });
});
