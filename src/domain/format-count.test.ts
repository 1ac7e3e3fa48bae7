import { describe, expect, it } from "vitest";
import { formatCount, formatGroupedCount } from "./format-count.ts";

describe("formatCount (spec point 9)", () => {
  it("shows counts under 1000 as they are", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(7)).toBe("7");
    expect(formatCount(999)).toBe("999");
  });
  it("shows 1000 and more with one decimal and k", () => {
    expect(formatCount(1000)).toBe("1.0k");
    expect(formatCount(1234)).toBe("1.2k");
    expect(formatCount(1999)).toBe("1.9k");
    expect(formatCount(25_600)).toBe("25.6k");
  });
  it("treats non-numbers as zero", () => {
    expect(formatCount(Number.NaN)).toBe("0");
  });
});

describe("formatGroupedCount", () => {
  it("groups thousands the British way", () => {
    expect(formatGroupedCount(1234)).toBe("1,234");
    expect(formatGroupedCount(7)).toBe("7");
  });
});
