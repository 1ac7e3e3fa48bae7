import { describe, expect, it } from "vitest";
import {
  hasListFilters,
  listFilterParams,
  listFilterSummary,
  onlyDishFilters,
  placeFilterParams,
  readListFilters,
  undeclaredHref,
} from "./list-filters.ts";

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

  it("keeps undeclared=true only beside a diet or free-from filter, and toggles it in the address (issue 30)", () => {
    expect(readListFilters("?freeFrom=milk&undeclared=true")).toEqual({ freeFrom: "milk", undeclared: true });
    expect(readListFilters("?price=2&undeclared=true")).toEqual({ price: 2 });
    expect(listFilterParams({ diet: "vegan", undeclared: true })).toEqual({ diet: "vegan", undeclared: "true" });
    expect(undeclaredHref("?keyword=pizza&freeFrom=milk", "/search", true)).toBe(
      "/search?keyword=pizza&freeFrom=milk&undeclared=true",
    );
    expect(undeclaredHref("?freeFrom=milk&undeclared=true", "/tag/Pizza", false)).toBe("/tag/Pizza?freeFrom=milk");
    expect(placeFilterParams({ diet: "vegan", freeFrom: "milk" })).toEqual({ diet: "vegan" });
    expect(onlyDishFilters({ freeFrom: "milk" })).toBe(true);
    expect(onlyDishFilters({ diet: "vegan" })).toBe(false);
  });
});
