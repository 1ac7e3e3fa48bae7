import { describe, expect, it } from "vitest";
import { REVIEW_FORM_MESSAGES } from "../../domain/review-form.ts";
import { REVIEW_PAUSE_MESSAGE } from "../../domain/review-signals.ts";
import { NO_RESPONSE_MESSAGE } from "../../shared/api-client.ts";
import { initialReviewState, reviewReducer, type ReviewAction, type ReviewImage, type ReviewState } from "./review-state.ts";
import {
  buildReviewDraft,
  draftPhotoIds,
  exactRestaurant,
  matchRestaurants,
  POST_MESSAGES,
  postedReviewHref,
  postFailure,
  postFields,
  qualifyingDishPages,
  ratingParam,
} from "./submission.ts";

const image = (id: string): ReviewImage => ({ id, name: `${id}.jpg`, previewUrl: `blob:${id}`, file: new File(["x"], `${id}.jpg`) });
const apply = (state: ReviewState, ...actions: ReviewAction[]) => actions.reduce(reviewReducer, state);

const readyRestaurant = (): ReviewState =>
  apply(
    initialReviewState(),
    { type: "restaurantQuery", query: "Dishoom", restaurantId: 7 },
    { type: "rating", page: 0, rating: 42 },
    { type: "content", page: 0, content: "  Great black daal.  " },
  );

describe("what a post needs (spec point 5), field by field (issue 24)", () => {
  it("asks a signed-out person to log in first", () => {
    expect(buildReviewDraft(readyRestaurant(), false, "restaurant-only")).toEqual({
      ok: false,
      alert: "You need to be logged in to post a review.",
      missing: {},
    });
  });

  it("names each missing field at that field, in either flow, and never the spec's login wording", () => {
    const cases: [ReviewAction[], Record<string, string>][] = [
      [[{ type: "restaurantQuery", query: "", restaurantId: null }], { restaurant: REVIEW_FORM_MESSAGES.restaurantRequired }],
      [[{ type: "rating", page: 0, rating: 0 }], { rating: REVIEW_FORM_MESSAGES.ratingRequired }],
      [[{ type: "content", page: 0, content: "   " }], { content: "Your Restaurant Review is required: write a few words about your visit." }],
      [
        [
          { type: "rating", page: 0, rating: 0 },
          { type: "content", page: 0, content: "" },
        ],
        { rating: REVIEW_FORM_MESSAGES.ratingRequired, content: REVIEW_FORM_MESSAGES.contentRequired("Your Restaurant Review") },
      ],
    ];
    for (const [actions, missing] of cases) {
      const state = apply(readyRestaurant(), ...actions);
      for (const flow of ["restaurant-only", "with-dishes"] as const) {
        const result = buildReviewDraft(state, true, flow);
        expect(result).toEqual({ ok: false, alert: null, missing });
        expect(JSON.stringify(result)).not.toContain("Please login");
      }
    }
  });

  it("says the restaurant was not found when a typed name matched none", () => {
    const state = apply(readyRestaurant(), { type: "restaurantQuery", query: "Nowhere", restaurantId: null });
    expect(buildReviewDraft(state, true, "with-dishes")).toEqual({
      ok: false,
      alert: null,
      missing: { restaurant: POST_MESSAGES.restaurantNotFound },
    });
  });
});

