import { describe, expect, it } from "vitest";
import { PRICE_LEVELS, priceLevelBoundsMinor, priceLevelLabel, priceRange } from "./price-range.ts";

describe("priceRange", () => {
  it("is Unknown only when no dish is priced", () => {
    expect(priceRange([])).toBe("Unknown");
    expect(priceRange([450])).toBe("£");
  });

  it("bands the median dish price in pounds at 10, 20 and 35", () => {
    expect(priceRange([999])).toBe("£");
    expect(priceRange([1000])).toBe("££");
    expect(priceRange([1999])).toBe("££");
    expect(priceRange([2000])).toBe("£££");
    expect(priceRange([3499])).toBe("£££");
    expect(priceRange([3500])).toBe("££££");
  });

  it("uses the median so one expensive dish does not move the band", () => {
    expect(priceRange([800, 900, 950, 9000])).toBe("£");
    // Even count: the mean of the two middle prices (£9.50 and £12.00 → £10.75).
    expect(priceRange([900, 950, 1200, 1300])).toBe("££");
  });

  it("does not depend on the order prices arrive in", () => {
    expect(priceRange([4000, 500, 600])).toBe(priceRange([500, 600, 4000]));
  });
});

describe("priceLevelBoundsMinor", () => {
  it("gives each level the prices priceRange puts in its band", () => {
    for (const level of PRICE_LEVELS) {
      const { min, below } = priceLevelBoundsMinor(level);
      expect(priceRange([min])).toBe(priceLevelLabel(level));
      if (below !== null) expect(priceRange([below - 1])).toBe(priceLevelLabel(level));
      if (below !== null) expect(priceRange([below])).not.toBe(priceLevelLabel(level));
    }
    expect(priceLevelBoundsMinor(4).below).toBeNull();
  });
});
