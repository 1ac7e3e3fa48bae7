// Every list paged by a cursor reads it with the one codec (src/domain/keyset-cursor.ts): text
// that is not a cursor, the base64 cursors of before, and a well-formed cursor of another list
// or order each answer 400 naming the cursor field, before anything is read.
import { beforeAll, describe, expect, it } from "vitest";
import { createUser, NO_SCRYPT, sendJson, type TestUser } from "../testing/accounts.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
let me: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  me = await createUser(t, NO_SCRYPT);
});

const OLD_BASE64 = Buffer.from(JSON.stringify(["c", 1, 1])).toString("base64url");

/** Each list, and a cursor another list would accept. */
const lists = (userId: number): [path: string, foreign: string][] => [
  ["/api/posts/feed/1?", "comments_1_2"],
  ["/api/posts/search/1?keyword=tea&", "feed_1_2"],
  ["/api/comments/getAllPostsComments/1?", "feed_1_2"],
  [`/api/posts/liked/${userId}?`, "saved_1_2"],
  [`/api/posts/saved/${userId}?`, "liked_1_2"],
  ["/api/reviews/restaurant/1?sort=newest&", "reviewshighest_1_2_3"],
  [`/api/follower/getFollowing/${userId}?`, "requests_1_2"],
  [`/api/follower/getFollower/${userId}?`, "blocked_1_2"],
  ["/api/follower/requests?", "follows_1_2"],
  ["/api/blocks?", "follows_1_2"],
  ["/api/people/search?q=tea&", "notifications_1"],
  ["/api/notifications?", "people_1"],
  [`/api/profiles/getPostsByUserId/${userId}?sort=newest&`, "profileliked_1_2_3"],
];

describe("list cursors", () => {
  it("refuse garbage, the old base64 cursors and another list's cursor with a 400 on the cursor field", async () => {
    for (const [path, foreign] of lists(me.userId)) {
      for (const cursor of ["nonsense", "feed_1", OLD_BASE64, foreign]) {
        const res = await sendJson(t, "GET", `${path}cursor=${cursor}`, me);
        const body = (await res.json()) as { data: { fields?: Record<string, string> } };
        expect(res.status, `${path} ${cursor}`).toBe(400);
        expect(body.data.fields?.cursor, `${path} ${cursor}`).toMatch(
          /must be a cursor from a previous page/,
        );
      }
    }
  });

  it("refuse a real cursor of one list in a list with the same sort key", async () => {
    for (const _ of [1, 2]) {
      const other = await createUser(t, NO_SCRYPT);
      const body = { followerId: me.userId, followingId: other.userId };
      expect((await sendJson(t, "POST", "/api/follower/follow", me, body)).status).toBe(200);
    }
    const page = await sendJson(t, "GET", `/api/follower/getFollowing/${me.userId}?limit=1`, me);
    const { nextCursor } = ((await page.json()) as { data: { nextCursor: string } }).data;
    expect(nextCursor).toMatch(/^follows_/);
    expect(
      (await sendJson(t, "GET", `/api/follower/getFollowing/${me.userId}?cursor=${nextCursor}`, me)).status,
    ).toBe(200);
    for (const path of ["/api/blocks", "/api/follower/requests"]) {
      expect((await sendJson(t, "GET", `${path}?cursor=${nextCursor}`, me)).status, path).toBe(400);
    }
  });

  it("refuse a people-search cursor past the results it pages within", async () => {
    const res = await sendJson(t, "GET", `/api/people/search?q=tea&cursor=people_${(200).toString(36)}`, me);
    expect(res.status).toBe(400);
  });
});
