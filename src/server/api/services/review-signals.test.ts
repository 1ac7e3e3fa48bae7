// Detection before a person looks (issue 21, decision 014), through the API with the test
// clock and client addresses set as the rate-limit tests set them: a crowd of new accounts
// behind one network cannot move a dish up or down, the dish says its reviews are paused, the
// queue holds what was held, a moderator's keep restores a review to the maths, and 40
// ordinary reviews spread over weeks all count. db:check agrees throughout.
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { NO_PAUSE_MESSAGE, REVIEW_PAUSE_MESSAGE } from "../../../domain/review-signals.ts";
import { issueToken } from "../auth/tokens.ts";
import { findAggregateMismatches } from "../db/queries/aggregate-check.ts";
import { dishes, posts } from "../db/schema.ts";
import { clientFromTestHeader, createUser, NO_SCRYPT, type TestUser } from "../testing/accounts.ts";
import { buildCatalogueFixture, getJson, type CatalogueFixture } from "../testing/fixture.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { renderCataloguePage } from "../../pages/catalogue-page-render.ts";
import { inProcessApiClient } from "../../pages/in-process-api-client.ts";
import { setRole } from "./moderation-roles.ts";

/** The smallest built page the on-demand renderer fills: a canonical link and the body. */
const TEMPLATE =
  '<link rel="canonical" href="https://dishcovery.example/@@dishcovery:path@@"><main><!--@@dishcovery:body@@--></main>';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let t: TestApp;
let f: CatalogueFixture;

beforeEach(async () => {
  t = await createTestApp();
  f = await buildCatalogueFixture(t.db, t.clock.now());
  clientFromTestHeader(t);
});
afterEach(async () => {
  expect(t.errors).toEqual([]);
  await t.close();
});

function review(user: TestUser, fields: Record<string, string>, address: string) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return t.app.request("/api/posts/save", {
    method: "POST",
    body: form,
    headers: { ...user.authorization, "x-test-client": address },
  });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of several shapes, read field by field
const body = async (res: Response) => (await res.json()) as { code: number; message: string; data: any };

type Listed = { id: number; rating: number; ratingCount: number; reviewCount: number };

/** What the public sees of the rankings: top and trending order, and every dish's rating. */
async function rankings() {
  const top = await getJson<Listed[]>(t.app, "/api/dishes/top?topNum=50");
  const trending = await getJson<Listed[]>(t.app, "/api/dishes/trending?topNum=50");
  return {
    top: top.body.data.map((d) => d.id),
    trending: trending.body.data.map((d) => d.id),
    ratings: Object.fromEntries(top.body.data.map((d) => [d.id, [d.rating, d.ratingCount]])),
  };
}

async function storedDish(id: number) {
  const [row] = await t.db.select().from(dishes).where(eq(dishes.id, id));
  return row!;
}

async function moderator() {
  const mod = await createUser(t, NO_SCRYPT);
  await setRole(t.db, mod.email, "moderator", { id: null, label: "cli" }, t.clock.now());
  return mod;
}

// Words drawn from a small vocabulary by a seeded generator: ordinary reviews share words,
// not runs of three.
const WORDS = (
  "crisp smoky tender rich bright sharp sweet salty silky crunchy fresh warm generous light deep zesty " +
  "charred sticky buttery tangy fragrant hearty delicate fiery earthy creamy juicy flaky nutty herby " +
  "lemony peppery savoury gooey toasty mellow punchy rustic glossy"
).split(" ");
function ordinaryText(seed: number): string {
  let state = seed * 2_654_435_761 + 1;
  const next = () => (state = (state * 1_103_515_245 + 12_345) % 2_147_483_648);
  return Array.from({ length: 14 }, () => WORDS[next() % WORDS.length]).join(" ");
}

/**
 * 40 accounts made today behind one /24 rate the dish within 40 minutes. Answers each answer's
 * status and message, and the ids of the posts that went through.
 */
