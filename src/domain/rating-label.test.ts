import { describe, expect, it } from "vitest";
import { ratingLabel, ratingLabelForMean } from "./rating-label.ts";

describe("ratingLabel (spec point 9 thresholds on the 0..50 value)", () => {
  it.each([
    [50, "Must Try"], [48, "Must Try"], [47, "Excellent"], [45, "Excellent"],
    [44, "Very Good"], [37, "Very Good"], [36, "Good"], [30, "Good"],
    [29, "Average"], [25, "Average"], [24, "Prefer Others"], [20, "Prefer Others"],
    [19, "Not Good"], [15, "Not Good"], [14, "Bad"], [10, "Bad"], [9, "Inedible"], [0, "Inedible"],
  ])("%i → %s", (value, label) => {
    expect(ratingLabel(value)).toBe(label);
  });
  it("labels a mean rating by its tenths", () => {
    expect(ratingLabelForMean(4.8)).toBe("Must Try");
    expect(ratingLabelForMean(4.7)).toBe("Excellent");
    expect(ratingLabelForMean(3.7)).toBe("Very Good");
  });
});
