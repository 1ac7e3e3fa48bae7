// The friend signal (issue 32) through the real API: only people the caller follows, a private
// account's review only to its followers, nothing across a block, a private Want to try not
// counted, the cards' batch agreeing with the page, and public ranking untouched.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAY_MS, FRIEND_SIGNAL_PEOPLE, LIST_MESSAGES, MAX_SIGNAL_IDS } from "../../../domain/lists.ts";
import { blockUser, followOrRequest, setProfilePrivacy } from "../db/queries/social-graph.ts";
import { postReviews } from "../services/review-post.ts";
import { createUser, NO_SCRYPT, sendJson, type TestUser } from "../testing/accounts.ts";
import { buildCatalogueFixture, type CatalogueFixture } from "../testing/fixture.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
let f: CatalogueFixture;

type Signal = {
  ratedCount: number;
  averageTenths: number | null;
  wantCount: number;
  raters: { userId: number; verdict: string; postId: number }[];
  wanters: { userId: number }[];
  ratedLine: string;
  wantLine: string;
};
async function call<T>(method: string, path: string, who?: TestUser, body?: unknown) {
  const res = await sendJson(t, method, `/api${path}`, who, body);
  return { status: res.status, body: (await res.json()) as { message: string; data: T } };
}
const user = () => createUser(t, NO_SCRYPT);
const dishId = () => f.dishIds["Margherita"]!;

async function review(author: TestUser, ratingTenths: number, content: string) {
  await postReviews(t.deps, [{ dishId: dishId(), authorId: author.userId, content, ratingTenths, createdAt: t.clock.now() }]);
}

async function wantToTry(who: TestUser) {
  const lists = (await call<{ lists: { id: number; system: string }[] }>("GET", "/lists/mine", who)).body.data.lists;
  const want = lists.find((l) => l.system === "want")!.id;
  expect((await call("POST", `/lists/${want}/items`, who, { kind: "dish", id: dishId() })).status).toBe(200);
  return want;
}

let me: TestUser, open: TestUser, closed: TestUser, stranger: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  f = await buildCatalogueFixture(t.db, t.clock.now());
  [me, open, closed, stranger] = [await user(), await user(), await user(), await user()];
  await setProfilePrivacy(t.db, closed.userId, true, t.clock.now());
  await followOrRequest(t.db, me.userId, open.userId, t.clock.now());
  // An approved follow of a private account: the follows row the acceptance writes.
  await t.db.run(sql`INSERT INTO follows (follower_id, following_id, created_at) VALUES (${me.userId}, ${closed.userId}, 1)`);
  await review(open, 50, "Blistered crust and a sauce that tastes of tomatoes, the best in the area by a distance.");
  await review(closed, 42, "Good");
  await review(stranger, 10, "Not for me");
  await wantToTry(open);
  await wantToTry(stranger);
});
afterAll(() => t.close());

