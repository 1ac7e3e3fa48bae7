import { describe, expect, it } from "vitest";
import { MAX_REVIEW_CONTENT, REVIEW_MESSAGES } from "../../shared/schemas/reviews.ts";
import { ITEM_REVIEWS_MESSAGES, MAX_CONTENT } from "./messages.ts";

describe("the reviews list's copies of the contract's words", () => {
  it("say what the reviews contract says", () => {
    expect(ITEM_REVIEWS_MESSAGES.updated).toBe(REVIEW_MESSAGES.reviewUpdated);
    expect(ITEM_REVIEWS_MESSAGES.deleted).toBe(REVIEW_MESSAGES.reviewDeleted);
    expect(ITEM_REVIEWS_MESSAGES.reportReason).toBe(REVIEW_MESSAGES.reportReason);
    expect(MAX_CONTENT).toBe(MAX_REVIEW_CONTENT);
  });
});
