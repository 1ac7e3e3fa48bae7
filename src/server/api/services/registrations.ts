// Sign-ups a visitor makes without an account (spec points 2, 7 and 8): the app banner's
// e-mail (POST /register), the early-access form and the influencer application. Mailing
// lists fall under UK GDPR and PECR, so each is double opt-in (issue 14): a submission is
// stored as pending and mails a confirmation link; the link's page posts its token to
// POST /registrations/confirm. A repeat submission replaces the pending details and mails a
// new link. Whether the address is new, pending or confirmed, a submission does the same
// work and answers the same, so the answer never tells a stranger what is on a list.
// No cached public read shows a list, so nothing here publishes catalogue changes.
import { createHash, randomBytes } from "node:crypto";
import { REGISTRATION_CONFIRM_TTL_HOURS, REGISTRATION_MESSAGES } from "../../../domain/registration-rules.ts";
import type { RegistrationKind } from "../../../shared/schemas/registrations.ts";
import { enforceRateLimit, pruneOccasionally, type RateLimit } from "../auth/rate-limit.ts";
import {
  confirmRegistration,
  deleteExpiredPendingRegistrations,
  savePendingRegistration,
  type PendingRegistration,
} from "../db/queries/registrations.ts";
import type { AppDeps } from "../deps.ts";
import { fieldError } from "../http/envelope.ts";
import { registrationConfirmationEmail } from "../mail/registration-confirmation-email.ts";

/**
 * Generous for people (a household behind one address signing up for all three lists), low
 * enough that a script cannot fill the tables. Counted per client address before validation.
 */
export const REGISTRATION_RATE_LIMIT: RateLimit = {
  name: "registrations-client",
  limit: 20,
  windowMs: 10 * 60_000,
  message: "Too many sign-ups from your network.",
};

/**
 * Confirmation mails to one address, whatever the list: a person signing up for all three
 * and retrying once or twice fits; a stranger cannot turn the forms into a mail cannon.
 */
export const REGISTRATION_MAIL_RATE_LIMIT: RateLimit = {
  name: "registration-mail-to",
  limit: 5,
  windowMs: 60 * 60_000,
  message: "Too many confirmation emails have been sent to this address.",
};

/** Confirmation tokens are 256-bit and cannot be guessed; this only keeps scripts away. */
export const REGISTRATION_CONFIRM_RATE_LIMIT: RateLimit = {
  name: "registration-confirm-client",
  limit: 30,
  windowMs: 10 * 60_000,
  message: "Too many confirmation attempts from your network.",
};

/** The token only ever travels in the mail; the table keeps its SHA-256 (256 random bits need no salt or key). */
export function hashRegistrationToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/** What a form sends, as its schema parsed it. */
export type RegistrationDetails = Omit<
  PendingRegistration,
  "kind" | "confirmTokenHash" | "confirmExpiresAt" | "createdAt"
>;

export function registrationsService(deps: AppDeps) {
  const { db, now } = deps;

  async function countClient(rule: RateLimit, client: string): Promise<void> {
    const nowMs = now();
    await enforceRateLimit(db, rule, client, nowMs);
    await pruneOccasionally(db, nowMs);
  }

  return {
    /** Counts a submission from `client`; 429 past REGISTRATION_RATE_LIMIT. */
    limitSubmissions: (client: string) => countClient(REGISTRATION_RATE_LIMIT, client),

    /** Counts a confirmation from `client`; 429 past REGISTRATION_CONFIRM_RATE_LIMIT. */
    limitConfirmations: (client: string) => countClient(REGISTRATION_CONFIRM_RATE_LIMIT, client),

    /** The same steps for every kind and every address, whatever is already stored for it. */
    async submit(kind: RegistrationKind, details: RegistrationDetails): Promise<void> {
      const nowMs = now();
      await enforceRateLimit(db, REGISTRATION_MAIL_RATE_LIMIT, details.email, nowMs);
      await deleteExpiredPendingRegistrations(db, nowMs);
      const token = randomBytes(32).toString("base64url");
      await savePendingRegistration(db, {
        kind,
        ...details,
        confirmTokenHash: hashRegistrationToken(token),
        confirmExpiresAt: nowMs + REGISTRATION_CONFIRM_TTL_HOURS * 60 * 60_000,
        createdAt: nowMs,
      });
      const confirmUrl = new URL("/confirm-registration", deps.config.publicOrigin);
      confirmUrl.searchParams.set("token", token);
      deps.mail.sendAfterAnswer(
        registrationConfirmationEmail(details.email, kind, confirmUrl.href),
        "a registration confirmation",
      );
    },

    /** The list the link's address is now on; 400 naming the token when the link is no good. */
    async confirm(token: string): Promise<RegistrationKind> {
      const kind = await confirmRegistration(db, hashRegistrationToken(token), now());
      if (!kind) throw fieldError(400, "token", REGISTRATION_MESSAGES.invalidConfirmationLink);
      return kind;
    },
  };
}
