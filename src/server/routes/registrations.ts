// Sign-ups a visitor makes without an account (spec points 2, 7 and 8): the app banner's
// e-mail (POST /register), the early-access form and the influencer application.
// A repeat sign-up answers exactly like the first and stores nothing new, so the answer never
// tells a stranger whether an address is already on a list.
import { createRoute, z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import {
  appBannerRegistrationSchema,
  earlyAccessRegistrationSchema,
  influencerRegistrationSchema,
  REGISTRATION_BODY_LIMIT_BYTES,
  REGISTRATION_MESSAGES,
} from "../../shared/schemas/registrations.ts";
import { clientKey, enforceRateLimit, pruneOccasionally, type RateLimit } from "../auth/rate-limit.ts";
import { saveRegistration } from "../db/queries/registrations.ts";
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

function limitPerClient(deps: AppDeps): MiddlewareHandler {
  return async (c, next) => {
    const now = deps.now();
    await enforceRateLimit(deps.db, REGISTRATION_RATE_LIMIT, clientKey(c, deps), now);
    await pruneOccasionally(deps.db, now);
    await next();
  };
}

function registrationRoute<S extends z.ZodType>(
  path: string,
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
      200: { description: "Stored, or already stored", content: { "application/json": { schema: successSchema } } },
      400: { description: "Invalid input; data.fields names each bad field", content: { "application/json": { schema: failureSchema } } },
      413: { description: "Body over 16 KB", content: { "application/json": { schema: failureSchema } } },
      429: { description: "Over 20 sign-ups from one client in 10 minutes; Retry-After says when to try again" },
    },
  });
}

/**
 * The message is the first problem in the user's own words (the banner shows it as is:
 * "Please enter a valid email address."), and data.fields lets a form mark every field.
 */
function registrationHook(
  result: { success: true } | { success: false; error: z.ZodError },
  c: Context,
) {
  if (result.success) return;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : "request";
    fields[field] ??= issue.message;
  }
  const first = result.error.issues[0]?.message ?? "Invalid request body";
  return c.json(envelope({ fields }, 400, first), 400);
}

export function registrationRoutes(deps: AppDeps) {
  const { db, now } = deps;
  const limitClient = limitPerClient(deps);
  const registerRoute = registrationRoute(
    "/register",
    "App banner e-mail sign-up (kind app-banner)",
    appBannerRegistrationSchema,
    limitClient,
  );
  const earlyAccessRoute = registrationRoute(
    "/registrations/early-access",
    "Early-access form: first name, last name, e-mail, optional phone",
    earlyAccessRegistrationSchema,
    limitClient,
  );
  const influencerRoute = registrationRoute(
    "/registrations/influencer",
    "Influencer application: first name, last name, e-mail, optional phone, main social URL",
    influencerRegistrationSchema,
    limitClient,
  );
  return createRouter()
    .openapi(
      registerRoute,
      async (c) => {
        const { email } = c.req.valid("json");
        await saveRegistration(db, { kind: "app-banner", email, createdAt: now() });
        return c.json(envelope(null, 200, REGISTRATION_MESSAGES.registered), 200);
      },
      registrationHook,
    )
    .openapi(
      earlyAccessRoute,
      async (c) => {
        const input = c.req.valid("json");
        await saveRegistration(db, { kind: "early-access", ...input, createdAt: now() });
        return c.json(envelope(null, 200, REGISTRATION_MESSAGES.earlyAccessJoined), 200);
      },
      registrationHook,
    )
    .openapi(
      influencerRoute,
      async (c) => {
        const input = c.req.valid("json");
        await saveRegistration(db, { kind: "influencer", ...input, createdAt: now() });
        return c.json(envelope(null, 200, REGISTRATION_MESSAGES.influencerApplied), 200);
      },
      registrationHook,
    );
}
