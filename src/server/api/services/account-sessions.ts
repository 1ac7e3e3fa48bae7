// Login and logout (docs/accounts.md), part of accountsService: login is throttled so that
// guessing costs the guesser, never the account's owner.
import { ACCOUNT_MESSAGES } from "../../../domain/account-rules.ts";
import { type LoginResult, normalisePhoneNumber } from "../../../shared/schemas/accounts.ts";
import { dummyPasswordHash, hashPassword, needsRehash, passwordCost, verifyPassword } from "../auth/password.ts";
import {
  clearRateLimit,
  countRateLimitHit,
  enforceRateLimit,
  RATE_LIMITS,
  refundRateLimitHit,
} from "../auth/rate-limit.ts";
import { issueToken } from "../auth/tokens.ts";
import {
  bumpTokenVersion,
  findProfileSummary,
  findUserByEmail,
  findUserByPhone,
  setPasswordHash,
} from "../db/queries/users.ts";
import type { AppDeps } from "../deps.ts";
import { ApiError } from "../http/envelope.ts";

/** Login identifiers: an address when it has an @, else a phone number read as sign-up reads it. */
function loginIdentity(value: string): { email: string } | { phoneNumber: string } {
  if (value.includes("@")) return { email: value.trim().toLowerCase() };
  // A number that is not valid anywhere can match no account; it still counts and costs a hash.
  return { phoneNumber: normalisePhoneNumber(value) ?? value.replace(/[^+0-9]/g, "") };
}

export function sessionCalls(deps: AppDeps) {
  const { db } = deps;
  const cost = passwordCost(deps.config);
  return {
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
      const matches = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash(cost)));
      if (!user || !matches) throw new ApiError(401, ACCOUNT_MESSAGES.loginFailed);
      await clearRateLimit(db, RATE_LIMITS.loginFailuresPerAccountClient, accountClient);
      await refundRateLimitHit(db, RATE_LIMITS.loginFailuresPerAccount, account, now);
      if (needsRehash(user.passwordHash, cost)) {
        await setPasswordHash(db, user.id, await hashPassword(password, cost), { endSessions: false });
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
  };
}
