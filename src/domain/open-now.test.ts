import { describe, expect, it } from "vitest";
import { isOpenAt, londonClock } from "./open-now.ts";
import { WEEKDAYS, type OpeningHours, type TimeRange } from "./owners.ts";

const utc = (iso: string) => Date.parse(iso);

function everyDay(...ranges: TimeRange[]): OpeningHours {
  return {
    weekly: Object.fromEntries(WEEKDAYS.map((d) => [d, ranges])) as OpeningHours["weekly"],
    closures: [],
  };
}

describe("londonClock", () => {
  it("reads GMT in winter and BST in summer", () => {
    expect(londonClock(utc("2026-01-15T12:30:00Z"))).toMatchObject({
      date: "2026-01-15",
      weekday: "thursday",
      time: "12:30",
    });
    expect(londonClock(utc("2026-07-15T12:30:00Z"))).toMatchObject({ date: "2026-07-15", time: "13:30" });
  });

  // 2026: clocks go forward at 01:00 UTC on Sunday 29 March, back at 01:00 UTC on Sunday 25 October.
  it("springs forward on the last Sunday of March", () => {
    expect(londonClock(utc("2026-03-29T00:59:00Z")).time).toBe("00:59");
    expect(londonClock(utc("2026-03-29T01:00:00Z")).time).toBe("02:00");
    expect(londonClock(utc("2026-03-28T23:30:00Z"))).toMatchObject({
      date: "2026-03-28",
      weekday: "saturday",
    });
    expect(londonClock(utc("2026-03-29T23:30:00Z"))).toMatchObject({
      date: "2026-03-30",
      weekday: "monday",
      time: "00:30",
      previousDate: "2026-03-29",
      previousWeekday: "sunday",
    });
  });

  it("falls back on the last Sunday of October", () => {
    expect(londonClock(utc("2026-10-25T00:30:00Z")).time).toBe("01:30");
    expect(londonClock(utc("2026-10-25T01:30:00Z")).time).toBe("01:30");
    expect(londonClock(utc("2026-10-24T23:30:00Z"))).toMatchObject({ date: "2026-10-25", weekday: "sunday" });
    expect(londonClock(utc("2026-10-25T23:30:00Z"))).toMatchObject({ date: "2026-10-25", time: "23:30" });
  });

  it("knows the day before across a month and a year", () => {
    expect(londonClock(utc("2027-01-01T10:00:00Z"))).toMatchObject({
      previousDate: "2026-12-31",
      previousWeekday: "thursday",
      weekday: "friday",
    });
  });
});

describe("isOpenAt", () => {
  const lunch = everyDay({ opens: "12:00", closes: "15:00" });

  it("is never open without hours", () => {
    expect(isOpenAt(null, londonClock(utc("2026-06-01T12:00:00Z")))).toBe(false);
  });

  it("uses London's time, not UTC, on both sides of each change", () => {
    // 11:30 UTC is 11:30 in London before 29 March, 12:30 after.
    expect(isOpenAt(lunch, londonClock(utc("2026-03-28T11:30:00Z")))).toBe(false);
    expect(isOpenAt(lunch, londonClock(utc("2026-03-29T11:30:00Z")))).toBe(true);
    // 14:30 UTC is 15:30 in London before 25 October (closed), 14:30 after (open).
    expect(isOpenAt(lunch, londonClock(utc("2026-10-24T14:30:00Z")))).toBe(false);
    expect(isOpenAt(lunch, londonClock(utc("2026-10-25T14:30:00Z")))).toBe(true);
  });

  it("opens at the opening minute and closes at the closing one", () => {
    expect(isOpenAt(lunch, londonClock(utc("2026-01-05T12:00:00Z")))).toBe(true);
    expect(isOpenAt(lunch, londonClock(utc("2026-01-05T14:59:00Z")))).toBe(true);
    expect(isOpenAt(lunch, londonClock(utc("2026-01-05T15:00:00Z")))).toBe(false);
  });

  it("keeps a late range open past midnight into the next day", () => {
    const late: OpeningHours = {
      ...everyDay(),
      weekly: { ...everyDay().weekly, saturday: [{ opens: "18:00", closes: "02:00" }] },
    };
    // Saturday 24 October 2026, 23:30 BST; then 01:30 on Sunday, the night the clocks go back.
    expect(isOpenAt(late, londonClock(utc("2026-10-24T22:30:00Z")))).toBe(true);
    expect(isOpenAt(late, londonClock(utc("2026-10-25T00:30:00Z")))).toBe(true);
    expect(isOpenAt(late, londonClock(utc("2026-10-25T02:30:00Z")))).toBe(false);
    // Sunday's own evening is closed.
    expect(isOpenAt(late, londonClock(utc("2026-10-25T19:00:00Z")))).toBe(false);
  });

  it("is shut on a special closure, including the ranges that start that day", () => {
    const closed = {
      ...everyDay({ opens: "18:00", closes: "01:00" }),
      closures: [{ date: "2026-12-25", note: "" }],
    };
    expect(isOpenAt(closed, londonClock(utc("2026-12-25T19:00:00Z")))).toBe(false);
    expect(isOpenAt(closed, londonClock(utc("2026-12-26T00:30:00Z")))).toBe(false);
    expect(isOpenAt(closed, londonClock(utc("2026-12-24T19:00:00Z")))).toBe(true);
    expect(isOpenAt(closed, londonClock(utc("2026-12-25T00:30:00Z")))).toBe(true);
  });
});
