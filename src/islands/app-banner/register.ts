// The app banner's e-mail sign-up (spec points 5, 7, 8): POST /api/register {email} through
// the typed client. Kept free of zod (the shared schema lives in
// src/shared/schemas/registrations.ts): this runs on the home page, whose JavaScript budget
// is 75 KB gzip and React alone takes ~69 KB. The server validates with the shared schema;
// this check only spares a round trip, using the same simple pattern.
import { api, outcomeOf, type ApiClient } from "../../shared/api-client.ts";

/** Spec point 5 and 8 messages, word for word (same as REGISTRATION_MESSAGES). */
export const BANNER_MESSAGES = {
  invalidEmail: "Please enter a valid email address.",
  registered: "Thank you for registering!",
  /** Double opt-in (issue 14): nothing is on the list until the mailed link is followed. */
  checkInbox: "Please check your inbox: we have sent you a link to confirm your email address.",
  failed: "Failed to register. Please try again later.",
  error: "An error occurred. Please try again later.",
} as const;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type BannerOutcome =
  | { kind: "invalid"; message: string }
  | { kind: "registered"; message: string }
  | { kind: "failed"; message: string };

export function isValidEmail(email: string): boolean {
  const trimmed = email.trim();
  return trimmed.length > 0 && trimmed.length <= 254 && EMAIL_PATTERN.test(trimmed);
}

export async function registerForAppNews(email: string, client: ApiClient = api): Promise<BannerOutcome> {
  if (!isValidEmail(email)) return { kind: "invalid", message: BANNER_MESSAGES.invalidEmail };
  const outcome = await outcomeOf(client.register.$post({ json: { email: email.trim() } }));
  if (outcome.kind === "ok") {
    return { kind: "registered", message: `${BANNER_MESSAGES.registered} ${BANNER_MESSAGES.checkInbox}` };
  }
  // The request never got an answer from our API.
  if (outcome.kind === "no-response") return { kind: "failed", message: BANNER_MESSAGES.error };
  // The server refused the address: say so with the validation message it uses.
  if (outcome.status === 400) return { kind: "invalid", message: BANNER_MESSAGES.invalidEmail };
  return { kind: "failed", message: BANNER_MESSAGES.failed };
}
