import { describe, expect, it } from "vitest";
import { offerBadge } from "./offer-badge.ts";

describe("offerBadge (spec point 9 formula, literal)", () => {
  it("is discountedPrice / originalPrice as a whole percentage plus OFF", () => {
    expect(offerBadge(20, 15)).toBe("75% OFF");
    expect(offerBadge(30, 10)).toBe("33% OFF");
    expect(offerBadge(3, 2)).toBe("67% OFF");
  });
  it("says No Discount when either price is zero", () => {
    expect(offerBadge(0, 10)).toBe("No Discount");
    expect(offerBadge(10, 0)).toBe("No Discount");
    expect(offerBadge(0, 0)).toBe("No Discount");
  });
});
