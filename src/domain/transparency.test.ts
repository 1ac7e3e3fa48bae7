import { describe, expect, it } from "vitest";
import {
  formatDuration,
  formatLondonTime,
  londonMidnight,
  median,
  quarterIndexOf,
  quarterOf,
  quartersBetween,
  quarterSpan,
} from "./transparency.ts";

const utc = (iso: string) => Date.parse(iso);

describe("London quarters (issue 21, the transparency report)", () => {
  it("start at London's midnight: GMT in January, BST in April, July and October", () => {
    expect(londonMidnight(2026, 1)).toBe(utc("2026-01-01T00:00:00Z"));
    expect(londonMidnight(2026, 4)).toBe(utc("2026-03-31T23:00:00Z"));
    expect(londonMidnight(2026, 7)).toBe(utc("2026-06-30T23:00:00Z"));
    expect(londonMidnight(2026, 10)).toBe(utc("2026-09-30T23:00:00Z"));
  });

  it("give each quarter its bounds, end exclusive and equal to the next start", () => {
    expect(quarterSpan({ year: 2026, quarter: 1 })).toEqual({
      year: 2026,
      quarter: 1,
      id: "2026-Q1",
      label: "January to March 2026",
      start: utc("2026-01-01T00:00:00Z"),
      end: utc("2026-03-31T23:00:00Z"),
    });
    const q4 = quarterSpan({ year: 2026, quarter: 4 });
    expect(q4.label).toBe("October to December 2026");
    expect(q4.end).toBe(utc("2027-01-01T00:00:00Z"));
    // Q1 is 90 days less the hour the clocks go forward; Q4 92 days plus the hour they go back.
    const q1 = quarterSpan({ year: 2026, quarter: 1 });
    expect(q1.end - q1.start).toBe(90 * 86_400_000 - 3_600_000);
    expect(q4.end - q4.start).toBe(92 * 86_400_000 + 3_600_000);
  });

  it("place an instant in London's quarter, not UTC's, either side of the clock changes", () => {
    // 23:30 UTC on 31 March is 00:30 BST on 1 April: the second quarter in London.
    expect(quarterOf(utc("2026-03-31T23:30:00Z"))).toEqual({ year: 2026, quarter: 2 });
    expect(quarterOf(utc("2026-03-31T22:59:59Z"))).toEqual({ year: 2026, quarter: 1 });
    expect(quarterOf(utc("2026-09-30T23:00:00Z"))).toEqual({ year: 2026, quarter: 4 });
    expect(quarterOf(utc("2026-12-31T23:59:59Z"))).toEqual({ year: 2026, quarter: 4 });
    expect(quarterOf(utc("2027-01-01T00:00:00Z"))).toEqual({ year: 2027, quarter: 1 });
    // The clock-change days themselves stay inside their quarters.
    expect(quarterOf(utc("2026-03-29T01:30:00Z"))).toEqual({ year: 2026, quarter: 1 });
    expect(quarterOf(utc("2026-10-25T01:30:00Z"))).toEqual({ year: 2026, quarter: 4 });
  });

  it("list the quarters between two instants newest first, across a year", () => {
    const quarters = quartersBetween(utc("2025-11-15T12:00:00Z"), utc("2026-04-02T12:00:00Z"));
    expect(quarters.map((q) => q.id)).toEqual(["2026-Q2", "2026-Q1", "2025-Q4"]);
    expect(
      quartersBetween(utc("2026-05-01T00:00:00Z"), utc("2026-05-02T00:00:00Z")).map((q) => q.id),
    ).toEqual(["2026-Q2"]);
    const index = quarterIndexOf(quarters, utc("2026-03-31T23:30:00Z"));
    expect(quarters[index]!.id).toBe("2026-Q2");
    expect(quarterIndexOf(quarters, utc("2024-01-01T00:00:00Z"))).toBe(-1);
  });
});

describe("median", () => {
  it("is the middle value, the mean of the middle two, or null for none", () => {
    expect(median([])).toBeNull();
    expect(median([7])).toBe(7);
    expect(median([9, 1, 5])).toBe(5);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe("formatDuration and formatLondonTime", () => {
  it("say a time to decision to the minute under a day and to the hour above", () => {
    expect(formatDuration(30_000)).toBe("under a minute");
    expect(formatDuration(60_000)).toBe("1 minute");
    expect(formatDuration(45 * 60_000 + 59_000)).toBe("45 minutes");
    expect(formatDuration(3_600_000)).toBe("1 hour");
    expect(formatDuration(3 * 3_600_000 + 20 * 60_000)).toBe("3 hours 20 minutes");
    expect(formatDuration(86_400_000)).toBe("1 day");
    expect(formatDuration(2 * 86_400_000 + 4 * 3_600_000 + 59 * 60_000)).toBe("2 days 4 hours");
  });

  it("state a moment in London's time", () => {
    expect(formatLondonTime(utc("2026-07-01T18:05:00Z"))).toBe("1 July 2026 at 19:05");
    expect(formatLondonTime(utc("2026-11-27T19:40:00Z"))).toBe("27 November 2026 at 19:40");
  });
});
