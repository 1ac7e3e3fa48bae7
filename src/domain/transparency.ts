// The transparency report's arithmetic (issue 21, docs/moderation.md "Transparency"): calendar
// quarters as London counts them, the median, and how a duration reads. Pure: no clock, no I/O.
// Quarters are London's because the people the report is for live there: a report made at
// 23:30 on 31 March in BST belongs to April's quarter for them, not to UTC's March.

export const REPORT_TIME_ZONE = "Europe/London";

export interface Quarter {
  year: number;
  /** 1 to 4. */
  quarter: number;
}

export interface QuarterSpan extends Quarter {
  /** "2026-Q4": stable, for ids and anchors. */
  id: string;
  /** "October to December 2026" */
  label: string;
  /** Local midnight on the quarter's first day, in ms since the epoch (inclusive). */
  start: number;
  /** Local midnight on the next quarter's first day (exclusive). */
  end: number;
}

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

const wallClock = new Intl.DateTimeFormat("en-GB", {
  timeZone: REPORT_TIME_ZONE,
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
  hourCycle: "h23",
});

/** London's wall clock at `ms`, as numbers. */
function londonParts(ms: number): {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
} {
  const parts: Record<string, number> = {};
  for (const part of wallClock.formatToParts(ms)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** How far London's clock is ahead of UTC at `ms` (0 in GMT, one hour in BST). */
function londonOffsetMs(ms: number): number {
  const p = londonParts(ms);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(ms / 1000) * 1000;
}

/** The instant London's clocks show midnight starting the first day of `month` (1-12) of `year`. */
export function londonMidnight(year: number, month: number): number {
  const asUtc = Date.UTC(year, month - 1, 1);
  // The offset an hour either side of midnight on the 1st is the same: the clocks change at
  // 01:00 UTC on the last Sunday of March and October, never on a quarter's first day.
  return asUtc - londonOffsetMs(asUtc);
}

/** The quarter London's calendar is in at `ms`. */
export function quarterOf(ms: number): Quarter {
  const { year, month } = londonParts(ms);
  return { year, quarter: Math.floor((month - 1) / 3) + 1 };
}

/** A quarter's bounds and names. */
export function quarterSpan({ year, quarter }: Quarter): QuarterSpan {
  const firstMonth = (quarter - 1) * 3 + 1;
  const next = quarter === 4 ? { year: year + 1, month: 1 } : { year, month: firstMonth + 3 };
  return {
    year,
    quarter,
    id: `${year}-Q${quarter}`,
    label: `${MONTH_NAMES[firstMonth - 1]} to ${MONTH_NAMES[firstMonth + 1]} ${year}`,
    start: londonMidnight(year, firstMonth),
    end: londonMidnight(next.year, next.month),
  };
}

/** Every quarter from the one holding `from` to the one holding `to`, newest first. */
export function quartersBetween(from: number, to: number): QuarterSpan[] {
  const first = quarterOf(Math.min(from, to));
  const last = quarterOf(to);
  const out: QuarterSpan[] = [];
  let { year, quarter } = last;
  while (year > first.year || (year === first.year && quarter >= first.quarter)) {
    out.push(quarterSpan({ year, quarter }));
    if (quarter === 1) {
      year -= 1;
      quarter = 4;
    } else quarter -= 1;
  }
  return out;
}

/** The index in `quarters` (as quartersBetween gives them) of the quarter holding `ms`, or -1. */
export function quarterIndexOf(quarters: readonly QuarterSpan[], ms: number): number {
  return quarters.findIndex((q) => ms >= q.start && ms < q.end);
}

/** The middle value, or the mean of the two middle ones; null for no values. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/**
 * A time to decision as people say it, to the minute under a day and to the hour above:
 * "under a minute", "45 minutes", "3 hours 20 minutes", "2 days 4 hours".
 */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < MINUTE) return "under a minute";
  if (ms < HOUR) return plural(Math.floor(ms / MINUTE), "minute");
  if (ms < DAY) {
    const hours = Math.floor(ms / HOUR);
    const minutes = Math.floor((ms % HOUR) / MINUTE);
    return minutes === 0 ? plural(hours, "hour") : `${plural(hours, "hour")} ${plural(minutes, "minute")}`;
  }
  const days = Math.floor(ms / DAY);
  const hours = Math.floor((ms % DAY) / HOUR);
  return hours === 0 ? plural(days, "day") : `${plural(days, "day")} ${plural(hours, "hour")}`;
}

/** "27 November 2026 at 19:40": a moment as the page states it, in London's time. */
export function formatLondonTime(ms: number): string {
  const p = londonParts(ms);
  const hh = String(p.hour).padStart(2, "0");
  const mm = String(p.minute).padStart(2, "0");
  return `${p.day} ${MONTH_NAMES[p.month - 1]} ${p.year} at ${hh}:${mm}`;
}
