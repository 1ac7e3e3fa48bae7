// Inputs of the sign-up calls a visitor makes without an account: the app banner's e-mail
// (POST /register), the early-access form and the influencer application (spec points 2, 5,
// 7 and 8). One schema per input, used by the Hono routes and the form islands alike.
import { z } from "./zod.ts";

// The same rules as the accounts schemas (accounts.ts), repeated rather than imported: that
// module builds its schemas with the unconfigured zod, which trips the CSP in the browser.
/** The "simple address pattern" of spec point 5. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMAIL_MAX_LENGTH = 254;
/** Digits with the separators people type; at least 6 and at most 15 digits (E.164). */
const PHONE_PATTERN = /^\+?[0-9][0-9 ()-]{4,22}[0-9]$/;

export const REGISTRATION_NAME_MAX_LENGTH = 100;
/** Browsers and most sites cap URLs near 2,000 characters; a profile link is far shorter. */
export const SOCIAL_URL_MAX_LENGTH = 2048;
/** The largest valid form body is about 2.6 KB; anything over this is refused unread. */
export const REGISTRATION_BODY_LIMIT_BYTES = 16 * 1024;

export const REGISTRATION_MESSAGES = {
  /** Spec point 5 (app banner), used for every e-mail field here. */
  invalidEmail: "Please enter a valid email address.",
  /** Spec point 8 (app banner success). */
  registered: "Thank you for registering!",
  /** Spec point 8 (app banner failures), shown by the banner island. */
  registerFailed: "Failed to register. Please try again later.",
  registerError: "An error occurred. Please try again later.",
  earlyAccessJoined: "Thank you for joining! We will e-mail you as soon as the app is ready.",
  influencerApplied: "Thank you for applying! Our partnerships team will be in touch by e-mail.",
  firstNameRequired: "First name is required.",
  lastNameRequired: "Last name is required.",
  nameTooLong: `Names can be at most ${REGISTRATION_NAME_MAX_LENGTH} characters long.`,
  invalidPhone: "Please enter a valid phone number (6 to 15 digits, optionally starting with +).",
  socialUrlRequired: "Please enter the address of your main social media profile.",
  invalidSocialUrl: "Please enter a full web address starting with https://",
  bodyTooLarge: "The form is too large to send.",
  tooManyRequests: "Too many requests. Please wait and try again.",
} as const;

export const REGISTRATION_KINDS = ["app-banner", "early-access", "influencer"] as const;
export type RegistrationKind = (typeof REGISTRATION_KINDS)[number];

/** Stored trimmed and lower-cased so one address registers once per kind. */
export const registrationEmailSchema = z
  .string({ error: REGISTRATION_MESSAGES.invalidEmail })
  .trim()
  .max(EMAIL_MAX_LENGTH, REGISTRATION_MESSAGES.invalidEmail)
  .regex(EMAIL_PATTERN, REGISTRATION_MESSAGES.invalidEmail)
  .toLowerCase();

const personName = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(REGISTRATION_NAME_MAX_LENGTH, REGISTRATION_MESSAGES.nameTooLong);

/**
 * Phone is asked for but optional: we only need it to follow up, and UK GDPR's data
 * minimisation favours not forcing it. Missing, null or empty is stored as null.
 */
const optionalPhone = z
  .string({ error: REGISTRATION_MESSAGES.invalidPhone })
  .trim()
  .refine((value) => value === "" || PHONE_PATTERN.test(value), REGISTRATION_MESSAGES.invalidPhone)
  .transform((value) => (value === "" ? null : value.replace(/[ ()-]/g, "")))
  .refine((value) => value === null || /^\+?[0-9]{6,15}$/.test(value), REGISTRATION_MESSAGES.invalidPhone)
  .nullish()
  .transform((value) => value ?? null);

const socialUrl = z
  .string({ error: REGISTRATION_MESSAGES.socialUrlRequired })
  .trim()
  .min(1, REGISTRATION_MESSAGES.socialUrlRequired)
  .max(SOCIAL_URL_MAX_LENGTH, REGISTRATION_MESSAGES.invalidSocialUrl)
  .refine(isWebAddress, REGISTRATION_MESSAGES.invalidSocialUrl);

/** Only http(s) links: a javascript: or data: URL would be dangerous wherever staff open it. */
function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

/** POST /register: the app banner's e-mail sign-up. */
export const appBannerRegistrationSchema = z.object({ email: registrationEmailSchema });

/** POST /registrations/early-access: the Join form. */
export const earlyAccessRegistrationSchema = z.object({
  firstName: personName(REGISTRATION_MESSAGES.firstNameRequired),
  lastName: personName(REGISTRATION_MESSAGES.lastNameRequired),
  email: registrationEmailSchema,
  phone: optionalPhone,
});

/** POST /registrations/influencer: the Apply form. */
export const influencerRegistrationSchema = earlyAccessRegistrationSchema.extend({
  socialUrl,
});

export type AppBannerRegistrationInput = z.input<typeof appBannerRegistrationSchema>;
export type EarlyAccessRegistrationInput = z.input<typeof earlyAccessRegistrationSchema>;
export type InfluencerRegistrationInput = z.input<typeof influencerRegistrationSchema>;
export type InfluencerRegistration = z.output<typeof influencerRegistrationSchema>;
export type EarlyAccessRegistration = z.output<typeof earlyAccessRegistrationSchema>;

/** Every answer of these calls is the envelope with data null; errors add per-field messages. */
export interface RegistrationErrorData {
  fields: Record<string, string>;
}
