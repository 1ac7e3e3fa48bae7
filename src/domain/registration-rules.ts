// The sign-up calls' limits and messages (app banner, early access, influencer; spec points 2,
// 5, 7 and 8). The schemas (src/shared/schemas/registrations.ts), the form islands and the server
// read them from here, so a form island shows them without loading zod.

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
  /** Shown under every success message: nothing is kept on a list until the link is followed. */
  checkInbox: "Please check your inbox: we have sent you a link to confirm your email address.",
  confirmed: {
    "app-banner": "Your email address is confirmed. We will let you know when the app is ready.",
    "early-access": "Your email address is confirmed. You are on the early-access list.",
    influencer: "Your email address is confirmed. Our partnerships team will be in touch.",
  },
  invalidConfirmationLink:
    "This confirmation link is invalid or has expired. Please sign up again to get a new one.",
  firstNameRequired: "First name is required.",
  lastNameRequired: "Last name is required.",
  nameTooLong: `Names can be at most ${REGISTRATION_NAME_MAX_LENGTH} characters long.`,
  invalidPhone: "Please enter a valid phone number (6 to 15 digits, optionally starting with +).",
  socialUrlRequired: "Please enter the address of your main social media profile.",
  invalidSocialUrl: "Please enter a full web address starting with https://",
  socialUrlCredentials: "The social URL must not contain a user name or password.",
  socialUrlNotPublic: "The social URL must be a public website, not a local or private address.",
  bodyTooLarge: "The form is too large to send.",
  tooManyRequests: "Too many requests. Please wait and try again.",
} as const;

/** Three days: time to find the mail, short enough that unconfirmed details do not linger. */
export const REGISTRATION_CONFIRM_TTL_HOURS = 72;
