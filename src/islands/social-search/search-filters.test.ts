import { describe, expect, it } from "vitest";
import { RATING_BANDS } from "../../domain/rating-label.ts";
import {
  MAX_RECENT_SEARCHES,
  RECENT_SEARCHES_KEY,
  ratingQuery,
  readRecentSearches,
  rememberSearch,
} from "./search-filters.ts";

function memoryStore(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

describe("post search filters", () => {
  it("maps point 5's rating options to min and max", () => {
    expect(ratingQuery("all")).toEqual({ minRating: "0", maxRating: "5" });
    expect(ratingQuery("must-try")).toEqual({ minRating: "4.8", maxRating: "5" });
    expect(ratingQuery("excellent")).toEqual({ minRating: "4.5", maxRating: "4.7" });
    expect(ratingQuery("very-good")).toEqual({ minRating: "3.7", maxRating: "4.4" });
    expect(ratingQuery("good")).toEqual({ minRating: "3", maxRating: "3.6" });
    expect(ratingQuery("average")).toEqual({ minRating: "2.5", maxRating: "2.9" });
    expect(ratingQuery("prefer-others")).toEqual({ minRating: "2", maxRating: "2.4" });
    expect(ratingQuery("not-good")).toEqual({ minRating: "1.5", maxRating: "1.9" });
    expect(ratingQuery("bad")).toEqual({ minRating: "1", maxRating: "1.4" });
    expect(ratingQuery("inedible")).toEqual({ minRating: "0", maxRating: "0.9" });
    expect(RATING_BANDS).toHaveLength(10);
  });
});

describe("recent people searches", () => {
  it("keeps the newest first, once whatever the case, at most eight", () => {
    const store = memoryStore();
    for (let i = 0; i < 10; i += 1) rememberSearch(store, `name ${i}`);
    rememberSearch(store, "NAME 5");
    const recent = readRecentSearches(store);
    expect(recent).toHaveLength(MAX_RECENT_SEARCHES);
    expect(recent[0]).toBe("NAME 5");
    expect(recent.filter((item) => item.toLowerCase() === "name 5")).toHaveLength(1);
  });

  it("ignores blank searches and reads damaged storage as empty", () => {
    const store = memoryStore({ [RECENT_SEARCHES_KEY]: "{not json" });
    expect(readRecentSearches(store)).toEqual([]);
    expect(rememberSearch(store, "   ")).toEqual([]);
    expect(
      readRecentSearches(memoryStore({ [RECENT_SEARCHES_KEY]: JSON.stringify([1, "ok", null]) })),
    ).toEqual(["ok"]);
  });
});