async function crowdFromOneNetwork(dishId: number, ratingTenths: number) {
  const answers: { status: number; message: string; postId?: number; account: TestUser }[] = [];
  for (let i = 0; i < 40; i++) {
    const account = await createUser(t, NO_SCRYPT);
    const res = await review(
      account,
      // Each in its own words: the burst rule, not the copy rule, has to catch them.
      { dishId: String(dishId), content: ordinaryText(i + 100), rating: String(ratingTenths / 10) },
      `203.0.113.${i + 10}`,
    );
    const answer = await body(res);
    answers.push({ status: res.status, message: answer.message, postId: answer.data?.postId, account });
    t.clock.advance(MINUTE);
  }
  return answers;
}

async function queueOfSignals(mod: TestUser) {
  const res = await t.app.request("/api/moderation/queue?kind=review&limit=50", {
    headers: mod.authorization,
  });
  expect(res.status).toBe(200);
  const items = (await body(res)).data.items as {
    targetId: number;
    source: string;
    signals: Record<string, unknown>;
  }[];
  return items.filter((i) => i.source === "signals");
}

async function attack(dishName: string, ratingTenths: number) {
  const dishId = f.dishIds[dishName]!;
  const before = await rankings();
  const storedBefore = await storedDish(dishId);
  const answers = await crowdFromOneNetwork(dishId, ratingTenths);
  return {
    dishId,
    before,
    storedBefore,
    answers,
    posted: answers.filter((a) => a.status === 200).map((a) => a.postId!),
  };
}

