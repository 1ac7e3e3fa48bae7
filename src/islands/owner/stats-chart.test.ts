import { describe, expect, it } from "vitest";
import { CHART, chartColumns, chartDescription, monthName } from "./stats-chart.ts";

const months = [
  { month: "2026-11", reviewCount: 2, averageRating: 4 },
  { month: "2026-12", reviewCount: 0, averageRating: null },
  { month: "2027-01", reviewCount: 4, averageRating: 5 },
];

describe("the owner's monthly chart", () => {
  it("draws the busiest month's bar to the full height and a 5.0 rating at the top", () => {
    const [nov, dec, jan] = chartColumns(months);
    const plotBottom = CHART.height - CHART.bottom;
    expect(jan!.barTop).toBe(CHART.top);
    expect(nov!.barTop + nov!.barHeight).toBe(plotBottom);
    expect(nov!.barHeight).toBeCloseTo(jan!.barHeight / 2);
    expect(dec!.barHeight).toBe(0);
    expect(jan!.ratingY).toBe(CHART.top);
    expect(dec!.ratingY).toBeNull();
  });

  it("names the year under the first month and under January", () => {
    expect(chartColumns(months).map((c) => [c.label, c.year])).toEqual([
      ["Nov", "2026"],
      ["Dec", null],
      ["Jan", "2027"],
    ]);
    expect(monthName("2027-01", true)).toBe("January 2027");
  });

  it("describes the chart in a sentence", () => {
    expect(chartDescription(months)).toBe(
      "6 reviews from November 2026 to January 2027; the most in January 2027 (4). Latest monthly average rating: 5.0 in January 2027.",
    );
    expect(chartDescription(months.map((m) => ({ ...m, reviewCount: 0, averageRating: null })))).toBe(
      "No reviews from November 2026 to January 2027.",
    );
  });
});
