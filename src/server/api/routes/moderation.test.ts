// Moderation through the API (issue 21, docs/moderation.md): roles, the queue, a removal that
// leaves the item's list, count and rating, the notices, one appeal to a different moderator,
// the append-only log, suspensions, and bad input that changes nothing.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APPEAL_WINDOW_DAYS } from "../../../domain/moderation.ts";
import { findAggregateMismatches } from "../db/queries/aggregate-check.ts";
import { setRole } from "../services/moderation-roles.ts";
import { createUser, sendJson, type TestUser } from "../testing/accounts.ts";
import { databaseFingerprint } from "../testing/authorization-walk.ts";
import { buildCatalogueFixture, type CatalogueFixture } from "../testing/fixture.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
let f: CatalogueFixture;
let author: TestUser,
  reporter: TestUser,
  reporter2: TestUser,
  mod1: TestUser,
  mod2: TestUser,
  admin: TestUser;
const DAY = 24 * 60 * 60 * 1000;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each call answers its own shape
type Answer = { status: number; code: number; message: string; data: any };

async function call(method: string, path: string, who?: TestUser, body?: unknown): Promise<Answer> {
  const res = await sendJson(t, method, path, who, body);
  const text = await res.text();
  const json = text.startsWith("{")
    ? (JSON.parse(text) as Omit<Answer, "status">)
    : { code: res.status, message: text, data: null };
  return { status: res.status, ...json };
}

async function postReview(who: TestUser, dishId: number, rating: string, content: string): Promise<number> {
  const form = new FormData();
  form.append("dishId", String(dishId));
  form.append("content", content);
  form.append("rating", rating);
  const res = await call("POST", "/api/posts/save", who, form);
  expect(res.status, res.message).toBe(200);
  return res.data.postId as number;
}

const act = (who: TestUser, body: Record<string, unknown>) =>
  call("POST", "/api/moderation/actions", who, body);

beforeAll(async () => {
  t = await createTestApp();
  f = await buildCatalogueFixture(t.db, t.clock.now());
  [author, reporter, reporter2, mod1, mod2, admin] = (await Promise.all(
    Array.from({ length: 6 }, () => createUser(t)),
  )) as [TestUser, TestUser, TestUser, TestUser, TestUser, TestUser];
  await setRole(t.db, mod1.email, "moderator", { id: null, label: "cli" }, t.clock.now());
  await setRole(t.db, admin.email, "admin", { id: null, label: "cli" }, t.clock.now());
});
afterAll(() => t.close());

describe("roles", () => {
  it("answers a plain user's token 403 on every moderation call, and 401 without one", async () => {
    const plain = await createUser(t);
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/moderation/queue"],
      [
        "POST",
        "/api/moderation/actions",
        { kind: "review", id: 1, action: "keep", reason: "no-violation", note: "ok" },
      ],
      ["POST", "/api/moderation/moderators", { email: plain.email, grant: true }],
      ["GET", "/api/moderation/log"],
      ["GET", "/api/moderation/log/export"],
    ];
    for (const [method, path, body] of calls) {
      expect((await call(method, path, plain, body)).status, path).toBe(403);
      expect((await call(method, path, undefined, body)).status, path).toBe(401);
    }
  });

  it("lets an admin grant and revoke moderator on the web, effective at the next request", async () => {
    const someone = await createUser(t);
    expect((await call("GET", "/api/moderation/queue", someone)).status).toBe(403);
    const granted = await call("POST", "/api/moderation/moderators", admin, {
      email: someone.email,
      grant: true,
    });
    expect(granted.data).toEqual({ userId: someone.userId, role: "moderator" });
    expect((await call("GET", "/api/moderation/queue", someone)).status).toBe(200);
    // A moderator is not an admin.
    expect(
      (await call("POST", "/api/moderation/moderators", someone, { email: author.email, grant: true }))
        .status,
    ).toBe(403);
    await call("POST", "/api/moderation/moderators", admin, { email: someone.email, grant: false });
    expect((await call("GET", "/api/moderation/queue", someone)).status).toBe(403);
    expect(
      (await call("POST", "/api/moderation/moderators", admin, { email: "nobody@example.com", grant: true }))
        .status,
    ).toBe(404);
  });

  it("never takes a role from a request field: saving one's account with role admin changes nothing", async () => {
    const someone = await createUser(t);
    await call("POST", "/api/users/save", someone, { firstName: "Sneaky", role: "admin", admin: true });
    const rows = await t.db.all<{ role: string }>(sql`SELECT role FROM users WHERE id = ${someone.userId}`);
    expect(rows[0]!.role).toBe("user");
    expect((await call("GET", "/api/moderation/log", someone)).status).toBe(403);
  });

  it("grants from the command line's function and refuses an unknown address", async () => {
    await setRole(t.db, mod2.email, "moderator", { id: null, label: "cli" }, t.clock.now());
    expect((await call("GET", "/api/moderation/queue", mod2)).status).toBe(200);
    await expect(
      setRole(t.db, "nobody@example.com", "moderator", { id: null, label: "cli" }, t.clock.now()),
    ).rejects.toThrow(/No account/);
  });
});

