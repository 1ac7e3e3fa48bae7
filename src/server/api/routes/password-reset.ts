// Forgotten password: a code by e-mail, then a new password with that code (services/accounts.ts).
// The request answers the same whether or not the address has an account; a reset ends every
// old token.
import { createRoute } from "@hono/zod-openapi";
import { ACCOUNT_MESSAGES } from "../../../domain/account-rules.ts";
import { forgotPasswordSchema, resetPasswordSchema } from "../../../shared/schemas/accounts.ts";
import { clientKey } from "../auth/rate-limit.ts";
import type { AppDeps } from "../deps.ts";
import { envelope } from "../http/envelope.ts";
import { createRouter } from "../http/router.ts";
import { accountsService } from "../services/accounts.ts";
import { messageEnvelope as messageOnly } from "../../../shared/schemas/envelope.ts";
import { failure, jsonContent, limitAccountBody, requireBodyType } from "./route-http.ts";

const forgotRoute = createRoute({
  method: "post",
  path: "/users/password/forgot",
  summary: "E-mail a password reset code, if the address has an account (the answer is the same either way)",
  middleware: [limitAccountBody, requireBodyType("json")] as const,
  request: { body: { required: true, content: jsonContent(forgotPasswordSchema) } },
  responses: {
    200: { description: ACCOUNT_MESSAGES.resetRequested, content: jsonContent(messageOnly) },
    400: failure("Invalid email address."),
    415: failure("Not JSON"),
    429: failure("Rate limited; Retry-After says when to try again"),
  },
});

const resetRoute = createRoute({
  method: "post",
  path: "/users/password/reset",
  summary: "Set a new password with the e-mailed code; every token issued before stops working",
  middleware: [limitAccountBody, requireBodyType("json")] as const,
  request: { body: { required: true, content: jsonContent(resetPasswordSchema) } },
  responses: {
    200: { description: "Password changed", content: jsonContent(messageOnly) },
    400: failure("Wrong, expired or malformed code, or a weak password"),
    415: failure("Not JSON"),
    429: failure("Five wrong tries: request a new code"),
  },
});

export function passwordResetRoutes(deps: AppDeps) {
  const accounts = accountsService(deps);
  return createRouter()
    .openapi(forgotRoute, async (c) => {
      await accounts.requestPasswordReset(c.req.valid("json").email, clientKey(c, deps));
      return c.json(envelope(null, 200, ACCOUNT_MESSAGES.resetRequested), 200);
    })
    .openapi(resetRoute, async (c) => {
      const { email, code, password } = c.req.valid("json");
      await accounts.resetPassword(email, code, password);
      return c.json(envelope(null, 200, ACCOUNT_MESSAGES.resetSuccess), 200);
    });
}
