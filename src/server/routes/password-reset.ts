// Forgotten password: a code by e-mail, then a new password with that code. The request
// answers the same whether or not the address has an account; a reset ends every old token.
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  ACCOUNT_MESSAGES,
  forgotPasswordSchema,
  resetPasswordSchema,
} from "../../shared/schemas/accounts.ts";
import { hashPassword } from "../auth/password.ts";
import { passwordProblem } from "../auth/password-policy.ts";
import { clientKey, enforceRateLimit, RATE_LIMITS, tooManyRequests } from "../auth/rate-limit.ts";
import { checkCode, issueCode } from "../auth/verification-codes.ts";
import { deleteCode } from "../db/queries/verification-codes.ts";
import { findUserByEmail, setPasswordHash } from "../db/queries/users.ts";
import type { AppDeps } from "../deps.ts";
import { envelope } from "../http/envelope.ts";
import { passwordResetEmail } from "../mail/password-reset-email.ts";
import { errorEnvelope as failure, messageEnvelope as messageOnly } from "../../shared/schemas/envelope.ts";
import { accountValidationHook, jsonContent, limitAccountBody, requireBodyType } from "./account-http.ts";

const forgotRoute = createRoute({
  method: "post",
  path: "/users/password/forgot",
  summary: "E-mail a password reset code, if the address has an account (the answer is the same either way)",
  middleware: [limitAccountBody, requireBodyType("json")] as const,
  request: { body: { required: true, content: jsonContent(forgotPasswordSchema) } },
  responses: {
    200: { description: ACCOUNT_MESSAGES.resetRequested, content: jsonContent(messageOnly) },
    400: { description: "Invalid email address.", content: jsonContent(failure) },
    415: { description: "Not JSON", content: jsonContent(failure) },
    429: { description: "Rate limited; Retry-After says when to try again", content: jsonContent(failure) },
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
    400: {
      description: "Wrong, expired or malformed code, or a weak password",
      content: jsonContent(failure),
    },
    415: { description: "Not JSON", content: jsonContent(failure) },
    429: { description: "Five wrong tries: request a new code", content: jsonContent(failure) },
  },
});

/**
 * Mail leaves after the answer where the host allows it (waitUntil on Workers; Node simply
 * keeps running), so an address with an account does not answer measurably slower.
 */
function sendInBackground(c: Context, deps: AppDeps, send: Promise<void>): void {
  const logged = send.catch((error: unknown) =>
    deps.log("warn", "Could not send a password reset code", error),
  );
  try {
    c.executionCtx.waitUntil(logged);
  } catch {
    // No execution context outside Workers: the promise finishes on its own.
  }
}

export function passwordResetRoutes(deps: AppDeps) {
  const { db } = deps;
  const wrongCode = (c: Context, message: string) =>
    c.json(envelope({ fields: { code: message } }, 400, message), 400);

  return new OpenAPIHono({ defaultHook: accountValidationHook })
    .openapi(forgotRoute, async (c) => {
      const { email } = c.req.valid("json");
      const now = deps.now();
      await enforceRateLimit(db, RATE_LIMITS.mailPerClient, clientKey(c, deps), now);
      await enforceRateLimit(db, RATE_LIMITS.mailPerAddress, email, now);
      const user = await findUserByEmail(db, email);
      if (user) {
        const { code } = await issueCode(db, deps.config.jwtSecret, {
          email,
          purpose: "password-reset",
          nowMs: now,
        });
        sendInBackground(c, deps, deps.mailer.send(passwordResetEmail(email, code)));
      }
      return c.json(envelope(null, 200, ACCOUNT_MESSAGES.resetRequested), 200);
    })
    .openapi(resetRoute, async (c) => {
      const { email, code, password } = c.req.valid("json");
      const user = await findUserByEmail(db, email);
      const weakness = passwordProblem(password, { email, username: user?.username });
      if (weakness) return c.json(envelope({ fields: { password: weakness } }, 400, weakness), 400);
      const check = await checkCode(db, deps.config.jwtSecret, {
        email,
        code,
        purpose: "password-reset",
        nowMs: deps.now(),
      });
      if (check.outcome === "dead") throw tooManyRequests(ACCOUNT_MESSAGES.codeDead, check.retryAfterSeconds);
      if (check.outcome === "expired") return wrongCode(c, ACCOUNT_MESSAGES.expiredCode);
      // A code can only exist for an account; without one the answer is a plain wrong code.
      if (check.outcome === "wrong" || !user) return wrongCode(c, ACCOUNT_MESSAGES.wrongCode);
      await setPasswordHash(db, user.id, await hashPassword(password), { endSessions: true });
      await deleteCode(db, email);
      return c.json(envelope(null, 200, ACCOUNT_MESSAGES.resetSuccess), 200);
    });
}
