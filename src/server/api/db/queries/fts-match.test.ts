import { describe, expect, it } from "vitest";
import { buildMatch, filterWords, MAX_SEARCH_TOKENS, searchTokens } from "./fts-match.ts";

describe("searchTokens", () => {
  it("splits on anything that is not a letter, digit or mark", () => {
    expect(searchTokens("  Tonkotsu-ramen, (spicy!) 2x ")).toEqual(["Tonkotsu", "ramen", "spicy", "2x"]);
    expect(searchTokens(`") OR 1=1 --`)).toEqual(["OR", "1", "1"]);
    expect(searchTokens("🍜🍣")).toEqual([]);
    expect(searchTokens(`"*NEAR(`)).toEqual(["NEAR"]);
  });

  it("keeps non-Latin words whole", () => {
    expect(searchTokens("شاورما دجاج")).toEqual(["شاورما", "دجاج"]);
    expect(searchTokens("שקשוקה")).toEqual(["שקשוקה"]);
    expect(searchTokens("crème brûlée")).toEqual(["crème", "brûlée"]);
  });

  it("caps the number and length of words", () => {
    expect(searchTokens("a ".repeat(50))).toHaveLength(MAX_SEARCH_TOKENS);
    expect(searchTokens("x".repeat(500))[0]).toHaveLength(40);
  });
});

describe("buildMatch", () => {
  it("quotes every word, requires them all, and lets the last be a prefix", () => {
    expect(buildMatch({ keyword: "tonkotsu ram" })).toBe('"tonkotsu" "ram"*');
  });

  it("never lets FTS syntax through", () => {
    expect(buildMatch({ keyword: 'NEAR(a b) OR c* "d' })).toBe('"NEAR" "a" "b" "OR" "c" "d"*');
  });

  it("adds place and tag phrases on their columns", () => {
    expect(buildMatch({ keyword: "ramen", place: "Covent Garden", tag: "Gluten-Free" })).toBe(
      '"ramen"* AND place : "Covent Garden" AND tags : "Gluten Free"',
    );
  });

  it("can look for the words in one column", () => {
    expect(buildMatch({ keyword: "spicy ram", keywordColumn: "dish_name", place: "Soho" })).toBe(
      'dish_name : ("spicy" "ram"*) AND place : "Soho"',
    );
  });

  it("is null when there is nothing to search for", () => {
    expect(buildMatch({ keyword: "***" })).toBeNull();
    expect(buildMatch({ keyword: "ramen", tag: "🍜" })).toBeNull();
  });
});

describe("filterWords", () => {
  const places = [
    "Elephant and Castle",
    "Covent Garden",
    "Hampstead",
    "West Hampstead",
    "West London",
    "Soho",
  ];

  it("picks the longest word no other name has", () => {
    expect(filterWords("Elephant and Castle", places)).toBe("Elephant");
    expect(filterWords("Covent Garden", [...places, "Hatton Garden"])).toBe("Covent");
    expect(filterWords("Gluten-Free", ["Gluten-Free", "Dairy Free"])).toBe("Gluten");
  });

  it("keeps the whole name when it is one word or every word is shared", () => {
    expect(filterWords("Soho", places)).toBe("Soho");
    expect(filterWords("Hampstead", places)).toBe("Hampstead");
    expect(filterWords("West Hampstead", places)).toBe("West Hampstead");
  });

  it("compares words as the index folds them: case and accents", () => {
    expect(filterWords("Café Bar", ["Café Bar", "CAFE"])).toBe("Bar");
    expect(filterWords("Crème Brûlée", ["Crème Brûlée", "Brulee Bar"])).toBe("Crème");
  });
});
