import { describe, expect, it } from "vitest";
import { hasAnyResult, readSearchQuery } from "./search-results-data.ts";

describe("search query from the URL", () => {
  it("reads keyword and location, trimmed", () => {
    expect(readSearchQuery("?keyword=%20ramen%20&location=Islington")).toEqual({ keyword: "ramen", location: "Islington" });
    expect(readSearchQuery("?keyword=tacos")).toEqual({ keyword: "tacos", location: "" });
  });
  it("has no query without a keyword", () => {
    expect(readSearchQuery("")).toBeNull();
    expect(readSearchQuery("?keyword=%20%20&location=Camden")).toBeNull();
  });
  it("caps the keyword at the API's 200 characters", () => {
    expect(readSearchQuery(`?keyword=${"a".repeat(300)}`)?.keyword).toHaveLength(200);
  });
});

describe("hasAnyResult", () => {
  const none = { offers: [], topDishes: [], topRestaurants: [], trendingRestaurant: null, trendingDish: null };
  it("is false only when every list is empty", () => {
    expect(hasAnyResult(none)).toBe(false);
    expect(hasAnyResult({ ...none, trendingDish: {} as never })).toBe(true);
  });
});
