// The dashboard's hours editor, without React (issue 22, docs/owners.md "Keeping facts true"):
// where a restaurant has no structured hours yet, the editor starts from the lines its page
// shows ("Monday: 11:00 AM - 9:00 PM"), so saving the links does not close it all week.
import { WEEKDAYS, type OpeningHours, type TimeRange, type Weekday } from "../../domain/owners.ts";

const DAY_BY_NAME = new Map<string, Weekday>(WEEKDAYS.map((day) => [day, day]));

/** "11:00 AM" / "9:30 pm" / "21:00" → "21:00"; null when it is not a time. */
export function time24(text: string): string | null {
  const match = /^(\d{1,2})(?::(\d{2}))?\s*(am|pm)?$/i.exec(text.trim());
  if (!match) return null;
  let hours = Number(match[1]);
  const minutes = Number(match[2] ?? "0");
  const suffix = match[3]?.toLowerCase();
  if (minutes > 59 || hours > 24 || (suffix && (hours === 0 || hours > 12))) return null;
  if (suffix === "am" && hours === 12) hours = 0;
  if (suffix === "pm" && hours !== 12) hours += 12;
  if (hours === 24) hours = 0;
  return `${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}`;
}

export function emptyHours(): OpeningHours {
  return {
    weekly: Object.fromEntries(WEEKDAYS.map((day) => [day, []])) as unknown as Record<Weekday, TimeRange[]>,
    closures: [],
  };
}

/** Hours from the page's lines; a day whose line cannot be read stays empty (closed), for the owner to check. */
export function hoursFromLines(lines: readonly string[]): OpeningHours {
  const hours = emptyHours();
  for (const line of lines) {
    const match = /^\s*([A-Za-z]+?)s?\s*:\s*(.+)$/.exec(line);
    const day = match && DAY_BY_NAME.get(match[1]!.toLowerCase() as Weekday);
    if (!match || !day) continue;
    const ranges = match[2]!.split(",").flatMap((part): TimeRange[] => {
      const [opens, closes] = part.split(/\s+[-–]\s+|[-–]/).map((t) => time24(t ?? ""));
      return opens && closes && opens !== closes ? [{ opens, closes }] : [];
    });
    hours.weekly[day] = ranges;
  }
  return hours;
}

/** Lines of text, one link each, without the empty ones. */
export function linesOf(text: string): string[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
}

/** "hours.weekly.monday.0.opens" → "Monday, opening time 1: opens"; what a field error is about, in words. */
export function fieldName(path: string): string {
  const parts = path.split(".");
  if (parts[0] === "hours" && parts[1] === "weekly" && parts[2]) {
    const day = parts[2].charAt(0).toUpperCase() + parts[2].slice(1);
    return parts[3] === undefined ? day : `${day}, opening time ${Number(parts[3]) + 1}`;
  }
  if (parts[0] === "hours" && parts[1] === "closures") {
    return parts[2] === undefined ? "Special closures" : `Special closure ${Number(parts[2]) + 1}`;
  }
  const names: Record<string, string> = {
    bookingLinks: "Booking links",
    orderingLinks: "Ordering links",
    description: "Description",
  };
  return names[parts[0] ?? ""] ?? path;
}
