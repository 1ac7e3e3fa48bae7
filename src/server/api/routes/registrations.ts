// Sign-ups a visitor makes without an account (spec points 2, 7 and 8): the app banner's
// e-mail (POST /register), the early-access form, the influencer application, and the
// confirmation of the mailed link (double opt-in). HTTP only: the flows and their limits live
// in services/registrations.ts.
import { createRoute } from "@hono/zod-openapi";
import type { z } from "zod";
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { REGISTRATION_BODY_LIMIT_BYTES, REGISTRATION_MESSAGES } from "../../../domain/registration-rules.ts";
import {
  appBannerRegistrationSchema,
  earlyAccessRegistrationSchema,
  influencerRegistrationSchema,
  registrationConfirmedSchema,
  registrationConfirmSchema,
} from "../../../shared/schemas/registrations.ts";
import { envelopeOf, messageEnvelope } from "../../../shared/schemas/envelope.ts";
import { clientKey } from "../auth/rate-limit.ts";
import type { AppDeps } from "../deps.ts";
import { envelope } from "../http/envelope.ts";
import { createRouter } from "../http/router.ts";
import { registrationsService } from "../services/registrations.ts";
import { failure, jsonContent } from "./route-http.ts";

const limitBody: MiddlewareHandler = bodyLimit({
  maxSize: REGISTRATION_BODY_LIMIT_BYTES,
  onError: (c) => c.json(envelope(null, 413, REGISTRATION_MESSAGES.bodyTooLarge), 413),
});

/** Counted per client address before validation, so malformed floods count too. */
function limitPerClient(deps: AppDeps, count: (client: string) => Promise<void>): MiddlewareHandler {
  return async (c, next) => {
    await count(clientKey(c, deps));
    await next();
  };
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
    request: { body: { required: true, content: jsonContent(schema) } },
    responses: {
      200: {
        description:
          "Stored as pending and a confirmation link mailed to the address; the same answer whether the address was new, pending or confirmed",
        content: jsonContent(messageEnvelope),
      },
      400: failure("Invalid input; data.fields names each bad field"),
      413: failure("Body over 16 KB"),
      429: failure(
        "Over 20 sign-ups from one client in 10 minutes, or 5 confirmation mails to one address in an hour; Retry-After says when to try again",
      ),
    },
  });
}

function confirmationRoute(limitConfirm: MiddlewareHandler) {
  return createRoute({
    method: "post",
    path: "/registrations/confirm",
    summary: "Confirm a sign-up with the token from the mailed link (the double opt-in's second step)",
    middleware: [limitBody, limitConfirm] as const,
    request: { body: { required: true, content: jsonContent(registrationConfirmSchema) } },
    responses: {
      200: {
        description: "Confirmed (or already confirmed by this link); data.kind names the list",
        content: jsonContent(envelopeOf(registrationConfirmedSchema)),
      },
      400: failure("The link is malformed, unknown, replaced by a newer one, or expired"),
      413: failure("Body over 16 KB"),
      429: failure("Over 30 confirmations from one client in 10 minutes; Retry-After says when to try again"),
    },
  });
}

export function registrationRoutes(deps: AppDeps) {
  const registrations = registrationsService(deps);
  const limitClient = limitPerClient(deps, registrations.limitSubmissions);
  const limitConfirm = limitPerClient(deps, registrations.limitConfirmations);

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
      await registrations.submit("app-banner", { email });
      return c.json(envelope(null, 200, REGISTRATION_MESSAGES.registered), 200);
    })
    .openapi(earlyAccessRoute, async (c) => {
      await registrations.submit("early-access", c.req.valid("json"));
      return c.json(envelope(null, 200, REGISTRATION_MESSAGES.earlyAccessJoined), 200);
    })
    .openapi(influencerRoute, async (c) => {
      await registrations.submit("influencer", c.req.valid("json"));
      return c.json(envelope(null, 200, REGISTRATION_MESSAGES.influencerApplied), 200);
    })
    .openapi(confirmationRoute(limitConfirm), async (c) => {
      const kind = await registrations.confirm(c.req.valid("json").token);
      return c.json(envelope({ kind }, 200, REGISTRATION_MESSAGES.confirmed[kind]), 200);
    });
}
