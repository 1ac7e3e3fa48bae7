// Accounts (spec points 2, 4, 5 and 7 "Accounts"; contract in docs/accounts.md): sign-up with
// an e-mailed code, login, logout, own details and the user lookup.
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  ACCOUNT_MESSAGES,
  CODE_TTL_SECONDS,
  loginSchema,
  saveUserSchema,
  sendEmailSchema,
  signupSchema,
  userIdParamSchema,
  verifyEmailCodeSchema,
  type LoginResult,
  type OwnAccount,
  type PublicUser,
} from "../../shared/schemas/accounts.ts";
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from "../auth/password.ts";
import { passwordProblem } from "../auth/password-policy.ts";
import {
  clientKey,
  enforceRateLimit,
  pruneOccasionally,
  RATE_LIMITS,
  tooManyRequests,
} from "../auth/rate-limit.ts";
import { assertSelf, authUser, requireUser } from "../auth/require-user.ts";
import { issueToken } from "../auth/tokens.ts";
import { checkCode, isEmailVerifiedForSignup, issueCode } from "../auth/verification-codes.ts";
import { deleteCode } from "../db/queries/verification-codes.ts";
import {
  bumpTokenVersion,
  createAccount,
  emailHasAccount,
  findAccountConflicts,
  findProfileSummary,
  findUserByEmail,
  findUserById,
  findUserByPhone,
  setPasswordHash,
  updateAccountDetails,
  type AccountConflicts,
  type UserRow,
} from "../db/queries/users.ts";
import type { AppDeps } from "../deps.ts";
import { ApiError, envelope } from "../http/envelope.ts";
import { accountExistsEmail } from "../mail/account-exists-email.ts";
import type { MailMessage } from "../mail/mailer.ts";
import { verificationEmail } from "../mail/verification-email.ts";
import { envelopeOf, errorEnvelope as failure, messageEnvelope as messageOnly } from "../../shared/schemas/envelope.ts";
import {
  accountValidationHook,
  fieldErrors,
  jsonContent,
  limitAccountBody,
  requireBodyType,
} from "./account-http.ts";

const bearer = [{ bearerAuth: [] }];
const tooMany = {
  description: "Rate limited; Retry-After says when to try again",
  content: jsonContent(failure),
};
const unauthorizedResponse = {
  description: "Missing, invalid, expired or logged-out token",
  content: jsonContent(failure),
};

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
      content: jsonContent(envelopeOf(z.object({ expiresInSeconds: z.number() }))),
    },
    400: { description: "Invalid email address.", content: jsonContent(failure) },
    429: tooMany,
    503: { description: "The mail could not be sent", content: jsonContent(failure) },
  },
});

const verifyEmailCodeRoute = createRoute({
  method: "post",
  path: "/users/verifyEmailCode1",
  summary: "Check the e-mailed code (form-encoded email and code)",
  middleware: [limitAccountBody, requireBodyType("form")] as const,
  request: {
    body: {
      required: true,
      content: { "application/x-www-form-urlencoded": { schema: verifyEmailCodeSchema } },
    },
  },
  responses: {
    200: { description: "Email verified successfully.", content: jsonContent(messageOnly) },
    400: { description: "Wrong, expired or malformed code", content: jsonContent(failure) },
    415: { description: "Not form-encoded", content: jsonContent(failure) },
    429: {
      description: "Five wrong tries: the code is dead, request a new one",
      content: jsonContent(failure),
    },
  },
});

const signupRoute = createRoute({
  method: "post",
  path: "/users/signup",
  summary: "Create the account for a verified e-mail address (admin is ignored)",
  middleware: [limitAccountBody, requireBodyType("json")] as const,
  request: { body: { required: true, content: jsonContent(signupSchema) } },
  responses: {
    201: {
      description: "Signup successful!",
      content: jsonContent(envelopeOf(z.object({ success: z.literal(true), userId: z.number() }))),
    },
    400: { description: "Invalid field, weak password or unverified e-mail", content: jsonContent(failure) },
    409: { description: "Username, e-mail or phone number taken", content: jsonContent(failure) },
    415: { description: "Not JSON", content: jsonContent(failure) },
  },
});

const loginResultSchema = z.object({
  token: z.string(),
  userId: z.number(),
  username: z.string(),
  email: z.string(),
  profileId: z.number().nullable(),
});

const loginRoute = createRoute({
  method: "post",
  path: "/users/login",
  summary: "Log in with e-mail or phone number and password; answers a bearer token",
  middleware: [limitAccountBody, requireBodyType("json")] as const,
  request: { body: { required: true, content: jsonContent(loginSchema) } },
  responses: {
    200: { description: "Logged in", content: jsonContent(envelopeOf(loginResultSchema)) },
    400: { description: "A field is missing", content: jsonContent(failure) },
    401: {
      description: "Invalid email or password (the same for an unknown account)",
      content: jsonContent(failure),
    },
    415: { description: "Not JSON", content: jsonContent(failure) },
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
    401: unauthorizedResponse,
  },
});

const ownAccountSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  registrationMethod: z.string(),
  emailVerified: z.boolean(),
  avatar: z.string().nullable(),
  profileId: z.number().nullable(),
  createdAt: z.number(),
});
const publicUserSchema = z.object({ id: z.number(), username: z.string(), avatar: z.string().nullable() });

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
    400: { description: "Invalid field", content: jsonContent(failure) },
    401: unauthorizedResponse,
    403: { description: "id or userId names another user", content: jsonContent(failure) },
    409: { description: "Phone number taken", content: jsonContent(failure) },
    415: { description: "Not JSON", content: jsonContent(failure) },
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
    400: { description: "Invalid id", content: jsonContent(failure) },
    401: unauthorizedResponse,
    404: { description: "No such user", content: jsonContent(failure) },
  },
});

async function ownAccount(deps: AppDeps, user: UserRow): Promise<OwnAccount> {
  const profile = await findProfileSummary(deps.db, user.id);
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    phoneNumber: user.phoneNumber,
    firstName: user.firstName,
    lastName: user.lastName,
    registrationMethod: user.registrationMethod,
    emailVerified: user.emailVerified,
    avatar: profile?.profileImage ?? null,
    profileId: profile?.id ?? null,
    createdAt: user.createdAt,
  };
}

/** A refusal that names the fields at fault, so a form can mark each of them. */
interface FieldError {
  status: 409;
  message: string;
  fields: Record<string, string>;
}

function conflictError(conflicts: AccountConflicts): FieldError | undefined {
  const fields: Record<string, string> = {};
  if (conflicts.username) fields.username = ACCOUNT_MESSAGES.usernameTaken;
  if (conflicts.email) fields.email = ACCOUNT_MESSAGES.emailTaken;
  if (conflicts.phoneNumber) fields.phoneNumber = ACCOUNT_MESSAGES.phoneTaken;
  const first = Object.values(fields)[0];
  return first === undefined ? undefined : { status: 409, message: first, fields };
}

function fieldFailure(c: Context, error: FieldError) {
  return c.json(envelope({ fields: error.fields }, error.status, error.message), error.status);
}

/** Sends or answers 503 with the spec's message; the cause goes to the log, not the caller. */
async function sendMail(deps: AppDeps, message: MailMessage): Promise<void> {
  try {
    await deps.mailer.send(message);
  } catch (error) {
    deps.log("warn", `Could not send mail "${message.subject}"`, error);
    throw new ApiError(503, "Failed to send verification email. Please try again.");
  }
}

/** Login identifiers: an address when it has an @, else a phone number normalised like sign-up's. */
function loginIdentity(value: string): { email: string } | { phoneNumber: string } {
  if (value.includes("@")) return { email: value.trim().toLowerCase() };
  return { phoneNumber: value.replace(/[ ()-]/g, "") };
}

