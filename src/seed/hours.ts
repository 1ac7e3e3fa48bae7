// Opening hours as the restaurant page lists them: seven lines, "Monday: 11:00 AM - 9:00 PM",
// with "Closed" on days off; and the same hours structured, as "open now" reads them.
import type { HoursPattern } from "./menu.ts";
import type { Random } from "./random.ts";
import { WEEKDAYS as DOMAIN_WEEKDAYS, type OpeningHours } from "../domain/owners.ts";

export const WEEKDAYS = [
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
] as const;

/** Minutes after midnight to "11:00 AM"; 24:00 and later wrap to the small hours. */
export function clockTime(minutes: number): string {
  const m = minutes % (24 * 60);
  const h24 = Math.floor(m / 60);
  const suffix = h24 < 12 ? "AM" : "PM";
  const h12 = h24 % 12 === 0 ? 12 : h24 % 12;
  return `${h12}:${String(m % 60).padStart(2, "0")} ${suffix}`;
}

const PATTERNS: Record<HoursPattern, { open: number[]; close: number[]; weekendClose: number[] }> = {
  restaurant: {
    open: [11 * 60, 12 * 60, 17 * 60],
    close: [21 * 60, 22 * 60, 22 * 60 + 30],
    weekendClose: [23 * 60, 23 * 60 + 30],
  },
  cafe: {
    open: [7 * 60, 7 * 60 + 30, 8 * 60],
    close: [16 * 60, 17 * 60, 15 * 60 + 30],
    weekendClose: [16 * 60, 17 * 60],
  },
  late: {
    open: [12 * 60, 11 * 60 + 30, 17 * 60],
    close: [23 * 60, 23 * 60 + 30, 24 * 60],
    weekendClose: [25 * 60, 26 * 60],
  },
  lunch: { open: [11 * 60, 11 * 60 + 30], close: [15 * 60, 16 * 60], weekendClose: [16 * 60] },
};

/**
 * The week's hours as the restaurant page lists them, and the same hours structured as an
 * owner enters them (issue 24: "open now" reads those), from one set of draws.
 */
export function weekHours(pattern: HoursPattern, random: Random): { lines: string[]; hours: OpeningHours } {
  const p = PATTERNS[pattern];
  const open = random.pick(p.open);
  const close = random.pick(p.close);
  const weekendClose = Math.max(close, random.pick(p.weekendClose));
  const weekendOpen = pattern === "cafe" ? open + 60 : Math.min(open, 12 * 60);
  // Many kitchens rest on Monday, some on Sunday evening; a few open every day.
  const closed = new Set<number>();
  const rest = random.next();
  if (rest < 0.35) closed.add(0);
  else if (rest < 0.45) closed.add(6);
  else if (rest < 0.5) {
    closed.add(0);
    closed.add(1);
  }
  const days = WEEKDAYS.map((_, i) => {
    if (closed.has(i)) return null;
    const weekend = i === 4 || i === 5;
    const o = i >= 5 ? weekendOpen : open;
    const c = weekend ? weekendClose : i === 6 ? Math.min(close, 22 * 60) : close;
    return { o, c };
  });
  return {
    lines: WEEKDAYS.map((day, i) => {
      const d = days[i];
      return d ? `${day}: ${clockTime(d.o)} - ${clockTime(d.c)}` : `${day}: Closed`;
    }),
    hours: {
      weekly: Object.fromEntries(
        DOMAIN_WEEKDAYS.map((day, i) => {
          const d = days[i];
          return [day, d ? [{ opens: time24(d.o), closes: time24(d.c) }] : []];
        }),
      ) as OpeningHours["weekly"],
      closures: [],
    },
  };
}

/** Minutes after midnight to "21:00"; 24:00 and later wrap to the small hours. */
function time24(minutes: number): string {
  const m = minutes % (24 * 60);
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
}

/** The restaurant row's two hours columns. */
export function listedHours(
  pattern: HoursPattern,
  random: Random,
): { openingHours: string[]; hours: OpeningHours } {
  const { lines, hours } = weekHours(pattern, random);
  return { openingHours: lines, hours };
}
