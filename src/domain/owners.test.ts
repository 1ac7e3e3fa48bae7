import { describe, expect, it } from "vitest";
import {
  lastMonths,
  openingHoursLines,
  rangesOverlap,
  replyRate,
  WEEKDAYS,
  type OpeningHours,
} from "./owners.ts";

describe("owner rules", () => {
  it("finds overlapping ranges, including one past midnight and an empty one", () => {
    expect(
      rangesOverlap([
        { opens: "11:00", closes: "15:00" },
        { opens: "18:00", closes: "22:00" },
      ]),
    ).toBe(false);
    expect(
      rangesOverlap([
        { opens: "11:00", closes: "15:00" },
        { opens: "14:00", closes: "22:00" },
      ]),
    ).toBe(true);
    expect(
      rangesOverlap([
        { opens: "18:00", closes: "02:00" },
        { opens: "11:00", closes: "15:00" },
      ]),
    ).toBe(false);
    expect(
      rangesOverlap([
        { opens: "18:00", closes: "02:00" },
        { opens: "20:00", closes: "23:00" },
      ]),
    ).toBe(true);
    expect(rangesOverlap([{ opens: "10:00", closes: "10:00" }])).toBe(true);
  });

  it("writes the spec's lines from structured hours", () => {
    const weekly = Object.fromEntries(WEEKDAYS.map((d) => [d, []])) as unknown as OpeningHours["weekly"];
    weekly.monday = [
      { opens: "11:00", closes: "15:00" },
      { opens: "18:00", closes: "22:00" },
    ];
    const lines = openingHoursLines({ weekly, closures: [] });
    expect(lines[0]).toBe("Monday: 11:00-15:00, 18:00-22:00");
    expect(lines[6]).toBe("Sunday: Closed");
  });

  it("names the last 12 months, oldest first, across a year", () => {
    const months = lastMonths(Date.UTC(2026, 1, 15));
    expect(months).toHaveLength(12);
    expect(months[0]).toBe("2025-03");
    expect(months[11]).toBe("2026-02");
  });

  it("rates replies, 0 with nothing to answer", () => {
    expect(replyRate(0, 0)).toBe(0);
    expect(replyRate(1, 3)).toBe(0.333);
  });
});
