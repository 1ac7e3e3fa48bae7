// Accounts (spec points 2, 4, 5 and 7 "Accounts"; contract in docs/accounts.md): sign-up with
// an e-mailed code, login, logout, own details and the user lookup. HTTP only: the flows live
// in services/accounts.ts.
import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import { ACCOUNT_MESSAGES } from "../../../domain/account-rules.ts";
import {
  codeSentSchema,
  loginResultSchema,
  loginSchema,
  ownAccountSchema,
  publicUserSchema,
  saveUserSchema,
  sendEmailSchema,
  signupResultSchema,
  signupSchema,
  signupTicketSchema,
  userIdParamSchema,
  verifyEmailCodeSchema,
} from "../../../shared/schemas/accounts.ts";
import { dummyPasswordHash, passwordCost } from "../auth/password.ts";
import { clientKey } from "../auth/rate-limit.ts";
import { assertSelf, authUser, requireUser } from "../auth/require-user.ts";
import type { AppDeps } from "../deps.ts";
import { ApiError, envelope } from "../http/envelope.ts";
import { createRouter } from "../http/router.ts";
import { fieldErrors } from "../http/validation.ts";
import { accountsService } from "../services/accounts.ts";
import { assertVisiblePerson } from "../services/blocks.ts";
import { envelopeOf, messageEnvelope as messageOnly } from "../../../shared/schemas/envelope.ts";
import {
  bearer,
  failure,
  jsonContent,
  limitAccountBody,
  requireBodyType,
  unauthorized,
} from "./route-http.ts";

const tooMany = failure("Rate limited; Retry-After says when to try again");

const sendEmailRoute = createRoute({
  method: "post",
  path: "/users/sendEmail",
  summary: "E-mail a sign-up verification code to `to` (query, or JSON body). Resend is the same call.",
  description:
    "Sends only our own message: any subject or text from the client is ignored (no open relay). " +
    "A new code replaces the previous one. An address that already has an account gets a note " +
    "saying so instead of a code, with the same answer, so the call does not reveal accounts.",
  middleware: [limitAccountBody] as const,
  request: {
    query: z.object({ to: z.string({ error: ACCOUNT_MESSAGES.invalidEmail }).optional() }),
    body: {
      required: false,
      content: jsonContent(z.object({ to: z.string({ error: ACCOUNT_MESSAGES.invalidEmail }).optional() })),
    },
  },
  responses: {
    200: {
      description: "Sent",
      content: jsonContent(envelopeOf(codeSentSchema)),
    },
    400: failure("Invalid email address."),
    429: tooMany,
    503: failure("The mail could not be sent"),
  },
});

const verifyEmailCodeRoute = createRoute({
  method: "post",
  path: "/users/verifyEmailCode1",
  summary: "Check the e-mailed code (form-encoded email and code); answers the sign-up ticket",
  description:
    "data.signupTicket is single use, bound to this address and good for an hour: POST /users/signup " +
    "needs it, so only the client that entered the code can finish the sign-up.",
  middleware: [limitAccountBody, requireBodyType("form")] as const,
  request: {
    body: {
      required: true,
      content: { "application/x-www-form-urlencoded": { schema: verifyEmailCodeSchema } },
    },
  },
  responses: {
    200: {
      description: "Email verified successfully.",
      content: jsonContent(envelopeOf(signupTicketSchema)),
    },
    400: failure("Wrong, expired or malformed code"),
    415: failure("Not form-encoded"),
    429: failure("Five wrong tries: the code is dead, request a new one"),
  },
});

const signupRoute = createRoute({
  method: "post",
  path: "/users/signup",
  summary:
    "Create the account for a verified e-mail address, with its sign-up ticket (admin is ignored); answers its first session, as a login does",
  middleware: [limitAccountBody, requireBodyType("json")] as const,
  request: { body: { required: true, content: jsonContent(signupSchema) } },
  responses: {
    201: {
      description: "Signup successful!",
      content: jsonContent(envelopeOf(signupResultSchema)),
    },
    400: failure("Invalid field, weak password, or no signupTicket (the address was not verified)"),
    403: failure(
      "signupTicket is not this address's live ticket: another address's, used, or over an hour old",
    ),
    409: failure(
      "Username taken, or too like a taken one (a phone number held elsewhere is left off instead)",
    ),
    415: failure("Not JSON"),
  },
});

const loginRoute = createRoute({
  method: "post",
  path: "/users/login",
  summary: "Log in with e-mail or phone number and password; answers a bearer token",
  middleware: [limitAccountBody, requireBodyType("json")] as const,
  request: { body: { required: true, content: jsonContent(loginSchema) } },
  responses: {
    200: { description: "Logged in", content: jsonContent(envelopeOf(loginResultSchema)) },
    400: failure("A field is missing"),
    401: failure("Invalid email or password (the same for an unknown account)"),
    415: failure("Not JSON"),
    429: tooMany,
  },
});

