// GET /api/transparency (issue 21, docs/moderation.md "Transparency"): per London quarter, from
// the data; public and cached, dropped by reports, decisions and appeals; a decision tells the
// host so the prerendered page follows.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CatalogueChanges } from "../services/catalogue-changes.ts";
import { setRole } from "../services/moderation-roles.ts";
import { createUser, ESTABLISHED, sendJson, type TestUser } from "../testing/accounts.ts";
import { buildCatalogueFixture, type CatalogueFixture } from "../testing/fixture.ts";
import { createTestApp, testClock, type TestApp } from "../testing/test-app.ts";
import type { TransparencyReport } from "../../../shared/schemas/transparency.ts";

const HOUR = 3_600_000;
// 21:00 on 31 March 2026 in London (BST): the first quarter's last hours.
const START = Date.UTC(2026, 2, 31, 20);
// 00:30 on 1 April in London, still 31 March in UTC: London's second quarter.
const AFTER_MIDNIGHT_LONDON = Date.UTC(2026, 2, 31, 23, 30);

let t: TestApp;
let f: CatalogueFixture;
let author: TestUser, author2: TestUser, reporter: TestUser, reporter2: TestUser;
let mod1: TestUser, mod2: TestUser;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each call answers its own shape
async function call(method: string, path: string, who?: TestUser, body?: unknown): Promise<any> {
  const res = await sendJson(t, method, path, who, body);
  const json = (await res.json()) as { message: string; data: unknown };
  expect(res.status, `${method} ${path}: ${json.message}`).toBe(200);
  return json.data;
}

async function report(): Promise<TransparencyReport> {
  const res = await t.app.request("/api/transparency");
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: TransparencyReport }).data;
}

async function postReview(who: TestUser, dishId: number): Promise<number> {
  const form = new FormData();
  form.append("dishId", String(dishId));
  form.append("content", "Thin broth, cold noodles");
  form.append("rating", "2");
  return ((await call("POST", "/api/posts/save", who, form)) as { postId: number }).postId;
}

const postsIn = async (start: number, end: number) =>
  (
    await t.db.all<{ n: number }>(
      sql`SELECT count(*) AS n FROM posts WHERE created_at >= ${start} AND created_at < ${end}`,
    )
  )[0]!.n;

beforeAll(async () => {
  t = await createTestApp({ clock: testClock(START) });
  f = await buildCatalogueFixture(t.db, t.clock.now());
  [author, author2, reporter, reporter2, mod1, mod2] = (await Promise.all(
    Array.from({ length: 6 }, () => createUser(t, ESTABLISHED)),
  )) as [TestUser, TestUser, TestUser, TestUser, TestUser, TestUser];
  for (const mod of [mod1, mod2])
    await setRole(t.db, mod.email, "moderator", { id: null, label: "cli" }, START);
});
afterAll(() => t.close());