describe("what the people you follow think", () => {
  it("counts the people one follows, a private account's review included, with faces and verdicts", async () => {
    const signal = await call<Signal>("GET", `/items/dish/${dishId()}/following`, me);
    expect(signal.status).toBe(200);
    expect(signal.body.data).toMatchObject({ ratedCount: 2, averageTenths: 46, wantCount: 1 });
    expect(signal.body.data.ratedLine).toBe("2 people you follow rated this (4.6 on average)");
    expect(signal.body.data.wantLine).toBe("1 wants to try it");
    expect(signal.body.data.raters.map((r) => r.userId).sort()).toEqual([open.userId, closed.userId].sort());
    expect(signal.body.data.wanters.map((w) => w.userId)).toEqual([open.userId]);
  });

  it("never shows a private account to someone who does not follow it", async () => {
    const outsider = await user();
    await followOrRequest(t.db, outsider.userId, open.userId, t.clock.now());
    await followOrRequest(t.db, outsider.userId, closed.userId, t.clock.now()); // a request only
    const signal = await call<Signal>("GET", `/items/dish/${dishId()}/following`, outsider);
    expect(signal.body.data.raters.map((r) => r.userId)).toEqual([open.userId]);
  });

  it("shows nothing across a block, and a private Want to try is not counted", async () => {
    const viewer = await user();
    await followOrRequest(t.db, viewer.userId, open.userId, t.clock.now());
    await followOrRequest(t.db, viewer.userId, stranger.userId, t.clock.now());
    const before = await call<Signal>("GET", `/items/dish/${dishId()}/following`, viewer);
    expect(before.body.data).toMatchObject({ ratedCount: 2, wantCount: 2 });
    await blockUser(t.db, stranger.userId, viewer.userId, t.clock.now());
    const after = await call<Signal>("GET", `/items/dish/${dishId()}/following`, viewer);
    expect(after.body.data).toMatchObject({ ratedCount: 1, wantCount: 1 });
    const want = (await call<{ lists: { id: number; system: string }[] }>("GET", "/lists/mine", open)).body.data.lists.find(
      (l) => l.system === "want",
    )!.id;
    await call("PATCH", `/lists/${want}`, open, { visibility: "private" });
    expect((await call<Signal>("GET", `/items/dish/${dishId()}/following`, viewer)).body.data.wantCount).toBe(0);
    await call("PATCH", `/lists/${want}`, open, { visibility: "followers" });
  });

  it("the cards' batch says the same in one line, and asks about at most 50 ids", async () => {
    const other = f.dishIds["Shoyu Ramen"]!;
    const batch = await call<{ items: { id: number; ratedCount: number; wantCount: number; line: string }[] }>(
      "GET",
      `/items/following?kind=dish&ids=${dishId()},${other}`,
      me,
    );
    expect(batch.body.data.items).toEqual([
      { id: dishId(), ratedCount: 2, averageTenths: 46, wantCount: 1, line: "2 you follow rated it 4.6 · 1 wants to try it" },
      { id: other, ratedCount: 0, averageTenths: null, wantCount: 0, line: "" },
    ]);
    const ids = Array.from({ length: MAX_SIGNAL_IDS + 1 }, (_, i) => i + 1).join(",");
    const tooMany = await call("GET", `/items/following?kind=dish&ids=${ids}`, me);
    expect(tooMany.status).toBe(400);
  });

  it("counts everyone one follows who rated or wants it, and shows the newest six faces", async () => {
    const diavola = f.dishIds["Diavola"]!;
    const fan = await user();
    const people: TestUser[] = [];
    for (let i = 0; i < FRIEND_SIGNAL_PEOPLE + 2; i++) {
      const person = await user();
      people.push(person);
      await followOrRequest(t.db, fan.userId, person.userId, t.clock.now());
      const content = `Review ${i} of the spicy salami pizza, crisp and hot.`;
      await postReviews(t.deps, [{ dishId: diavola, authorId: person.userId, content, ratingTenths: 30 + i, createdAt: t.clock.now() }]);
      const lists = (await call<{ lists: { id: number; system: string }[] }>("GET", "/lists/mine", person)).body.data.lists;
      const want = lists.find((l) => l.system === "want")!.id;
      expect((await call("POST", `/lists/${want}/items`, person, { kind: "dish", id: diavola })).status).toBe(200);
      t.clock.advance(1000);
    }
    const signal = (await call<Signal>("GET", `/items/dish/${diavola}/following`, fan)).body.data;
    const count = people.length;
    // Ratings 30..37 in tenths: their mean, 33.5, rounds to 34.
    expect(signal).toMatchObject({ ratedCount: count, averageTenths: 34, wantCount: count });
    const newest = people.slice(-FRIEND_SIGNAL_PEOPLE).reverse().map((p) => p.userId);
    expect(signal.raters.map((r) => r.userId)).toEqual(newest);
    expect(signal.wanters.map((w) => w.userId)).toEqual(newest);
    // Following more people than the dish has reviews, the raters are read from its reviews'
    // side (lists-signal.ts): the answer is the same.
    const reviews = await t.db.get<{ n: number }>(sql`SELECT count(*) AS n FROM posts WHERE dish_id = ${diavola}`);
    for (let i = 0; i <= reviews!.n; i++) await followOrRequest(t.db, fan.userId, (await user()).userId, t.clock.now());
    expect((await call<Signal>("GET", `/items/dish/${diavola}/following`, fan)).body.data).toEqual(signal);
  });

  it("needs a token, answers an unknown item 404, and never changes the item's ranking", async () => {
    expect((await call("GET", `/items/dish/${dishId()}/following`)).status).toBe(401);
    const unknown = await call("GET", "/items/dish/999999/following", me);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(LIST_MESSAGES.itemNotFound);
    const score = () => t.db.get<{ s: number }>(sql`SELECT bayes_score AS s FROM dishes WHERE id = ${dishId()}`);
    const before = await score();
    await call("GET", `/items/dish/${dishId()}/following`, me);
    expect(await score()).toEqual(before);
  });
});