describe("report, queue, remove, notices, appeal", () => {
  let postId: number;
  let decisionId: number;
  const dish = () => f.dishIds["Shoyu Ramen"]!;

  it("shows reports grouped by review, with reasons, counts and notes", async () => {
    await postReview(reporter2, dish(), "5", "Deep, clear broth");
    postId = await postReview(author, dish(), "1", "Fake review paid by a rival");
    await call("POST", "/api/posts/report", reporter, {
      postId,
      reason: "spam-or-fake",
      note: "Same text elsewhere",
    });
    await call("POST", "/api/posts/report", reporter2, { postId, reason: "spam-or-fake" });
    const queue = await call("GET", "/api/moderation/queue?kind=review", mod1);
    const item = queue.data.items.find((i: { targetId: number }) => i.targetId === postId);
    expect(item.reportCount).toBe(2);
    expect(item.reasons).toEqual([{ id: "spam-or-fake", label: "Spam or fake", count: 2 }]);
    expect(item.reports.map((r: { note: string }) => r.note)).toEqual(["Same text elsewhere", ""]);
    expect(item.target).toMatchObject({ type: "review", content: "Fake review paid by a rival", rating: 1 });
    expect(item.author).toMatchObject({ id: author.userId, reviewCount: 1, earlierDecisions: [] });
    const byReason = await call("GET", "/api/moderation/queue?reason=spam-or-fake", mod1);
    expect(byReason.data.items.map((i: { targetId: number }) => i.targetId)).toContain(postId);
    const otherReason = await call("GET", "/api/moderation/queue?reason=hate", mod1);
    expect(otherReason.data.items.map((i: { targetId: number }) => i.targetId)).not.toContain(postId);
  });

  it("removes the review: it leaves the item's list, its count and its rating, in step with db:check", async () => {
    const before = (await call("GET", `/api/dishes/${dish()}`)).data;
    const list = async () =>
      (await call("GET", `/api/reviews/dish/${dish()}`)).data.reviews.map(
        (r: { id: number }) => r.id,
      ) as number[];
    expect(await list()).toContain(postId);
    const decided = await act(mod1, {
      kind: "review",
      id: postId,
      action: "remove",
      reason: "spam-or-fake",
      note: "Copied text",
    });
    expect(decided.status, decided.message).toBe(200);
    decisionId = decided.data.decisionId;
    const after = (await call("GET", `/api/dishes/${dish()}`)).data;
    expect(after.reviewCount).toBe(before.reviewCount - 1);
    expect(after.ratingCount).toBe(before.ratingCount - 1);
    expect(after.rating).toBeGreaterThan(before.rating);
    expect(await list()).not.toContain(postId);
    expect(await findAggregateMismatches(t.db)).toEqual([]);
    // Never deleted, and gone from the queue.
    const rows = await t.db.all<{ removed_at: number | null }>(
      sql`SELECT removed_at FROM posts WHERE id = ${postId}`,
    );
    expect(rows[0]!.removed_at).not.toBeNull();
    const queue = await call("GET", "/api/moderation/queue", mod1);
    expect(queue.data.items.map((i: { targetId: number }) => i.targetId)).not.toContain(postId);
  });

  it("tells the author and every reporter, by notification and e-mail, with the reason", async () => {
    for (const who of [author, reporter, reporter2]) {
      const notes = (await call("GET", "/api/notifications", who)).data.notifications;
      expect(notes[0]).toMatchObject({
        kind: "moderation-decision",
        actor: { userId: 0, name: "Dishcovery moderation" },
        decisionId,
      });
      const mail = t.deps.outbox!().findLast((m) => m.to === who.email)!;
      expect(mail.text).toContain("Reason: Spam or fake.");
      // Only the side a removal went against, the author, is told how to appeal (issue 30).
      if (who === author) expect(mail.text).toContain(`within ${APPEAL_WINDOW_DAYS} days`);
      else expect(mail.text).not.toContain("appeal");
    }
  });

  it("sends the author's appeal to a different moderator, whose decision is final", async () => {
    const appealed = await call("POST", "/api/moderation/appeals", author, {
      decisionId,
      note: "It is my own review",
    });
    expect(appealed.status, appealed.message).toBe(200);
    expect(
      (await call("POST", "/api/moderation/appeals", author, { decisionId, note: "Again" })).status,
    ).toBe(409);
    // Hidden from the moderator who decided, and refused to them.
    const mine = await call("GET", "/api/moderation/queue", mod1);
    expect(mine.data.items.map((i: { targetId: number }) => i.targetId)).not.toContain(postId);
    const refused = await act(mod1, {
      kind: "review",
      id: postId,
      action: "keep",
      reason: "no-violation",
      note: "Mine",
    });
    expect(refused.status).toBe(403);
    const theirs = await call("GET", "/api/moderation/queue", mod2);
    const item = theirs.data.items.find((i: { targetId: number }) => i.targetId === postId);
    expect(item.appeal).toMatchObject({ decisionId, note: "It is my own review", byRole: "author" });
    expect(item.target.removedAt).not.toBeNull();
    const final = await act(mod2, {
      kind: "review",
      id: postId,
      action: "keep",
      reason: "no-violation",
      note: "Upheld",
    });
    expect(final.status, final.message).toBe(200);
    // The appeal upheld: the review is back in the list and the counts.
    const list = (await call("GET", `/api/reviews/dish/${dish()}`)).data.reviews.map(
      (r: { id: number }) => r.id,
    );
    expect(list).toContain(postId);
    expect(await findAggregateMismatches(t.db)).toEqual([]);
    // Final: the appeal's decision cannot be appealed, nor the first decision again.
    const again = await call("POST", "/api/moderation/appeals", reporter, {
      decisionId: final.data.decisionId,
      note: "No",
    });
    expect(again).toMatchObject({ status: 409, message: "This decision was made on appeal and is final." });
    const late = await call("POST", "/api/moderation/appeals", reporter, { decisionId, note: "Me too" });
    expect(late.status).toBe(409);
  });

  it("refuses an appeal by someone who is neither author nor reporter, and after 14 days", async () => {
    const other = await postReview(author, f.dishIds.Margherita!, "2", "Soggy");
    const decided = await act(mod1, {
      kind: "review",
      id: other,
      action: "warn",
      reason: "off-topic",
      note: "Stay on topic",
    });
    const stranger = await createUser(t);
    expect(
      (
        await call("POST", "/api/moderation/appeals", stranger, {
          decisionId: decided.data.decisionId,
          note: "x",
        })
      ).status,
    ).toBe(404);
    // Decided 15 days ago (tokens would expire if the clock moved that far).
    await t.db.run(
      sql`UPDATE moderation_decisions SET created_at = created_at - ${(APPEAL_WINDOW_DAYS + 1) * DAY} WHERE id = ${decided.data.decisionId}`,
    );
    const late = await call("POST", "/api/moderation/appeals", author, {
      decisionId: decided.data.decisionId,
      note: "x",
    });
    expect(late).toMatchObject({
      status: 410,
      message: expect.stringContaining(`${APPEAL_WINDOW_DAYS} days`),
    });
  });
});

