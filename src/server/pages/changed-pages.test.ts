import { describe, expect, it } from "vitest";
import { changedPages } from "./changed-pages.ts";

describe("changed pages (issue 30)", () => {
  it("names the pages of every item a write changed, a restaurant's with its offers", () => {
    let clock = 1000;
    const pages = changedPages(() => clock);
    expect(pages.has("dish", 7)).toBe(false);
    pages.note({ dishIds: [7], restaurantIds: [3], offers: [{ id: 5, restaurantId: 4 }] });
    expect(
      ["dish/7", "restaurant/3", "offers/5", "restaurant/4"].every((key) => {
        const [kind, id] = key.split("/") as ["dish", string];
        return pages.has(kind, Number(id));
      }),
    ).toBe(true);
    expect(pages.has("dish", 8)).toBe(false);

    // A build that started after the first write holds it; a later write stays stale.
    clock = 3000;
    pages.note({ dishIds: [9] });
    pages.servedBuildFrom(2000);
    expect(pages.has("dish", 7)).toBe(false);
    expect(pages.has("restaurant", 3)).toBe(false);
    expect(pages.has("dish", 9)).toBe(true);
  });
});
