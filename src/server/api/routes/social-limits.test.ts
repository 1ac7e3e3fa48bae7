// Floods (issue 20): one notification per actor, object and kind however often a like is
// taken back and given again, and per-user limits on likes, saves and comment likes: past the
// limit a call answers 429 with Retry-After and writes nothing.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS } from "../auth/rate-limit.ts";
import { postReviews } from "../services/review-post.ts";
import { createUser, NO_SCRYPT, sendJson, type TestUser } from "../testing/accounts.ts";
import { buildCatalogueFixture, type CatalogueFixture } from "../testing/fixture.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
let f: CatalogueFixture;

async function call(method: string, path: string, who: TestUser, body?: unknown) {
  const res = await sendJson(t, method, `/api${path}`, who, body);
  return {
    status: res.status,
    retryAfter: res.headers.get("retry-after"),
    body: (await res.json()) as { code: number; message: string; data: unknown },
  };
}

/** A review by `authorId`, who has none yet (one live review per person per restaurant). */
async function review(authorId: number): Promise<number> {
  const restaurantId = f.restaurantIds["Grill Republic"]!;
  const [id] = await postReviews(t.deps, [
    { restaurantId, authorId, content: "Worth the queue", ratingTenths: 42, createdAt: t.clock.now() },
  ]);
  return id!;
}

async function count(query: ReturnType<typeof sql>): Promise<number> {
  return Number((await t.db.get<{ n: number }>(query))!.n);
}

const users = (n: number) => Promise.all(Array.from({ length: n }, () => createUser(t, NO_SCRYPT)));

beforeAll(async () => {
  t = await createTestApp();
  f = await buildCatalogueFixture(t.db, t.clock.now());
});
afterAll(() => t.close());

describe("one notification per actor, object and kind", () => {
  it("six like toggles of a post tell its author once", async () => {
    const [author, fan] = (await users(2)) as [TestUser, TestUser];
    const postId = await review(author.userId);
    for (let i = 0; i < 6; i++) {
      expect((await call("POST", "/posts/like", fan, { postId })).status).toBe(200);
      expect((await call("DELETE", `/posts/like/${postId}`, fan)).status).toBe(200);
    }
    const told = await call("GET", "/notifications", author);
    const kinds = told.body.data as { notifications: { kind: string }[]; unreadCount: number };
    expect(kinds.notifications.map((n) => n.kind)).toEqual(["post-like"]);
    expect(kinds.unreadCount).toBe(1);
  });

  it("six like toggles of a comment, and follow, unfollow, follow again, each tell once", async () => {
    const [author, fan] = (await users(2)) as [TestUser, TestUser];
    const postId = await review(author.userId);
    const made = await call("POST", "/comments/save", author, { postId, content: "Thanks for reading" });
    const commentId = (made.body.data as { id: number }).id;
    for (let i = 0; i < 6; i++) {
      expect((await call("POST", "/comments/like", fan, { commentId })).status).toBe(200);
      expect((await call("DELETE", `/comments/unlike?commentId=${commentId}`, fan)).status).toBe(200);
      expect((await call("POST", `/users/${author.userId}/follow`, fan)).status).toBe(200);
      expect((await call("DELETE", `/users/${author.userId}/unfollow`, fan)).status).toBe(200);
    }
    const kinds = await t.db.all<{
      kind: string;
      n: number;
    }>(sql`SELECT kind, count(*) AS n FROM notifications
      WHERE recipient_id = ${author.userId} GROUP BY kind ORDER BY kind`);
    expect(kinds.map((k) => [k.kind, Number(k.n)])).toEqual([
      ["comment-like", 1],
      ["follow", 1],
    ]);
  });
});

describe("per-user limits: 429 with Retry-After, and nothing written past the limit", () => {
  /**
   * Runs `limit.limit` calls that succeed, then one more: it must answer 429 with Retry-After
   * and the rule's message, and `written` must not grow.
   */
  async function burst(
    limit: { limit: number; message: string },
    each: (i: number) => Promise<{ status: number }>,
    over: () => Promise<Awaited<ReturnType<typeof call>>>,
    written: () => Promise<number>,
  ) {
    for (let i = 0; i < limit.limit; i++) {
      const res = await each(i);
      expect(res.status, `call ${i + 1}`).toBe(200);
    }
    const before = await written();
    const refused = await over();
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(refused.body.message).toMatch(
      new RegExp(
        `^${limit.message.replace(/[.()]/g, "\\$&")} Please try again in \\d+ (minute|second)s?\\.$`,
      ),
    );
    expect(await written()).toBe(before);
  }

  it("likes and saves of posts", async () => {
    const [fan] = (await users(1)) as [TestUser];
    const authors = await users(RATE_LIMITS.postMarksPerUser.limit + 1);
    const posts: number[] = [];
    for (const author of authors) posts.push(await review(author.userId));
    const half = Math.floor(RATE_LIMITS.postMarksPerUser.limit / 2);
    await burst(
      RATE_LIMITS.postMarksPerUser,
      (i) => call("POST", i < half ? "/posts/like" : "/posts/saved", fan, { postId: posts[i] }),
      () => call("POST", "/posts/like", fan, { postId: posts.at(-1) }),
      () =>
        count(sql`SELECT (SELECT count(*) FROM post_likes WHERE user_id = ${fan.userId})
          + (SELECT count(*) FROM notifications WHERE actor_id = ${fan.userId}) AS n`),
    );
    const save = await call("POST", "/posts/saved", fan, { postId: posts.at(-1) });
    expect(save.status).toBe(429);
    // Taking back stays open: someone at the limit can still undo a mistaken like.
    expect((await call("DELETE", `/posts/like/${posts[0]}`, fan)).status).toBe(200);
    // A new window opens the door again.
    t.clock.advance(RATE_LIMITS.postMarksPerUser.windowMs);
    expect((await call("POST", "/posts/like", fan, { postId: posts.at(-1) })).status).toBe(200);
  });

  it("likes of comments", async () => {
    const [author, fan] = (await users(2)) as [TestUser, TestUser];
    const postId = await review(author.userId);
    const comments: number[] = [];
    for (let i = 0; i <= RATE_LIMITS.commentLikesPerUser.limit; i++) {
      // Written directly: the author's own comments would meet the comment limit first.
      const row = await t.db.get<{
        id: number;
      }>(sql`INSERT INTO comments (post_id, user_id, content, created_at)
        VALUES (${postId}, ${author.userId}, ${`Comment ${i}`}, ${t.clock.now()}) RETURNING id`);
      comments.push(Number(row!.id));
    }
    await burst(
      RATE_LIMITS.commentLikesPerUser,
      (i) => call("POST", "/comments/like", fan, { commentId: comments[i] }),
      () => call("POST", "/comments/like", fan, { commentId: comments.at(-1) }),
      () => count(sql`SELECT count(*) AS n FROM comment_likes WHERE user_id = ${fan.userId}`),
    );
  });
  // Follows and comments had their limits before (followsPerUser, commentsPerUser): their
  // tests are in social.test.ts and social-posts.test.ts.
});