describe("a crowd of new accounts behind one network", () => {
  for (const [label, dishName, ratingTenths] of [
    ["rating one dish 5.0", "Republic Burger", 50],
    ["rating a competitor 1.0 (equal rigour)", "Tonkotsu Ramen", 10],
  ] as const) {
    it(`${label}: moves neither its rank nor its score, pauses its reviews, fills the queue`, async () => {
      const { dishId, before, storedBefore, answers, posted } = await attack(dishName, ratingTenths);

      // Five went through before the pattern was plain, and the pause refused the rest.
      expect(posted).toHaveLength(5);
      expect(answers.slice(5).every((a) => a.status === 423 && a.message === REVIEW_PAUSE_MESSAGE)).toBe(
        true,
      );

      const after = await rankings();
      expect(after.top).toEqual(before.top);
      expect(after.trending).toEqual(before.trending);
      expect(after.ratings).toEqual(before.ratings);
      const storedAfter = await storedDish(dishId);
      expect(storedAfter).toMatchObject({
        ratingCount: storedBefore.ratingCount,
        ratingSumTenths: storedBefore.ratingSumTenths,
        bayesScore: storedBefore.bayesScore,
        trendingKey: storedBefore.trendingKey,
      });
      // Published, and labelled nowhere: the list shows them and counts them as reviews.
      expect(storedAfter.reviewCount).toBe(storedBefore.reviewCount + 5);
      const list = await getJson<{
        reviews: { id: number }[];
        reviewPause: { until: string; message: string } | null;
      }>(t.app, `/api/reviews/dish/${dishId}?pageSize=50`);
      expect(list.body.data.reviews.map((r) => r.id)).toEqual(expect.arrayContaining(posted));
      expect(JSON.stringify(list.body.data.reviews)).not.toMatch(/flag|held|signal/i);
      // Paused from the fifth review (the fifth minute of the 40) for 24 hours.
      expect(list.body.data.reviewPause).toEqual({
        message: REVIEW_PAUSE_MESSAGE,
        until: new Date(t.clock.now() - 36 * MINUTE + 24 * HOUR).toISOString(),
      });

      // A page rendered on demand says so too (a prerendered one leaves it to the reviews island).
      const page = await renderCataloguePage("dish", dishId, {
        api: inProcessApiClient(t.app),
        template: async () => TEMPLATE,
      });
      expect(page?.html).toContain(
        `<p class="review-pause" data-review-pause-until="${list.body.data.reviewPause!.until}">${REVIEW_PAUSE_MESSAGE}</p>`,
      );

      const queued = await queueOfSignals(await moderator());
      expect(queued.map((q) => q.targetId).sort()).toEqual([...posted].sort());
      for (const item of queued) {
        expect(item.signals).toMatchObject({
          newAccount: true,
          networkAccounts: 5,
          patterns: ["burst-new-accounts", "burst-one-network"],
          item: { kind: "dish", id: dishId },
        });
      }
      expect(await findAggregateMismatches(t.db)).toEqual([]);

      // The pause ends by itself after 24 hours: the notice goes, reviews are taken again.
      t.clock.advance(24 * HOUR);
      const later = await getJson<{ reviewPause: unknown }>(t.app, `/api/reviews/dish/${dishId}?pageSize=1`);
      expect(later.body.data.reviewPause).toBeNull();
      const pageLater = await renderCataloguePage("dish", dishId, {
        api: inProcessApiClient(t.app),
        template: async () => TEMPLATE,
      });
      expect(pageLater?.html).not.toContain("review-pause");
      const regular = await createUser(t, NO_SCRYPT);
      expect(
        (await review(regular, { dishId: String(dishId), content: "Fine", rating: "3.5" }, "198.51.100.7"))
          .status,
      ).toBe(200);
      expect(await findAggregateMismatches(t.db)).toEqual([]);
    });
  }

  it("refuses a review during the pause and changes nothing", async () => {
    const { dishId } = await attack("Republic Burger", 50);
    const [before] = await t.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM posts`);
    const regular = await createUser(t, NO_SCRYPT);
    const res = await review(
      regular,
      { dishId: String(dishId), content: "Good", rating: "4" },
      "198.51.100.7",
    );
    expect(res.status).toBe(423);
    expect((await body(res)).message).toBe(REVIEW_PAUSE_MESSAGE);
    const [after] = await t.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM posts`);
    expect(after!.n).toBe(before!.n);
  });

  it("cannot be pointed at a place's real diners: an established account still reviews during the pause", async () => {
    // Issue 29: five fresh accounts must not close a competitor to everyone for a day.
    const diner = await createUser(t, NO_SCRYPT);
    const insider = await createUser(t, NO_SCRYPT);
    // Both accounts are older than a week (NEW_ACCOUNT_DAYS).
    await t.db.run(
      sql`UPDATE users SET created_at = created_at - ${8 * DAY} WHERE id IN (${diner.userId}, ${insider.userId})`,
    );
    const { dishId } = await attack("Republic Burger", 50);
    const fields = { dishId: String(dishId), content: "Good, and the chips were hot", rating: "4" };
    // An older account on the crowd's own network is still kept out.
    expect((await review(insider, fields, "203.0.113.200")).status).toBe(423);
    expect((await review(diner, fields, "198.51.100.7")).status).toBe(200);
    expect(await findAggregateMismatches(t.db)).toEqual([]);
  });

  it("keeps only a salted hash of the network, the same for one /24 and different for another", async () => {
    const { posted } = await attack("Republic Burger", 50);
    const rows = await t.db.all<{ postId: number; networkHash: string }>(
      sql`SELECT post_id AS postId, network_hash AS networkHash FROM review_networks`,
    );
    expect(rows.map((r) => r.postId).sort()).toEqual([...posted].sort());
    expect(new Set(rows.map((r) => r.networkHash)).size).toBe(1);
    expect(rows[0]!.networkHash).not.toMatch(/203|113/);
    const elsewhere = await createUser(t, NO_SCRYPT);
    await review(
      elsewhere,
      { dishId: String(f.dishIds["Carbonara"]), content: "Good", rating: "4" },
      "198.51.100.7",
    );
    const [other] = await t.db.all<{ networkHash: string }>(
      sql`SELECT network_hash AS networkHash FROM review_networks ORDER BY post_id DESC LIMIT 1`,
    );
    expect(other!.networkHash).not.toBe(rows[0]!.networkHash);
  });
});

