// Inputs of the accounts calls (spec points 2, 5 and 7 "Accounts"). One schema per input,
// used by the Hono routes and by the sign-up, verification and login islands alike.
import { z } from "zod";

export const VERIFICATION_CODE_LENGTH = 6;
/** Spec point 9: a code is valid for 300 seconds; the verification screen counts it down. */
export const CODE_TTL_SECONDS = 300;
/** Wrong tries a code survives; the next try answers 429 and a new code must be requested. */
export const MAX_CODE_ATTEMPTS = 5;
/** NIST SP 800-63B: at least 8, allow at least 64, no composition rules. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

/** Messages of the accounts calls; the spec's (points 5 and 8) word for word where it has one. */
export const ACCOUNT_MESSAGES = {
  invalidEmail: "Invalid email address.",
  invalidEmailStep1: "Invalid email address. Please enter a valid email.",
  invalidCodeFormat: "Invalid verification code format.",
  emailSent: "Verification email sent successfully!",
  emailResent: "Verification email resent successfully!",
  emailVerified: "Email verified successfully.",
  wrongCode: "Invalid verification code. Please try again.",
  expiredCode: "Verification code has expired. Please resend the code.",
  codeDead: "Too many wrong attempts. Please request a new verification code.",
  waitToResend: "Please wait until the current code expires to resend.",
  passwordLength: `Password must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters long.`,
  passwordCommon: "This password is too common. Please choose a less guessable one.",
  passwordIsIdentity: "Your password must not be your username or email address.",
  usernameRule: `Username must be ${USERNAME_MIN_LENGTH} to ${USERNAME_MAX_LENGTH} letters, digits, dots, dashes or underscores.`,
  usernameRequired: "Username is required.",
  firstNameRequired: "First name is required.",
  lastNameRequired: "Last name is required.",
  nameTooLong: `Names can be at most ${NAME_MAX_LENGTH} characters long.`,
  invalidPhone: "Invalid phone number. Use 6 to 15 digits, optionally starting with +.",
  emailNotVerified: "Please verify your email address before signing up.",
  usernameTaken: "That username is already taken.",
  emailTaken: "An account with that email address already exists.",
  phoneTaken: "An account with that phone number already exists.",
  signupSuccess: "Signup successful!",
  loginRequiredField: "Email or Phone Number is required",
  passwordRequired: "Password is required",
  loginFailed: "Invalid email or password. Please try again.",
  loginSuccess: "Login successful!",
  logoutSuccess: "Logged out successfully.",
  saved: "Account updated successfully.",
  resetRequested: "If an account exists for that address, we have sent a code.",
  resetSuccess: "Your password has been changed. Please log in with your new password.",
} as const;

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

/** E-mail addresses are compared and stored trimmed and lower-cased. */
export const emailSchema = z
  .string({ error: ACCOUNT_MESSAGES.invalidEmail })
  .trim()
  .max(EMAIL_MAX_LENGTH, ACCOUNT_MESSAGES.invalidEmail)
  .regex(EMAIL_PATTERN, ACCOUNT_MESSAGES.invalidEmail)
  .toLowerCase();

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

export const usernameSchema = z
  .string({ error: ACCOUNT_MESSAGES.usernameRequired })
  .trim()
  .min(1, ACCOUNT_MESSAGES.usernameRequired)
  .min(USERNAME_MIN_LENGTH, ACCOUNT_MESSAGES.usernameRule)
  .max(USERNAME_MAX_LENGTH, ACCOUNT_MESSAGES.usernameRule)
  .regex(USERNAME_PATTERN, ACCOUNT_MESSAGES.usernameRule);

/** Stored as typed (trimmed); only spaces, dashes and brackets are dropped. */
export const phoneNumberSchema = z
  .string({ error: ACCOUNT_MESSAGES.invalidPhone })
  .trim()
  .regex(PHONE_PATTERN, ACCOUNT_MESSAGES.invalidPhone)
  .transform((value) => value.replace(/[ ()-]/g, ""))
  .refine((value) => /^\+?[0-9]{6,15}$/.test(value), ACCOUNT_MESSAGES.invalidPhone);

const personName = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(NAME_MAX_LENGTH, ACCOUNT_MESSAGES.nameTooLong);

/** POST /users/sendEmail: `to` from the query (spec) or a JSON body. Subject and text are never taken. */
export const sendEmailSchema = z.object({ to: emailSchema });

/** Sign-up step 1 (/email-verification-users): both fields, checked before the code is sent. */
export const signupStep1Schema = z.object({
  username: usernameSchema,
  email: z
    .string({ error: ACCOUNT_MESSAGES.invalidEmailStep1 })
    .trim()
    .max(EMAIL_MAX_LENGTH, ACCOUNT_MESSAGES.invalidEmailStep1)
    .regex(EMAIL_PATTERN, ACCOUNT_MESSAGES.invalidEmailStep1)
    .toLowerCase(),
});

/** POST /users/verifyEmailCode1, form-encoded. */
export const verifyEmailCodeSchema = z.object({ email: emailSchema, code: verificationCodeSchema });

/** POST /users/signup. `admin` is not read: no client can make itself an administrator. */
export const signupSchema = z.object({
  email: emailSchema,
  registrationMethod: z.literal("email").default("email"),
  firstName: personName(ACCOUNT_MESSAGES.firstNameRequired),
  lastName: personName(ACCOUNT_MESSAGES.lastNameRequired),
  username: usernameSchema,
  phoneNumber: phoneNumberSchema,
  password: passwordSchema,
});

/** POST /users/login. The password is not length-checked here, only bounded. */
export const loginSchema = z.object({
  emailOrPhoneNumber: z
    .string({ error: ACCOUNT_MESSAGES.loginRequiredField })
    .trim()
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
  id: z.coerce.number().int().positive().optional(),
  userId: z.coerce.number().int().positive().optional(),
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

export const userIdParamSchema = z.object({ id: z.coerce.number().int().positive() });

export type SendEmailInput = z.input<typeof sendEmailSchema>;
export type SignupStep1Input = z.input<typeof signupStep1Schema>;
export type VerifyEmailCodeInput = z.input<typeof verifyEmailCodeSchema>;
export type SignupInput = z.input<typeof signupSchema>;
export type LoginInput = z.input<typeof loginSchema>;
export type SaveUserInput = z.input<typeof saveUserSchema>;
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** data of a successful POST /users/login; the island stores these in localStorage (spec point 3). */
export interface LoginResult {
  token: string;
  userId: number;
  username: string;
  email: string;
  profileId: number | null;
}

/** data of a successful POST /users/signup. */
export interface SignupResult {
  success: true;
  userId: number;
}

/** GET /users/{id} for the caller's own id. */
export interface OwnAccount {
  id: number;
  username: string;
  email: string;
  phoneNumber: string | null;
  firstName: string;
  lastName: string;
  registrationMethod: string;
  emailVerified: boolean;
  avatar: string | null;
  profileId: number | null;
  createdAt: number;
}

/** GET /users/{id} for anyone else: never their e-mail, phone or flags. */
export interface PublicUser {
  id: number;
  username: string;
  avatar: string | null;
}