export function userRoutes(deps: AppDeps) {
  const { db } = deps;
  // The first unknown-user login would otherwise pay for making the dummy hash.
  void dummyPasswordHash();

  // Validation problems answer in the user's words (accountValidationHook), not the generic hook.
  const router = new OpenAPIHono({ defaultHook: accountValidationHook });
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
        return c.json(
          envelope({ fields: fieldErrors(parsed.error) }, 400, ACCOUNT_MESSAGES.invalidEmail),
          400,
        );
      }
      const { to } = parsed.data;
      const now = deps.now();
      await enforceRateLimit(db, RATE_LIMITS.mailPerClient, clientKey(c, deps), now);
      await enforceRateLimit(db, RATE_LIMITS.mailPerAddress, to, now);
      await pruneOccasionally(db, now);
      if (await emailHasAccount(db, to)) {
        await sendMail(deps, accountExistsEmail(to, deps.config.publicOrigin));
      } else {
        const { code } = await issueCode(db, deps.config.jwtSecret, {
          email: to,
          purpose: "signup",
          nowMs: now,
        });
        await sendMail(deps, verificationEmail(to, code));
      }
      return c.json(envelope({ expiresInSeconds: CODE_TTL_SECONDS }, 200, ACCOUNT_MESSAGES.emailSent), 200);
    })
    .openapi(
      verifyEmailCodeRoute,
      async (c) => {
        const { email, code } = c.req.valid("form");
        const check = await checkCode(db, deps.config.jwtSecret, {
          email,
          code,
          purpose: "signup",
          nowMs: deps.now(),
        });
        switch (check.outcome) {
          case "ok":
            return c.json(envelope(null, 200, ACCOUNT_MESSAGES.emailVerified), 200);
          case "expired":
            return c.json(
              envelope({ fields: { code: ACCOUNT_MESSAGES.expiredCode } }, 400, ACCOUNT_MESSAGES.expiredCode),
              400,
            );
          case "dead":
            throw tooManyRequests(ACCOUNT_MESSAGES.codeDead, check.retryAfterSeconds);
          case "wrong":
            return c.json(
              envelope({ fields: { code: ACCOUNT_MESSAGES.wrongCode } }, 400, ACCOUNT_MESSAGES.wrongCode),
              400,
            );
        }
      },
      accountValidationHook,
    )
    .openapi(
      signupRoute,
      async (c) => {
        const input = c.req.valid("json");
        const weakness = passwordProblem(input.password, input);
        if (weakness) return c.json(envelope({ fields: { password: weakness } }, 400, weakness), 400);
        const now = deps.now();
        if (!(await isEmailVerifiedForSignup(db, input.email, now))) {
          const message = ACCOUNT_MESSAGES.emailNotVerified;
          return c.json(envelope({ fields: { email: message } }, 400, message), 400);
        }
        const taken = conflictError(await findAccountConflicts(db, input));
        if (taken) return fieldFailure(c, taken);
        const passwordHash = await hashPassword(input.password);
        let created: { userId: number };
        try {
          created = await createAccount(
            db,
            {
              username: input.username,
              email: input.email,
              phoneNumber: input.phoneNumber,
              firstName: input.firstName,
              lastName: input.lastName,
              registrationMethod: input.registrationMethod,
              passwordHash,
            },
            now,
          );
        } catch (error) {
          // A parallel sign-up took a unique field between our check and the insert.
          const raced = conflictError(await findAccountConflicts(db, input));
          if (raced) return fieldFailure(c, raced);
          throw error;
        }
        await deleteCode(db, input.email);
        return c.json(
          envelope({ success: true as const, userId: created.userId }, 201, ACCOUNT_MESSAGES.signupSuccess),
          201,
        );
      },
      accountValidationHook,
    )
    .openapi(
      loginRoute,
      async (c) => {
        const { emailOrPhoneNumber, password } = c.req.valid("json");
        const identity = loginIdentity(emailOrPhoneNumber);
        const now = deps.now();
        await enforceRateLimit(db, RATE_LIMITS.loginPerClient, clientKey(c, deps), now);
        await enforceRateLimit(db, RATE_LIMITS.loginPerAccount, Object.values(identity)[0]!, now);
        const user =
          "email" in identity
            ? await findUserByEmail(db, identity.email)
            : await findUserByPhone(db, identity.phoneNumber);
        // An unknown account costs one real scrypt too, so timing does not tell it apart.
        const matches = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
        if (!user || !matches) {
          return c.json(envelope(null, 401, ACCOUNT_MESSAGES.loginFailed), 401);
        }
        if (needsRehash(user.passwordHash)) {
          await setPasswordHash(db, user.id, await hashPassword(password), { endSessions: false });
        }
        const token = await issueToken(
          { userId: user.id, tokenVersion: user.tokenVersion },
          deps.config.jwtSecret,
          now,
        );
        const profile = await findProfileSummary(db, user.id);
        const result: LoginResult = {
          token,
          userId: user.id,
          username: user.username,
          email: user.email,
          profileId: profile?.id ?? null,
        };
        return c.json(envelope(result, 200, ACCOUNT_MESSAGES.loginSuccess), 200);
      },
      accountValidationHook,
    )
    .openapi({ ...logoutRoute, middleware: [limitAccountBody, requireUser(deps)] as const }, async (c) => {
      await bumpTokenVersion(db, authUser(c).id);
      return c.json(envelope(null, 200, ACCOUNT_MESSAGES.logoutSuccess), 200);
    })
    .openapi(
      { ...saveRoute, middleware: [limitAccountBody, requireUser(deps), requireBodyType("json")] as const },
      async (c) => {
        const input = c.req.valid("json");
        const me = assertSelf(c, input.id, input.userId);
        if (input.phoneNumber !== undefined) {
          const taken = conflictError(
            await findAccountConflicts(db, { phoneNumber: input.phoneNumber }, me.id),
          );
          if (taken) return fieldFailure(c, taken);
        }
        try {
          await updateAccountDetails(db, me.id, {
            ...(input.firstName === undefined ? {} : { firstName: input.firstName }),
            ...(input.lastName === undefined ? {} : { lastName: input.lastName }),
            ...(input.phoneNumber === undefined ? {} : { phoneNumber: input.phoneNumber }),
          });
        } catch (error) {
          const raced =
            input.phoneNumber === undefined
              ? undefined
              : conflictError(await findAccountConflicts(db, { phoneNumber: input.phoneNumber }, me.id));
          if (raced) return fieldFailure(c, raced);
          throw error;
        }
        const user = await findUserById(db, me.id);
        if (!user) throw new ApiError(401);
        return c.json(envelope(await ownAccount(deps, user), 200, ACCOUNT_MESSAGES.saved), 200);
      },
      accountValidationHook,
    )
    .openapi(
      { ...getUserRoute, middleware: [requireUser(deps)] as const },
      async (c) => {
        const me = authUser(c);
        const { id } = c.req.valid("param");
        const user = await findUserById(db, id);
        if (!user) throw new ApiError(404);
        if (user.id === me.id) return c.json(envelope(await ownAccount(deps, user)), 200);
        const profile = await findProfileSummary(db, user.id);
        const publicUser: PublicUser = {
          id: user.id,
          username: user.username,
          avatar: profile?.profileImage ?? null,
        };
        return c.json(envelope(publicUser), 200);
      },
      accountValidationHook,
    );
}
