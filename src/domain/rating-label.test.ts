import { describe, expect, it } from "vitest";
import { RATING_BANDS, ratingLabel, ratingLabelForMean } from "./rating-label.ts";

describe("ratingLabel (spec point 9 thresholds on the 0..50 value)", () => {
  it.each([
    [50, "Must Try"],
    [48, "Must Try"],
    [47, "Excellent"],
    [45, "Excellent"],
    [44, "Very Good"],
    [37, "Very Good"],
    [36, "Good"],
    [30, "Good"],
    [29, "Average"],
    [25, "Average"],
    [24, "Prefer Others"],
    [20, "Prefer Others"],
    [19, "Not Good"],
    [15, "Not Good"],
    [14, "Bad"],
    [10, "Bad"],
    [9, "Inedible"],
    [0, "Inedible"],
  ])("%i → %s", (value, label) => {
    expect(ratingLabel(value)).toBe(label);
  });
  it("labels a mean rating by its tenths", () => {
    expect(ratingLabelForMean(4.8)).toBe("Must Try");
    expect(ratingLabelForMean(4.7)).toBe("Excellent");
    expect(ratingLabelForMean(3.7)).toBe("Very Good");
  });
});

describe("rating bands (spec point 5)", () => {
  it("are the spec's labels and bounds, meeting without a gap in steps of 0.1", () => {
    expect(RATING_BANDS.map((band) => `${band.label} ${band.min}-${band.max}`)).toEqual([
      "All 0-5",
      "Must Try (4.8+) 4.8-5",
      "Excellent 4.5-4.7",
      "Very Good 3.7-4.4",
      "Good 3-3.6",
      "Average 2.5-2.9",
      "Prefer Others 2-2.4",
      "Not Good 1.5-1.9",
      "Bad 1-1.4",
      "Inedible 0-0.9",
    ]);
    const banded = RATING_BANDS.slice(1);
    for (let tenths = 0; tenths <= 50; tenths += 1) {
      const holding = banded.filter(
        (band) => tenths >= band.min * 10 - 1e-9 && tenths <= band.max * 10 + 1e-9,
      );
      expect(holding, `rating ${tenths / 10}`).toHaveLength(1);
    }
  });
});