describe("which dish reviews are sent", () => {
  const withDishes = () =>
    apply(
      readyRestaurant(),
      // page 1: rated, dish chosen → sent
      { type: "dish", page: 1, dishId: 11 },
      { type: "rating", page: 1, rating: 45 },
      // page 2: text only, dish chosen → sent
      { type: "dish", page: 2, dishId: 12 },
      { type: "content", page: 2, content: "Crisp." },
      // page 3: dish chosen, nothing said → not sent
      { type: "dish", page: 3, dishId: 13 },
      { type: "content", page: 3, content: "   " },
      // page 4: rated, no dish → not sent
      { type: "rating", page: 4, rating: 30 },
    );

  it("sends only steps with a rating above 0 or text, and a chosen dish", () => {
    expect(qualifyingDishPages(withDishes())).toEqual([1, 2]);
    const result = buildReviewDraft(withDishes(), true, "with-dishes");
    expect(result.ok && result.draft.dishReviews.map((d) => [d.dishId, d.rating, d.content])).toEqual([
      [11, 45, ""],
      [12, 0, "Crisp."],
    ]);
  });

  it("sends no dish review from Post Without Dish Review", () => {
    const result = buildReviewDraft(withDishes(), true, "restaurant-only");
    expect(result).toMatchObject({ ok: true, draft: { restaurantId: 7, rating: 42, content: "Great black daal.", dishReviews: [] } });
  });
});

describe("photos per review", () => {
  const uploaded = () => apply(readyRestaurant(), { type: "addImages", images: ["a", "b", "c", "d"].map(image) });

  it("gives the restaurant review its chosen photos and each dish review its own, sending only used photos", () => {
    const state = apply(
      uploaded(),
      { type: "toggleImage", page: 0, id: "b" },
      { type: "dish", page: 1, dishId: 11 },
      { type: "rating", page: 1, rating: 40 },
      { type: "toggleImage", page: 1, id: "d" },
    );
    const result = buildReviewDraft(state, true, "with-dishes");
    if (!result.ok) throw new Error(JSON.stringify(result));
    expect(result.draft.uploads.map((u) => u.id)).toEqual(["b", "d"]);
    expect(result.draft.imageIndexes).toEqual([0]);
    expect(result.draft.dishReviews[0]!.imageIndexes).toEqual([1]);
    expect(draftPhotoIds(result.draft)).toEqual({ restaurant: ["b"], dishes: [["d"]] });
  });

  it("leaves the restaurant review every photo no dish review took when none was chosen for it", () => {
    const state = apply(
      uploaded(),
      { type: "dish", page: 1, dishId: 11 },
      { type: "rating", page: 1, rating: 40 },
      { type: "toggleImage", page: 1, id: "c" },
    );
    const result = buildReviewDraft(state, true, "with-dishes");
    if (!result.ok) throw new Error(JSON.stringify(result));
    expect(result.draft.imageIndexes).toBeNull();
    expect(draftPhotoIds(result.draft)).toEqual({ restaurant: ["a", "b", "d"], dishes: [["c"]] });
    const alone = buildReviewDraft(state, true, "restaurant-only");
    expect(alone.ok && draftPhotoIds(alone.draft).restaurant).toEqual(["a", "b", "c", "d"]);
  });
});

describe("the multipart fields", () => {
  it("sends the rating in tenths as 0-5 with one decimal, the dish reviews as JSON and the incentive answer", () => {
    const state = apply(
      readyRestaurant(),
      { type: "addImages", images: ["a", "b"].map(image) },
      { type: "toggleImage", page: 0, id: "a" },
      { type: "dish", page: 1, dishId: 11 },
      { type: "rating", page: 1, rating: 45 },
      { type: "toggleImage", page: 1, id: "b" },
      { type: "incentivised", value: true },
    );
    const result = buildReviewDraft(state, true, "with-dishes");
    if (!result.ok) throw new Error(JSON.stringify(result));
    expect(postFields(result.draft, 3)).toEqual({
      authId: "3",
      restaurantId: "7",
      content: "Great black daal.",
      rating: "4.2",
      incentivised: "true",
      imageIndexes: "[0]",
      dishReviews: JSON.stringify([{ dishId: 11, content: "", rating: 4.5, imageIndexes: [1] }]),
    });
    expect(ratingParam(50)).toBe("5.0");
    expect(ratingParam(1)).toBe("0.1");
  });

  it("leaves out imageIndexes and dishReviews when there are none to send", () => {
    const result = buildReviewDraft(readyRestaurant(), true, "restaurant-only");
    if (!result.ok) throw new Error(JSON.stringify(result));
    expect(postFields(result.draft, 3)).toEqual({
      authId: "3",
      restaurantId: "7",
      content: "Great black daal.",
      rating: "4.2",
      incentivised: "false",
    });
  });
});

