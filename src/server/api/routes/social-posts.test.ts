// The feed, post search, comments and post likes and saves (issue 12) through the real API
// over a real SQLite file. One table holds every read and write against every kind of caller:
// a visitor, the owner, another user, a non-follower of a private account, a follower of it,
// and a blocked user; the rest checks what each call does.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPORT_RECEIVED_MESSAGE } from "../../../domain/report-reasons.ts";
import { FEW_FOLLOWING, SOCIAL_POST_MESSAGES } from "../../../domain/social-rules.ts";
import type { Comment, PostCard, PostCardPage } from "../../../shared/schemas/social-posts.ts";
import { postReviews } from "../services/review-post.ts";
import { createUser, sendJson, type TestUser } from "../testing/accounts.ts";
import { buildCatalogueFixture, type CatalogueFixture } from "../testing/fixture.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
let f: CatalogueFixture;
/** owner writes public posts; hidden is private; fan follows hidden; stranger follows no one; blocked is blocked by owner. */
let owner: TestUser, other: TestUser, hidden: TestUser, fan: TestUser, stranger: TestUser, blocked: TestUser;
let publicPost: number, privatePost: number;
let ownerComment: number, hiddenComment: number;

const HOUR = 3_600_000;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each call answers its own shape; each test reads it
type Answer = { code: number; message: string; data: any };

async function call(method: string, path: string, who?: TestUser, body?: unknown) {
  const res = await sendJson(t, method, path, who, body);
  return { status: res.status, headers: res.headers, json: (await res.json()) as Answer };
}

const reviewsBy = new Map<number, number>();

/**
 * A review by `authorId`: the first of Grill Republic, the next of the other restaurants,
 * then of dishes alone (a person has one live review per item: issue 20).
 */
async function review(
  authorId: number,
  content: string,
  ratingTenths: number,
  ageMs: number,
): Promise<number> {
  const n = reviewsBy.get(authorId) ?? 0;
  reviewsBy.set(authorId, n + 1);
  const restaurants = [
    f.restaurantIds["Grill Republic"]!,
    ...Object.entries(f.restaurantIds)
      .filter(([name]) => name !== "Grill Republic")
      .map(([, id]) => id),
  ];
  const subject =
    n < restaurants.length
      ? { restaurantId: restaurants[n]! }
      : { dishId: Object.values(f.dishIds)[n - restaurants.length]! };
  const [id] = await postReviews(t.deps, [
    {
      ...subject,
      authorId,
      content,
      ratingTenths,
      createdAt: t.clock.now() - ageMs,
    },
  ]);
  return id!;
}

async function follow(follower: TestUser, following: TestUser) {
  await t.db.run(
    sql`INSERT INTO follows (follower_id, following_id, created_at) VALUES (${follower.userId}, ${following.userId}, ${t.clock.now()})`,
  );
}