describe("the pause, pointed at someone else (issue 29)", () => {
  it("copies by established accounts on their own networks hold the copies and pause nobody", async () => {
    const dishId = f.dishIds["Carbonara"]!;
    const text =
      "Silky sauce, proper guanciale and pecorino, the pasta cooked exactly al dente every time I come";
    const accounts: TestUser[] = [];
    for (let i = 0; i < 8; i++) accounts.push(await createUser(t, NO_SCRYPT));
    t.clock.advance(30 * DAY);
    const statuses: number[] = [];
    for (const [i, account] of accounts.entries()) {
      const token = await issueToken(
        { userId: account.userId, tokenVersion: 0 },
        t.deps.config.jwtSecret,
        t.clock.now(),
      );
      const signedIn = { ...account, authorization: { authorization: `Bearer ${token}` } };
      const content = i === accounts.length - 1 ? ordinaryText(7) : text;
      const res = await review(signedIn, { dishId: String(dishId), content, rating: "4.5" }, `8${i}.7.9.1`);
      statuses.push(res.status);
      t.clock.advance(10 * MINUTE);
    }
    // Six copies held, the original and the last (its own words) counted, and no 423 for anyone.
    expect(statuses).toEqual(accounts.map(() => 200));
    const [held] = await t.db.all<{ n: number }>(
      sql`SELECT count(*) AS n FROM posts WHERE flagged_at IS NOT NULL`,
    );
    expect(held!.n).toBe(6);
    const list = await getJson<{ reviewPause: unknown }>(t.app, `/api/reviews/dish/${dishId}?pageSize=1`);
    expect(list.body.data.reviewPause).toBeNull();
  });

  it("a crowd's pause opens an item for moderators, who can lift it early; the lift is logged", async () => {
    const { dishId } = await attack("Republic Burger", 50);
    const mod = await moderator();
    const res = await t.app.request("/api/moderation/queue?kind=dish&limit=50", {
      headers: mod.authorization,
    });
    const items = (await body(res)).data.items as {
      targetId: number;
      source: string;
      signals: Record<string, unknown>;
    }[];
    const item = items.find((i) => i.targetId === dishId && i.source === "signals");
    expect(item?.signals).toMatchObject({ pause: { heldAccounts: 5 } });

    const lift = (note: string, by = mod) =>
      t.app.request("/api/moderation/actions", {
        method: "POST",
        headers: { ...by.authorization, "content-type": "application/json" },
        body: JSON.stringify({
          kind: "dish",
          id: dishId,
          action: "lift-pause",
          reason: "no-violation",
          note,
        }),
      });
    expect((await lift("Checked: a school trip, not a farm")).status).toBe(200);
    const list = await getJson<{ reviewPause: unknown }>(t.app, `/api/reviews/dish/${dishId}?pageSize=1`);
    expect(list.body.data.reviewPause).toBeNull();
    const regular = await createUser(t, NO_SCRYPT);
    expect(
      (await review(regular, { dishId: String(dishId), content: "Fine", rating: "3.5" }, "198.51.100.7"))
        .status,
    ).toBe(200);
    const [logged] = await t.db.all<{ n: number }>(
      sql`SELECT count(*) AS n FROM moderation_log WHERE action = 'decision:lift-pause' AND target_id = ${dishId}`,
    );
    expect(logged!.n).toBe(1);
    // The pause row stays for the transparency report, ended now.
    const [pause] = await t.db.all<{ endsAt: number }>(
      sql`SELECT ends_at AS endsAt FROM review_pauses WHERE item_id = ${dishId}`,
    );
    expect(pause!.endsAt).toBe(t.clock.now());

    // Nothing left to lift: refused, and nothing changes (another moderator: the first decided it).
    const again = await lift("Again", await moderator());
    expect(again.status).toBe(409);
    expect((await body(again)).message).toBe(NO_PAUSE_MESSAGE);
  });
});

describe("the queue item of a held review (issue 29)", () => {
  it("a queue that cannot open leaves no held review unseen: the review and its item commit together", async () => {
    const dishId = f.dishIds["Carbonara"]!;
    const text =
      "Silky sauce, proper guanciale and pecorino, the pasta cooked exactly al dente every time I come";
    const accounts: TestUser[] = [];
    for (let i = 0; i < 3; i++) accounts.push(await createUser(t, NO_SCRYPT));
    t.clock.advance(30 * DAY);
    const post = async (account: TestUser, i: number) => {
      const token = await issueToken(
        { userId: account.userId, tokenVersion: 0 },
        t.deps.config.jwtSecret,
        t.clock.now(),
      );
      const signedIn = { ...account, authorization: { authorization: `Bearer ${token}` } };
      return review(signedIn, { dishId: String(dishId), content: text, rating: "4.5" }, `8${i}.7.9.1`);
    };
    expect((await post(accounts[0]!, 0)).status).toBe(200);
    expect((await post(accounts[1]!, 1)).status).toBe(200);
    // The third copy holds the second and itself; the queue's insert fails (a full disk, a bug).
    await t.db.run(sql`CREATE TRIGGER queue_down BEFORE INSERT ON moderation_items
      BEGIN SELECT RAISE(ABORT, 'the queue is down'); END`);
    await post(accounts[2]!, 2);
    await t.db.run(sql`DROP TRIGGER queue_down`);
    t.errors.length = 0;
    const unseen = await t.db.all<{ id: number }>(
      sql`SELECT p.id FROM posts p WHERE p.flagged_at IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM moderation_items m WHERE m.kind = 'review' AND m.target_id = p.id AND m.state = 'open')`,
    );
    expect(unseen).toEqual([]);
    expect(await findAggregateMismatches(t.db)).toEqual([]);
  });
});

