// The confirmation page's one call (issue 14, double opt-in): the link in the e-mail opens a
// static page, and only a press of its button sends the token with POST, so a mail scanner
// that fetches or even renders the link confirms nothing. Kept free of zod and React: a few
// lines of bundled script on a static page. The server checks the token; the pattern here
// only spares a round trip for a link that was cut short.
import { REGISTRATION_MESSAGES } from "../../domain/registration-rules.ts";
import { api, outcomeOf, type ApiClient } from "../../shared/api-client.ts";
import type { RegistrationKind } from "../../shared/schemas/registrations.ts";

/** The contract's words where it has them (the server answers these itself when it can). */
export const CONFIRM_MESSAGES = {
  invalidLink: REGISTRATION_MESSAGES.invalidConfirmationLink,
  failed: "We could not confirm your email address just now. Please try again later.",
  error: REGISTRATION_MESSAGES.registerError,
} as const;

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export type ConfirmOutcome =
  | { kind: "confirmed"; list: RegistrationKind; message: string }
  | { kind: "invalid"; message: string }
  | { kind: "failed"; message: string };

/** The token from ?token=… (as mailed) or #token=… ; null when the link carries none that fits. */
export function tokenFromLocation(location: { search: string; hash: string }): string | null {
  const token =
    new URLSearchParams(location.search).get("token") ??
    new URLSearchParams(location.hash.slice(1)).get("token");
  return token !== null && TOKEN_PATTERN.test(token) ? token : null;
}

export async function confirmRegistration(token: string | null, client: ApiClient = api): Promise<ConfirmOutcome> {
  if (token === null || !TOKEN_PATTERN.test(token))
    return { kind: "invalid", message: CONFIRM_MESSAGES.invalidLink };
  const outcome = await outcomeOf(client.registrations.confirm.$post({ json: { token } }));
  if (outcome.kind === "no-response") return { kind: "failed", message: CONFIRM_MESSAGES.error };
  if (outcome.kind === "ok") {
    const list = outcome.data?.kind;
    if (outcome.message && (list === "app-banner" || list === "early-access" || list === "influencer")) {
      return { kind: "confirmed", list, message: outcome.message };
    }
    return { kind: "failed", message: CONFIRM_MESSAGES.failed };
  }
  if (outcome.status === 400) return { kind: "invalid", message: CONFIRM_MESSAGES.invalidLink };
  // 429 says how long to wait; anything else is our fault, not the link's.
  if (outcome.status === 429 && outcome.message) return { kind: "failed", message: outcome.message };
  return { kind: "failed", message: CONFIRM_MESSAGES.failed };
}
