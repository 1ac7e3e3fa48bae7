// "Open now · closes 21:00" / "Closed · opens 12:00" on restaurant and dish pages (issue 30),
// from structured hours (owners.ts) on London's wall clock (open-now.ts): the same rule as the
// open-now filter, worked out in the browser so a page built hours ago still says the truth.
import { isOpenAt, type LondonClock } from "./open-now.ts";
import { WEEKDAYS, type OpeningHours, type Weekday } from "./owners.ts";

/** A restaurant a member added keeps the spec's default hours, which are nobody's word. */
export const HOURS_NOT_CONFIRMED = "Hours not confirmed";

const DAY_LABEL = (day: Weekday) => day.charAt(0).toUpperCase() + day.slice(1);

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** When the range open at `clock` closes: today's covering range, or yesterday's past midnight. */
function closingTime(hours: OpeningHours, clock: LondonClock): string | null {
  const closed = (date: string) => hours.closures.some((c) => c.date === date);
  const today = closed(clock.date)
    ? undefined
    : hours.weekly[clock.weekday].find(
        (r) => r.opens <= clock.time && (clock.time < r.closes || r.closes <= r.opens),
      );
  if (today) return today.closes;
  const fromYesterday = closed(clock.previousDate)
    ? undefined
    : hours.weekly[clock.previousWeekday].find((r) => r.closes <= r.opens && clock.time < r.closes);
  return fromYesterday?.closes ?? null;
}

/** The next opening within a week: "12:00" today, "tomorrow 12:00", "Tuesday 12:00". */
function nextOpening(hours: OpeningHours, clock: LondonClock): string | null {
  const start = WEEKDAYS.indexOf(clock.weekday);
  for (let ahead = 0; ahead < 8; ahead += 1) {
    const date = addDays(clock.date, ahead);
    if (hours.closures.some((c) => c.date === date)) continue;
    const day = WEEKDAYS[(start + ahead) % 7]!;
    const opens = hours.weekly[day]
      .map((r) => r.opens)
      .filter((o) => ahead > 0 || o > clock.time)
      .sort()[0];
    if (opens === undefined) continue;
    if (ahead === 0) return opens;
    return ahead === 1 ? `tomorrow ${opens}` : `${DAY_LABEL(day)} ${opens}`;
  }
  return null;
}

/** The line a page shows, or null when there are no hours to read. */
export function openStatus(hours: OpeningHours | null | undefined, clock: LondonClock): string | null {
  if (!hours) return null;
  if (isOpenAt(hours, clock)) {
    const closes = closingTime(hours, clock);
    return closes === null ? "Open now" : `Open now · closes ${closes}`;
  }
  const opens = nextOpening(hours, clock);
  return opens === null ? "Closed" : `Closed · opens ${opens}`;
}

/** Whether the page may state the hours: a member's restaurant waits for an owner or moderator. */
export function hoursConfirmed(restaurant: { hours: OpeningHours | null; communityAdded: boolean }): boolean {
  return restaurant.hours !== null || !restaurant.communityAdded;
}
