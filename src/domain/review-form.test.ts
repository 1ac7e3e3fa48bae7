import { describe, expect, it } from "vitest";
import {
  missingFields,
  parseExactRating,
  photosLeftOutText,
  REVIEW_FORM_MESSAGES,
  signedInRequiredMessage,
  STAR_VALUES,
  starName,
  stepRating,
} from "./review-form.ts";
import { REVIEW_MESSAGES } from "./review-rules.ts";

describe("tap-to-rate", () => {
  it("offers ten half stars, 0.5 to 5, named as a person reads them", () => {
    expect(STAR_VALUES).toEqual([5, 10, 15, 20, 25, 30, 35, 40, 45, 50]);
    expect(STAR_VALUES.map(starName)).toEqual([
      "0.5 stars",
      "1 star",
      "1.5 stars",
      "2 stars",
      "2.5 stars",
      "3 stars",
      "3.5 stars",
      "4 stars",
      "4.5 stars",
      "5 stars",
    ]);
  });

  it("reads the exact value in tenths, one decimal at most, up to 5.0", () => {
    expect(["4.2", " 4,2 ", "4", "4.", "5.0", "0.1"].map(parseExactRating)).toEqual([42, 42, 40, 40, 50, 1]);
    // Not rated yet, and what someone on the way to 0.5 has typed so far.
    expect(["", "  ", "0", "0."].map(parseExactRating)).toEqual([0, 0, 0, 0]);
    expect(["5.1", "6", "4.25", "-1", "abc", "42"].map(parseExactRating)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it("steps a tenth or half a star within 0.1 and 5.0, from either end when not rated", () => {
    expect(stepRating(42, 1)).toBe(43);
    expect(stepRating(50, 1)).toBe(50);
    expect(stepRating(1, -1)).toBe(1);
    expect(stepRating(42, -5)).toBe(37);
    expect(stepRating(0, 1)).toBe(1);
    expect(stepRating(0, 5)).toBe(5);
    expect(stepRating(0, -1)).toBe(50);
  });
});

describe("what a restaurant review lacks", () => {
  const ready = { restaurantId: 7, restaurantQuery: "Dishoom", rating: 42, content: "Daal." };

  it("is nothing when the restaurant, a rating above 0 and words are there", () => {
    expect(missingFields(ready)).toEqual({});
  });

  it("names each missing field, the typed but unmatched restaurant in the spec's words", () => {
    expect(missingFields({ restaurantId: null, restaurantQuery: "", rating: 0, content: " " })).toEqual({
      restaurant: REVIEW_FORM_MESSAGES.restaurantRequired,
      rating: REVIEW_FORM_MESSAGES.ratingRequired,
      content: "Your Restaurant Review is required: write a few words about your visit.",
    });
    expect(missingFields({ ...ready, restaurantId: null, restaurantQuery: "Nowhere" })).toEqual({
      restaurant: REVIEW_MESSAGES.restaurantNotFound,
    });
  });

  it("turns the API's login wording into the fields it named, and leaves other messages alone", () => {
    expect(signedInRequiredMessage(REVIEW_MESSAGES.requiredFields, { content: "x" }, "Your review")).toBe(
      "Your review is required: write a few words about your visit.",
    );
    expect(signedInRequiredMessage(REVIEW_MESSAGES.requiredFieldsWithDishes, {}, "Your review")).toBe(
      REVIEW_FORM_MESSAGES.requiredHint,
    );
    expect(signedInRequiredMessage(REVIEW_MESSAGES.imageTooLarge, {}, "Your review")).toBe(
      REVIEW_MESSAGES.imageTooLarge,
    );
  });
});

describe("more photos than fit", () => {
  it("keeps the spec's limit message and says how many were added", () => {
    expect(photosLeftOutText(0, 3)).toBe("You can upload a maximum of 10 images.");
    expect(photosLeftOutText(2, 8)).toBe(
      "You can upload a maximum of 10 images. 2 of the 8 photos you chose were added.",
    );
    expect(photosLeftOutText(1, 4)).toBe(
      "You can upload a maximum of 10 images. 1 of the 4 photos you chose was added.",
    );
  });
});