describe("rules every action keeps", () => {
  it("refuses a moderator's action on their own review or account", async () => {
    const own = await postReview(mod1, f.dishIds.Margherita!, "5", "My own");
    expect(
      (await act(mod1, { kind: "review", id: own, action: "remove", reason: "off-topic", note: "x" })).status,
    ).toBe(403);
    expect(
      (await act(mod1, { kind: "user", id: mod1.userId, action: "suspend", reason: "off-topic", note: "x" }))
        .status,
    ).toBe(403);
  });

  it("answers each bad input 400 and changes nothing", async () => {
    const target = await postReview(await createUser(t), f.dishIds.Margherita!, "3", "Fine");
    const good = { kind: "review", id: target, action: "remove", reason: "off-topic", note: "Off topic" };
    const bad: [string, Record<string, unknown>][] = [
      ["unknown kind", { ...good, kind: "recipe" }],
      [
        "action not valid for kind",
        { ...good, kind: "restaurant", id: f.restaurantIds["Grill Republic"], action: "warn" },
      ],
      ["unknown action", { ...good, action: "delete" }],
      ["unknown reason", { ...good, reason: "boring" }],
      ["missing note", { ...good, note: undefined }],
      ["empty note", { ...good, note: "   " }],
      ["days on remove", { ...good, days: 3 }],
      ["days not a positive integer", { ...good, action: "suspend", days: 0 }],
      ["fractional days", { ...good, action: "suspend", days: 1.5 }],
    ];
    const before = await databaseFingerprint(t);
    for (const [name, body] of bad) {
      const res = await act(mod2, body);
      expect(res.status, name).toBe(400);
      expect(res.message, name).not.toBe("");
    }
    expect(await databaseFingerprint(t)).toBe(before);
  });

  it("keeps the log append-only in the database itself", async () => {
    const log = await call("GET", "/api/moderation/log", admin);
    expect(log.data.entries.length).toBeGreaterThan(0);
    expect(log.data.entries.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(["decision:remove", "appeal", "role:grant", "role:revoke"]),
    );
    const refusal = (query: ReturnType<typeof sql>) =>
      t.db.run(query).then(
        () => "done",
        (error: Error & { cause?: Error }) => `${error.message} ${error.cause?.message ?? ""}`,
      );
    expect(await refusal(sql`UPDATE moderation_log SET note = 'rewritten'`)).toMatch(/append-only/);
    expect(await refusal(sql`DELETE FROM moderation_log`)).toMatch(/append-only/);
    expect((await call("GET", "/api/moderation/log", admin)).data.entries).toEqual(log.data.entries);
  });

  it("exports the log as CSV with a header row, fields escaped", async () => {
    const someone = await postReview(await createUser(t), f.dishIds.Margherita!, "4", "Nice");
    await act(mod2, {
      kind: "review",
      id: someone,
      action: "keep",
      reason: "no-violation",
      note: 'Said "fine", then\nleft',
    });
    const res = await sendJson(t, "GET", "/api/moderation/log/export", admin);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="moderation-log-/);
    const text = await res.text();
    expect(text.split("\r\n")[0]).toBe(
      "id,createdAt,actorId,actorLabel,action,kind,targetId,reason,note,before,after",
    );
    expect(text).toContain('"Said ""fine"", then\nleft"');
  });
});

