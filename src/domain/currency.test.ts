import { describe, expect, it } from "vitest";
import { CURRENCY_SYMBOLS, currencySymbol, formatPrice } from "./currency.ts";

describe("currencySymbol (spec point 3)", () => {
  it("knows exactly the 20 listed codes", () => {
    expect(Object.keys(CURRENCY_SYMBOLS).sort()).toEqual(
      ["USD", "EUR", "GBP", "JPY", "AUD", "CAD", "CHF", "CNY", "SEK", "NZD", "MXN", "SGD", "HKD", "NOK", "KRW", "TRY", "INR", "BRL", "ZAR", "RUB"].sort(),
    );
  });
  it("maps known codes to their symbols", () => {
    expect(currencySymbol("GBP")).toBe("£");
    expect(currencySymbol("USD")).toBe("$");
    expect(currencySymbol("EUR")).toBe("€");
    expect(currencySymbol("INR")).toBe("₹");
    expect(currencySymbol("gbp")).toBe("£");
  });
  it("shows an unknown code as the code itself", () => {
    expect(currencySymbol("XYZ")).toBe("XYZ");
  });
});

describe("formatPrice", () => {
  it("formats whole and fractional amounts", () => {
    expect(formatPrice(12, "GBP")).toBe("£12");
    expect(formatPrice(12.5, "GBP")).toBe("£12.50");
    expect(formatPrice(40, "XYZ")).toBe("XYZ 40");
  });
  it("returns null for a missing price", () => {
    expect(formatPrice(null)).toBeNull();
  });
});
