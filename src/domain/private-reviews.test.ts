import { describe, expect, it } from "vitest";
import { privateReviewsLine } from "./private-reviews.ts";

describe("privateReviewsLine", () => {
  it("says how many of an item's reviews are from private accounts", () => {
    expect(privateReviewsLine(3)).toBe("3 of these reviews are from private accounts");
    expect(privateReviewsLine(1240)).toBe("1240 of these reviews are from private accounts");
  });

  it("speaks of one review in the singular", () => {
    expect(privateReviewsLine(1)).toBe("1 of these reviews is from a private account");
  });

  it("says nothing when the list leaves nothing out, or the count is not a count", () => {
    expect(privateReviewsLine(0)).toBeNull();
    expect(privateReviewsLine(-2)).toBeNull();
    expect(privateReviewsLine(1.5)).toBeNull();
    expect(privateReviewsLine(Number.NaN)).toBeNull();
  });
});
