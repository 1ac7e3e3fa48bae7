// The feed is fanned out on write into feed_entries (drizzle/0012; docs/social.md "How the feed
// stays cheap"): every write that changes who sees which post must leave each feed exactly
// what the rule says (one's own posts and those of the people one follows). Each test makes
// the write through the real API over a real SQLite file and reads feeds through the API.
// Test posts are rated 3.0, below the suggestions' 4.5, so they appear in a feed only as
// followed or own posts.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { PostCardPage } from "../../../shared/schemas/social-posts.ts";
import { FEED_FOLLOW_BACKFILL } from "../db/queries/social-posts.ts";
import { postReviews } from "../services/review-post.ts";
import { createUser, NO_SCRYPT, sendJson, type TestUser } from "../testing/accounts.ts";
import { moreDishes, useCatalogueTestApp } from "../testing/fixture.ts";

const { t, f } = useCatalogueTestApp();
const HOUR = 3_600_000;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each call answers its own shape
async function call(method: string, path: string, who?: TestUser, body?: unknown): Promise<any> {
  const res = await sendJson(t, method, path, who, body);
  const json = (await res.json()) as { code: number; message: string; data: unknown };
  expect(res.status, `${method} ${path}: ${JSON.stringify(json)}`).toBe(200);
  return json.data;
}

const newUser = () => createUser(t, NO_SCRYPT);

/**
 * Posts rated 3.0, a minute apart, the first `ageHours` old; answers their ids, oldest first.
 * Each rates a new dish: one review per person per item (issue 20).
 */
async function posts(author: TestUser, count: number, ageHours = 24): Promise<number[]> {
  const dishIds = await moreDishes(t.db, f, count);
  return postReviews(
    t.deps,
    Array.from({ length: count }, (_, i) => ({
      dishId: dishIds[i]!,
      authorId: author.userId,
      content: `Post ${i} by ${author.username}`,
      ratingTenths: 30,
      createdAt: t.clock.now() - ageHours * HOUR + i * 60_000,
    })),
  );
}