const logoutRoute = createRoute({
  method: "post",
  path: "/users/logout",
  summary: "End the caller's sessions: every token issued so far stops working",
  security: bearer,
  middleware: [limitAccountBody] as const,
  responses: {
    200: { description: "Logged out", content: jsonContent(messageOnly) },
    401: unauthorized,
  },
});

const saveRoute = createRoute({
  method: "post",
  path: "/users/save",
  summary: "Update the caller's own first name, last name or phone number",
  security: bearer,
  middleware: [limitAccountBody, requireBodyType("json")] as const,
  request: { body: { required: true, content: jsonContent(saveUserSchema) } },
  responses: {
    200: {
      description: "Saved; answers the caller's account",
      content: jsonContent(envelopeOf(ownAccountSchema)),
    },
    400: failure("Invalid field, or a phone number that cannot be used"),
    401: unauthorized,
    403: failure("id or userId names another user"),
    429: failure("Too many phone number changes"),
    415: failure("Not JSON"),
  },
});

const getUserRoute = createRoute({
  method: "get",
  path: "/users/{id}",
  summary: "A user: the caller's own full account, or anyone else's public id, username and avatar",
  security: bearer,
  request: { params: userIdParamSchema },
  responses: {
    200: {
      description: "Found",
      content: jsonContent(envelopeOf(z.union([ownAccountSchema, publicUserSchema]))),
    },
    400: failure("Invalid id"),
    401: unauthorized,
    404: failure("No such user, or a block either way (the same answer)"),
  },
});

export function userRoutes(deps: AppDeps) {
  const accounts = accountsService(deps);
  // The first unknown-user login would otherwise pay for making the dummy hash.
  void dummyPasswordHash(passwordCost(deps.config));

  const router = createRouter();
  router.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
  });
  return router
    .openapi(sendEmailRoute, async (c) => {
      const body = c.req.header("content-type")?.includes("json")
        ? (c.req.valid("json") as { to?: string } | undefined)
        : undefined;
      const parsed = sendEmailSchema.safeParse({ to: c.req.valid("query").to ?? body?.to });
      if (!parsed.success) {
        throw new ApiError(400, ACCOUNT_MESSAGES.invalidEmail, {}, { fields: fieldErrors(parsed.error) });
      }
      const sent = await accounts.sendSignupCode(parsed.data.to, clientKey(c, deps));
      return c.json(envelope(sent, 200, ACCOUNT_MESSAGES.emailSent), 200);
    })
    .openapi(verifyEmailCodeRoute, async (c) => {
      const { email, code } = c.req.valid("form");
      const ticket = await accounts.verifySignupCode(email, code);
      return c.json(envelope(ticket, 200, ACCOUNT_MESSAGES.emailVerified), 200);
    })
    .openapi(signupRoute, async (c) => {
      const created = await accounts.signUp(c.req.valid("json"));
      return c.json(
        envelope({ success: true as const, ...created }, 201, ACCOUNT_MESSAGES.signupSuccess),
        201,
      );
    })
    .openapi(loginRoute, async (c) => {
      const { emailOrPhoneNumber, password } = c.req.valid("json");
      const result = await accounts.logIn(emailOrPhoneNumber, password, clientKey(c, deps));
      return c.json(envelope(result, 200, ACCOUNT_MESSAGES.loginSuccess), 200);
    })
    .openapi({ ...logoutRoute, middleware: [limitAccountBody, requireUser(deps)] as const }, async (c) => {
      await accounts.logOut(authUser(c).id);
      return c.json(envelope(null, 200, ACCOUNT_MESSAGES.logoutSuccess), 200);
    })
    .openapi(
      { ...saveRoute, middleware: [limitAccountBody, requireUser(deps), requireBodyType("json")] as const },
      async (c) => {
        const { id, userId, ...patch } = c.req.valid("json");
        const me = assertSelf(c, id, userId);
        const account = await accounts.updateOwnDetails(me.id, patch, clientKey(c, deps));
        return c.json(envelope(account, 200, ACCOUNT_MESSAGES.saved), 200);
      },
    )
    .openapi({ ...getUserRoute, middleware: [requireUser(deps)] as const }, async (c) => {
      const [viewerId, id] = [authUser(c).id, c.req.valid("param").id];
      // Across a block either way, the person answers as if they did not exist (issue 20).
      await assertVisiblePerson(deps, viewerId, id);
      const user = await accounts.userFor(viewerId, id);
      return c.json(envelope(user), 200);
    });
}
