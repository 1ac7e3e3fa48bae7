// Moderation powers turned on others (issue 29, "Moderators"), each attack replayed through
// the real API: nobody decides their own case (reporter, appellant, owner of the restaurant,
// earlier decider), no moderator suspends an admin, and a suspended account neither reports
// nor moderates, though it may still appeal.
import { describe, expect, it } from "vitest";
import { CONFLICT_MESSAGES, MODERATION_MESSAGES } from "../../../domain/moderation.ts";
import type { TestUser } from "../testing/accounts.ts";
import { databaseFingerprint } from "../testing/authorization-walk.ts";
import { useCatalogueTestApp } from "../testing/fixture.ts";
import { moderationCalls } from "../testing/moderation-calls.ts";
import { evidenceClaim, makeOwner, replyTo, restaurantOwnedBy, reviewOf } from "../testing/owners.ts";

const { t, f } = useCatalogueTestApp();

const { call, person, moderator, review, act, remove, keep, appeal, removedAt } = moderationCalls(t);

const dishReview = async (who: TestUser, dish: string, content = "Fine") =>
  (await review(who, { dishId: f.dishIds[dish], content, rating: 3 })).postId as number;

const report = (who: TestUser, postId: number) =>
  call("POST", "/api/posts/report", who, { postId, reason: "spam-or-fake", note: "Copied" });

async function queueTargets(who: TestUser): Promise<number[]> {
  const queue = await call("GET", "/api/moderation/queue?limit=50", who);
  expect(queue.status, queue.message).toBe(200);
  return queue.data.items.map((i: { targetId: number }) => i.targetId);
}

describe("nobody decides their own case", () => {
  it("a moderator who reported a review cannot decide it, and does not get it in the queue", async () => {
    const [reporterMod, other] = [await moderator(), await moderator()];
    const postId = await dishReview(await person(), "Pork Gyoza", "A rival's review");
    expect((await report(reporterMod, postId)).status).toBe(200);
    expect(await queueTargets(reporterMod)).not.toContain(postId);
    expect(await queueTargets(other)).toContain(postId);
    const before = await databaseFingerprint(t);
    const refused = await remove(reporterMod, "review", postId);
    expect(refused).toMatchObject({ status: 403, message: CONFLICT_MESSAGES.reporter });
    expect(await databaseFingerprint(t)).toBe(before);
    expect((await remove(other, "review", postId)).status).toBe(200);
  });

  it("a moderator who appealed a decision cannot decide the appeal", async () => {
    const [appellantMod, decider, third] = [await moderator(), await moderator(), await moderator()];
    const postId = await dishReview(await person(), "Edamame", "Call 07700 900123 for a deal");
    await report(appellantMod, postId);
    const kept = await keep(decider, "review", postId);
    expect(kept.status, kept.message).toBe(200);
    expect((await appeal(appellantMod, kept.data.decisionId)).status).toBe(200);
    expect(await queueTargets(appellantMod)).not.toContain(postId);
    const refused = await remove(appellantMod, "review", postId);
    expect(refused.status).toBe(403);
    expect(await removedAt(postId)).toBeNull();
    // The moderator who decided does not decide the appeal of their own decision either.
    expect(await remove(decider, "review", postId)).toMatchObject({
      status: 403,
      message: MODERATION_MESSAGES.ownDecisionAppeal,
    });
    expect((await remove(third, "review", postId)).status).toBe(200);
  });

  it("a moderator who owns the restaurant cannot decide a review of it, of its dish, or a claim on it", async () => {
    const [ownerMod, other] = [await moderator(), await moderator()];
    const restaurantId = f.restaurantIds["Bella Napoli"]!;
    await makeOwner(t, restaurantId, ownerMod.userId);
    const ofRestaurant = (
      await review(await person(), { restaurantId, content: "Cold pizza, rude staff", rating: 1 })
    ).postId as number;
    const ofDish = await dishReview(await person(), "Diavola", "Burnt");
    const claimant = await person();
    await evidenceClaim(t, restaurantId, claimant.userId);
    const before = await databaseFingerprint(t);
    for (const postId of [ofRestaurant, ofDish]) {
      expect(await remove(ownerMod, "review", postId), `review ${postId}`).toMatchObject({
        status: 403,
        message: CONFLICT_MESSAGES.owner,
      });
    }
    for (const action of ["approve-claim", "refuse-claim"]) {
      const refused = await act(ownerMod, {
        kind: "restaurant",
        id: restaurantId,
        action,
        reason: "no-violation",
        note: "My own restaurant",
      });
      expect(refused.status, action).toBe(403);
    }
    expect(await databaseFingerprint(t)).toBe(before);
    expect((await remove(other, "review", ofDish)).status).toBe(200);
  });

  it("a moderator who decided before cannot decide the same review again", async () => {
    const [first, second] = [await moderator(), await moderator()];
    const postId = await dishReview(await person(), "Tiramisu", "Paid for this review");
    expect((await keep(first, "review", postId)).status).toBe(200);
    await report(await person(), postId);
    expect(await queueTargets(first)).not.toContain(postId);
    expect(await remove(first, "review", postId)).toMatchObject({
      status: 403,
      message: CONFLICT_MESSAGES["earlier-decider"],
    });
    expect(await removedAt(postId)).toBeNull();
    expect((await remove(second, "review", postId)).status).toBe(200);
  });

  it("a moderator cannot suspend an admin, through the admin's review or their account", async () => {
    const [mod, admin] = [await moderator(), await moderator("admin")];
    const postId = await dishReview(admin, "Marinara", "Good");
    const suspend = (kind: string, id: number) =>
      act(mod, { kind, id, action: "suspend", reason: "harassment", note: "Out of the way", days: 30 });
    const before = await databaseFingerprint(t);
    for (const [kind, id] of [
      ["review", postId],
      ["user", admin.userId],
    ] as const) {
      expect(await suspend(kind, id), kind).toMatchObject({
        status: 403,
        message: MODERATION_MESSAGES.adminSuspension,
      });
    }
    expect(await databaseFingerprint(t)).toBe(before);
    expect((await call("GET", "/api/moderation/queue", admin)).status).toBe(200);
  });
});

