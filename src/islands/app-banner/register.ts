// The app banner's e-mail sign-up (spec points 5, 7, 8): POST /api/register {email} through
// the typed client. Kept free of zod (the shared schema lives in
// src/shared/schemas/registrations.ts): this runs on the home page, whose JavaScript budget
// is 75 KB gzip and React alone takes ~69 KB. The server validates with the shared schema;
// this check only spares a round trip, using the same simple pattern.
import { EMAIL_MAX_LENGTH } from "../../domain/account-rules.ts";
import { REGISTRATION_MESSAGES } from "../../domain/registration-rules.ts";
import { api, outcomeOf, type ApiClient } from "../../shared/api-client.ts";

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type BannerOutcome =
  | { kind: "invalid"; message: string }
  | { kind: "registered"; message: string }
  | { kind: "failed"; message: string };

export function isValidEmail(email: string): boolean {
  const trimmed = email.trim();
  return trimmed.length > 0 && trimmed.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(trimmed);
}

export async function registerForAppNews(email: string, client: ApiClient = api): Promise<BannerOutcome> {
  if (!isValidEmail(email)) return { kind: "invalid", message: REGISTRATION_MESSAGES.invalidEmail };
  const outcome = await outcomeOf(client.register.$post({ json: { email: email.trim() } }));
  if (outcome.kind === "ok") {
    return {
      kind: "registered",
      message: `${REGISTRATION_MESSAGES.registered} ${REGISTRATION_MESSAGES.checkInbox}`,
    };
  }
  // The request never got an answer from our API.
  if (outcome.kind === "no-response") return { kind: "failed", message: REGISTRATION_MESSAGES.registerError };
  // The server refused the address: say so with the validation message it uses.
  if (outcome.status === 400) return { kind: "invalid", message: REGISTRATION_MESSAGES.invalidEmail };
  return { kind: "failed", message: REGISTRATION_MESSAGES.registerFailed };
}
