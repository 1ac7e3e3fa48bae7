// Blocks on comments (issue 20): when the author of a post and a commenter have a block
// between them, the commenter's words on that post are hidden for everyone (comment lists,
// the counts on post cards, notifications about them); and a post's author may delete any
// comment on it, while a stranger's attempt answers like a comment that does not exist.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Comment, PostCardPage } from "../../../shared/schemas/social-posts.ts";
import { postReviews } from "../services/review-post.ts";
import { createUser, NO_SCRYPT, sendJson, type TestUser } from "../testing/accounts.ts";
import { buildCatalogueFixture, type CatalogueFixture } from "../testing/fixture.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
let f: CatalogueFixture;

async function call(method: string, path: string, who: TestUser, body?: unknown) {
  const res = await sendJson(t, method, `/api${path}`, who, body);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each call answers its own shape
  return { status: res.status, body: (await res.json()) as { code: number; message: string; data: any } };
}

async function review(authorId: number): Promise<number> {
  const [id] = await postReviews(t.deps, [
    {
      restaurantId: f.restaurantIds["Grill Republic"]!,
      authorId,
      content: "Proper chips at last",
      ratingTenths: 44,
      createdAt: t.clock.now(),
    },
  ]);
  return id!;
}

async function comment(who: TestUser, postId: number, content: string, parentId?: number): Promise<number> {
  const res = await call("POST", "/comments/save", who, { postId, content, parentId });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id as number;
}

const contents = (comments: Comment[]) =>
  comments.flatMap((c) => [c.content, ...c.replies.map((r) => `  ${r.content}`)]);

async function commentsSeenBy(who: TestUser, postId: number): Promise<string[]> {
  const res = await call("GET", `/comments/getAllPostsComments/${postId}`, who);
  expect(res.status).toBe(200);
  return contents(res.body.data.comments as Comment[]);
}

async function cardCount(who: TestUser, postId: number): Promise<number | undefined> {
  const feed = (await call("GET", "/posts/feed/1?pageSize=50", who)).body.data as PostCardPage;
  return feed.data.find((p) => p.id === postId)?.commentCount;
}

beforeAll(async () => {
  t = await createTestApp();
  f = await buildCatalogueFixture(t.db, t.clock.now());
});
afterAll(() => t.close());

describe("a blocked person's comments on the blocker's posts", () => {
  it("are gone for a third person: the list, the card's count and the notification about them", async () => {
    const [author, harasser, reader] = (await Promise.all(
      Array.from({ length: 3 }, () => createUser(t, NO_SCRYPT)),
    )) as [TestUser, TestUser, TestUser];
    await call("POST", `/users/${author.userId}/follow`, reader);
    const postId = await review(author.userId);
    const readerComment = await comment(reader, postId, "Looks great");
    const nasty = await comment(harasser, postId, "Nasty words");
    await comment(reader, postId, "Why so rude?", nasty);
    await comment(harasser, postId, "Nasty reply", readerComment);
    expect(await commentsSeenBy(reader, postId)).toEqual([
      "Looks great",
      "  Nasty reply",
      "Nasty words",
      "  Why so rude?",
    ]);
    expect(await cardCount(reader, postId)).toBe(4);
    const toldBefore = await call("GET", "/notifications", reader);
    expect(
      toldBefore.body.data.notifications.map((n: { actor: { userId: number } }) => n.actor.userId),
    ).toContain(harasser.userId);

    expect((await call("POST", `/users/${harasser.userId}/block`, author)).status).toBe(200);

    expect(await commentsSeenBy(reader, postId)).toEqual(["Looks great"]);
    expect(await cardCount(reader, postId)).toBe(1);
    const told = await call("GET", "/notifications", reader);
    expect(
      told.body.data.notifications.map((n: { actor: { userId: number } }) => n.actor.userId),
    ).not.toContain(harasser.userId);
    expect(told.body.data.unreadCount).toBe(told.body.data.notifications.length);
    // Nothing is deleted: lifting the block brings the words back.
    expect((await call("DELETE", `/users/${harasser.userId}/unblock`, author)).status).toBe(200);
    expect(await commentsSeenBy(reader, postId)).toHaveLength(4);
  });

  it("work both ways: the blocker's comments on the blocked person's posts are hidden too", async () => {
    const [blocker, other, reader] = (await Promise.all(
      Array.from({ length: 3 }, () => createUser(t, NO_SCRYPT)),
    )) as [TestUser, TestUser, TestUser];
    const postId = await review(other.userId);
    await comment(blocker, postId, "Said before the block");
    await comment(reader, postId, "Hello");
    expect((await call("POST", `/users/${other.userId}/block`, blocker)).status).toBe(200);
    expect(await commentsSeenBy(reader, postId)).toEqual(["Hello"]);
    // And nobody can act on the hidden comment.
    const hidden = Number(
      (await t.db.get<{ id: number }>(sql`SELECT id FROM comments WHERE user_id = ${blocker.userId}`))!.id,
    );
    expect((await call("POST", "/comments/like", reader, { commentId: hidden })).status).toBe(404);
    expect(
      (await call("POST", "/comments/save", reader, { postId, content: "Re", parentId: hidden })).status,
    ).toBe(404);
  });
});

describe("a post's author moderates its comments", () => {
  it("deletes a stranger's comment with its replies; a stranger cannot, and is told 'not found'", async () => {
    const [author, commenter, replier, stranger] = (await Promise.all(
      Array.from({ length: 4 }, () => createUser(t, NO_SCRYPT)),
    )) as [TestUser, TestUser, TestUser, TestUser];
    const postId = await review(author.userId);
    const top = await comment(commenter, postId, "Spam spam spam");
    const reply = await comment(replier, postId, "Reported", top);
    const notFound = await call("DELETE", "/comments/deleteComment/987654", stranger);

    const strangerTry = await call("DELETE", `/comments/deleteComment/${top}`, stranger);
    expect(strangerTry).toEqual(notFound);
    // Writing the first comment of a thread gives no say over the replies under it.
    expect(await call("DELETE", `/comments/deleteComment/${reply}`, commenter)).toEqual(notFound);
    expect(await commentsSeenBy(stranger, postId)).toEqual(["Spam spam spam", "  Reported"]);

    const deleted = await call("DELETE", `/comments/deleteComment/${top}`, author);
    expect(deleted.status).toBe(200);
    expect(await commentsSeenBy(stranger, postId)).toEqual([]);
    expect(
      Number(
        (await t.db.get<{ n: number }>(sql`SELECT count(*) AS n FROM comments WHERE post_id = ${postId}`))!.n,
      ),
    ).toBe(0);
  });
});