describe("GET /api/transparency", () => {
  it("answers the quarter it is in, publicly and cacheably, before anything was reported", async () => {
    const res = await t.app.request("/api/transparency");
    expect(res.headers.get("cache-control")).toMatch(/^public/);
    const { data } = (await res.json()) as { data: TransparencyReport };
    expect(data.generatedAt).toBe(START);
    expect(data.quarters).toHaveLength(1);
    const [q1] = data.quarters;
    expect(q1).toMatchObject({
      id: "2026-Q1",
      label: "January to March 2026",
      start: Date.UTC(2026, 0, 1),
      end: Date.UTC(2026, 2, 31, 23),
      complete: false,
      removals: { total: 0, reviews: 0, byReason: [] },
      reports: { received: 0, decided: 0, medianMsToDecision: null },
      appeals: { received: 0, decided: 0, overturned: 0 },
      unusualActivityItems: 0,
      suspendedAccounts: 0,
    });
    const submitted = await postsIn(q1!.start, q1!.end);
    expect(q1!.reviews).toEqual({ submitted, published: submitted });
    const doc = (await (await t.app.request("/api/openapi.json")).json()) as {
      paths: Record<string, { get: { security: unknown[] } }>;
    };
    expect(doc.paths["/transparency"]!.get.security).toEqual([]);
  });

  it("counts reports, removals by reason, appeals overturned, pauses and suspensions in London's quarters", async () => {
    const dishId = f.dishIds["Shoyu Ramen"]!;
    const reviewId = await postReview(author, dishId);
    await call("POST", "/api/posts/report", reporter, { postId: reviewId, reason: "spam-or-fake" });
    t.clock.advance(2 * HOUR);
    const removed = await call("POST", "/api/moderation/actions", mod1, {
      kind: "review",
      id: reviewId,
      action: "remove",
      reason: "spam-or-fake",
      note: "Copied from another site",
    });
    const q1Before = (await report()).quarters[0]!;
    expect(q1Before.reviews.published).toBe(q1Before.reviews.submitted - 1);

    // Past London's midnight, though UTC is still on 31 March.
    t.clock.set(AFTER_MIDNIGHT_LONDON);
    const otherReview = await postReview(author2, f.dishIds.Margherita!);
    await call("POST", "/api/posts/report", reporter2, { postId: otherReview, reason: "harassment" });
    await call("POST", "/api/moderation/appeals", author, {
      decisionId: removed.decisionId,
      note: "It is mine",
    });
    await call("POST", "/api/moderation/actions", mod2, {
      kind: "review",
      id: reviewId,
      action: "keep",
      reason: "no-violation",
      note: "Written by its author after all",
    });
    t.clock.advance(15 * 60_000);
    await call("POST", "/api/moderation/actions", mod1, {
      kind: "review",
      id: otherReview,
      action: "suspend",
      days: 7,
      reason: "harassment",
      note: "Names a member of staff",
    });
    // The pause is detection's (review-signals); only its record matters here.
    await t.db.run(sql`INSERT INTO review_pauses (item_kind, item_id, started_at, ends_at)
      VALUES ('dish', ${dishId}, ${t.clock.now()}, ${t.clock.now() + 24 * HOUR}),
             ('dish', ${dishId}, ${t.clock.now() + 1}, ${t.clock.now() + 24 * HOUR})`);
    t.clock.advance(HOUR);

    const { quarters } = await report();
    expect(quarters.map((q) => [q.id, q.complete])).toEqual([
      ["2026-Q2", false],
      ["2026-Q1", true],
    ]);
    const [q2, q1] = quarters as [TransparencyReport["quarters"][0], TransparencyReport["quarters"][0]];
    expect(q1.reports).toEqual({ received: 1, decided: 1, medianMsToDecision: 2 * HOUR });
    expect(q1.removals).toEqual({
      total: 1,
      reviews: 1,
      byReason: [{ reason: "spam-or-fake", label: "Spam or fake", reviews: 1, total: 1 }],
    });
    // Restored on appeal: published again.
    expect(q1.reviews.published).toBe(q1.reviews.submitted);
    expect(q1.appeals).toEqual({ received: 0, decided: 0, overturned: 0 });
    expect(q1.suspendedAccounts).toBe(0);

    expect(q2.reviews).toEqual({ submitted: 1, published: 1 });
    expect(q2.reports).toEqual({ received: 1, decided: 1, medianMsToDecision: 15 * 60_000 });
    expect(q2.appeals).toEqual({ received: 1, decided: 1, overturned: 1 });
    expect(q2.removals.total).toBe(0);
    expect(q2.suspendedAccounts).toBe(1);
    expect(q2.unusualActivityItems).toBe(1);
    // Counts, labels and a median: nothing names a review, a report, a reporter or a moderator.
    expect(Object.keys(q2).sort()).toEqual([
      "appeals",
      "complete",
      "end",
      "id",
      "label",
      "removals",
      "reports",
      "reviews",
      "start",
      "suspendedAccounts",
      "unusualActivityItems",
    ]);
    expect(JSON.stringify(quarters)).not.toMatch(
      /Copied from another site|Names a member|It is mine|spam-or-fake".*reporter/,
    );
  });

  it("is cached until a report, a decision or an appeal drops it; a decision tells the host", async () => {
    const before = await report();
    await t.db.run(sql`INSERT INTO review_pauses (item_kind, item_id, started_at, ends_at)
      VALUES ('restaurant', ${f.restaurantIds["Grill Republic"]!}, ${t.clock.now()}, ${t.clock.now() + HOUR})`);
    expect(await report(), "a write behind the app's back is not seen: the answer is cached").toEqual(before);

    const reviewId = await postReview(reporter, f.dishIds.Margherita!);
    expect((await report()).quarters[0]!.unusualActivityItems).toBe(
      before.quarters[0]!.unusualActivityItems + 1,
    );
    await report();
    await call("POST", "/api/posts/report", reporter2, { postId: reviewId, reason: "off-topic" });
    expect((await report()).quarters[0]!.reports.received).toBe(before.quarters[0]!.reports.received + 1);

    const heard: CatalogueChanges[] = [];
    t.deps.onCatalogueChange = (changes) => void heard.push(changes);
    try {
      await call("POST", "/api/moderation/actions", mod2, {
        kind: "review",
        id: reviewId,
        action: "warn",
        reason: "off-topic",
        note: "About the dish, please",
      });
    } finally {
      delete t.deps.onCatalogueChange;
    }
    expect(heard).toEqual([{ dishIds: [], restaurantIds: [], offers: [], transparency: true }]);
    expect((await report()).quarters[0]!.reports.decided).toBe(before.quarters[0]!.reports.decided + 1);
  });
});
