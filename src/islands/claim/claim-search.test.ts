import { describe, expect, it } from "vitest";
import { matchesPostCode, normalPostCode } from "./claim-search.ts";

describe("finding a restaurant by post code", () => {
  it("ignores case and spaces", () => {
    expect(normalPostCode(" wc2h 9fb ")).toBe("WC2H9FB");
    expect(matchesPostCode("WC2H 9FB", "wc2h9fb")).toBe(true);
  });

  it("narrows by an outward code, and keeps everything when none was typed", () => {
    expect(matchesPostCode("E1 6LY", "E1")).toBe(true);
    expect(matchesPostCode("E16 2AB", "E1 6")).toBe(false);
    expect(matchesPostCode("N1 9AB", "E1")).toBe(false);
    expect(matchesPostCode("N1 9AB", "  ")).toBe(true);
  });
});
