// What the accounts calls do (docs/accounts.md): sign-up with an e-mailed code, login,
// logout, own details, password reset. Routes validate and answer; this module decides.
// Rules that hold across it (issue 14): an answer never depends on whether an account,
// address or phone number exists; counters run the same way either way; login throttling
// cannot be turned against the owner. Failures are thrown as ApiError, which the app answers.
// None of these writes changes a cached public read, so none publishes catalogue changes.
import type { Context } from "hono";
import { ACCOUNT_MESSAGES, CODE_TTL_SECONDS } from "../../../domain/account-rules.ts";
import {
  type LoginResult,
  normalisePhoneNumber,
  type OwnAccount,
  type PublicUser,
} from "../../../shared/schemas/accounts.ts";
import { usernameSkeleton } from "../../../domain/username-skeleton.ts";
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from "../auth/password.ts";
import { passwordProblem } from "../auth/password-policy.ts";
import {
  clearRateLimit,
  clearRateLimitPrefix,
  countRateLimitHit,
  enforceRateLimit,
  pruneOccasionally,
  RATE_LIMITS,
  refundRateLimitHit,
  tooManyRequests,
} from "../auth/rate-limit.ts";
import { issueToken } from "../auth/tokens.ts";
import {
  checkCode,
  checkSignupTicket,
  hashSignupTicket,
  issueCode,
  newSignupTicket,
  VERIFIED_EMAIL_VALID_MS,
  type CodeCheck,
} from "../auth/verification-codes.ts";
import {
  consumeSignupTicket,
  deleteCode,
  restoreSignupTicket,
} from "../db/queries/verification-codes.ts";
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
  usernameSkeletonHeld,
  type UserRow,
} from "../db/queries/users.ts";
import type { AppDeps } from "../deps.ts";
import { ApiError, fieldError } from "../http/envelope.ts";
import { accountExistsEmail } from "../mail/account-exists-email.ts";
import { passwordResetEmail } from "../mail/password-reset-email.ts";
import { phoneInUseEmail } from "../mail/phone-in-use-email.ts";
import { sendAfterAnswer } from "../mail/send-after-answer.ts";
import { verificationEmail } from "../mail/verification-email.ts";

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

/** Login identifiers: an address when it has an @, else a phone number read as sign-up reads it. */
function loginIdentity(value: string): { email: string } | { phoneNumber: string } {
  if (value.includes("@")) return { email: value.trim().toLowerCase() };
  // A number that is not valid anywhere can match no account; it still counts and costs a hash.
  return { phoneNumber: normalisePhoneNumber(value) ?? value.replace(/[^+0-9]/g, "") };
}

/** A code out of tries answers 429 until the old code would have expired; an expired one, 400. */
function refuseSpentCode(check: CodeCheck): asserts check is Extract<CodeCheck, { outcome: "ok" | "wrong" }> {
  if (check.outcome === "dead") throw tooManyRequests(ACCOUNT_MESSAGES.codeDead, check.retryAfterSeconds);
  if (check.outcome === "expired") throw fieldError(400, "code", ACCOUNT_MESSAGES.expiredCode);
}

