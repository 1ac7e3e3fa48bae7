// What sign-up and password reset answer about a code: shared so both say the same.
import { ACCOUNT_MESSAGES } from "../../../domain/account-rules.ts";
import { tooManyRequests } from "../auth/rate-limit.ts";
import type { CodeCheck } from "../auth/verification-codes.ts";
import { fieldError } from "../http/envelope.ts";

export const wrongCode = () => fieldError(400, "code", ACCOUNT_MESSAGES.wrongCode);

/** A code out of tries answers 429 until the old code would have expired; an expired one, 400. */
export function refuseSpentCode(
  check: CodeCheck,
): asserts check is Extract<CodeCheck, { outcome: "ok" | "wrong" }> {
  if (check.outcome === "dead") throw tooManyRequests(ACCOUNT_MESSAGES.codeDead, check.retryAfterSeconds);
  if (check.outcome === "expired") throw fieldError(400, "code", ACCOUNT_MESSAGES.expiredCode);
}
