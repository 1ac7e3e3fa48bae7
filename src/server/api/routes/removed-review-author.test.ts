// The author's own view of a removed review (issue 30, docs/moderation.md "What the author of a
// removed review sees"): GET /posts/{id} answers its author that it was removed, why (the
// policy reason's label and the moderator's note, as the decision's e-mail says them) and
// whether and until when it can be appealed; everyone else gets the 404 of a review that does
// not exist, so a removal is never revealed to them.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { APPEAL_WINDOW_MS } from "../../../domain/moderation.ts";
import type { TestUser } from "../testing/accounts.ts";
import { useCatalogueTestApp } from "../testing/fixture.ts";
import { moderationCalls } from "../testing/moderation-calls.ts";

const { t, f } = useCatalogueTestApp();

const { call, person, moderator, postReview: review } = moderationCalls(t);

const decide = (who: TestUser, id: number, action: string, reason: string, note: string) =>
  call("POST", "/api/moderation/actions", who, { kind: "review", id, action, reason, note });

async function removedReview() {
  const [author, mod] = [await person(), await moderator()];
  const posted = await review(author, {
    restaurantId: f.restaurantIds["Tonkotsu Lane"],
    content: "Ask for Marco, he gives regulars 20% off",
    rating: 5,
    dishReviews: JSON.stringify([{ dishId: f.dishIds["Shoyu Ramen"], content: "Fine noodles", rating: 4 }]),
  });
  expect(posted.status, posted.message).toBe(200);
  const postId = posted.data.postId as number;
  const dishPostId = posted.data.dishPostIds[0] as number;
  const removed = await decide(mod, postId, "remove", "spam-or-fake", "Promotes a discount for a named person");
  expect(removed.status, removed.message).toBe(200);
  return { author, mod, postId, dishPostId };
}

describe("a removed review, read by id", () => {
  it("tells its author it was removed, why, and how long they may appeal", async () => {
    const { author, postId, dishPostId } = await removedReview();
    const read = await call("GET", `/api/posts/${postId}`, author);
    expect(read.status, read.message).toBe(200);
    expect(read.data).toMatchObject({
      id: postId,
      content: "Ask for Marco, he gives regulars 20% off",
      removal: {
        reason: "spam-or-fake",
        reasonLabel: "Spam or fake",
        note: "Promotes a discount for a named person",
        appealable: true,
        final: false,
      },
    });
    const { removedAt, appealUntil, decisionId } = read.data.removal;
    expect(Date.parse(appealUntil) - Date.parse(removedAt)).toBe(APPEAL_WINDOW_MS);
    expect(decisionId).toBeGreaterThan(0);
    // A dish review that went with it says the same.
    const dish = await call("GET", `/api/posts/${dishPostId}`, author);
    expect(dish.status).toBe(200);
    expect(dish.data.removal).toMatchObject({ reasonLabel: "Spam or fake", decisionId });
  });

  it("answers another member and a visitor the 404 of a review that does not exist", async () => {
    const { postId, dishPostId } = await removedReview();
    const stranger = await person();
    const missing = await call("GET", "/api/posts/999999999", stranger);
    for (const id of [postId, dishPostId]) {
      for (const who of [stranger, undefined]) {
        const read = await call("GET", `/api/posts/${id}`, who);
        expect(read.status).toBe(404);
        expect({ message: read.message, data: read.data }).toEqual({ message: missing.message, data: missing.data });
      }
    }
  });

  it("says when it can no longer be appealed: once appealed, once the window passed, once final", async () => {
    const { author, postId } = await removedReview();
    const first = (await call("GET", `/api/posts/${postId}`, author)).data.removal;
    const appealed = await call("POST", "/api/moderation/appeals", author, {
      decisionId: first.decisionId,
      note: "It was a joke among friends",
    });
    expect(appealed.status, appealed.message).toBe(200);
    expect((await call("GET", `/api/posts/${postId}`, author)).data.removal).toMatchObject({
      appealable: false,
      appealed: true,
      final: false,
    });

    // Upheld on appeal by another moderator: removed again, and that decision is final.
    const other = await moderator();
    expect((await decide(other, postId, "remove", "spam-or-fake", "Still an offer")).status).toBe(200);
    expect((await call("GET", `/api/posts/${postId}`, author)).data.removal).toMatchObject({
      appealable: false,
      final: true,
      note: "Still an offer",
    });

    // A decision older than the window (moved back, so the author's token stays valid).
    const late = await removedReview();
    const { decisionId } = (await call("GET", `/api/posts/${late.postId}`, late.author)).data.removal;
    await t.db.run(
      sql`UPDATE moderation_decisions SET created_at = created_at - ${APPEAL_WINDOW_MS + 1000} WHERE id = ${decisionId}`,
    );
    expect((await call("GET", `/api/posts/${late.postId}`, late.author)).data.removal).toMatchObject({
      appealable: false,
      final: false,
    });
  });

  it("answers a review that is not removed with no removal", async () => {
    const author = await person();
    const posted = await review(author, { dishId: f.dishIds.Margherita, content: "Blistered crust", rating: 4.5 });
    const read = await call("GET", `/api/posts/${posted.data.postId}`, author);
    expect(read.status).toBe(200);
    expect(read.data.removal).toBeNull();
  });
});
