// The accounts contract's limits and messages (spec points 2, 5, 7 "Accounts", 8 and 9; issue
// 12 for settings' account calls). The schemas (src/shared/schemas/accounts.ts, account-data.ts)
// and the account islands read them from here, so an island shows them without loading zod.

export const VERIFICATION_CODE_LENGTH = 6;
/** Spec point 9: a code is valid for 300 seconds; the verification screen counts it down. */
export const CODE_TTL_SECONDS = 300;
/**
 * Issue 24: a lost mail should not cost five minutes, so a new code may be asked for 60 s
 * after the last one (the spec waited for the whole 300 s). The per-address mail limit
 * (RATE_LIMITS.mailPerAddress) still bounds how many are sent.
 */
export const RESEND_AFTER_SECONDS = 60;
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
  invalidPhone: "Invalid phone number. Please enter a UK number, or an international one starting with +.",
  phoneNotSaved: "We could not save that phone number. Please check it or use another number.",
  invalidId: "must be a positive integer",
  emailNotVerified: "Please verify your email address before signing up.",
  signupTicketInvalid:
    "This sign-up link is not valid for this email address, or has already been used. Please verify your email address again.",
  signupTicketExpired: "Your email verification has expired. Please verify your email address again.",
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

/** A password field's bound before any check: a longer one is refused as wrong, never hashed. */
export const PASSWORD_INPUT_MAX_LENGTH = 1024;

export const ACCOUNT_DATA_MESSAGES = {
  passwordChanged: "Your password has been changed. Other sessions have been logged out.",
  currentPasswordWrong: "Your current password is not correct.",
  samePassword: "Your new password must be different from the current one.",
  exported: "Your data is ready to download.",
  deleted: "Your account and everything you posted have been deleted.",
  passwordToDelete: "Enter your password to delete your account.",
} as const;