describe('the feed\'s "X saved Y to Z"', () => {
  type Activity = { entries: { person: { userId: number }; listId: number; kind: string; itemId: number; line: string }[] };
  it("shows one entry per public list per day, never a private list's, and stops when turned off", async () => {
    const [reader, saver] = [await user(), await user()];
    await followOrRequest(t.db, reader.userId, saver.userId, t.clock.now());
    const made = await call<{ id: number }>("POST", "/lists", saver, { name: "Pizza run", visibility: "public" });
    const secret = await call<{ id: number }>("POST", "/lists", saver, { name: "Secret", visibility: "private" });
    for (const id of [dishId(), f.dishIds["Shoyu Ramen"]!]) {
      await call("POST", `/lists/${made.body.data.id}/items`, saver, { kind: "dish", id });
      await call("POST", `/lists/${secret.body.data.id}/items`, saver, { kind: "dish", id });
    }
    const feed = await call<Activity>("GET", "/lists/activity", reader);
    expect(feed.body.data.entries.map((e) => e.line)).toEqual([expect.stringMatching(/ saved Margherita to Pizza run$/)]);
    expect((await call<Activity>("GET", "/lists/activity", stranger)).body.data.entries).toEqual([]);
    expect((await call("PUT", "/lists/settings", saver, { listActivityInFeed: false })).status).toBe(200);
    expect((await call<Activity>("GET", "/lists/activity", reader)).body.data.entries).toEqual([]);
    await call("PUT", "/lists/settings", saver, { listActivityInFeed: true });
    await call("POST", `/lists/${made.body.data.id}/items`, saver, { kind: "restaurant", id: f.restaurantIds["Grill Republic"]! });
    expect((await call<Activity>("GET", "/lists/activity", reader)).body.data.entries).toHaveLength(1);
  });

  it("gives a list a second entry on another day, each linking the list and the item", async () => {
    const [reader, saver] = [await user(), await user()];
    await followOrRequest(t.db, reader.userId, saver.userId, t.clock.now());
    const made = await call<{ id: number }>("POST", "/lists", saver, { name: "Noodle week", visibility: "public" });
    await call("POST", `/lists/${made.body.data.id}/items`, saver, { kind: "dish", id: f.dishIds["Shoyu Ramen"]! });
    t.clock.advance(DAY_MS);
    await call("POST", `/lists/${made.body.data.id}/items`, saver, { kind: "restaurant", id: f.restaurantIds["Grill Republic"]! });
    await call("POST", `/lists/${made.body.data.id}/items`, saver, { kind: "dish", id: dishId() });
    const entries = (await call<Activity>("GET", "/lists/activity", reader)).body.data.entries;
    expect(entries.map((e) => [e.listId, e.kind, e.itemId])).toEqual([
      [made.body.data.id, "restaurant", f.restaurantIds["Grill Republic"]],
      [made.body.data.id, "dish", f.dishIds["Shoyu Ramen"]],
    ]);
  });
});
