// Issue 29 "Owners": a reply a moderator removed stays removed, reports of a reply outlive it,
// and owner replies and reports follow the privacy, block and "same 404" rules every other read
// follows, counting the limit before any existence check. Each test replays an attack through
// the real API and failed before the fix (docs/security.md "Owners").
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OWNER_MESSAGES } from "../../../domain/owners.ts";
import { createUser, NO_SCRYPT, sendJson, type TestUser } from "../testing/accounts.ts";
import { buildCatalogueFixture, type CatalogueFixture } from "../testing/fixture.ts";
import { restaurantOwnedBy, reviewOf } from "../testing/owners.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

/** An answer as JSON, its data loosely typed for assertions. */
async function readEnvelope(res: Response) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- assertions read arbitrary JSON
  return (await res.json()) as { code: number; message: string; data: any };
}

let t: TestApp;
let f: CatalogueFixture;
let moderator: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  f = await buildCatalogueFixture(t.db, t.clock.now());
  moderator = await createUser(t, NO_SCRYPT);
  await t.db.run(sql`UPDATE users SET role = 'moderator' WHERE id = ${moderator.userId}`);
});
afterAll(() => t.close());

/** A verified owner, their restaurant and a review of it by someone new. */
async function ownerWithReview() {
  const owner = await createUser(t, NO_SCRYPT);
  const restaurantId = await restaurantOwnedBy(t, f, owner.userId);
  const postId = await reviewOf(t, restaurantId);
  const [row] = await t.db.all<{ author_id: number }>(sql`SELECT author_id FROM posts WHERE id = ${postId}`);
  return { owner, restaurantId, postId, reviewerId: row!.author_id };
}

const reply = (who: TestUser, postId: number, content = "Thanks for coming.") =>
  sendJson(t, "POST", `/api/reviews/${postId}/reply`, who, { content });
const shownReply = async (restaurantId: number, postId: number) =>
  (
    (await readEnvelope(await t.app.request(`/api/reviews/restaurant/${restaurantId}`))).data.reviews as {
      id: number;
      ownerReply: { content: string } | null;
    }[]
  ).find((r) => r.id === postId)?.ownerReply ?? null;

