import { describe, expect, it } from "vitest";
import { relativeAge } from "./relative-age.ts";

const NOW = Date.parse("2026-11-26T12:00:00Z");
const ago = (seconds: number) => NOW - seconds * 1000;

describe("relativeAge (issue 11: s/m/h/d)", () => {
  it("counts seconds under a minute", () => {
    expect(relativeAge(ago(0), NOW)).toEqual({ short: "0s", spoken: "just now" });
    expect(relativeAge(ago(1), NOW)).toEqual({ short: "1s", spoken: "1 second ago" });
    expect(relativeAge(ago(59), NOW)).toEqual({ short: "59s", spoken: "59 seconds ago" });
  });

  it("floors to whole minutes, hours and days at each boundary", () => {
    expect(relativeAge(ago(60), NOW).short).toBe("1m");
    expect(relativeAge(ago(60 * 60 - 1), NOW).short).toBe("59m");
    expect(relativeAge(ago(60 * 60), NOW)).toEqual({ short: "1h", spoken: "1 hour ago" });
    expect(relativeAge(ago(24 * 60 * 60 - 1), NOW).short).toBe("23h");
    expect(relativeAge(ago(24 * 60 * 60), NOW)).toEqual({ short: "1d", spoken: "1 day ago" });
    expect(relativeAge(ago(400 * 24 * 60 * 60), NOW)).toEqual({ short: "400d", spoken: "400 days ago" });
  });

  it("reads ISO 8601 text as the API sends it", () => {
    expect(relativeAge("2026-11-26T09:30:00Z", "2026-11-26T12:00:00Z")).toEqual({ short: "2h", spoken: "2 hours ago" });
    expect(relativeAge("2026-11-26T11:59:30.000Z", NOW).short).toBe("30s");
  });

  it("treats a time in the future or unreadable text as just posted", () => {
    expect(relativeAge(NOW + 5000, NOW)).toEqual({ short: "0s", spoken: "just now" });
    expect(relativeAge("not a date", NOW)).toEqual({ short: "0s", spoken: "just now" });
  });
});
