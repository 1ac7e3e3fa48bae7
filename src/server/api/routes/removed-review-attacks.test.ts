// A removed review stays removed (issue 29, "Owners" on reviews, and /review-policy "If we
// remove your review"), replayed through the real API: deleting it to post it again is
// refused, so a copy can never undo a removal; and its author is not shut out of the item for
// good: rewriting it to follow the policy puts it before a moderator, and it counts again only
// once a moderator keeps it.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MODERATION_MESSAGES } from "../../../domain/moderation.ts";
import { findAggregateMismatches } from "../db/queries/aggregate-check.ts";
import type { TestUser } from "../testing/accounts.ts";
import { databaseFingerprint } from "../testing/authorization-walk.ts";
import { useCatalogueTestApp } from "../testing/fixture.ts";
import { moderationCalls } from "../testing/moderation-calls.ts";

const { t, f } = useCatalogueTestApp();

const { call, person, moderator, postReview: review, remove: removeAs } = moderationCalls(t);

const remove = (who: TestUser, id: number) =>
  removeAs(who, "review", id, { reason: "spam-or-fake", note: "A paid review" });

const dishReviewIds = async (dishId: number) =>
  (await call("GET", `/api/reviews/dish/${dishId}`)).data.reviews.map(
    (r: { id: number }) => r.id,
  ) as number[];

describe("a removed review", () => {
  it("cannot be deleted and posted again to undo its removal", async () => {
    const [author, mod] = [await person(), await moderator()];
    const dishId = f.dishIds.Margherita!;
    const posted = await review(author, { dishId, content: "Best in London, ask for Marco", rating: 5 });
    expect(posted.status, posted.message).toBe(200);
    const postId = posted.data.postId as number;
    expect((await remove(mod, postId)).status).toBe(200);
    const before = await databaseFingerprint(t);
    const deleted = await call("DELETE", `/api/posts/${postId}`, author);
    expect(deleted).toMatchObject({ status: 409, message: MODERATION_MESSAGES.removedReviewKept });
    expect(await databaseFingerprint(t)).toBe(before);
    const again = await review(author, { dishId, content: "Best in London, ask for Marco", rating: 5 });
    expect(again.status).toBe(409);
    expect(await dishReviewIds(dishId)).not.toContain(postId);

    // A restaurant review with a dish review removed on its own cannot take it along either.
    const group = await review(author, {
      restaurantId: f.restaurantIds["Bella Napoli"],
      content: "Good evening out",
      rating: 4,
      dishReviews: JSON.stringify([{ dishId: f.dishIds.Diavola, content: "Call 07700 900555", rating: 5 }]),
    });
    expect(group.status, group.message).toBe(200);
    expect((await remove(mod, group.data.dishPostIds[0])).status).toBe(200);
    expect((await call("DELETE", `/api/posts/${group.data.postId}`, author)).status).toBe(409);
    const rows = await t.db.all<{ n: number }>(
      sql`SELECT count(*) AS n FROM posts WHERE id IN (${postId}, ${group.data.postId}, ${group.data.dishPostIds[0]})`,
    );
    expect(rows[0]!.n).toBe(3);
  });

  it("does not shut its author out: a rewrite is held for a moderator, and counts once kept", async () => {
    const [author, remover, other] = [await person(), await moderator(), await moderator()];
    const dishId = f.dishIds.Marinara!;
    const posted = await review(author, { dishId, content: "Use code MARCO10 for 10% off", rating: 5 });
    const postId = posted.data.postId as number;
    expect((await remove(remover, postId)).status).toBe(200);
    const count = async () => (await call("GET", `/api/dishes/${dishId}`)).data.reviewCount as number;
    const removedCount = await count();

    const rewritten = await call("POST", "/api/posts/update", author, {
      id: postId,
      content: "Thin, blistered crust and a bright tomato sauce",
      rating: 4,
    });
    expect(rewritten.status, rewritten.message).toBe(200);
    // Held: still out of the list and the counts, and waiting for a moderator who did not remove it.
    expect(await dishReviewIds(dishId)).not.toContain(postId);
    expect(await count()).toBe(removedCount);
    const queue = await call("GET", "/api/moderation/queue?kind=review&limit=50", other);
    const item = queue.data.items.find((i: { targetId: number }) => i.targetId === postId);
    expect(item?.signals).toMatchObject({ rewrittenAfterRemoval: true });
    expect(item?.target).toMatchObject({ content: "Thin, blistered crust and a bright tomato sauce" });

    const kept = await call("POST", "/api/moderation/actions", other, {
      kind: "review",
      id: postId,
      action: "keep",
      reason: "no-violation",
      note: "The rewrite follows the policy",
    });
    expect(kept.status, kept.message).toBe(200);
    expect(await dishReviewIds(dishId)).toContain(postId);
    expect(await count()).toBe(removedCount + 1);
    expect(await findAggregateMismatches(t.db)).toEqual([]);
  });
});
