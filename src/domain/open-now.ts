// "Open now" (issue 24): whether structured opening hours (owners.ts) cover a moment, read on
// London's wall clock. Intl's Europe/London zone applies the daylight-saving changes (last
// Sunday of March and of October), so no offset is written here. The SQL condition in
// src/server/api/db/queries/list-filters.ts states the same rule; its tests and these agree.
import { WEEKDAYS, type OpeningHours, type Weekday } from "./owners.ts";

export const LONDON_TIME_ZONE = "Europe/London";

/** A moment as London reads it, plus the day before (a range past midnight started then). */
export interface LondonClock {
  /** YYYY-MM-DD */
  date: string;
  weekday: Weekday;
  /** HH:MM, 24-hour */
  time: string;
  previousDate: string;
  previousWeekday: Weekday;
}

const parts = new Intl.DateTimeFormat("en-GB", {
  timeZone: LONDON_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

export function londonClock(ms: number): LondonClock {
  const field = Object.fromEntries(parts.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  const date = `${field.year}-${field.month}-${field.day}`;
  // Calendar arithmetic on the date alone, in UTC, where every day has 24 hours.
  const day = new Date(`${date}T00:00:00Z`);
  const previous = new Date(day.getTime() - 86_400_000);
  const weekdayOf = (d: Date) => WEEKDAYS[(d.getUTCDay() + 6) % 7]!;
  return {
    date,
    weekday: weekdayOf(day),
    time: `${field.hour}:${field.minute}`,
    previousDate: previous.toISOString().slice(0, 10),
    previousWeekday: weekdayOf(previous),
  };
}

/**
 * Open when a range of today covers the time (a range whose closing time is not after its
 * opening runs to midnight and on into the next day), or yesterday's such range has not yet
 * closed. A special closure shuts the ranges that start on its date.
 */
export function isOpenAt(hours: OpeningHours | null | undefined, clock: LondonClock): boolean {
  if (!hours) return false;
  const closed = (date: string) => hours.closures.some((c) => c.date === date);
  const today =
    !closed(clock.date) &&
    hours.weekly[clock.weekday].some(
      (r) => r.opens <= clock.time && (clock.time < r.closes || r.closes <= r.opens),
    );
  const fromYesterday =
    !closed(clock.previousDate) &&
    hours.weekly[clock.previousWeekday].some((r) => r.closes <= r.opens && clock.time < r.closes);
  return today || fromYesterday;
}