describe("restaurant search", () => {
  const names = [
    { id: 1, name: "Dishoom Shoreditch" },
    { id: 2, name: "Padella" },
    { id: 3, name: "Dishoom King's Cross" },
    { id: 4, name: "padella" },
  ];

  it("suggests by case-insensitive substring in listed order", () => {
    expect(matchRestaurants("DISH", names).map((n) => n.id)).toEqual([1, 3]);
    expect(matchRestaurants("  ", names)).toEqual([]);
    expect(matchRestaurants("o", names, 1).map((n) => n.id)).toEqual([1]);
  });

  it("counts an exact, unambiguous name as a choice", () => {
    expect(exactRestaurant("dishoom shoreditch ", names)?.id).toBe(1);
    expect(exactRestaurant("Padella", names)).toBeNull();
    expect(exactRestaurant("Dishoom", names)).toBeNull();
  });
});

describe("what a failed post says (spec point 8)", () => {
  const draft = { dishReviews: [{ dishId: 11, rating: 40, content: "", imageIndexes: [] }, { dishId: 12, rating: 30, content: "", imageIndexes: [] }] };
  const failed = (status: number, message: string, fields: Record<string, string> = {}) => ({ kind: "failed" as const, status, message, fields });

  it("names the restaurant review, and the API's reason when a person can act on it", () => {
    expect(postFailure(failed(400, "Each photo must be at most 10 MB."), draft)).toEqual([
      "Failed to post review. Please try again.",
      "Failed to post restaurant review.",
      "Each photo must be at most 10 MB.",
    ]);
    expect(postFailure(failed(500, "Internal server error"), draft)).toEqual([
      "Failed to post review. Please try again.",
      "Failed to post restaurant review.",
    ]);
  });

  it("names the dish review the API pointed at", () => {
    expect(postFailure(failed(404, "Dish not found. Please try again.", { "dishReviews.1.dishId": "Dish not found. Please try again." }), draft)).toEqual([
      "Failed to post review. Please try again.",
      "Failed to post review for Dish 12.",
      "Dish not found. Please try again.",
    ]);
  });

  it("says only that the item's reviews are paused when it is (issue 21)", () => {
    expect(postFailure(failed(423, REVIEW_PAUSE_MESSAGE), draft)).toEqual([REVIEW_PAUSE_MESSAGE]);
    expect(postFailure(failed(423, ""), draft)).toEqual([REVIEW_PAUSE_MESSAGE]);
  });

  it("turns the API's login wording into the missing fields for a signed-in person (issue 24)", () => {
    const lines = postFailure(
      failed(400, "Please login and fill out all required fields for the restaurant review.", { rating: "x", content: "x" }),
      draft,
    );
    expect(lines).toEqual([
      "Failed to post review. Please try again.",
      "Failed to post restaurant review.",
      `${REVIEW_FORM_MESSAGES.ratingRequired} ${REVIEW_FORM_MESSAGES.contentRequired("Your Restaurant Review")}`,
    ]);
  });

  it("asks to log in again when the session has ended, and says when nothing answered", () => {
    expect(postFailure(failed(401, "Unauthorized"), draft)).toEqual(["You need to be logged in to post a review."]);
    expect(postFailure({ kind: "no-response", message: NO_RESPONSE_MESSAGE }, draft)).toEqual([
      "Failed to post review. Please try again.",
      NO_RESPONSE_MESSAGE,
    ]);
  });
});

describe("View your review", () => {
  it("leads to the review's own page", () => {
    expect(postedReviewHref(41)).toBe("/review/41");
  });
});
