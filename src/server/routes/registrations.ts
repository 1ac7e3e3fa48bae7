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

function registrationRoute<S extends z.ZodType>(path: string, summary: string, schema: S) {
  return createRoute({
    method: "post",
    path,
    summary,
    middleware: [limitBody] as const,
    request: { body: { required: true, content: { "application/json": { schema } } } },
    responses: {
      200: { description: "Stored, or already stored", content: { "application/json": { schema: successSchema } } },
      400: { description: "Invalid input; data.fields names each bad field", content: { "application/json": { schema: failureSchema } } },
      413: { description: "Body over 16 KB", content: { "application/json": { schema: failureSchema } } },
    },
  });
}

const registerRoute = registrationRoute(
  "/register",
  "App banner e-mail sign-up (kind app-banner)",
  appBannerRegistrationSchema,
);
const earlyAccessRoute = registrationRoute(
  "/registrations/early-access",
  "Early-access form: first name, last name, e-mail, optional phone",
  earlyAccessRegistrationSchema,
);
const influencerRoute = registrationRoute(
  "/registrations/influencer",
  "Influencer application: first name, last name, e-mail, optional phone, main social URL",
  influencerRegistrationSchema,
);

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

export function registrationRoutes({ db, now }: AppDeps) {
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
