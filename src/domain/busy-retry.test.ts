import { describe, expect, it } from "vitest";
import { BUSY_MESSAGES, retryAfterSeconds } from "./busy-retry.ts";

describe("retryAfterSeconds", () => {
  const now = Date.parse("2026-12-04T20:00:00Z");
  it("reads seconds and HTTP dates, never below one second", () => {
    expect(retryAfterSeconds("5", now)).toBe(5);
    expect(retryAfterSeconds(" 0 ", now)).toBe(1);
    expect(retryAfterSeconds("Fri, 04 Dec 2026 20:00:07 GMT", now)).toBe(7);
    expect(retryAfterSeconds("Fri, 04 Dec 2026 19:59:00 GMT", now)).toBe(1);
  });
  it("answers null when there is nothing to read", () => {
    expect(retryAfterSeconds(null, now)).toBeNull();
    expect(retryAfterSeconds("soon", now)).toBeNull();
    expect(retryAfterSeconds("-3", now)).toBeNull();
  });
});

describe("BUSY_MESSAGES", () => {
  it("says the review is kept and when it is tried again", () => {
    expect(BUSY_MESSAGES.retrying(1)).toContain("try again in 1 second.");
    expect(BUSY_MESSAGES.sendAgain(45)).toContain("send it again in 45 seconds.");
    expect(BUSY_MESSAGES.sendAgain(null)).toContain("send it again in a moment.");
  });
});
