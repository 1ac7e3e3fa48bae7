// Spec point 5: the post search's rating filter, each option sent as minRating and maxRating.
// The other filters of point 9 (distance, price, people, dietary, open now, location) are not
// offered: the API does not filter by them, and a control that does nothing is left out.
export const RATING_BANDS = [
  { id: "all", label: "All", min: 0, max: 5 },
  { id: "must-try", label: "Must Try (4.8+)", min: 4.8, max: 5 },
  { id: "excellent", label: "Excellent", min: 4.5, max: 4.7 },
  { id: "very-good", label: "Very Good", min: 3.7, max: 4.4 },
  { id: "good", label: "Good", min: 3.0, max: 3.6 },
  { id: "average", label: "Average", min: 2.5, max: 2.9 },
  { id: "prefer-others", label: "Prefer Others", min: 2.0, max: 2.4 },
  { id: "not-good", label: "Not Good", min: 1.5, max: 1.9 },
  { id: "bad", label: "Bad", min: 1.0, max: 1.4 },
  { id: "inedible", label: "Inedible", min: 0, max: 0.9 },
] as const;

export type RatingBandId = (typeof RATING_BANDS)[number]["id"];

/** The query the band sends (All: 0 to 5, as point 5 maps it). */
export function ratingQuery(id: RatingBandId): { minRating: string; maxRating: string } {
  const band = RATING_BANDS.find((candidate) => candidate.id === id) ?? RATING_BANDS[0];
  return { minRating: String(band.min), maxRating: String(band.max) };
}

export const RECENT_SEARCHES_KEY = "recentPeopleSearches";
export const MAX_RECENT_SEARCHES = 8;

/** The recent people searches kept in this browser, newest first. Bad data reads as none. */
export function readRecentSearches(store: Pick<Storage, "getItem">): string[] {
  try {
    const value: unknown = JSON.parse(store.getItem(RECENT_SEARCHES_KEY) ?? "[]");
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string").slice(0, MAX_RECENT_SEARCHES) : [];
  } catch {
    return [];
  }
}

/** Puts `query` first, once whatever its case, and keeps at most MAX_RECENT_SEARCHES. */
export function rememberSearch(store: Pick<Storage, "getItem" | "setItem">, query: string): string[] {
  const text = query.trim();
  if (!text) return readRecentSearches(store);
  const next = [text, ...readRecentSearches(store).filter((item) => item.toLowerCase() !== text.toLowerCase())].slice(
    0,
    MAX_RECENT_SEARCHES,
  );
  try {
    store.setItem(RECENT_SEARCHES_KEY, JSON.stringify(next));
  } catch {
    // Storage full or refused: the list is a convenience.
  }
  return next;
}