describe("a moderator's decision on a held review", () => {
  it("keep puts it back into the maths in one batch; remove keeps it out; db:check agrees", async () => {
    const { dishId, storedBefore, posted, answers } = await attack("Republic Burger", 50);
    const mod = await moderator();
    expect(await findAggregateMismatches(t.db)).toEqual([]);

    const act = (id: number, action: string) =>
      t.app.request("/api/moderation/actions", {
        method: "POST",
        headers: { ...mod.authorization, "content-type": "application/json" },
        body: JSON.stringify({
          kind: "review",
          id,
          action,
          reason: action === "keep" ? "no-violation" : "spam-or-fake",
          note: "Checked",
        }),
      });
    expect((await act(posted[0]!, "keep")).status).toBe(200);
    const kept = await storedDish(dishId);
    expect(kept.ratingCount).toBe(storedBefore.ratingCount + 1);
    expect(kept.ratingSumTenths).toBe(storedBefore.ratingSumTenths + 50);
    expect(await findAggregateMismatches(t.db)).toEqual([]);
    const [cleared] = await t.db.select().from(posts).where(eq(posts.id, posted[0]!));
    expect(cleared).toMatchObject({ flaggedAt: null, flagClearedAt: t.clock.now() });

    expect((await act(posted[1]!, "remove")).status).toBe(200);
    expect((await storedDish(dishId)).ratingCount).toBe(storedBefore.ratingCount + 1);
    expect(await findAggregateMismatches(t.db)).toEqual([]);
    expect((await queueOfSignals(mod)).map((q) => q.targetId).sort()).toEqual(posted.slice(2).sort());

    // Its author's edit does not bring a held review back into the maths.
    const res = await t.app.request("/api/posts/update", {
      method: "POST",
      headers: { ...answers[2]!.account.authorization, "content-type": "application/json" },
      body: JSON.stringify({ id: posted[2], rating: 4.5, content: "Edited after the fact" }),
    });
    expect(res.status).toBe(200);
    expect((await storedDish(dishId)).ratingCount).toBe(storedBefore.ratingCount + 1);
    expect(await findAggregateMismatches(t.db)).toEqual([]);
  });
});