/** Every post of the followed part of `who`'s feed, newest first, walked by cursor. */
async function feed(who: TestUser): Promise<number[]> {
  const ids: number[] = [];
  let cursor: string | null = null;
  do {
    const page = (await call(
      "GET",
      `/api/posts/feed/1?pageSize=50${cursor ? `&cursor=${cursor}` : ""}`,
      who,
    )) as PostCardPage;
    ids.push(...page.data.filter((p) => p.source !== "suggested").map((p) => p.id));
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
}

const followUser = (who: TestUser, target: TestUser) =>
  call("POST", `/api/users/${target.userId}/follow`, who);

describe("the feed after each write", () => {
  it(`a follow brings the person's newest ${FEED_FOLLOW_BACKFILL} posts, and what they post later arrives`, async () => {
    const [reader, prolific] = await Promise.all([newUser(), newUser()]);
    const written = await posts(prolific, FEED_FOLLOW_BACKFILL + 5);
    const own = await posts(reader, 2, 0.5);
    expect(await feed(reader)).toEqual([...own].reverse());

    await followUser(reader, prolific);
    const newest = written.slice(-FEED_FOLLOW_BACKFILL).reverse();
    expect(await feed(reader)).toEqual([...own].reverse().concat(newest));

    // Through the review API: a restaurant review with a dish review is one card in the feed.
    const form = new FormData();
    form.append("restaurantId", String(f.restaurantIds["Kyoto Ramen House"]));
    form.append("content", "Rich broth, springy noodles");
    form.append("rating", "3");
    form.append(
      "dishReviews",
      JSON.stringify([{ dishId: f.dishIds["Pork Gyoza"], content: "Crisp", rating: 3 }]),
    );
    const posted = (await call("POST", "/api/posts/save", prolific, form)) as {
      postId: number;
      dishPostIds: number[];
    };
    const after = await feed(reader);
    expect(after[0]).toBe(posted.postId);
    expect(after).not.toContain(posted.dishPostIds[0]);
    expect((await feed(prolific))[0]).toBe(posted.postId);
  });

  it("dish reviews grouped after they are written (the seed's way) leave the feeds as they join their group", async () => {
    const [reader, author] = await Promise.all([newUser(), newUser()]);
    await followUser(reader, author);
    const [restaurantPost, dishPost] = await postReviews(t.deps, [
      {
        restaurantId: f.restaurantIds["Trattoria Roma"]!,
        authorId: author.userId,
        content: "Proper Roman pasta",
        ratingTenths: 30,
        createdAt: t.clock.now() - HOUR,
      },
      {
        dishId: f.dishIds["Carbonara"]!,
        authorId: author.userId,
        content: "Silky",
        ratingTenths: 30,
        createdAt: t.clock.now() - HOUR + 1000,
        groupWithIndex: 0,
      },
    ]);
    expect(await feed(reader)).toEqual([restaurantPost]);
    expect(await feed(author)).toEqual([restaurantPost]);
    expect(dishPost).toBeGreaterThan(restaurantPost!);
  });

  it("unfollowing takes the person's posts out; following again brings them back", async () => {
    const [reader, author] = await Promise.all([newUser(), newUser()]);
    const written = (await posts(author, 3)).reverse();
    await followUser(reader, author);
    expect(await feed(reader)).toEqual(written);
    await call("DELETE", `/api/users/${author.userId}/unfollow`, reader);
    expect(await feed(reader)).toEqual([]);
    expect(await feed(author)).toEqual(written);
    await followUser(reader, author);
    expect(await feed(reader)).toEqual(written);
  });

  it("a block takes each one's posts out of the other's feed, both ways, and unblocking restores nothing", async () => {
    const [a, b] = await Promise.all([newUser(), newUser()]);
    const [ofA, ofB] = [(await posts(a, 2)).reverse(), (await posts(b, 2, 30)).reverse()];
    await followUser(a, b);
    await followUser(b, a);
    expect(await feed(a)).toEqual([...ofA, ...ofB]);
    expect(await feed(b)).toEqual([...ofA, ...ofB]);

    await call("POST", `/api/users/${b.userId}/block`, a);
    expect(await feed(a)).toEqual(ofA);
    expect(await feed(b)).toEqual(ofB);
    // Posting across a block reaches nobody on the other side: the follows are gone.
    const [later] = await posts(b, 1, 0.1);
    expect(await feed(a)).toEqual(ofA);
    expect(await feed(b)).toEqual([later, ...ofB]);

    await call("DELETE", `/api/users/${b.userId}/unblock`, a);
    expect(await feed(a)).toEqual(ofA);
    expect(await feed(b)).toEqual([later, ...ofB]);
  });

  it("deleting a post takes it out of its author's and every follower's feed", async () => {
    const [author, one, two] = await Promise.all([newUser(), newUser(), newUser()]);
    const [older, newer] = await posts(author, 2);
    await followUser(one, author);
    await followUser(two, author);
    await call("DELETE", `/api/posts/${newer}`, author);
    for (const who of [author, one, two]) expect(await feed(who)).toEqual([older]);
  });

  it("a follow request adds nothing until accepted; going public accepts the waiting ones", async () => {
    const [owner, asker, waiting] = await Promise.all([newUser(), newUser(), newUser()]);
    const written = (await posts(owner, 2)).reverse();
    await call("POST", `/api/profiles/updatePrivacy/${owner.userId}`, owner, { isPrivate: true });
    await followUser(asker, owner);
    await followUser(waiting, owner);
    expect(await feed(asker)).toEqual([]);
    await call("POST", `/api/follower/requests/${asker.userId}/accept`, owner);
    expect(await feed(asker)).toEqual(written);
    expect(await feed(waiting)).toEqual([]);
    await call("POST", `/api/profiles/updatePrivacy/${owner.userId}`, owner, { isPrivate: false });
    expect(await feed(waiting)).toEqual(written);
  });

  it("deleting an account takes its posts out of its followers' feeds and its own feed goes", async () => {
    const leaver = await createUser(t);
    const [fan, followed] = await Promise.all([newUser(), newUser()]);
    await posts(leaver, 2);
    const kept = await posts(followed, 1);
    await followUser(fan, leaver);
    await followUser(leaver, followed);
    expect(await feed(fan)).toHaveLength(2);
    await call("POST", `/api/account/delete/${leaver.userId}`, leaver, { password: leaver.password });
    expect(await feed(fan)).toEqual([]);
    expect(await feed(followed)).toEqual(kept);
    const rows = await t.db.get<{ n: number }>(
      sql`SELECT count(*) AS n FROM feed_entries WHERE owner_id = ${leaver.userId}`,
    );
    expect(rows?.n).toBe(0);
  });

  it("100 parallel follows of the same pair leave one follow, one feed row per post and exact counts", async () => {
    const [reader, author] = await Promise.all([newUser(), newUser()]);
    const written = (await posts(author, 4)).reverse();
    const states = await Promise.all(
      Array.from(
        { length: 100 },
        async () => (await followUser(reader, author)) as { followersCount: number; followingCount: number },
      ),
    );
    for (const state of states) expect([state.followersCount, state.followingCount]).toEqual([1, 1]);
    const counts = await t.db.get<{ follows: number; entries: number }>(sql`SELECT
      (SELECT count(*) FROM follows WHERE follower_id = ${reader.userId}) AS follows,
      (SELECT count(*) FROM feed_entries WHERE owner_id = ${reader.userId}) AS entries`);
    expect(counts).toEqual({ follows: 1, entries: written.length });
    expect(await feed(reader)).toEqual(written);
  });
});

describe("after every write above", () => {
  it("feed_entries holds nothing that posts and follows do not explain, and everything a follow brings", async () => {
    const topLevel = sql`SELECT id, author_id, created_at FROM posts WHERE review_group_id IS NULL`;
    const [extra, missing] = await Promise.all([
      // Rows beyond one's own posts and every post of the people one follows.
      t.db.all(sql`SELECT owner_id, created_at, post_id FROM feed_entries EXCEPT SELECT * FROM (
        SELECT author_id, created_at, id FROM (${topLevel}) UNION ALL
        SELECT f.follower_id, p.created_at, p.id FROM follows f JOIN (${topLevel}) p ON p.author_id = f.following_id)`),
      // Own posts, and the newest FEED_FOLLOW_BACKFILL of each followed person, that are not there.
      t.db.all(sql`SELECT author_id, created_at, id FROM (${topLevel}) UNION ALL
        SELECT f.follower_id, p.created_at, p.id FROM follows f JOIN (
          SELECT *, row_number() OVER (PARTITION BY author_id ORDER BY created_at DESC, id DESC) AS newest FROM (${topLevel})
        ) p ON p.author_id = f.following_id AND p.newest <= ${FEED_FOLLOW_BACKFILL}
        EXCEPT SELECT owner_id, created_at, post_id FROM feed_entries`),
    ]);
    expect({ extra, missing }).toEqual({ extra: [], missing: [] });
  });
});
