import { describe, expect, it } from "vitest";
import { isOpenAt, londonClock } from "../domain/open-now.ts";
import { WEEKDAYS as DAY_IDS } from "../domain/owners.ts";
import { clockTime, listedHours } from "./hours.ts";
import type { HoursPattern } from "./menu.ts";
import { createRandom } from "./random.ts";

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));

describe("seeded opening hours (issue 24)", () => {
  it("structure exactly the hours each line lists, day by day", () => {
    for (const pattern of ["restaurant", "cafe", "late", "lunch"] as HoursPattern[]) {
      const random = createRandom(`hours-${pattern}`);
      for (let n = 0; n < 50; n += 1) {
        const { openingHours, hours } = listedHours(pattern, random);
        DAY_IDS.forEach((day, i) => {
          const ranges = hours.weekly[day];
          const line = openingHours[i]!;
          if (line.endsWith("Closed")) return expect(ranges).toEqual([]);
          expect(ranges).toHaveLength(1);
          const { opens, closes } = ranges[0]!;
          expect(line, pattern).toMatch(`: ${clockTime(minutesOf(opens))} - ${clockTime(minutesOf(closes))}`);
        });
      }
    }
  });

  it("are read by open now: a late bar past midnight is open", () => {
    const random = createRandom("hours-late-night");
    const late = Array.from({ length: 50 }, () => listedHours("late", random)).find(
      (h) => h.hours.weekly.saturday[0]?.closes === "01:00" || h.hours.weekly.saturday[0]?.closes === "02:00",
    )!;
    // 00:30 London time on Sunday 29 November 2026 (GMT).
    expect(isOpenAt(late.hours, londonClock(Date.UTC(2026, 10, 29, 0, 30)))).toBe(true);
  });
});