async function decideReply(postId: number, action: "remove" | "warn") {
  const res = await sendJson(t, "POST", "/api/moderation/actions", moderator, {
    kind: "reply",
    id: postId,
    action,
    reason: "harassment",
    note: "Threatens the reviewer.",
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

describe("a reply a moderator removed stays removed", () => {
  it("an owner cannot undo a moderator's removal by deleting the reply and writing it again", async () => {
    const { owner, restaurantId, postId } = await ownerWithReview();
    expect((await reply(owner, postId, "We know where you live.")).status).toBe(200);
    await decideReply(postId, "remove");
    const deleted = await sendJson(t, "DELETE", `/api/reviews/${postId}/reply`, owner);
    expect(deleted.status).toBe(409);
    expect((await readEnvelope(deleted)).message).toBe(OWNER_MESSAGES.replyRemoved);
    const again = await reply(owner, postId, "We know where you live.");
    expect(again.status).toBe(409);
    expect((await readEnvelope(again)).message).toBe(OWNER_MESSAGES.replyRemoved);
    expect(await shownReply(restaurantId, postId)).toBeNull();
  });

  it("an owner deleting a reported reply does not make its reports disappear", async () => {
    const { owner, restaurantId, postId } = await ownerWithReview();
    expect((await reply(owner, postId, "Liar. Don't come back.")).status).toBe(200);
    const reader = await createUser(t, NO_SCRYPT);
    const reported = await sendJson(t, "POST", `/api/reviews/${postId}/reply/report`, reader, {
      reason: "harassment",
    });
    expect(reported.status).toBe(200);
    expect((await sendJson(t, "DELETE", `/api/reviews/${postId}/reply`, owner)).status).toBe(200);
    expect(await shownReply(restaurantId, postId)).toBeNull();
    // The item and its report wait for a moderator, with what the reply said.
    const items = await t.db.all<{ state: string; report_count: number }>(
      sql`SELECT state, report_count FROM moderation_items WHERE kind = 'reply' AND target_id = ${postId}`,
    );
    expect(items).toEqual([{ state: "open", report_count: 1 }]);
    const reports = await t.db.all(sql`SELECT reporter_id FROM reply_reports WHERE post_id = ${postId}`);
    expect(reports).toEqual([{ reporter_id: reader.userId }]);
    // A moderator still decides it, and then it cannot be written again.
    await decideReply(postId, "remove");
    expect((await reply(owner, postId, "Liar.")).status).toBe(409);
  });

  it("an owner may still delete an unreported reply and write a new one", async () => {
    const { owner, restaurantId, postId } = await ownerWithReview();
    expect((await reply(owner, postId, "First thoughts")).status).toBe(200);
    expect((await sendJson(t, "DELETE", `/api/reviews/${postId}/reply`, owner)).status).toBe(200);
    expect((await sendJson(t, "PUT", `/api/reviews/${postId}/reply`, owner, { content: "x" })).status).toBe(404);
    expect((await reply(owner, postId, "Better thoughts")).status).toBe(200);
    expect(await shownReply(restaurantId, postId)).toMatchObject({ content: "Better thoughts" });
  });
});

describe("owner replies and reports follow the privacy, block and same-404 rules", () => {
  const missing = 987_654_321;

  it("an owner probing a private author's review by id gets the same 404 as a missing one", async () => {
    const { owner, postId, reviewerId } = await ownerWithReview();
    await t.db.run(sql`UPDATE profiles SET is_private = 1 WHERE user_id = ${reviewerId}`);
    const none = await reply(owner, missing);
    const hidden = await reply(owner, postId);
    expect(hidden.status).toBe(404);
    expect(await readEnvelope(hidden)).toEqual(await readEnvelope(none));
    const report = (id: number) =>
      sendJson(t, "POST", `/api/owner/reviews/${id}/report`, owner, { reason: "extortion" });
    const hiddenReport = await report(postId);
    expect(hiddenReport.status).toBe(404);
    expect(await readEnvelope(hiddenReport)).toEqual(await readEnvelope(await report(missing)));
    expect(await t.db.all(sql`SELECT post_id FROM owner_replies WHERE post_id = ${postId}`)).toEqual([]);
  });

  it("an owner the reviewer blocked cannot reply to or report their review: the same 404", async () => {
    const { owner, postId, reviewerId } = await ownerWithReview();
    await t.db.run(
      sql`INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (${reviewerId}, ${owner.userId}, ${t.clock.now()})`,
    );
    const hidden = await reply(owner, postId);
    expect(hidden.status).toBe(404);
    expect(await readEnvelope(hidden)).toEqual(await readEnvelope(await reply(owner, missing)));
    const report = await sendJson(t, "POST", `/api/owner/reviews/${postId}/report`, owner, {
      reason: "spam-or-fake",
    });
    expect(report.status).toBe(404);
  });

  it("someone the reviewer blocked cannot report the reply on their review: the same 404", async () => {
    const { owner, postId, reviewerId } = await ownerWithReview();
    expect((await reply(owner, postId)).status).toBe(200);
    const blocked = await createUser(t, NO_SCRYPT);
    await t.db.run(
      sql`INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (${reviewerId}, ${blocked.userId}, ${t.clock.now()})`,
    );
    const report = (id: number) =>
      sendJson(t, "POST", `/api/reviews/${id}/reply/report`, blocked, { reason: "harassment" });
    const hidden = await report(postId);
    expect(hidden.status).toBe(404);
    expect(await readEnvelope(hidden)).toEqual(await readEnvelope(await report(missing)));
  });

  it("probing review ids costs the limit: missing ids count before the 404", async () => {
    const prober = await createUser(t, NO_SCRYPT);
    const statuses = new Set<number>();
    for (let i = 0; i < 80; i += 1) {
      const res = await sendJson(t, "POST", `/api/reviews/${missing + i}/reply/report`, prober, {
        reason: "harassment",
      });
      statuses.add(res.status);
    }
    expect(statuses).toEqual(new Set([404, 429]));
    const owner = await createUser(t, NO_SCRYPT);
    const seen = new Set<number>();
    for (let i = 0; i < 80; i += 1) {
      seen.add((await reply(owner, missing + i)).status);
      seen.add(
        (await sendJson(t, "POST", `/api/owner/reviews/${missing + i}/report`, owner, { reason: "extortion" }))
          .status,
      );
    }
    expect(seen).toEqual(new Set([404, 429]));
    // Some 240 requests: room for a loaded machine.
  }, 60_000);
});
