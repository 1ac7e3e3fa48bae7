import { describe, expect, it } from "vitest";
import { canResend, formatCountdown, resendSecondsLeft, secondsLeft } from "./countdown.ts";

describe("verification countdown", () => {
  const sentAt = 1_800_000_000_000;

  it("starts at 300 seconds and counts down each whole second", () => {
    expect(secondsLeft(sentAt, sentAt)).toBe(300);
    expect(secondsLeft(sentAt, sentAt + 999)).toBe(300);
    expect(secondsLeft(sentAt, sentAt + 1000)).toBe(299);
    expect(secondsLeft(sentAt, sentAt + 299_000)).toBe(1);
    expect(secondsLeft(sentAt, sentAt + 300_000)).toBe(0);
  });

  it("never goes below zero nor above the code's life when clocks disagree", () => {
    expect(secondsLeft(sentAt, sentAt + 3_600_000)).toBe(0);
    expect(secondsLeft(sentAt, sentAt - 60_000)).toBe(300);
  });

  it("shows mm:ss", () => {
    expect(formatCountdown(300)).toBe("05:00");
    expect(formatCountdown(299)).toBe("04:59");
    expect(formatCountdown(61)).toBe("01:01");
    expect(formatCountdown(9)).toBe("00:09");
    expect(formatCountdown(0)).toBe("00:00");
    expect(formatCountdown(-5)).toBe("00:00");
  });

  it("allows Resend 60 seconds after the code was sent (issue 24), not after the full 300", () => {
    expect(resendSecondsLeft(sentAt, sentAt)).toBe(60);
    expect(resendSecondsLeft(sentAt, sentAt + 59_000)).toBe(1);
    expect(canResend(resendSecondsLeft(sentAt, sentAt + 59_999))).toBe(false);
    expect(canResend(resendSecondsLeft(sentAt, sentAt + 60_000))).toBe(true);
    expect(canResend(resendSecondsLeft(sentAt, sentAt + 400_000))).toBe(true);
    expect(canResend(resendSecondsLeft(sentAt, sentAt - 5_000))).toBe(false);
  });
});
