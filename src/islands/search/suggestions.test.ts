import { describe, expect, it } from "vitest";
import { filterSuggestions } from "./suggestions.ts";

const tags = ["Burgers", "Japanese", "Ramen", "Pizza", "Vegan Burgers"];
const dishes = ["Tonkotsu Ramen", "Smash Burger", "Margherita Pizza", "Ramen"];

describe("search suggestions (spec point 5)", () => {
  it("matches a substring case-insensitively, tags first", () => {
    expect(filterSuggestions("RAM", tags, dishes)).toEqual([
      { kind: "tag", label: "Ramen" },
      { kind: "dish", label: "Tonkotsu Ramen" },
    ]);
    expect(filterSuggestions("burg", tags, dishes).map((s) => s.label)).toEqual(["Burgers", "Vegan Burgers", "Smash Burger"]);
  });
  it("suggests nothing for an empty or blank query", () => {
    expect(filterSuggestions("", tags, dishes)).toEqual([]);
    expect(filterSuggestions("   ", tags, dishes)).toEqual([]);
  });
  it("leaves out names already chosen and caps the list", () => {
    expect(filterSuggestions("burg", tags, dishes, { exclude: ["burgers"] }).map((s) => s.label)).toEqual(["Vegan Burgers", "Smash Burger"]);
    expect(filterSuggestions("a", tags, dishes, { limit: 2 })).toHaveLength(2);
  });
  it("finds nothing when nothing matches", () => {
    expect(filterSuggestions("sushi", tags, dishes)).toEqual([]);
  });
});