describe("a suspended account", () => {
  async function suspended(): Promise<TestUser> {
    const who = await person();
    const done = await act(await moderator(), {
      kind: "user",
      id: who.userId,
      action: "suspend",
      reason: "harassment",
      note: "Abuse",
      days: 7,
    });
    expect(done.status, done.message).toBe(200);
    return who;
  }

  it("cannot report a review, a comment, a person or an owner's reply", async () => {
    const who = await suspended();
    const author = await person();
    const postId = await dishReview(author, "Karaage", "Crisp");
    const comment = await call("POST", "/api/comments/save", author, { postId, content: "Agreed" });
    const restaurantId = await restaurantOwnedBy(t, f, null);
    const owner = await person();
    await makeOwner(t, restaurantId, owner.userId);
    const replied = await reviewOf(t, restaurantId);
    await replyTo(t, replied, restaurantId, owner.userId);
    const before = await databaseFingerprint(t);
    const reports: [string, unknown][] = [
      ["/api/posts/report", { postId, reason: "spam-or-fake" }],
      ["/api/comments/report", { commentId: comment.data.id, reason: "harassment" }],
      [`/api/users/${author.userId}/report`, { reason: "harassment" }],
      [`/api/reviews/${replied}/reply/report`, { reason: "harassment" }],
    ];
    for (const [path, body] of reports) {
      const res = await call("POST", path, who, body);
      expect(res.status, path).toBe(403);
      expect(res.message, path).toMatch(/^Your account is suspended until/);
    }
    expect(await databaseFingerprint(t)).toBe(before);
  });

  it("cannot file an owner report of a review of its own restaurant", async () => {
    const owner = await person();
    const restaurantId = await restaurantOwnedBy(t, f, owner.userId);
    const postId = await reviewOf(t, restaurantId);
    await act(await moderator(), {
      kind: "user",
      id: owner.userId,
      action: "suspend",
      reason: "harassment",
      note: "Abuse",
      days: 7,
    });
    const before = await databaseFingerprint(t);
    const res = await call("POST", `/api/owner/reviews/${postId}/report`, owner, { reason: "extortion" });
    expect(res.status).toBe(403);
    expect(await databaseFingerprint(t)).toBe(before);
  });

  it("cannot act as a moderator while suspended: no queue, no decisions", async () => {
    const [suspendedMod, other] = [await moderator(), await moderator()];
    const done = await act(other, {
      kind: "user",
      id: suspendedMod.userId,
      action: "suspend",
      reason: "harassment",
      note: "Abuse",
      days: 7,
    });
    expect(done.status, done.message).toBe(200);
    expect((await call("GET", "/api/moderation/queue", suspendedMod)).status).toBe(403);
    const postId = await dishReview(await person(), "Yuzu Soda", "Flat");
    const before = await databaseFingerprint(t);
    const refused = await remove(suspendedMod, "review", postId);
    expect(refused.status).toBe(403);
    expect(refused.message).toMatch(/^Your account is suspended until/);
    expect(await databaseFingerprint(t)).toBe(before);
    // The appeal stays open to them.
    expect((await appeal(suspendedMod, done.data.decisionId)).status).toBe(200);
  });
});
