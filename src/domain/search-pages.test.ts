import { describe, expect, it } from "vitest";
import { matchCountLabel, matchSummary, moreShownMessage } from "./search-pages.ts";

const n = (count: number, capped = false) => ({ count, capped });

describe("how the results page words the count (issue 30)", () => {
  it("says how many dishes and restaurants match, 200+ above the cap", () => {
    expect(matchSummary(n(128), n(39))).toBe("128 dishes and 39 restaurants match");
    expect(matchSummary(n(200, true), n(39))).toBe("200+ dishes and 39 restaurants match");
    expect(matchSummary(n(1), n(1))).toBe("1 dish and 1 restaurant matches");
    expect(matchSummary(n(0), n(3))).toBe("No dishes and 3 restaurants match");
    expect(matchSummary(n(2), n(0))).toBe("2 dishes and no restaurants match");
  });
  it("labels one list's count", () => {
    expect(matchCountLabel("restaurant", n(200, true))).toBe("200+ restaurants");
    expect(matchCountLabel("dish", n(1))).toBe("1 dish");
  });
  it("announces what Show more added", () => {
    expect(moreShownMessage("dish", 10, 20, n(128))).toBe("10 more dishes shown, 20 of 128");
    expect(moreShownMessage("restaurant", 1, 39, n(39))).toBe("1 more restaurant shown, 39 of 39");
    expect(moreShownMessage("dish", 10, 30, n(200, true))).toBe("10 more dishes shown, 30 of 200+");
  });
});
