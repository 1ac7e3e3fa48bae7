// Sign-ups a visitor makes without an account (spec points 2, 7 and 8): the app banner's
// e-mail (POST /register), the early-access form and the influencer application. Mailing
// lists fall under UK GDPR and PECR, so each is double opt-in (issue 14): a submission is
// stored as pending and mails a confirmation link; the link's page posts its token to
// POST /registrations/confirm. A repeat submission replaces the pending details and mails a
// new link. Whether the address is new, pending or confirmed, a submission does the same
// work and answers the same, so the answer never tells a stranger what is on a list.
import { sendAfterAnswer } from "../mail/send-after-answer.ts";
import { createHash, randomBytes } from "node:crypto";
import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import {
  appBannerRegistrationSchema,
  earlyAccessRegistrationSchema,
  influencerRegistrationSchema,
  REGISTRATION_BODY_LIMIT_BYTES,
  REGISTRATION_CONFIRM_TTL_HOURS,
  REGISTRATION_MESSAGES,
  registrationConfirmedSchema,
  registrationConfirmSchema,
  type RegistrationKind,
} from "../../../shared/schemas/registrations.ts";
import { clientKey, enforceRateLimit, pruneOccasionally, type RateLimit } from "../auth/rate-limit.ts";
import {
  confirmRegistration,
  deleteExpiredPendingRegistrations,
  savePendingRegistration,
  type PendingRegistration,
} from "../db/queries/registrations.ts";
import { registrationConfirmationEmail } from "../mail/registration-confirmation-email.ts";
import type { AppDeps } from "../deps.ts";
import { envelope } from "../http/envelope.ts";
import { createRouter } from "../http/router.ts";

const successSchema = z.object({ code: z.number(), message: z.string(), data: z.null() });
const failureSchema = z.object({
  code: z.number(),
  message: z.string(),
  data: z.object({ fields: z.record(z.string(), z.string()) }).nullable(),
});

const limitBody: MiddlewareHandler = bodyLimit({
  maxSize: REGISTRATION_BODY_LIMIT_BYTES,
  onError: (c) => c.json(envelope(null, 413, REGISTRATION_MESSAGES.bodyTooLarge), 413),
});

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

function limitPerClient(deps: AppDeps, rule: RateLimit): MiddlewareHandler {
  return async (c, next) => {
    const now = deps.now();
    await enforceRateLimit(deps.db, rule, clientKey(c, deps), now);
    await pruneOccasionally(deps.db, now);
    await next();
  };
}

/** The token only ever travels in the mail; the table keeps its SHA-256 (256 random bits need no salt or key). */
export function hashRegistrationToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

function registrationRoute<P extends string, S extends z.ZodType>(
  path: P,
  summary: string,
  schema: S,
  limitClient: MiddlewareHandler,
) {
  return createRoute({
    method: "post",
    path,
    summary,
    middleware: [limitBody, limitClient] as const,
    request: { body: { required: true, content: { "application/json": { schema } } } },
    responses: {
      200: {
        description:
          "Stored as pending and a confirmation link mailed to the address; the same answer whether the address was new, pending or confirmed",
        content: { "application/json": { schema: successSchema } },
      },
      400: {
        description: "Invalid input; data.fields names each bad field",
        content: { "application/json": { schema: failureSchema } },
      },
      413: { description: "Body over 16 KB", content: { "application/json": { schema: failureSchema } } },
      429: {
        description:
          "Over 20 sign-ups from one client in 10 minutes, or 5 confirmation mails to one address in an hour; Retry-After says when to try again",
      },
    },
  });
}

function confirmationRoute(limitConfirm: MiddlewareHandler) {
  return createRoute({
    method: "post",
    path: "/registrations/confirm",
    summary: "Confirm a sign-up with the token from the mailed link (the double opt-in's second step)",
    middleware: [limitBody, limitConfirm] as const,
    request: {
      body: { required: true, content: { "application/json": { schema: registrationConfirmSchema } } },
    },
    responses: {
      200: {
        description: "Confirmed (or already confirmed by this link); data.kind names the list",
        content: {
          "application/json": {
            schema: z.object({ code: z.number(), message: z.string(), data: registrationConfirmedSchema }),
          },
        },
      },
      400: {
        description: "The link is malformed, unknown, replaced by a newer one, or expired",
        content: { "application/json": { schema: failureSchema } },
      },
      413: { description: "Body over 16 KB", content: { "application/json": { schema: failureSchema } } },
      429: {
        description:
          "Over 30 confirmations from one client in 10 minutes; Retry-After says when to try again",
      },
    },
  });
}

export function registrationRoutes(deps: AppDeps) {
  const { db, now } = deps;
  const limitClient = limitPerClient(deps, REGISTRATION_RATE_LIMIT);
  const limitConfirm = limitPerClient(deps, REGISTRATION_CONFIRM_RATE_LIMIT);

  /** The same steps for every kind and every address, whatever is already stored for it. */
  async function submit(
    c: Context,
    kind: RegistrationKind,
    details: Omit<PendingRegistration, "kind" | "confirmTokenHash" | "confirmExpiresAt" | "createdAt">,
  ): Promise<void> {
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
    sendAfterAnswer(
      c,
      deps,
      registrationConfirmationEmail(details.email, kind, confirmUrl.href),
      "a registration confirmation",
    );
  }

  const registerRoute = registrationRoute(
    "/register",
    "App banner e-mail sign-up (kind app-banner), pending until confirmed by the mailed link",
    appBannerRegistrationSchema,
    limitClient,
  );
  const earlyAccessRoute = registrationRoute(
    "/registrations/early-access",
    "Early-access form: first name, last name, e-mail, optional phone; pending until confirmed by the mailed link",
    earlyAccessRegistrationSchema,
    limitClient,
  );
  const influencerRoute = registrationRoute(
    "/registrations/influencer",
    "Influencer application: first name, last name, e-mail, optional phone, main social URL (public https); pending until confirmed by the mailed link",
    influencerRegistrationSchema,
    limitClient,
  );
  return createRouter()
    .openapi(registerRoute, async (c) => {
      const { email } = c.req.valid("json");
      await submit(c, "app-banner", { email });
      return c.json(envelope(null, 200, REGISTRATION_MESSAGES.registered), 200);
    })
    .openapi(earlyAccessRoute, async (c) => {
      await submit(c, "early-access", c.req.valid("json"));
      return c.json(envelope(null, 200, REGISTRATION_MESSAGES.earlyAccessJoined), 200);
    })
    .openapi(influencerRoute, async (c) => {
      await submit(c, "influencer", c.req.valid("json"));
      return c.json(envelope(null, 200, REGISTRATION_MESSAGES.influencerApplied), 200);
    })
    .openapi(confirmationRoute(limitConfirm), async (c) => {
      const { token } = c.req.valid("json");
      const kind = await confirmRegistration(db, hashRegistrationToken(token), now());
      if (!kind) {
        const message = REGISTRATION_MESSAGES.invalidConfirmationLink;
        return c.json(envelope({ fields: { token: message } }, 400, message), 400);
      }
      return c.json(envelope({ kind }, 200, REGISTRATION_MESSAGES.confirmed[kind]), 200);
    });
}
