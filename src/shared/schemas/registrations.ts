// Inputs of the sign-up calls a visitor makes without an account: the app banner's e-mail
// (POST /register), the early-access form and the influencer application (spec points 2, 5,
// 7 and 8). One schema per input, used by the Hono routes and the form islands alike.
import { EMAIL_MAX_LENGTH } from "../../domain/account-rules.ts";
import {
  REGISTRATION_MESSAGES,
  REGISTRATION_NAME_MAX_LENGTH,
  SOCIAL_URL_MAX_LENGTH,
} from "../../domain/registration-rules.ts";
import { safeText } from "./text.ts";
import * as z from "./zod.ts";

/** The "simple address pattern" of spec point 5. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Digits with the separators people type; at least 6 and at most 15 digits (E.164). */
const PHONE_PATTERN = /^\+?[0-9][0-9 ()-]{4,22}[0-9]$/;

export const REGISTRATION_KINDS = ["app-banner", "early-access", "influencer"] as const;
export type RegistrationKind = (typeof REGISTRATION_KINDS)[number];

/** Stored trimmed and lower-cased so one address registers once per kind. */
export const registrationEmailSchema = safeText("Email", { typeMessage: REGISTRATION_MESSAGES.invalidEmail })
  .max(EMAIL_MAX_LENGTH, REGISTRATION_MESSAGES.invalidEmail)
  .regex(EMAIL_PATTERN, REGISTRATION_MESSAGES.invalidEmail)
  .toLowerCase();

const personName = (label: string, requiredMessage: string) =>
  safeText(label, { typeMessage: requiredMessage })
    .min(1, requiredMessage)
    .max(REGISTRATION_NAME_MAX_LENGTH, REGISTRATION_MESSAGES.nameTooLong);

/**
 * Phone is asked for but optional: we only need it to follow up, and UK GDPR's data
 * minimisation favours not forcing it. Missing, null or empty is stored as null.
 */
const optionalPhone = safeText("Phone", { typeMessage: REGISTRATION_MESSAGES.invalidPhone })
  .refine((value) => value === "" || PHONE_PATTERN.test(value), REGISTRATION_MESSAGES.invalidPhone)
  .transform((value) => (value === "" ? null : value.replace(/[ ()-]/g, "")))
  .refine((value) => value === null || /^\+?[0-9]{6,15}$/.test(value), REGISTRATION_MESSAGES.invalidPhone)
  .nullish()
  .transform((value) => value ?? null);

const socialUrl = safeText("The social URL", { typeMessage: REGISTRATION_MESSAGES.socialUrlRequired })
  .min(1, REGISTRATION_MESSAGES.socialUrlRequired)
  .max(SOCIAL_URL_MAX_LENGTH, REGISTRATION_MESSAGES.invalidSocialUrl)
  .transform((value, ctx) => {
    const problem = socialUrlProblem(value);
    if (problem) {
      ctx.addIssue({ code: "custom", message: problem });
      return z.NEVER;
    }
    // The parsed form: hosts in punycode (a look-alike Cyrillic host shows as xn--…), no
    // default port, the same string staff will open.
    return new URL(value).href;
  });

/**
 * Staff open these links, and a link preview or a later crawler may fetch them, so only a
 * public https website passes: no javascript:, data: or plain http:, no user name or password
 * (https://instagram.com@evil.example reads as Instagram and goes elsewhere), no IP address
 * (a profile never lives at one; 127.0.0.1, 10.x or 169.254.169.254 reach the server's own
 * network), no local names, and no port. WHATWG URL parsing is lenient ("https:evil.com" is
 * read as "https://evil.com/"), so the written form must start with "https://" itself.
 */
function socialUrlProblem(value: string): string | null {
  if (!/^https:\/\//i.test(value)) return REGISTRATION_MESSAGES.invalidSocialUrl;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return REGISTRATION_MESSAGES.invalidSocialUrl;
  }
  if (url.protocol !== "https:") return REGISTRATION_MESSAGES.invalidSocialUrl;
  if (url.username !== "" || url.password !== "" || /^https:\/\/[^/?#]*@/i.test(value)) {
    return REGISTRATION_MESSAGES.socialUrlCredentials;
  }
  if (!isPublicHostName(url.hostname) || url.port !== "") return REGISTRATION_MESSAGES.socialUrlNotPublic;
  return null;
}

/** Special-use names (RFC 6761, 6762, 8375) and common private suffixes: never the public web. */
const LOCAL_SUFFIXES = [
  "localhost",
  "local",
  "internal",
  "intranet",
  "lan",
  "home.arpa",
  "invalid",
  "test",
  "example",
  "onion",
];

function isPublicHostName(hostName: string): boolean {
  const host = hostName.toLowerCase().replace(/\.$/, "");
  // The URL parser has already turned 0x7f.1, 2130706433 and friends into dotted IPv4.
  if (host.startsWith("[") || /^[0-9.]+$/.test(host)) return false;
  const labels = host.split(".");
  if (labels.length < 2 || labels.some((label) => label === "")) return false;
  const tld = labels[labels.length - 1]!;
  if (!/^([a-z]{2,63}|xn--[a-z0-9-]{1,59})$/.test(tld)) return false;
  return !LOCAL_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`));
}

/** POST /register: the app banner's e-mail sign-up. */
export const appBannerRegistrationSchema = z.object({ email: registrationEmailSchema });

/** POST /registrations/early-access: the Join form. */
export const earlyAccessRegistrationSchema = z.object({
  firstName: personName("First name", REGISTRATION_MESSAGES.firstNameRequired),
  lastName: personName("Last name", REGISTRATION_MESSAGES.lastNameRequired),
  email: registrationEmailSchema,
  phone: optionalPhone,
});

/** POST /registrations/influencer: the Apply form. */
export const influencerRegistrationSchema = earlyAccessRegistrationSchema.extend({
  socialUrl,
});

/**
 * The token of a confirmation link: 32 random bytes in base64url. Anything else cannot be one
 * of ours, so it is refused before the database is asked.
 */
export const REGISTRATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** POST /registrations/confirm: the token from the link, sent by the confirmation page. */
export const registrationConfirmSchema = z.object({
  token: z
    .string({ error: REGISTRATION_MESSAGES.invalidConfirmationLink })
    .regex(REGISTRATION_TOKEN_PATTERN, REGISTRATION_MESSAGES.invalidConfirmationLink),
});

/** What a confirmation answers: which list the address is now on. */
export const registrationConfirmedSchema = z.object({ kind: z.enum(REGISTRATION_KINDS) });
export type RegistrationConfirmed = z.infer<typeof registrationConfirmedSchema>;

export type AppBannerRegistrationInput = z.input<typeof appBannerRegistrationSchema>;
export type EarlyAccessRegistrationInput = z.input<typeof earlyAccessRegistrationSchema>;
export type InfluencerRegistrationInput = z.input<typeof influencerRegistrationSchema>;
export type InfluencerRegistration = z.output<typeof influencerRegistrationSchema>;
export type EarlyAccessRegistration = z.output<typeof earlyAccessRegistrationSchema>;

/** Every answer of these calls is the envelope with data null; errors add per-field messages. */
export interface RegistrationErrorData {
  fields: Record<string, string>;
}
