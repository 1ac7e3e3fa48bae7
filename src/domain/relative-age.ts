// How long ago a review was posted, the way review lists say it: "45s", "12m", "3h", "9d"
// (issue 11), with the words a screen reader speaks ("3 hours ago"). Pure: the caller passes
// "now", so a list renders the same ages in one pass and tests need no clock.

const UNITS = [
  { limit: 60, size: 1, short: "s", word: "second" },
  { limit: 60 * 60, size: 60, short: "m", word: "minute" },
  { limit: 24 * 60 * 60, size: 60 * 60, short: "h", word: "hour" },
  { limit: Number.POSITIVE_INFINITY, size: 24 * 60 * 60, short: "d", word: "day" },
] as const;

export interface RelativeAge {
  /** "3h" */
  short: string;
  /** "3 hours ago" */
  spoken: string;
}

/**
 * The age of `then` at `now` (both ms since the epoch or ISO 8601 text), floored to its
 * largest whole unit. A time in the future (a clock a little ahead of the server's) or an
 * unreadable one counts as just posted: "0s".
 */
export function relativeAge(then: number | string, now: number | string): RelativeAge {
  const elapsed = (toMs(now) - toMs(then)) / 1000;
  const seconds = Number.isFinite(elapsed) && elapsed > 0 ? Math.floor(elapsed) : 0;
  const unit = UNITS.find((candidate) => seconds < candidate.limit) ?? UNITS[UNITS.length - 1]!;
  const count = Math.floor(seconds / unit.size);
  return {
    short: `${count}${unit.short}`,
    spoken: count === 0 ? "just now" : `${count} ${unit.word}${count === 1 ? "" : "s"} ago`,
  };
}

function toMs(value: number | string): number {
  return typeof value === "number" ? value : Date.parse(value);
}
