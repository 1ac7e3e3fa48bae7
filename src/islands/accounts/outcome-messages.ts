// What each accounts screen says about an API outcome: spec point 8's rows word for word
// ("E-mail step", "Verification", "Resend", "Signup", "Login"). Pure, so tested without a DOM.
import { ACCOUNT_MESSAGES } from "../../domain/account-rules.ts";
import type { ApiOutcome } from "../../shared/api-client.ts";
import type { StatusText, Tone } from "../../client/use-status.ts";

/** Spec point 8, "E-mail step": messages containing "success" are shown green, others red. */
export function toneOf(message: string): Tone {
  return /success/i.test(message) ? "success" : "error";
}

const byTone = (text: string): StatusText => ({ text, tone: toneOf(text) });

export const SCREEN_MESSAGES = {
  sendFailedNoResponse: "Failed to send verification email. Please try again.",
  verifyUnexpected: "An unexpected error occurred. Please try again.",
  resendFailedNoResponse: "Failed to resend verification email. Please try again.",
  signupFailed: "Signup failed. Please try again.",
  loginUnexpected: "An unexpected error occurred. Please try again later.",
  loginNoToken: "Invalid login credentials.",
  resetFailed: "Your password could not be changed. Please try again.",
  resetCodeFailed: "The code could not be sent. Please try again.",
} as const;

/** Sign-up step 1: sending the code. */
export function sendEmailStatus(outcome: ApiOutcome<unknown>): StatusText {
  if (outcome.kind === "ok") return byTone(ACCOUNT_MESSAGES.emailSent);
  if (outcome.kind === "failed") return byTone(`Failed to send email: ${outcome.message || "Bad Request"}`);
  return byTone(SCREEN_MESSAGES.sendFailedNoResponse);
}

/** The server's own verification messages are already the spec's; anything else is prefixed. */
const KNOWN_VERIFICATION_MESSAGES: readonly string[] = [
  ACCOUNT_MESSAGES.wrongCode,
  ACCOUNT_MESSAGES.expiredCode,
  ACCOUNT_MESSAGES.codeDead,
  ACCOUNT_MESSAGES.invalidCodeFormat,
  ACCOUNT_MESSAGES.waitToResend,
];

/** A failed verification; success is the overlay, not a status line. */
export function verifyFailureStatus(outcome: Exclude<ApiOutcome<unknown>, { kind: "ok" }>): StatusText {
  if (outcome.kind === "no-response") return { text: SCREEN_MESSAGES.verifyUnexpected, tone: "error" };
  // A 429 (too many tries) already says what happened and how long to wait.
  if (KNOWN_VERIFICATION_MESSAGES.includes(outcome.message) || (outcome.status === 429 && outcome.message)) {
    return { text: outcome.message, tone: "error" };
  }
  return { text: `Verification failed: ${outcome.message || "Bad Request"}`, tone: "error" };
}

/** Resend on the verification screen. A 429 keeps the server's reason (too early, or too many). */
export function resendStatus(outcome: ApiOutcome<unknown>): StatusText {
  if (outcome.kind === "ok") return { text: ACCOUNT_MESSAGES.emailResent, tone: "success" };
  if (outcome.kind === "no-response") return { text: SCREEN_MESSAGES.resendFailedNoResponse, tone: "error" };
  if (outcome.status === 429)
    return { text: outcome.message || ACCOUNT_MESSAGES.waitToResend, tone: "error" };
  return { text: `Resend failed: ${outcome.message || "Bad Request"}`, tone: "error" };
}

/** Sign-up step 2. */
export function signupStatus(outcome: ApiOutcome<unknown>): StatusText {
  if (outcome.kind === "ok")
    return { text: outcome.message || ACCOUNT_MESSAGES.signupSuccess, tone: "success" };
  if (outcome.kind === "failed")
    return { text: outcome.message || SCREEN_MESSAGES.signupFailed, tone: "error" };
  return { text: outcome.message, tone: "error" };
}

/** Login: either the stored session's data or the message to show. */
export function loginResult(
  outcome: ApiOutcome<Partial<{
    token: string;
    userId: number;
    username: string;
    email: string;
    profileId: number | null;
  }> | null>,
):
  | { ok: true; token: string; userId: number; username: string; email: string; profileId: number | null }
  | { ok: false; status: StatusText } {
  if (outcome.kind === "ok") {
    const data = outcome.data ?? {};
    if (typeof data.token !== "string" || data.token === "" || typeof data.userId !== "number") {
      return { ok: false, status: { text: SCREEN_MESSAGES.loginNoToken, tone: "error" } };
    }
    return {
      ok: true,
      token: data.token,
      userId: data.userId,
      username: data.username ?? "",
      email: data.email ?? "",
      profileId: typeof data.profileId === "number" ? data.profileId : null,
    };
  }
  if (outcome.kind === "failed" && outcome.status === 401) {
    return { ok: false, status: { text: ACCOUNT_MESSAGES.loginFailed, tone: "error" } };
  }
  const text =
    outcome.kind === "failed" && outcome.message ? outcome.message : SCREEN_MESSAGES.loginUnexpected;
  return { ok: false, status: { text, tone: "error" } };
}

/** Forgot password, step 1: the same neutral answer whether or not the address has an account. */
export function resetCodeStatus(outcome: ApiOutcome<unknown>): StatusText {
  if (outcome.kind === "ok") return { text: ACCOUNT_MESSAGES.resetRequested, tone: "info" };
  if (outcome.kind === "failed")
    return { text: outcome.message || SCREEN_MESSAGES.resetCodeFailed, tone: "error" };
  return { text: outcome.message, tone: "error" };
}

/** Forgot password, step 2. */
export function resetPasswordStatus(outcome: ApiOutcome<unknown>): StatusText {
  if (outcome.kind === "ok") return { text: ACCOUNT_MESSAGES.resetSuccess, tone: "success" };
  if (outcome.kind === "failed")
    return { text: outcome.message || SCREEN_MESSAGES.resetFailed, tone: "error" };
  return { text: outcome.message, tone: "error" };
}
