// The verification countdowns (spec points 4 and 9, issue 24): the code's 300 s from when it
// was sent, shown as mm:ss and ticking each second, and the 60 s before Resend opens.
import { CODE_TTL_SECONDS, RESEND_AFTER_SECONDS } from "../../domain/account-rules.ts";

/** Whole seconds left of a code sent at `sentAt` (ms); never negative, never above the TTL. */
export function secondsLeft(sentAt: number, now: number, ttlSeconds = CODE_TTL_SECONDS): number {
  const elapsed = Math.floor((now - sentAt) / 1000);
  return Math.min(ttlSeconds, Math.max(0, ttlSeconds - Math.max(0, elapsed)));
}

export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return `${String(minutes).padStart(2, "0")}:${String(rest).padStart(2, "0")}`;
}

/** Whole seconds until Resend opens for a code sent at `sentAt` (ms). */
export function resendSecondsLeft(sentAt: number, now: number): number {
  return secondsLeft(sentAt, now, RESEND_AFTER_SECONDS);
}

/** Resend opens once its own wait is over, and for an expired code in any case. */
export function canResend(resendWait: number): boolean {
  return resendWait <= 0;
}
