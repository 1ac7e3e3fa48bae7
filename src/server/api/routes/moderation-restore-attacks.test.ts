// What a moderator's removal takes, and what an upheld appeal gives back (issue 29,
// "Moderators"), each replayed through the real API: a dish review posted inside a restaurant
// review and removed on its own is gone wherever its post shows, for everyone but its author;
// restoring the restaurant review on appeal brings back only what that removal took down; and
// an upheld appeal of a person's removal gives back their name, bio and photo.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { findAggregateMismatches } from "../db/queries/aggregate-check.ts";
import type { TestUser } from "../testing/accounts.ts";
import { useCatalogueTestApp } from "../testing/fixture.ts";
import { moderationCalls } from "../testing/moderation-calls.ts";
import { loadReviewPage } from "../../../components/review-page/review-page-data.ts";
import { inProcessApiClient } from "../../pages/in-process-api-client.ts";

const { t, f } = useCatalogueTestApp();

const { call, person, moderator, review, remove, keep, appeal, removedAt } = moderationCalls(t);

describe("a dish review removed on its own", () => {
  async function restaurantReviewWithDishes(author: TestUser) {
    return (await review(author, {
      restaurantId: f.restaurantIds["Tonkotsu Lane"],
      content: "A fine counter",
      rating: 4,
      dishReviews: JSON.stringify([
        { dishId: f.dishIds["Spicy Miso Ramen"], content: "Call me on 07700 900999", rating: 5 },
        { dishId: f.dishIds["Shoyu Ramen"], content: "Silky noodles", rating: 4 },
      ]),
    })) as { postId: number; dishPostIds: number[] };
  }

  it("is gone from the restaurant's list, the author's list, the feed, the post and its page, but not for its author", async () => {
    const [author, follower, mod] = [await person(), await person(), await moderator()];
    expect((await call("POST", `/api/users/${author.userId}/follow`, follower)).status).toBe(200);
    const { postId, dishPostIds } = await restaurantReviewWithDishes(author);
    const [removed, kept] = dishPostIds as [number, number];
    expect((await remove(mod, "review", removed)).status).toBe(200);

    const dishIdsOf = (card: { dishReviews: { id: number }[] }) => card.dishReviews.map((d) => d.id);
    const shown = async (who?: TestUser) => {
      const list = await call("GET", `/api/reviews/restaurant/${f.restaurantIds["Tonkotsu Lane"]}`, who);
      const mine = await call("GET", `/api/reviews/user/${author.userId}`, who ?? follower);
      const post = await call("GET", `/api/posts/${postId}`, who);
      return {
        list: dishIdsOf(list.data.reviews.find((r: { id: number }) => r.id === postId)),
        authorsList: dishIdsOf(mine.data.reviews.find((r: { id: number }) => r.id === postId)),
        post: dishIdsOf(post.data),
      };
    };
    for (const who of [undefined, follower]) {
      expect(await shown(who), who ? "follower" : "visitor").toEqual({
        list: [kept],
        authorsList: [kept],
        post: [kept],
      });
    }
    const feed = await call("GET", "/api/posts/feed/1", follower);
    expect(dishIdsOf(feed.data.data.find((p: { id: number }) => p.id === postId))).toEqual([kept]);
    expect((await call("GET", `/api/posts/${removed}`, follower)).status).toBe(404);
    // What /review/{id} renders on demand: the host reads the page's data as a visitor.
    const page = await loadReviewPage(inProcessApiClient(t.app), postId);
    expect(dishIdsOf(page!.post)).toEqual([kept]);
    expect(JSON.stringify(page)).not.toContain("07700 900999");
    // Its author still sees it on their own post.
    expect(dishIdsOf((await call("GET", `/api/posts/${postId}`, author)).data)).toEqual([removed, kept]);
  });

  it("stays removed when the restaurant review is removed and restored on appeal", async () => {
    const [author, first, second, third] = [
      await person(),
      await moderator(),
      await moderator(),
      await moderator(),
    ];
    t.clock.advance(60 * 60 * 1000);
    const { postId, dishPostIds } = await restaurantReviewWithDishes(author);
    const [alone, withIt] = dishPostIds as [number, number];
    expect((await remove(first, "review", alone)).status).toBe(200);
    const removal = await remove(second, "review", postId);
    expect(removal.status).toBe(200);
    expect(await removedAt(withIt)).not.toBeNull();
    expect((await appeal(author, removal.data.decisionId)).status).toBe(200);
    expect((await keep(third, "review", postId)).status).toBe(200);
    expect(await removedAt(postId)).toBeNull();
    expect(await removedAt(withIt)).toBeNull();
    expect(await removedAt(alone)).not.toBeNull();
    expect(await findAggregateMismatches(t.db)).toEqual([]);
  });
});

describe("an upheld appeal of a person's removal", () => {
  it("restores their name, bio and photo", async () => {
    const [who, reporter, first, second] = [
      await person(),
      await person(),
      await moderator(),
      await moderator(),
    ];
    await t.db.run(
      sql`UPDATE profiles SET name = 'Ada Lovelace', bio = 'Ramen every Friday', profile_image = 'a-ada.webp' WHERE user_id = ${who.userId}`,
    );
    await call("POST", `/api/users/${who.userId}/report`, reporter, { reason: "offensive" });
    const removal = await remove(first, "user", who.userId);
    expect(removal.status, removal.message).toBe(200);
    const profile = async () =>
      (await call("GET", `/api/profiles/getProfileByUserId/${who.userId}`, reporter)).data as {
        name: string;
        bio: string;
        profileImage: string | null;
      };
    expect(await profile()).toMatchObject({ name: "", bio: "", profileImage: null });
    expect((await appeal(who, removal.data.decisionId)).status).toBe(200);
    const upheld = await keep(second, "user", who.userId);
    expect(upheld.status, upheld.message).toBe(200);
    const restored = await profile();
    expect(restored).toMatchObject({ name: "Ada Lovelace", bio: "Ramen every Friday" });
    expect(restored.profileImage).toMatch(/a-ada\.webp$/);
  });
});
