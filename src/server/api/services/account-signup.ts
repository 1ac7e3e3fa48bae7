// Sign-up (docs/accounts.md): a code mailed to a new address, the single-use ticket a right
// code answers, and the account that ticket creates, signed in. Part of accountsService.
import { ACCOUNT_MESSAGES, CODE_TTL_SECONDS } from "../../../domain/account-rules.ts";
import { usernameSkeleton } from "../../../domain/username-skeleton.ts";
import type { LoginResult } from "../../../shared/schemas/accounts.ts";
import { hashPassword, passwordCost } from "../auth/password.ts";
import { passwordProblem } from "../auth/password-policy.ts";
import { enforceRateLimit, pruneOccasionally, RATE_LIMITS } from "../auth/rate-limit.ts";
import { issueToken } from "../auth/tokens.ts";
import {
  checkCode,
  checkSignupTicket,
  hashSignupTicket,
  issueCode,
  newSignupTicket,
  VERIFIED_EMAIL_VALID_MS,
} from "../auth/verification-codes.ts";
import { consumeSignupTicket, restoreSignupTicket } from "../db/queries/verification-codes.ts";
import {
  createAccount,
  emailHasAccount,
  findAccountConflicts,
  usernameSkeletonHeld,
} from "../db/queries/users.ts";
import type { AppDeps } from "../deps.ts";
import { ApiError, fieldError } from "../http/envelope.ts";
import { accountExistsEmail } from "../mail/account-exists-email.ts";
import { phoneInUseEmail } from "../mail/phone-in-use-email.ts";
import { verificationEmail } from "../mail/verification-email.ts";
import { refuseSpentCode, wrongCode } from "./account-codes.ts";

export interface SignupFields {
  email: string;
  username: string;
  phoneNumber: string;
  firstName: string;
  lastName: string;
  password: string;
  registrationMethod: string;
  /** data.signupTicket of the verification: proves the caller entered the mailed code. */
  signupTicket: string;
}

export function signupCalls(deps: AppDeps) {
  const { db } = deps;
  return {
    /**
     * Sign-up step 1: a code to a new address; to an address with an account, a note saying
     * so. The answer is the same either way. A new code replaces the previous one.
     */
    async sendSignupCode(to: string, client: string): Promise<{ expiresInSeconds: number }> {
      const now = deps.now();
      await enforceRateLimit(db, RATE_LIMITS.mailPerClient, client, now);
      await enforceRateLimit(db, RATE_LIMITS.mailPerAddress, to, now);
      await pruneOccasionally(db, now);
      const message = (await emailHasAccount(db, to))
        ? accountExistsEmail(to, deps.config.publicOrigin)
        : verificationEmail(
            to,
            (await issueCode(db, deps.config.jwtSecret, { email: to, purpose: "signup", nowMs: now })).code,
          );
      try {
        await deps.mail.sendNow(message);
      } catch (error) {
        deps.log("warn", `Could not send mail "${message.subject}"`, error);
        throw new ApiError(503, "Failed to send verification email. Please try again.");
      }
      return { expiresInSeconds: CODE_TTL_SECONDS };
    },

    /** A right code answers the single-use ticket sign-up needs, and only this caller sees it. */
    async verifySignupCode(email: string, code: string): Promise<{ signupTicket: string }> {
      const { ticket, hash } = newSignupTicket();
      const check = await checkCode(db, deps.config.jwtSecret, {
        email,
        code,
        purpose: "signup",
        nowMs: deps.now(),
        signupTicketHash: hash,
      });
      refuseSpentCode(check);
      if (check.outcome === "wrong") throw wrongCode();
      return { signupTicket: ticket };
    },

    signUp: (input: SignupFields): Promise<LoginResult> => signUp(deps, input),
  };
}

/**
 * Creates the account for a verified address and answers its first session, as a login
 * does. A phone number another account holds is left off, with the same answer, and the
 * owner of this mailbox is told why by e-mail.
 */
async function signUp(deps: AppDeps, input: SignupFields): Promise<LoginResult> {
  const { db } = deps;
  const now = deps.now();
  // First: without the ticket of this address, nothing else is checked or said.
  const ticket = await checkSignupTicket(db, input.email, input.signupTicket, now);
  if (ticket === "expired") throw fieldError(403, "signupTicket", ACCOUNT_MESSAGES.signupTicketExpired);
  if (ticket === "invalid") throw fieldError(403, "signupTicket", ACCOUNT_MESSAGES.signupTicketInvalid);
  const weakness = passwordProblem(input.password, input, await deps.referenceData.commonPasswords());
  if (weakness) throw fieldError(400, "password", weakness);
  if (await usernameTaken(db, input.username))
    throw fieldError(409, "username", ACCOUNT_MESSAGES.usernameTaken);
  const conflicts = await findAccountConflicts(db, {
    email: input.email,
    phoneNumber: input.phoneNumber,
  });
  // Only reachable by the mailbox's owner: verification never issues a code to an address with an account.
  if (conflicts.email) throw fieldError(409, "email", ACCOUNT_MESSAGES.emailTaken);
  const passwordHash = await hashPassword(input.password, passwordCost(deps.config));
  const account = {
    username: input.username,
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    registrationMethod: input.registrationMethod,
    passwordHash,
  };
  // Taken in one statement: of two sign-ups with one ticket, one gets it.
  const claimed = await consumeSignupTicket(
    db,
    input.email,
    hashSignupTicket(input.signupTicket),
    now - VERIFIED_EMAIL_VALID_MS + 1,
  );
  if (!claimed) throw fieldError(403, "signupTicket", ACCOUNT_MESSAGES.signupTicketInvalid);
  let created: { userId: number; profileId: number };
  let phoneKept = !conflicts.phoneNumber;
  try {
    try {
      created = await createAccount(
        db,
        { ...account, phoneNumber: phoneKept ? input.phoneNumber : null },
        now,
      );
    } catch (error) {
      // A parallel sign-up took a unique field between our checks and the insert.
      if (await usernameTaken(db, input.username))
        throw fieldError(409, "username", ACCOUNT_MESSAGES.usernameTaken);
      if (!phoneKept || !(await findAccountConflicts(db, { phoneNumber: input.phoneNumber })).phoneNumber)
        throw error;
      phoneKept = false;
      created = await createAccount(db, { ...account, phoneNumber: null }, now);
    }
  } catch (error) {
    // Nothing was created: the ticket stays good for another try (another username, say).
    await restoreSignupTicket(db, claimed);
    throw error;
  }
  if (!phoneKept) deps.mail.sendAfterAnswer(phoneInUseEmail(input.email, deps.config.publicOrigin));
  // Issue 24: the person has just proved the mailbox and chosen the password, so sign-up
  // ends signed in rather than asking for the password again on the login form.
  const token = await issueToken({ userId: created.userId, tokenVersion: 0 }, deps.config.jwtSecret, now);
  return {
    token,
    userId: created.userId,
    username: input.username,
    email: input.email,
    profileId: created.profileId,
  };
}

/** Taken, in any case, or by a look-alike ("rnodern" beside "modern"): the same answer. */
async function usernameTaken(db: AppDeps["db"], username: string): Promise<boolean> {
  return (
    (await findAccountConflicts(db, { username })).username ||
    (await usernameSkeletonHeld(db, usernameSkeleton(username)))
  );
}
