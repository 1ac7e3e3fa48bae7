import { describe, expect, it } from "vitest";
import { offerSpendText } from "./offer-spend-text.ts";

describe("offerSpendText (spec point 2, offer page)", () => {
  it("spends the discounted price and receives the original value", () => {
    expect(offerSpendText(50, 25)).toBe("Spend £25 & Receive £50 In Food & Drink");
    expect(offerSpendText(30, 19.5)).toBe("Spend £19.50 & Receive £30 In Food & Drink");
  });
});