async function comment(who: TestUser, postId: number, content: string, parentId?: number): Promise<number> {
  const res = await call("POST", "/api/comments/save", who, {
    postId,
    content,
    userId: who.userId,
    parentId,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data.id as number;
}

beforeAll(async () => {
  t = await createTestApp();
  f = await buildCatalogueFixture(t.db, t.clock.now());
  [owner, other, hidden, fan, stranger, blocked] = (await Promise.all(
    ["owner", "other", "hidden", "fan", "stranger", "blocked"].map((name) =>
      createUser(t, { username: `sp_${name}` }),
    ),
  )) as [TestUser, TestUser, TestUser, TestUser, TestUser, TestUser];
  await t.db.run(sql`UPDATE profiles SET is_private = 1 WHERE user_id = ${hidden.userId}`);
  await follow(fan, hidden);
  await follow(other, owner);
  await follow(blocked, owner);
  publicPost = await review(owner.userId, "Charred smash burger with pickles", 46, 2 * HOUR);
  privatePost = await review(hidden.userId, "Secret burger menu, quietly superb", 49, 3 * HOUR);
  await t.db.run(
    sql`INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (${owner.userId}, ${blocked.userId}, ${t.clock.now()})`,
  );
  await t.db.run(
    sql`DELETE FROM follows WHERE follower_id = ${blocked.userId} AND following_id = ${owner.userId}`,
  );
  ownerComment = await comment(owner, publicPost, "Thanks all");
  hiddenComment = await comment(hidden, privatePost, "Only for friends");
});
afterAll(() => t.close());

// ---------------------------------------------------------------------------------------------
// Every call, every caller

type Cell = "visitor" | "owner" | "other" | "nonFollower" | "follower" | "blocked";
const callers = (): Record<Exclude<Cell, "visitor">, TestUser> => ({
  owner,
  other,
  nonFollower: stranger,
  follower: fan,
  blocked,
});

interface Operation {
  name: string;
  /** The request as `who` makes it; the target is chosen per cell (the private post for the private cells). */
  run: (who: TestUser | undefined, cell: Cell) => Promise<{ status: number; json: Answer }>;
  expected: Record<Cell, number>;
}

/** The post a cell acts on: the private account's for its follower and non-follower, else the owner's. */
const postFor = (cell: Cell) => (cell === "nonFollower" || cell === "follower" ? privatePost : publicPost);
const commentFor = (cell: Cell) =>
  cell === "nonFollower" || cell === "follower" ? hiddenComment : ownerComment;
const reads = { visitor: 401, owner: 200, other: 200, nonFollower: 404, follower: 200, blocked: 404 };

const OPERATIONS: Operation[] = [
  {
    name: "GET /comments/getAllPostsComments/{postId}",
    run: (who, cell) => call("GET", `/api/comments/getAllPostsComments/${postFor(cell)}`, who),
    // Anyone may read a visible post's comments: a review's page shows them (issue 24).
    expected: { ...reads, visitor: 200 },
  },
  {
    name: "POST /comments/save",
    run: (who, cell) =>
      call("POST", "/api/comments/save", who, {
        postId: postFor(cell),
        content: "Looks great",
        userId: who?.userId,
      }),
    expected: reads,
  },
  {
    name: "POST /comments/save (a reply)",
    run: (who, cell) =>
      call("POST", "/api/comments/save", who, {
        postId: postFor(cell),
        content: "Agreed",
        parentId: commentFor(cell),
      }),
    expected: reads,
  },
  {
    name: "POST /comments/like",
    run: (who, cell) =>
      call("POST", "/api/comments/like", who, { commentId: commentFor(cell), userId: who?.userId }),
    expected: reads,
  },
  {
    name: "DELETE /comments/unlike",
    run: (who, cell) => call("DELETE", `/api/comments/unlike?commentId=${commentFor(cell)}`, who),
    // A hidden comment answers 404 here too, so its like count is not told (issue 20).
    expected: reads,
  },
  {
    name: "POST /comments/report",
    run: (who, cell) =>
      call("POST", "/api/comments/report", who, { commentId: commentFor(cell), reason: "off-topic" }),
    expected: reads,
  },
  {
    name: "POST /comments/update (the owner's comment)",
    run: (who, cell) =>
      call("POST", "/api/comments/update", who, {
        id: commentFor(cell),
        content: `Edited by ${cell}`,
        createdAt: "1999-01-01",
      }),
    expected: { visitor: 401, owner: 200, other: 403, nonFollower: 404, follower: 403, blocked: 404 },
  },
  {
    name: "DELETE /comments/deleteComment/{id} (someone else's)",
    run: (who, cell) =>
      call(
        "DELETE",
        `/api/comments/deleteComment/${cell === "owner" ? hiddenComment : commentFor(cell)}`,
        who,
      ),
    // Not one's own and not on one's post: the 404 of a nonexistent comment (issue 20).
    expected: { visitor: 401, owner: 404, other: 404, nonFollower: 404, follower: 404, blocked: 404 },
  },
  {
    name: "POST /posts/like",
    run: (who, cell) => call("POST", "/api/posts/like", who, { postId: postFor(cell) }),
    expected: reads,
  },
  {
    name: "DELETE /posts/like/{postId}",
    run: (who, cell) => call("DELETE", `/api/posts/like/${postFor(cell)}`, who),
    expected: reads,
  },
  {
    name: "POST /posts/saved",
    run: (who, cell) => call("POST", "/api/posts/saved", who, { postId: postFor(cell) }),
    expected: reads,
  },
  {
    name: "DELETE /posts/unsave/{postId}",
    run: (who, cell) => call("DELETE", `/api/posts/unsave/${postFor(cell)}`, who),
    expected: reads,
  },
  {
    name: "GET /posts/liked/{userId} (the owner's list)",
    run: (who) => call("GET", `/api/posts/liked/${owner.userId}`, who),
    expected: { visitor: 401, owner: 200, other: 403, nonFollower: 403, follower: 403, blocked: 403 },
  },
  {
    name: "GET /posts/saved/{userId} (the owner's list)",
    run: (who) => call("GET", `/api/posts/saved/${owner.userId}`, who),
    expected: { visitor: 401, owner: 200, other: 403, nonFollower: 403, follower: 403, blocked: 403 },
  },
  {
    name: "GET /posts/feed/{page}",
    run: (who) => call("GET", "/api/posts/feed/1?pageSize=50", who),
    expected: { visitor: 401, owner: 200, other: 200, nonFollower: 200, follower: 200, blocked: 200 },
  },
  {
    name: "GET /posts/search/{page}",
    run: (who) => call("GET", "/api/posts/search/1?keyword=burger&pageSize=50", who),
    expected: { visitor: 200, owner: 200, other: 200, nonFollower: 200, follower: 200, blocked: 200 },
  },
];

describe("every call against every kind of caller", () => {
  const cells: Cell[] = ["visitor", "owner", "other", "nonFollower", "follower", "blocked"];
  it.each(OPERATIONS.flatMap((op) => cells.map((cell) => [op.name, cell] as const)))(
    "%s as %s",
    async (name, cell) => {
      const op = OPERATIONS.find((o) => o.name === name)!;
      const who = cell === "visitor" ? undefined : callers()[cell];
      const res = await op.run(who, cell);
      expect(res.status, JSON.stringify(res.json)).toBe(op.expected[cell]);
    },
  );
});

describe("what each caller sees in lists", () => {
  const ids = (page: PostCardPage) => page.data.map((p) => p.id);

  it("search shows a private account's posts to its followers only, and nothing across a block", async () => {
    const search = async (who?: TestUser) =>
      (await call("GET", "/api/posts/search/1?keyword=burger&pageSize=50", who)).json.data as PostCardPage;
    expect(ids(await search())).toContain(publicPost);
    expect(ids(await search())).not.toContain(privatePost);
    expect(ids(await search(stranger))).not.toContain(privatePost);
    expect(ids(await search(fan))).toContain(privatePost);
    expect(ids(await search(hidden))).toContain(privatePost);
    expect(ids(await search(blocked))).not.toContain(publicPost);
    expect(ids(await search(owner))).toContain(publicPost);
  });

  it("the feed holds one's own posts and the followed ones, and a block hides them", async () => {
    const feed = async (who: TestUser) =>
      (await call("GET", "/api/posts/feed/1?pageSize=50", who)).json.data as PostCardPage;
    const fanFeed = await feed(fan);
    expect(fanFeed.data.find((p) => p.id === privatePost)?.source).toBe("following");
    expect((await feed(owner)).data.find((p) => p.id === publicPost)?.source).toBe("own");
    expect((await feed(other)).data.find((p) => p.id === publicPost)?.source).toBe("following");
    expect(ids(await feed(blocked))).not.toContain(publicPost);
    expect(ids(await feed(stranger))).not.toContain(privatePost);
  });

  it("a blocked person's comments and likes are not shown, both ways", async () => {
    const post = await review(other.userId, "Open to all comments", 40, HOUR);
    await comment(blocked, post, "From the blocked one");
    const ownerComment2 = await comment(owner, post, "From the owner");
    const otherComment = await comment(other, post, "From the author");
    expect((await call("POST", "/api/comments/like", blocked, { commentId: ownerComment2 })).status).toBe(
      404,
    );
    expect((await call("POST", "/api/comments/like", blocked, { commentId: otherComment })).status).toBe(200);
    const seenBy = async (who: TestUser) =>
      (await call("GET", `/api/comments/getAllPostsComments/${post}`, who)).json.data.comments as Comment[];
    expect((await seenBy(owner)).map((c) => c.content)).toEqual(["From the owner", "From the author"]);
    expect((await seenBy(blocked)).map((c) => c.content)).toEqual([
      "From the blocked one",
      "From the author",
    ]);
    const all = await seenBy(other);
    expect(all.map((c) => c.content)).toEqual(["From the blocked one", "From the owner", "From the author"]);
    expect(all[2]!.beLikedBy).toEqual([blocked.userId]);
    expect((await seenBy(owner))[1]).toMatchObject({ beLikedBy: [], likes: 0 });
  });
});

// ---------------------------------------------------------------------------------------------
// Comments

describe("comments", () => {
  it("nests replies under their thread with likes, names and mentions; a reply to a reply joins the thread", async () => {
    const post = await review(owner.userId, "Threaded post", 42, HOUR);
    const top = await comment(other, post, "  First!  ");
    const reply = await comment(owner, post, "Thanks", top);
    await comment(other, post, "You're welcome", reply);
    await call("POST", "/api/comments/like", owner, { commentId: top, userId: owner.userId });
    await call("POST", "/api/comments/like", owner, { commentId: top, userId: owner.userId });
    const res = await call("GET", `/api/comments/getAllPostsComments/${post}`, owner);
    const [thread] = res.json.data.comments as Comment[];
    expect(thread).toMatchObject({
      content: "First!",
      username: other.username,
      beLikedBy: [owner.userId],
      likes: 1,
      likedByUser: true,
      parentId: null,
    });
    expect(
      thread!.replies.map((r) => [r.content, r.parentId, r.mentionedUserId, r.mentionedUsername]),
    ).toEqual([
      ["Thanks", top, other.userId, other.username],
      ["You're welcome", top, owner.userId, owner.username],
    ]);
    const otherView = (await call("GET", `/api/comments/getAllPostsComments/${post}`, other)).json.data
      .comments as Comment[];
    expect(otherView[0]!.likedByUser).toBe(false);
  });

  it("refuses empty and whitespace-only comments with a clear message and stores nothing", async () => {
    const before = await t.db.get<{ n: number }>(sql`SELECT count(*) AS n FROM comments`);
    for (const content of ["", "   ", "\n\t "]) {
      const res = await call("POST", "/api/comments/save", other, { postId: publicPost, content });
      expect(res.status).toBe(400);
      expect(res.json.message).toBe(SOCIAL_POST_MESSAGES.commentEmpty);
    }
    const edit = await call("POST", "/api/comments/update", owner, { id: ownerComment, content: "  " });
    expect(edit.json.message).toBe(SOCIAL_POST_MESSAGES.commentEmpty);
    expect(await t.db.get<{ n: number }>(sql`SELECT count(*) AS n FROM comments`)).toEqual(before);
  });

  it("refuses bad input with the field named and changes nothing", async () => {
    const cases: [unknown, string][] = [
      [{ content: "x" }, "postId"],
      [{ postId: "abc", content: "x" }, "postId"],
      [{ postId: publicPost, content: "x".repeat(2001) }, "content"],
      [{ postId: publicPost, content: "bad\u0000text" }, "content"],
      [{ postId: 999999, content: "x" }, ""],
    ];
    for (const [body, field] of cases) {
      const res = await call("POST", "/api/comments/save", other, body);
      expect(res.status, JSON.stringify(body)).toBe(field ? 400 : 404);
      if (field) expect(Object.keys(res.json.data.fields)).toContain(field);
    }
  });

  it("a reply must name a comment on the same post", async () => {
    const post = await review(owner.userId, "Another post", 42, HOUR);
    const res = await call("POST", "/api/comments/save", other, {
      postId: post,
      content: "Hi",
      parentId: ownerComment,
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(SOCIAL_POST_MESSAGES.replyToOtherPost);
  });

  it("an update keeps the server's times and the author; a userId naming someone else is 403", async () => {
    const id = await comment(other, publicPost, "Original");
    t.clock.advance(60_000);
    const res = await call("POST", "/api/comments/update", other, {
      id,
      postId: publicPost,
      content: "Edited",
      userId: other.userId,
      createdAt: "2001-01-01T00:00:00Z",
      updatedAt: "2001-01-01T00:00:00Z",
    });
    expect(res.status).toBe(200);
    expect(res.json.data.content).toBe("Edited");
    expect(res.json.data.updatedAt).toBe(new Date(t.clock.now()).toISOString());
    expect(res.json.data.createdAt).not.toContain("2001");
    const forged = await call("POST", "/api/comments/update", other, {
      id,
      content: "Nope",
      userId: owner.userId,
    });
    expect(forged.status).toBe(403);
    const wrongPost = await call("POST", "/api/comments/update", other, {
      id,
      postId: privatePost,
      content: "Nope",
    });
    expect(wrongPost.status).toBe(404);
  });

  it("deleting a top-level comment takes its replies, likes and reports along", async () => {
    const post = await review(owner.userId, "Delete me later", 42, HOUR);
    const top = await comment(other, post, "Top");
    const reply = await comment(owner, post, "Reply", top);
    await call("POST", "/api/comments/like", owner, { commentId: reply });
    await call("POST", "/api/comments/report", owner, { commentId: top, reason: "spam-or-fake" });
    const res = await call("DELETE", `/api/comments/deleteComment/${top}`, other);
    expect(res.status).toBe(200);
    expect(res.json.message).toBe(SOCIAL_POST_MESSAGES.commentDeleted);
    const left = await t.db.get<{ n: number }>(sql`SELECT
      (SELECT count(*) FROM comments WHERE id IN (${top}, ${reply})) +
      (SELECT count(*) FROM comment_likes WHERE comment_id = ${reply}) +
      (SELECT count(*) FROM comment_reports WHERE comment_id = ${top}) AS n`);
    expect(left?.n).toBe(0);
  });

  it("pages top-level comments by cursor", async () => {
    const post = await review(owner.userId, "Many comments", 42, HOUR);
    for (let i = 0; i < 5; i++) await comment(other, post, `c${i}`);
    const first = await call("GET", `/api/comments/getAllPostsComments/${post}?pageSize=2`, owner);
    expect((first.json.data.comments as Comment[]).map((c) => c.content)).toEqual(["c0", "c1"]);
    const second = await call(
      "GET",
      `/api/comments/getAllPostsComments/${post}?pageSize=2&cursor=${first.json.data.nextCursor}`,
      owner,
    );
    expect((second.json.data.comments as Comment[]).map((c) => c.content)).toEqual(["c2", "c3"]);
    const bad = await call("GET", `/api/comments/getAllPostsComments/${post}?cursor=nonsense`, owner);
    expect(bad.status).toBe(400);
  });

  it("a report stores one row per person per comment and says thanks each time", async () => {
    for (let i = 0; i < 2; i++) {
      const res = await call("POST", "/api/comments/report", stranger, {
        commentId: ownerComment,
        reason: "harassment",
        note: "Rude",
      });
      expect(res.status).toBe(200);
      expect(res.json.message).toBe(REPORT_RECEIVED_MESSAGE);
    }
    const rows = await t.db.all(
      sql`SELECT reason FROM comment_reports WHERE comment_id = ${ownerComment} AND reporter_id = ${stranger.userId}`,
    );
    expect(rows).toEqual([{ reason: "harassment" }]);
    const badReason = await call("POST", "/api/comments/report", stranger, {
      commentId: ownerComment,
      reason: "boring",
    });
    expect(badReason.status).toBe(400);
    expect(badReason.json.message).toBe(SOCIAL_POST_MESSAGES.reportReason);
  });

  it("nothing changes on a GET to the like paths", async () => {
    const res = await call(
      "GET",
      `/api/comments/like?userId=${other.userId}&commentId=${ownerComment}`,
      other,
    );
    expect(res.status).toBe(404);
    expect(
      await t.db.all(
        sql`SELECT 1 AS x FROM comment_likes WHERE comment_id = ${ownerComment} AND user_id = ${other.userId}`,
      ),
    ).toEqual([]);
  });

  it("tells the post's author of a comment and the comment's author of a reply and a like", async () => {
    const post = await review(owner.userId, "Notify me", 42, HOUR);
    const top = await comment(other, post, "Hello");
    await comment(owner, post, "Hi back", top);
    await call("POST", "/api/comments/like", owner, { commentId: top });
    const kinds = async (who: TestUser) =>
      (
        await t.db.all<{ kind: string }>(
          sql`SELECT kind FROM notifications WHERE recipient_id = ${who.userId} AND post_id = ${post} ORDER BY id`,
        )
      ).map((r) => r.kind);
    expect(await kinds(owner)).toEqual(["comment"]);
    expect(await kinds(other)).toEqual(["reply", "comment-like"]);
  });
});

// ---------------------------------------------------------------------------------------------
// Abuse limits

describe("abuse limits", () => {
  it("comments: 60 per user per hour, then 429 with Retry-After", async () => {
    const writer = await createUser(t);
    const post = await review(owner.userId, "Rate limited post", 42, HOUR);
    for (let i = 0; i < 60; i++) {
      const res = await call("POST", "/api/comments/save", writer, { postId: post, content: `n${i}` });
      expect(res.status).toBe(200);
    }
    const res = await call("POST", "/api/comments/save", writer, { postId: post, content: "one too many" });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    const stored = await t.db.get<{ n: number }>(
      sql`SELECT count(*) AS n FROM comments WHERE user_id = ${writer.userId}`,
    );
    expect(stored?.n).toBe(60);
  });

  it("comment reports: 30 per user per day, then 429 with Retry-After", async () => {
    const reporter = await createUser(t);
    const post = await review(owner.userId, "Reported a lot", 42, HOUR);
    const ids: number[] = [];
    for (let i = 0; i < 31; i++) ids.push(await comment(other, post, `r${i}`));
    for (let i = 0; i < 30; i++) {
      expect(
        (await call("POST", "/api/comments/report", reporter, { commentId: ids[i], reason: "off-topic" }))
          .status,
      ).toBe(200);
    }
    const res = await call("POST", "/api/comments/report", reporter, {
      commentId: ids[30],
      reason: "off-topic",
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

// ---------------------------------------------------------------------------------------------
// Likes and saves

describe("post likes and saves", () => {
  it("100 parallel likes of the same pair leave one row and exact counts", async () => {
    const post = await review(owner.userId, "Like storm", 42, HOUR);
    const likers = await Promise.all(Array.from({ length: 3 }, () => createUser(t)));
    const results = await Promise.all(
      likers.flatMap((who) =>
        Array.from({ length: 100 }, () => call("POST", "/api/posts/like", who, { postId: post })),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const rows = await t.db.get<{ n: number }>(
      sql`SELECT count(*) AS n FROM post_likes WHERE post_id = ${post}`,
    );
    expect(rows?.n).toBe(3);
    const after = await call("DELETE", `/api/posts/like/${post}`, likers[0]);
    expect(after.json.data).toEqual({ postId: post, likes: 2, likedByUser: false });
    const comments = await Promise.all(
      Array.from({ length: 100 }, () =>
        call("POST", "/api/comments/like", likers[1], { commentId: ownerComment }),
      ),
    );
    expect(comments.every((r) => r.status === 200)).toBe(true);
    const commentRows = await t.db.get<{ n: number }>(
      sql`SELECT count(*) AS n FROM comment_likes WHERE comment_id = ${ownerComment} AND user_id = ${likers[1]!.userId}`,
    );
    expect(commentRows?.n).toBe(1);
  });

  it("the Liked and Saved tabs list the caller's marks, most recent first, with the card's state", async () => {
    const me = await createUser(t);
    const a = await review(owner.userId, "First liked", 42, HOUR);
    const b = await review(owner.userId, "Second liked", 42, HOUR);
    await call("POST", "/api/posts/like", me, { postId: a });
    t.clock.advance(1000);
    await call("POST", "/api/posts/like", me, { postId: b });
    await call("POST", "/api/posts/saved", me, { postId: a });
    const liked = (await call("GET", `/api/posts/liked/${me.userId}?pageSize=1`, me)).json.data;
    expect(liked.data.map((p: PostCard) => p.id)).toEqual([b]);
    expect(liked.data[0]).toMatchObject({ likedByUser: true, savedByUser: false, likes: 1, source: "other" });
    const next = (
      await call("GET", `/api/posts/liked/${me.userId}?pageSize=1&cursor=${liked.nextCursor}`, me)
    ).json.data;
    expect(next.data.map((p: PostCard) => p.id)).toEqual([a]);
    const saved = (await call("GET", `/api/posts/saved/${me.userId}`, me)).json.data;
    expect(saved.data.map((p: PostCard) => [p.id, p.savedByUser])).toEqual([[a, true]]);
    await call("DELETE", `/api/posts/unsave/${a}`, me);
    expect((await call("GET", `/api/posts/saved/${me.userId}`, me)).json.data.data).toEqual([]);
  });

  it("a like or save of a post that does not exist is 404 and stores nothing", async () => {
    expect((await call("POST", "/api/posts/like", other, { postId: 987654 })).status).toBe(404);
    expect((await call("POST", "/api/posts/saved", other, { postId: 987654 })).status).toBe(404);
    expect((await call("POST", "/api/posts/like", other, { postId: -1 })).status).toBe(400);
  });
});

// ---------------------------------------------------------------------------------------------
// The feed's pages

describe("the feed", () => {
  let reader: TestUser;
  let followed: TestUser[];
  beforeAll(async () => {
    reader = await createUser(t);
    followed = await Promise.all(Array.from({ length: 3 }, () => createUser(t)));
    for (const who of followed) await follow(reader, who);
    // Seven posts at the same instant and more spread out: the cursor breaks ties by id.
    for (let i = 0; i < 7; i++) await review(followed[i % 3]!.userId, `same instant ${i}`, 30, 5 * HOUR);
    for (let i = 0; i < 8; i++) await review(followed[i % 3]!.userId, `spread ${i}`, 30, (10 + i) * HOUR);
    await review(reader.userId, "my own", 30, 6 * HOUR);
  });

  it("walks the followed posts newest first by cursor, then continues with labelled suggestions", async () => {
    const seen: PostCard[] = [];
    let cursor: string | null = null;
    let page = 1;
    do {
      const res = await call(
        "GET",
        `/api/posts/feed/${page}?pageSize=5${cursor ? `&cursor=${cursor}` : ""}`,
        reader,
      );
      const data = res.json.data as PostCardPage;
      seen.push(...data.data);
      cursor = data.nextCursor;
      page += 1;
    } while (cursor && page < 50);
    const followedPart = seen.filter((p) => p.source !== "suggested");
    expect(followedPart).toHaveLength(16);
    expect(new Set(seen.map((p) => p.id)).size).toBe(seen.length);
    const times = followedPart.map((p) => [Date.parse(p.createdAt), p.id] as const);
    expect(times).toEqual([...times].sort((x, y) => y[0] - x[0] || y[1] - x[1]));
    expect(followedPart.find((p) => p.content === "my own")?.source).toBe("own");
    // Reader follows 3 people (fewer than FEW_FOLLOWING): the best recent London reviews follow.
    const suggested = seen.filter((p) => p.source === "suggested");
    expect(suggested.length).toBeGreaterThan(0);
    expect(seen.indexOf(suggested[0]!)).toBe(16);
    for (const p of suggested) {
      expect(p.rating).toBeGreaterThanOrEqual(4.5);
      expect(p.author.id).not.toBe(hidden.userId);
    }
  });

  it("page numbers without a cursor give the same pages as the cursor walk", async () => {
    const byCursor: number[][] = [];
    let cursor: string | null = null;
    for (let page = 1; page <= 4; page++) {
      const data = (
        await call("GET", `/api/posts/feed/${page}?pageSize=5${cursor ? `&cursor=${cursor}` : ""}`, reader)
      ).json.data as PostCardPage;
      byCursor.push(data.data.map((p) => p.id));
      cursor = data.nextCursor;
    }
    for (let page = 1; page <= 4; page++) {
      const data = (await call("GET", `/api/posts/feed/${page}?pageSize=5`, reader)).json
        .data as PostCardPage;
      expect(data.data.map((p) => p.id)).toEqual(byCursor[page - 1]);
    }
  });

  it("says No posts available. and No more posts to load. with the spec's words", async () => {
    // Following FEW_FOLLOWING people who have posted nothing: no suggestions fill in.
    const loner = await createUser(t);
    const quiet = await Promise.all(Array.from({ length: FEW_FOLLOWING }, () => createUser(t)));
    for (const who of quiet) await follow(loner, who);
    const first = await call("GET", "/api/posts/feed/1", loner);
    expect(first.json.data.data).toEqual([]);
    expect(first.json.message).toBe(SOCIAL_POST_MESSAGES.noPosts);
    const later = await call("GET", "/api/posts/feed/3", loner);
    expect(later.json.message).toBe(SOCIAL_POST_MESSAGES.noMorePosts);
  });

  it("refuses a bad page, page size or cursor, and a page too deep without a cursor", async () => {
    for (const path of [
      "/api/posts/feed/0",
      "/api/posts/feed/x",
      "/api/posts/feed/1?pageSize=0",
      "/api/posts/feed/1?pageSize=51",
      "/api/posts/feed/1?cursor=bad!",
    ]) {
      expect((await call("GET", path, reader)).status, path).toBe(400);
    }
    const forged = Buffer.from(JSON.stringify(["z", 1, 1])).toString("base64url");
    expect((await call("GET", `/api/posts/feed/2?cursor=${forged}`, reader)).json.message).toBe(
      SOCIAL_POST_MESSAGES.cursorInvalid,
    );
    const deep = await call("GET", "/api/posts/feed/3000?pageSize=5", reader);
    expect(deep.status).toBe(400);
    expect(deep.json.message).toBe(SOCIAL_POST_MESSAGES.pageTooDeep);
  });
});

// ---------------------------------------------------------------------------------------------
// Post search

describe("post search", () => {
  it("finds posts by text, subject and dish names, filters point 5's rating bands, and pages by cursor", async () => {
    const tasty = await review(other.userId, "Zesty yuzu glaze on everything", 47, HOUR);
    const meh = await review(other.userId, "Zesty but soggy", 26, HOUR);
    const all = (await call("GET", "/api/posts/search/1?keyword=zesty", other)).json.data as PostCardPage;
    expect(all.data.map((p) => p.id)).toEqual([meh, tasty]);
    const excellent = (
      await call("GET", "/api/posts/search/1?keyword=zesty&minRating=4.5&maxRating=4.7", other)
    ).json.data as PostCardPage;
    expect(excellent.data.map((p) => p.id)).toEqual([tasty]);
    const bySubject = (await call("GET", "/api/posts/search/1?keyword=grill%20republic&pageSize=1", other))
      .json.data as PostCardPage;
    expect(bySubject.data).toHaveLength(1);
    const next = (
      await call(
        "GET",
        `/api/posts/search/2?keyword=grill%20republic&pageSize=1&cursor=${bySubject.nextCursor}`,
        other,
      )
    ).json.data as PostCardPage;
    expect(next.data[0]!.id).toBeLessThan(bySubject.data[0]!.id);
    const page2 = (await call("GET", "/api/posts/search/2?keyword=grill%20republic&pageSize=1", other)).json
      .data as PostCardPage;
    expect(page2.data.map((p) => p.id)).toEqual(next.data.map((p) => p.id));
  });

  it("treats FTS syntax as words and refuses bad filters", async () => {
    for (const keyword of ['""', "NEAR(", "burger*", "- OR", "🍔🍔"]) {
      const res = await call("GET", `/api/posts/search/1?keyword=${encodeURIComponent(keyword)}`, other);
      expect(res.status, keyword).toBe(200);
    }
    expect((await call("GET", "/api/posts/search/1?minRating=6", other)).status).toBe(400);
    const order = await call("GET", "/api/posts/search/1?minRating=4&maxRating=3", other);
    expect(order.json.message).toBe(SOCIAL_POST_MESSAGES.ratingOrder);
  });
});
