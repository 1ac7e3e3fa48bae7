import { describe, expect, it } from "vitest";
import { ownerDay } from "./owner-day.ts";

describe("owner dates", () => {
  it("reads a day and an instant the same way, in UTC", () => {
    expect(ownerDay("2026-12-03")).toBe("3 December 2026");
    expect(ownerDay("2026-12-03T23:30:00.000Z")).toBe("3 December 2026");
    expect(ownerDay("not a date")).toBe("not a date");
  });
});