describe("what is not a pattern", () => {
  it("counts one 5.0 review from an account made today", async () => {
    const dishId = f.dishIds["Carbonara"]!;
    const before = await storedDish(dishId);
    const newcomer = await createUser(t, NO_SCRYPT);
    expect(
      (await review(newcomer, { dishId: String(dishId), content: "Best ever", rating: "5" }, "203.0.113.9"))
        .status,
    ).toBe(200);
    expect((await storedDish(dishId)).ratingCount).toBe(before.ratingCount + 1);
    const [held] = await t.db.all<{ n: number }>(
      sql`SELECT count(*) AS n FROM posts WHERE flagged_at IS NOT NULL`,
    );
    expect(held!.n).toBe(0);
  });

  it("holds the later copies of one text posted by three accounts, whoever they are (the copy rule)", async () => {
    const dishId = f.dishIds["Carbonara"]!;
    const before = await storedDish(dishId);
    const text =
      "Silky sauce, proper guanciale and pecorino, the pasta cooked exactly al dente every time I come";
    const accounts: TestUser[] = [];
    for (let i = 0; i < 3; i++) accounts.push(await createUser(t, NO_SCRYPT));
    t.clock.advance(30 * DAY);
    const ids: number[] = [];
    for (const [i, account] of accounts.entries()) {
      const token = await issueToken(
        { userId: account.userId, tokenVersion: 0 },
        t.deps.config.jwtSecret,
        t.clock.now(),
      );
      const signedIn = { ...account, authorization: { authorization: `Bearer ${token}` } };
      const res = await review(
        signedIn,
        { dishId: String(dishId), content: `${text}${"!".repeat(i)}`, rating: "4.8" },
        `81.${i}.9.1`,
      );
      ids.push((await body(res)).data.postId);
      t.clock.advance(5 * HOUR);
    }
    // The first to write it is not held: only the copies are.
    expect((await storedDish(dishId)).ratingCount).toBe(before.ratingCount + 1);
    const items = await queueOfSignals(await moderator());
    expect(items.map((i) => i.targetId).sort()).toEqual(ids.slice(1).sort());
    expect(items[0]!.signals).toMatchObject({ patterns: ["near-duplicate-text"] });
    expect(await findAggregateMismatches(t.db)).toEqual([]);
  });

  it("copying an honest review: two accounts that copy it are held, its author's review still counts", async () => {
    const dishId = f.dishIds["Carbonara"]!;
    const before = await storedDish(dishId);
    const text =
      "Silky sauce, proper guanciale and pecorino, the pasta cooked exactly al dente every time I come";
    const [honest, ...copiers] = await Promise.all([0, 1, 2].map(() => createUser(t, NO_SCRYPT)));
    t.clock.advance(30 * DAY);
    const post = async (account: TestUser, content: string, address: string) => {
      const token = await issueToken(
        { userId: account.userId, tokenVersion: 0 },
        t.deps.config.jwtSecret,
        t.clock.now(),
      );
      const signedIn = { ...account, authorization: { authorization: `Bearer ${token}` } };
      const res = await review(signedIn, { dishId: String(dishId), content, rating: "4.5" }, address);
      expect(res.status).toBe(200);
      return (await body(res)).data.postId as number;
    };
    const original = await post(honest!, text, "81.1.9.1");
    t.clock.advance(HOUR);
    const copies = [];
    for (const [i, copier] of copiers.entries()) {
      copies.push(await post(copier, text, `82.${i}.9.1`));
      t.clock.advance(MINUTE);
    }
    const [kept] = await t.db.select().from(posts).where(eq(posts.id, original));
    expect(kept!.flaggedAt).toBeNull();
    expect((await storedDish(dishId)).ratingCount).toBe(before.ratingCount + 1);
    const items = await queueOfSignals(await moderator());
    expect(items.map((i) => i.targetId).sort()).toEqual(copies.sort());
    expect(await findAggregateMismatches(t.db)).toEqual([]);
  });

  it("counts all of 40 reviews spread over weeks from established accounts on different networks", async () => {
    const dishId = f.dishIds["Republic Burger"]!;
    const before = await storedDish(dishId);
    const accounts: TestUser[] = [];
    for (let i = 0; i < 40; i++) accounts.push(await createUser(t, NO_SCRYPT));
    t.clock.advance(30 * DAY);
    for (const [i, account] of accounts.entries()) {
      const rating = String((30 + (i % 21)) / 10);
      // Signed in again that day: a token does not last the weeks this test spans.
      const token = await issueToken(
        { userId: account.userId, tokenVersion: 0 },
        t.deps.config.jwtSecret,
        t.clock.now(),
      );
      const signedIn = { ...account, authorization: { authorization: `Bearer ${token}` } };
      const res = await review(
        signedIn,
        { dishId: String(dishId), content: ordinaryText(i), rating },
        `81.${i}.7.1`,
      );
      expect(res.status).toBe(200);
      t.clock.advance(12 * HOUR);
    }
    const after = await storedDish(dishId);
    expect(after.ratingCount).toBe(before.ratingCount + 40);
    expect(after.reviewCount).toBe(before.reviewCount + 40);
    const [held] = await t.db.all<{ n: number }>(
      sql`SELECT count(*) AS n FROM posts WHERE flagged_at IS NOT NULL`,
    );
    expect(held!.n).toBe(0);
    const [items] = await t.db.all<{ n: number }>(
      sql`SELECT count(*) AS n FROM moderation_items WHERE source = 'signals'`,
    );
    expect(items!.n).toBe(0);
    expect(await findAggregateMismatches(t.db)).toEqual([]);
  });
});
