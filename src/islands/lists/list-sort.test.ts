import { describe, expect, it } from "vitest";
import { sortListItems } from "./list-sort.ts";

const item = (
  name: string,
  added: string,
  rating: number | null,
  position: { lat: number; lng: number } | null,
) => ({
  name,
  added,
  rating,
  position,
});
const soho = { lat: 51.513, lng: -0.134 };
const items = [
  item("old, far, good", "2026-12-01T10:00:00.000Z", 46, { lat: 51.55, lng: -0.2 }),
  item("new, unrated, near", "2026-12-03T10:00:00.000Z", null, { lat: 51.514, lng: -0.135 }),
  item("middle, removed", "2026-12-02T10:00:00.000Z", null, null),
  item("newest, fair", "2026-12-04T10:00:00.000Z", 31, { lat: 51.52, lng: -0.14 }),
];
const names = (order: { name: string }[]) => order.map((i) => i.name);

describe("sorting a list's items", () => {
  it("by date added, newest first", () => {
    expect(names(sortListItems(items, "added").order)).toEqual([
      "newest, fair",
      "new, unrated, near",
      "middle, removed",
      "old, far, good",
    ]);
  });

  it("by rating, best first, the unrated last in added order", () => {
    expect(names(sortListItems(items, "rating").order)).toEqual([
      "old, far, good",
      "newest, fair",
      "new, unrated, near",
      "middle, removed",
    ]);
  });

  it("by distance, nearest first, with each distance; what has no position goes last", () => {
    const { order, distances } = sortListItems(items, "distance", soho);
    expect(names(order)).toEqual(["new, unrated, near", "newest, fair", "old, far, good", "middle, removed"]);
    expect(Math.round(distances.get(items[1]!)!)).toBeLessThan(200);
    expect(distances.has(items[2]!)).toBe(false);
  });
});
