import { describe, expect, it } from "vitest";
import { reviewsQuery, type DishReview, type Review } from "../../shared/schemas/reviews.ts";
import { appendPage, reviewsQueryOf, tenthsOf, withEdited, withoutReview } from "./review-list.ts";

function dishReview(id: number, overrides: Partial<DishReview> = {}): DishReview {
  return {
    id,
    author: { id: 7, username: "rosa", avatar: null },
    subject: {
      kind: "dish",
      id: 30 + id,
      name: `Dish ${id}`,
      restaurantId: 3,
      restaurantName: "The Open Swan",
    },
    rating: 4,
    ratingLabel: "Very Good",
    content: `dish review ${id}`,
    photos: [],
    createdAt: "2026-11-26T10:00:00.000Z",
    updatedAt: null,
    incentivised: false,
    groupId: null,
    ownerReply: null,
    ...overrides,
  };
}

function review(id: number, dishReviews: DishReview[] = []): Review {
  return {
    ...dishReview(id),
    subject: {
      kind: "restaurant",
      id: 3,
      name: "The Open Swan",
      restaurantId: 3,
      restaurantName: "The Open Swan",
    },
    dishReviews,
  };
}

describe("reviewsQueryOf", () => {
  it("sends the sort, the band's bounds and the cursor, and passes the contract's schema", () => {
    const query = reviewsQueryOf("highest", "excellent", "abc_123");
    expect(query).toEqual({ sort: "highest", minRating: "4.5", maxRating: "4.7", cursor: "abc_123" });
    expect(reviewsQuery.parse(query)).toMatchObject({
      sort: "highest",
      minRating: 4.5,
      maxRating: 4.7,
      cursor: "abc_123",
    });
  });

  it("sends no bounds for All and no cursor for the first page", () => {
    expect(reviewsQueryOf("newest", "all", null)).toEqual({ sort: "newest" });
    expect(reviewsQueryOf("lowest", "inedible", null)).toEqual({
      sort: "lowest",
      minRating: "0",
      maxRating: "0.9",
    });
  });
});

describe("the list follows pages, edits and deletes", () => {
  it("appends a page without repeating a review already shown", () => {
    const shown = [review(1), review(2)];
    expect(
      appendPage(shown, { reviews: [review(2), review(3)], nextCursor: null, privateReviewCount: 0, reviewPause: null }).map(
        (r) => r.id,
      ),
    ).toEqual([1, 2, 3]);
  });

  it("edits a restaurant review or a dish review inside one", () => {
    const list = [review(1, [dishReview(11), dishReview(12)]), review(2)];
    const edited = withEdited(list, 12, (r) => ({ ...r, content: "changed" }));
    expect(edited[0]!.dishReviews.map((r) => r.content)).toEqual(["dish review 11", "changed"]);
    expect(withEdited(list, 2, (r) => ({ ...r, rating: 1 }))[1]!.rating).toBe(1);
    expect(withEdited(list, 2, (r) => ({ ...r, rating: 1 }))[1]!.dishReviews).toEqual([]);
    expect(list[0]!.dishReviews[1]!.content).toBe("dish review 12");
  });

  it("removes a restaurant review or one of its dish reviews", () => {
    const list = [review(1, [dishReview(11), dishReview(12)]), review(2)];
    expect(withoutReview(list, 1).map((r) => r.id)).toEqual([2]);
    expect(withoutReview(list, 11)[0]!.dishReviews.map((r) => r.id)).toEqual([12]);
  });

  it("holds a rating as the slider does", () => {
    expect(tenthsOf(4.5)).toBe(45);
    expect(tenthsOf(null)).toBe(0);
  });
});