export function accountsService(deps: AppDeps) {
  const { db } = deps;
  const wrongCode = () => fieldError(400, "code", ACCOUNT_MESSAGES.wrongCode);

  /** Taken, in any case, or by a look-alike ("rnodern" beside "modern"): the same answer. */
  async function usernameTaken(username: string): Promise<boolean> {
    return (
      (await findAccountConflicts(db, { username })).username ||
      (await usernameSkeletonHeld(db, usernameSkeleton(username)))
    );
  }

  async function ownAccount(user: UserRow): Promise<OwnAccount> {
    const profile = await findProfileSummary(db, user.id);
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
      role: user.role,
    };
  }

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
        await deps.mailer.send(message);
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

    /**
     * Creates the account for a verified address and answers its first session, as a login
     * does. A phone number another account holds is left off, with the same answer, and the
     * owner of this mailbox is told why by e-mail.
     */
    async signUp(c: Context, input: SignupFields): Promise<LoginResult> {
      const now = deps.now();
      // First: without the ticket of this address, nothing else is checked or said.
      const ticket = await checkSignupTicket(db, input.email, input.signupTicket, now);
      if (ticket === "expired") throw fieldError(403, "signupTicket", ACCOUNT_MESSAGES.signupTicketExpired);
      if (ticket === "invalid") throw fieldError(403, "signupTicket", ACCOUNT_MESSAGES.signupTicketInvalid);
      const weakness = passwordProblem(input.password, input);
      if (weakness) throw fieldError(400, "password", weakness);
      if (await usernameTaken(input.username))
        throw fieldError(409, "username", ACCOUNT_MESSAGES.usernameTaken);
      const conflicts = await findAccountConflicts(db, {
        email: input.email,
        phoneNumber: input.phoneNumber,
      });
      // Only reachable by the mailbox's owner: verification never issues a code to an address with an account.
      if (conflicts.email) throw fieldError(409, "email", ACCOUNT_MESSAGES.emailTaken);
      const passwordHash = await hashPassword(input.password);
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
          if (await usernameTaken(input.username))
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
      if (!phoneKept) sendAfterAnswer(c, deps, phoneInUseEmail(input.email, deps.config.publicOrigin));
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
    },

    /**
     * Throttled three ways (docs/accounts.md): per client; failures per account and client
     * (tight); failures per account from anywhere (slows the account, never locks it). Each
     * attempt is counted, in one upsert, before the password is checked, so parallel guesses
     * cannot all read the same count (issue 20); a success gives its count back.
     */
    async logIn(emailOrPhoneNumber: string, password: string, client: string): Promise<LoginResult> {
      const identity = loginIdentity(emailOrPhoneNumber);
      const account = Object.values(identity)[0]!;
      const accountClient = `${account}:${client}`;
      const now = deps.now();
      await enforceRateLimit(db, RATE_LIMITS.loginPerClient, client, now);
      await enforceRateLimit(db, RATE_LIMITS.loginFailuresPerAccountClient, accountClient, now);
      const accountAttempts = await countRateLimitHit(db, RATE_LIMITS.loginFailuresPerAccount, account, now);
      if (accountAttempts > RATE_LIMITS.loginFailuresPerAccount.limit) {
        await enforceRateLimit(db, RATE_LIMITS.loginSlowed, account, now);
      }
      const user =
        "email" in identity
          ? await findUserByEmail(db, identity.email)
          : await findUserByPhone(db, identity.phoneNumber);
      // An unknown account costs one real scrypt too, so timing does not tell it apart.
      const matches = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
      if (!user || !matches) throw new ApiError(401, ACCOUNT_MESSAGES.loginFailed);
      await clearRateLimit(db, RATE_LIMITS.loginFailuresPerAccountClient, accountClient);
      await refundRateLimitHit(db, RATE_LIMITS.loginFailuresPerAccount, account, now);
      if (needsRehash(user.passwordHash)) {
        await setPasswordHash(db, user.id, await hashPassword(password), { endSessions: false });
      }
      const token = await issueToken(
        { userId: user.id, tokenVersion: user.tokenVersion },
        deps.config.jwtSecret,
        now,
      );
      const profile = await findProfileSummary(db, user.id);
      return {
        token,
        userId: user.id,
        username: user.username,
        email: user.email,
        profileId: profile?.id ?? null,
      };
    },

    async logOut(userId: number): Promise<void> {
      await bumpTokenVersion(db, userId);
    },

    /**
     * The caller's own names and phone. Every phone change counts against per-user and
     * per-client limits, and a number another account holds gets the same refusal as a
     * number we cannot use, so the call cannot be used to learn who holds a number.
     */
    async updateOwnDetails(
      userId: number,
      patch: { firstName?: string; lastName?: string; phoneNumber?: string },
      client: string,
    ): Promise<OwnAccount> {
      const me = await findUserById(db, userId);
      if (!me) throw new ApiError(401);
      const changesPhone = patch.phoneNumber !== undefined && patch.phoneNumber !== me.phoneNumber;
      if (changesPhone) {
        const now = deps.now();
        await enforceRateLimit(db, RATE_LIMITS.phoneChangesPerUser, String(userId), now);
        await enforceRateLimit(db, RATE_LIMITS.phoneChangesPerClient, client, now);
        const taken = (await findAccountConflicts(db, { phoneNumber: patch.phoneNumber }, userId))
          .phoneNumber;
        if (taken) throw fieldError(400, "phoneNumber", ACCOUNT_MESSAGES.phoneNotSaved);
      }
      try {
        await updateAccountDetails(db, userId, {
          ...(patch.firstName === undefined ? {} : { firstName: patch.firstName }),
          ...(patch.lastName === undefined ? {} : { lastName: patch.lastName }),
          ...(changesPhone ? { phoneNumber: patch.phoneNumber } : {}),
        });
      } catch (error) {
        // A parallel change took the number between our check and the update.
        if (
          changesPhone &&
          (await findAccountConflicts(db, { phoneNumber: patch.phoneNumber }, userId)).phoneNumber
        ) {
          throw fieldError(400, "phoneNumber", ACCOUNT_MESSAGES.phoneNotSaved);
        }
        throw error;
      }
      return ownAccount((await findUserById(db, userId))!);
    },

    /** The caller's own full account, or anyone else's public id, username and avatar. */
    async userFor(viewerId: number, id: number): Promise<OwnAccount | PublicUser> {
      const user = await findUserById(db, id);
      if (!user) throw new ApiError(404);
      if (user.id === viewerId) return ownAccount(user);
      const profile = await findProfileSummary(db, user.id);
      return { id: user.id, username: user.username, avatar: profile?.profileImage ?? null };
    },

    /** Mails a reset code when the address has an account; the answer is the same either way. */
    async requestPasswordReset(c: Context, email: string, client: string): Promise<void> {
      const now = deps.now();
      await enforceRateLimit(db, RATE_LIMITS.mailPerClient, client, now);
      await enforceRateLimit(db, RATE_LIMITS.mailPerAddress, email, now);
      if (!(await findUserByEmail(db, email))) return;
      const { code } = await issueCode(db, deps.config.jwtSecret, {
        email,
        purpose: "password-reset",
        nowMs: now,
      });
      sendAfterAnswer(c, deps, passwordResetEmail(email, code));
    },

    /**
     * The code is checked first and the password rules after, so a wrong code tells nothing
     * about the account (not even that the password is its username). A right code survives
     * a weak password, to be tried again; success ends every token and clears login limits.
     */
    async resetPassword(email: string, code: string, password: string): Promise<void> {
      const check = await checkCode(db, deps.config.jwtSecret, {
        email,
        code,
        purpose: "password-reset",
        nowMs: deps.now(),
        consume: false,
      });
      refuseSpentCode(check);
      const user = await findUserByEmail(db, email);
      // A reset code exists only for an account, so "ok" without one cannot happen; stay safe.
      if (check.outcome === "wrong" || !user) throw wrongCode();
      const weakness = passwordProblem(password, { email, username: user.username });
      if (weakness) throw fieldError(400, "password", weakness);
      await setPasswordHash(db, user.id, await hashPassword(password), { endSessions: true, changedAt: deps.now() });
      await deleteCode(db, email);
      for (const identifier of [user.email, user.phoneNumber]) {
        if (!identifier) continue;
        await clearRateLimitPrefix(db, RATE_LIMITS.loginFailuresPerAccountClient, `${identifier}:`);
        await clearRateLimit(db, RATE_LIMITS.loginFailuresPerAccount, identifier);
        await clearRateLimit(db, RATE_LIMITS.loginSlowed, identifier);
      }
    },
  };
}

export type AccountsService = ReturnType<typeof accountsService>;
