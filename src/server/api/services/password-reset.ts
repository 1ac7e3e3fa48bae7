// Password reset (docs/accounts.md), part of accountsService: a mailed code, then a new
// password that ends every session and clears the login limits.
import { hashPassword, passwordCost } from "../auth/password.ts";
import { passwordProblem } from "../auth/password-policy.ts";
import { clearRateLimit, clearRateLimitPrefix, enforceRateLimit, RATE_LIMITS } from "../auth/rate-limit.ts";
import { checkCode, issueCode } from "../auth/verification-codes.ts";
import { deleteCode } from "../db/queries/verification-codes.ts";
import { findUserByEmail, setPasswordHash } from "../db/queries/users.ts";
import type { AppDeps } from "../deps.ts";
import { fieldError } from "../http/envelope.ts";
import { passwordResetEmail } from "../mail/password-reset-email.ts";
import { refuseSpentCode, wrongCode } from "./account-codes.ts";

export function passwordResetCalls(deps: AppDeps) {
  const { db } = deps;
  return {
    /** Mails a reset code when the address has an account; the answer is the same either way. */
    async requestPasswordReset(email: string, client: string): Promise<void> {
      const now = deps.now();
      await enforceRateLimit(db, RATE_LIMITS.mailPerClient, client, now);
      await enforceRateLimit(db, RATE_LIMITS.mailPerAddress, email, now);
      if (!(await findUserByEmail(db, email))) return;
      const { code } = await issueCode(db, deps.config.jwtSecret, {
        email,
        purpose: "password-reset",
        nowMs: now,
      });
      deps.mail.sendAfterAnswer(passwordResetEmail(email, code));
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
      const weakness = passwordProblem(
        password,
        { email, username: user.username },
        await deps.referenceData.commonPasswords(),
      );
      if (weakness) throw fieldError(400, "password", weakness);
      await setPasswordHash(db, user.id, await hashPassword(password, passwordCost(deps.config)), {
        endSessions: true,
        changedAt: deps.now(),
      });
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
