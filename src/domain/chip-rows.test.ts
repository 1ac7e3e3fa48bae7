import { describe, expect, it } from "vitest";
import { chipRowSizes, chipRows, firstRowSize } from "./chip-rows.ts";

describe("tag chip rows (spec point 9)", () => {
  it("starts at 12/10/8/6/4 chips by window width", () => {
    expect(firstRowSize(1920)).toBe(12);
    expect(firstRowSize(1600)).toBe(12);
    expect(firstRowSize(1599)).toBe(10);
    expect(firstRowSize(1400)).toBe(10);
    expect(firstRowSize(1399)).toBe(8);
    expect(firstRowSize(1200)).toBe(8);
    expect(firstRowSize(1199)).toBe(6);
    expect(firstRowSize(1000)).toBe(6);
    expect(firstRowSize(999)).toBe(4);
    expect(firstRowSize(390)).toBe(4);
  });
  it("takes two fewer chips per row, never fewer than four", () => {
    expect(chipRowSizes(30, 1700)).toEqual([12, 10, 8]);
    expect(chipRowSizes(30, 1440)).toEqual([10, 8, 6, 4, 2]);
    expect(chipRowSizes(30, 1000)).toEqual([6, 4, 4, 4, 4, 4, 4]);
    expect(chipRowSizes(30, 390)).toEqual([4, 4, 4, 4, 4, 4, 4, 2]);
  });
  it("puts every chip in exactly one row, in order", () => {
    const items = Array.from({ length: 23 }, (_, i) => i);
    const rows = chipRows(items, 1300);
    expect(rows.map((r) => r.length)).toEqual([8, 6, 4, 4, 1]);
    expect(rows.flat()).toEqual(items);
  });
  it("has no rows for no chips", () => {
    expect(chipRows([], 1600)).toEqual([]);
  });
});
