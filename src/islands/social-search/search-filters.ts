// Spec point 5: the post search's rating filter, each option sent as minRating and maxRating.
// The other filters of point 9 (distance, price, people, dietary, open now, location) are not
// offered: the API does not filter by them, and a control that does nothing is left out.
import { RATING_BANDS, type RatingBandId } from "../../domain/rating-label.ts";

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
    return Array.isArray(value)
      ? value.filter((item): item is string => typeof item === "string").slice(0, MAX_RECENT_SEARCHES)
      : [];
  } catch {
    return [];
  }
}

/** Puts `query` first, once whatever its case, and keeps at most MAX_RECENT_SEARCHES. */
export function rememberSearch(store: Pick<Storage, "getItem" | "setItem">, query: string): string[] {
  const text = query.trim();
  if (!text) return readRecentSearches(store);
  const next = [
    text,
    ...readRecentSearches(store).filter((item) => item.toLowerCase() !== text.toLowerCase()),
  ].slice(0, MAX_RECENT_SEARCHES);
  try {
    store.setItem(RECENT_SEARCHES_KEY, JSON.stringify(next));
  } catch {
    // Storage full or refused: the list is a convenience.
  }
  return next;
}