describe("catalogue items", () => {
  it("removes a dish: its page answers 404, it is hidden, never deleted", async () => {
    const dishId = f.dishIds.Margherita!;
    expect((await call("GET", `/api/dishes/${dishId}`)).status).toBe(200);
    const removed = await act(mod2, {
      kind: "dish",
      id: dishId,
      action: "remove",
      reason: "not-a-restaurant",
      note: "Not food",
    });
    expect(removed.status, removed.message).toBe(200);
    expect((await call("GET", `/api/dishes/${dishId}`)).status).toBe(404);
    const rows = await t.db.all<{ removed_at: number | null }>(
      sql`SELECT removed_at FROM dishes WHERE id = ${dishId}`,
    );
    expect(rows[0]!.removed_at).not.toBeNull();
  });
});

describe("suspension", () => {
  it("blocks every write with until when and why, and ends when its time passes", async () => {
    const person = await createUser(t);
    const other = await createUser(t);
    const postId = await postReview(other, f.dishIds.Margherita!, "4", "Good");
    const suspended = await act(mod1, {
      kind: "user",
      id: person.userId,
      action: "suspend",
      reason: "harassment",
      note: "Abuse",
      days: 3,
    });
    expect(suspended.status, suspended.message).toBe(200);
    const form = new FormData();
    form.append("dishId", String(f.dishIds.Margherita));
    form.append("content", "Still here");
    form.append("rating", "4");
    const writes: [string, string, unknown][] = [
      ["POST", "/api/posts/save", form],
      ["POST", "/api/posts/update", { id: postId, content: "x" }],
      ["POST", "/api/comments/save", { postId, content: "Hello" }],
      ["POST", "/api/comments/like", { commentId: 1 }],
      ["POST", "/api/posts/like", { postId }],
      ["POST", "/api/posts/saved", { postId }],
      ["POST", "/api/follower/follow", { followerId: person.userId, followingId: other.userId }],
      ["POST", `/api/users/${other.userId}/follow`, undefined],
      ["POST", `/api/profiles/updateBio/${person.userId}`, { bio: "Back" }],
    ];
    for (const [method, path, body] of writes) {
      const res = await call(method, path, person, body);
      expect(res.status, path).toBe(403);
      expect(res.message, path).toMatch(
        /^Your account is suspended until \d{4}-\d\d-\d\d \d\d:\d\d UTC \(Harassment\)\.$/,
      );
    }
    // Reading still works.
    expect((await call("GET", "/api/notifications", person)).status).toBe(200);
    t.clock.advance(3 * DAY + 1000);
    expect((await call("POST", "/api/posts/like", person, { postId })).status).toBe(200);
  });

  it("says permanently for a suspension without days", async () => {
    const person = await createUser(t);
    await act(mod1, {
      kind: "user",
      id: person.userId,
      action: "suspend",
      reason: "hate",
      note: "Hate speech",
    });
    const res = await call("POST", "/api/posts/like", person, { postId: 1 });
    expect(res).toMatchObject({
      status: 403,
      message: "Your account is suspended permanently (Hate speech).",
    });
  });
});
