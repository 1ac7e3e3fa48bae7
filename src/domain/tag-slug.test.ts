import { describe, expect, it } from "vitest";
import { tagSlug } from "./tag-slug.ts";

describe("tagSlug", () => {
  it("lower-cases and hyphenates tag names", () => {
    expect(tagSlug("Burgers")).toBe("burgers");
    expect(tagSlug("Middle Eastern")).toBe("middle-eastern");
    expect(tagSlug("Fish & Chips")).toBe("fish-and-chips");
    expect(tagSlug("Crème Brûlée")).toBe("creme-brulee");
    expect(tagSlug("  Dim-Sum!! ")).toBe("dim-sum");
  });
  it("never returns an empty segment", () => {
    expect(tagSlug("🍣")).toBe("tag");
  });
});
