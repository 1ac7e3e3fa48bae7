// The verification countdown (spec points 4 and 9): 300 s from when the code was sent,
// shown as mm:ss and ticking each second; Resend only once it reaches 0.
import { CODE_TTL_SECONDS } from "../../domain/account-rules.ts";

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

export function canResend(seconds: number): boolean {
  return seconds <= 0;
}
