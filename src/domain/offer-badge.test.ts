import { describe, expect, it } from "vitest";
import { offerBadge } from "./offer-badge.ts";

describe("offerBadge: the saving, as a shopper reads it", () => {
  it("is the share of the value not paid, as a whole percentage plus OFF", () => {
    // Spend £60 & Receive £100 In Food & Drink.
    expect(offerBadge(100, 60)).toBe("40% OFF");
    expect(offerBadge(20, 15)).toBe("25% OFF");
    expect(offerBadge(30, 10)).toBe("67% OFF");
    expect(offerBadge(3, 2)).toBe("33% OFF");
  });
  it("says No Discount when either price is zero or nothing is saved", () => {
    expect(offerBadge(0, 10)).toBe("No Discount");
    expect(offerBadge(10, 0)).toBe("No Discount");
    expect(offerBadge(0, 0)).toBe("No Discount");
    expect(offerBadge(10, 10)).toBe("No Discount");
    expect(offerBadge(10, 12)).toBe("No Discount");
  });
});
