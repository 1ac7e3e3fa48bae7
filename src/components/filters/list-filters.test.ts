import { describe, expect, it } from "vitest";
import { hasListFilters, listFilterParams, listFilterSummary, readListFilters } from "./list-filters.ts";

describe("list filters in the address", () => {
  it("reads the values we offer and ignores the rest", () => {
    expect(readListFilters("?price=2&openNow=true&diet=vegan&freeFrom=peanuts")).toEqual({
      price: 2,
      openNow: true,
      diet: "vegan",
      freeFrom: "peanuts",
    });
    expect(readListFilters("?price=9&openNow=yes&diet=keto&freeFrom=")).toEqual({});
    expect(hasListFilters(readListFilters("?keyword=ramen"))).toBe(false);
  });

  it("round-trips to query parameters and reads as a summary", () => {
    const f = readListFilters("?price=3&openNow=true&freeFrom=milk");
    expect(listFilterParams(f)).toEqual({ price: "3", openNow: "true", freeFrom: "milk" });
    expect(listFilterSummary(f)).toBe("£££, open now, free from milk");
  });
});
