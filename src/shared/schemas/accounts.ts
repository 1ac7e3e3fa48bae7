// Inputs of the accounts calls (spec points 2, 5 and 7 "Accounts"). One schema per input,
// used by the Hono routes and by the sign-up, verification and login islands alike.
import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import {
  ACCOUNT_MESSAGES,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from "../../domain/account-rules.ts";
import { safeText } from "./text.ts";
import * as z from "./zod.ts";

/**
 * The "simple address pattern" of spec point 5: something@something.something, without
 * spaces or the characters that make an address list or a display name in a mail header
 * (<>()[],;:"\), so what we send to is exactly the one address typed.
 */
export const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;
export const VERIFICATION_CODE_PATTERN = /^[A-Za-z0-9]{6}$/;
export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;
/** Digits with the separators people type; at least 6 and at most 15 digits (E.164). */
export const PHONE_PATTERN = /^\+?[0-9][0-9 ()-]{4,22}[0-9]$/;

/**
 * Addresses are printable ASCII: a look-alike letter from another script ("аlice" with a
 * Cyrillic а) would make a second account that reads as the first. International domains
 * are typed in their xn-- form.
 */
const ASCII_ADDRESS = /^[\x21-\x7e]+$/;

const emailText = (message: string) =>
  safeText("Email", { typeMessage: message })
    .max(EMAIL_MAX_LENGTH, message)
    .regex(EMAIL_PATTERN, message)
    .regex(ASCII_ADDRESS, message)
    .toLowerCase();

/** E-mail addresses are compared and stored trimmed and lower-cased. */
export const emailSchema = emailText(ACCOUNT_MESSAGES.invalidEmail);

/** Six letters or digits; entered in any case, compared upper-cased (spec point 5). */
export const verificationCodeSchema = z
  .string({ error: ACCOUNT_MESSAGES.invalidCodeFormat })
  .trim()
  .regex(VERIFICATION_CODE_PATTERN, ACCOUNT_MESSAGES.invalidCodeFormat)
  .toUpperCase();

/** Length only: composition rules make passwords worse (NIST SP 800-63B 5.1.1.2). */
export const passwordSchema = z
  .string({ error: ACCOUNT_MESSAGES.passwordLength })
  .min(PASSWORD_MIN_LENGTH, ACCOUNT_MESSAGES.passwordLength)
  .max(PASSWORD_MAX_LENGTH, ACCOUNT_MESSAGES.passwordLength);

/** ASCII only (USERNAME_PATTERN), compared case-insensitively and by look-alike skeleton. */
export const usernameSchema = safeText("Username", { typeMessage: ACCOUNT_MESSAGES.usernameRequired })
  .min(1, ACCOUNT_MESSAGES.usernameRequired)
  .min(USERNAME_MIN_LENGTH, ACCOUNT_MESSAGES.usernameRule)
  .max(USERNAME_MAX_LENGTH, ACCOUNT_MESSAGES.usernameRule)
  .regex(USERNAME_PATTERN, ACCOUNT_MESSAGES.usernameRule);

/**
 * A phone number as E.164 ("+447700900002"), however it was typed: "07700 900002",
 * "+44 7700 900002", "0044 7700 900002" and "447700900002" are one number. Without a country
 * code it is read as a UK number. Null when it is not a valid number.
 */
export function normalisePhoneNumber(value: string): string | null {
  const compact = value.trim().replace(/^00/, "+");
  // "447700900002": an international number typed without its +.
  const withPlus = /^44[0-9]{9,10}$/.test(compact) ? `+${compact}` : compact;
  const parsed = parsePhoneNumberFromString(withPlus, "GB");
  return parsed?.isPossible() ? parsed.number : null;
}

export const phoneNumberSchema = safeText("Phone number", { typeMessage: ACCOUNT_MESSAGES.invalidPhone })
  .regex(PHONE_PATTERN, ACCOUNT_MESSAGES.invalidPhone)
  .transform((value, ctx) => {
    const e164 = normalisePhoneNumber(value);
    if (e164 === null) ctx.addIssue({ code: "custom", message: ACCOUNT_MESSAGES.invalidPhone });
    return e164 ?? value;
  });

const personName = (requiredMessage: string) =>
  safeText("Name", { typeMessage: requiredMessage })
    .min(1, requiredMessage)
    .max(NAME_MAX_LENGTH, ACCOUNT_MESSAGES.nameTooLong);

/**
 * A user id: a positive integer, or its digits exactly ("1e2", "0302", " 7" and "7.0" are
 * refused rather than read as 100, 302 or 7).
 */
export const userIdSchema = z
  .union([z.number().int().positive().max(Number.MAX_SAFE_INTEGER), z.string().regex(/^[1-9][0-9]{0,14}$/)], {
    error: ACCOUNT_MESSAGES.invalidId,
  })
  .transform(Number);

/** POST /users/sendEmail: `to` from the query (spec) or a JSON body. Subject and text are never taken. */
export const sendEmailSchema = z.object({ to: emailSchema });

/** Sign-up step 1 (/email-verification-users): both fields, checked before the code is sent. */
export const signupStep1Schema = z.object({
  username: usernameSchema,
  email: emailText(ACCOUNT_MESSAGES.invalidEmailStep1),
});

/** POST /users/verifyEmailCode1, form-encoded. */
export const verifyEmailCodeSchema = z.object({ email: emailSchema, code: verificationCodeSchema });

/** The sign-up ticket a right code answers: 32 random bytes in base64url. */
export const SIGNUP_TICKET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * data of a successful POST /users/verifyEmailCode1: the single-use ticket that sign-up needs,
 * so only the client that entered the code can finish the sign-up (issue 20).
 */
export const signupTicketSchema = z.object({ signupTicket: z.string() });

/** Missing: the address was never verified here. Malformed: it cannot be one of ours. */
const signupTicketField = z
  .string({ error: ACCOUNT_MESSAGES.emailNotVerified })
  .min(1, ACCOUNT_MESSAGES.emailNotVerified)
  .regex(SIGNUP_TICKET_PATTERN, ACCOUNT_MESSAGES.signupTicketInvalid);

/** POST /users/signup. `admin` is not read: no client can make itself an administrator. */
export const signupSchema = z.object({
  email: emailSchema,
  registrationMethod: z.literal("email").default("email"),
  firstName: personName(ACCOUNT_MESSAGES.firstNameRequired),
  lastName: personName(ACCOUNT_MESSAGES.lastNameRequired),
  username: usernameSchema,
  phoneNumber: phoneNumberSchema,
  password: passwordSchema,
  signupTicket: signupTicketField.describe("data.signupTicket of POST /users/verifyEmailCode1"),
});

/** POST /users/login. The password is not length-checked here, only bounded. */
export const loginSchema = z.object({
  emailOrPhoneNumber: safeText("Email or phone number", { typeMessage: ACCOUNT_MESSAGES.loginRequiredField })
    .min(1, ACCOUNT_MESSAGES.loginRequiredField)
    .max(EMAIL_MAX_LENGTH, ACCOUNT_MESSAGES.loginFailed),
  password: z
    .string({ error: ACCOUNT_MESSAGES.passwordRequired })
    .min(1, ACCOUNT_MESSAGES.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, ACCOUNT_MESSAGES.loginFailed),
});

/**
 * POST /users/save (bearer): the caller's own names and phone. `id`/`userId`, when sent,
 * must be the caller's (403 otherwise).
 */
export const saveUserSchema = z.object({
  id: userIdSchema.optional(),
  userId: userIdSchema.optional(),
  firstName: personName(ACCOUNT_MESSAGES.firstNameRequired).optional(),
  lastName: personName(ACCOUNT_MESSAGES.lastNameRequired).optional(),
  phoneNumber: phoneNumberSchema.optional(),
});

/** POST /users/password/forgot. */
export const forgotPasswordSchema = z.object({ email: emailSchema });

/** POST /users/password/reset. */
export const resetPasswordSchema = z.object({
  email: emailSchema,
  code: verificationCodeSchema,
  password: passwordSchema,
});

export const userIdParamSchema = z.object({ id: userIdSchema });

export type SendEmailInput = z.input<typeof sendEmailSchema>;
export type SignupStep1Input = z.input<typeof signupStep1Schema>;
export type VerifyEmailCodeInput = z.input<typeof verifyEmailCodeSchema>;
export type SignupInput = z.input<typeof signupSchema>;
export type LoginInput = z.input<typeof loginSchema>;
export type SaveUserInput = z.input<typeof saveUserSchema>;
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** data of a successful POST /users/login; the island stores these in localStorage (spec point 3). */
export const loginResultSchema = z.object({
  token: z.string(),
  userId: z.number(),
  username: z.string(),
  email: z.string(),
  profileId: z.number().nullable(),
});

/** data of a successful POST /users/signup: the spec's fields and, as a login answers, the new account's session. */
export const signupResultSchema = loginResultSchema.extend({ success: z.literal(true) });

/** data of POST /users/sendEmail. */
export const codeSentSchema = z.object({ expiresInSeconds: z.number() });

/** GET /users/{id} for the caller's own id, and the answer of POST /users/save. */
export const ownAccountSchema = z.object({
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
  /**
   * The caller's own role (users.role, docs/moderation.md): the account menu offers Moderation
   * to moderators and admins (issue 24). Never in anyone else's answer.
   */
  role: z.enum(["user", "moderator", "admin"]),
});

/** GET /users/{id} for anyone else: never their e-mail, phone or flags. */
export const publicUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  avatar: z.string().nullable(),
});

export type LoginResult = z.infer<typeof loginResultSchema>;
export type SignupResult = z.infer<typeof signupResultSchema>;
export type SignupTicket = z.infer<typeof signupTicketSchema>;
export type OwnAccount = z.infer<typeof ownAccountSchema>;
export type PublicUser = z.infer<typeof publicUserSchema>;
