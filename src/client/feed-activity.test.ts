import { describe, expect, it } from "vitest";
import { placeSavedTo, type SavedToEntry } from "./feed-activity.ts";

const entry = (listId: number, createdAt: string): SavedToEntry => ({
  person: { userId: 1, username: "ada", name: "Ada", avatar: null },
  listId,
  listName: `List ${listId}`,
  kind: "dish",
  itemId: 7,
  itemName: "Shoyu Ramen",
  line: `Ada saved Shoyu Ramen to List ${listId}`,
  createdAt,
});
const posts = [
  { id: 30, createdAt: "2026-12-04T12:00:00.000Z" },
  { id: 20, createdAt: "2026-12-03T12:00:00.000Z" },
];

describe("placing the feed's saved-to entries among its posts", () => {
  it("shows each above the first post no newer than it, newest first", () => {
    const newest = entry(1, "2026-12-04T18:00:00.000Z");
    const between = entry(2, "2026-12-04T09:00:00.000Z");
    const sameTime = entry(3, "2026-12-03T12:00:00.000Z");
    const { before, after } = placeSavedTo(posts, [sameTime, between, newest], false);
    expect(before.get(30)).toEqual([newest]);
    expect(before.get(20)).toEqual([between, sameTime]);
    expect(after).toEqual([]);
  });

  it("keeps an entry older than every post for the next page, and shows it at the end of the feed", () => {
    const old = entry(4, "2026-12-01T09:00:00.000Z");
    expect(placeSavedTo(posts, [old], false)).toEqual({ before: new Map(), after: [] });
    expect(placeSavedTo(posts, [old], true).after).toEqual([old]);
    expect(placeSavedTo([], [old], true).after).toEqual([old]);
  });
});
