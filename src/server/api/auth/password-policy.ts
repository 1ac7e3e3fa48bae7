// Which passwords we refuse beyond the length bounds of the shared schema: the most common
// ones, compared lower-cased (NIST SP 800-63B 5.1.1.2: check against breach corpora). Pure:
// the list comes from the caller, which reads it through deps.referenceData
// (data/common-passwords.txt, kept out of the Functions bundle: docs/perf/edge-bundle.md).
import { ACCOUNT_MESSAGES } from "../../../domain/account-rules.ts";

export function isCommonPassword(password: string, commonPasswords: ReadonlySet<string>): boolean {
  return commonPasswords.has(password.toLowerCase());
}

/**
 * Why a password that passed the length rule is still refused, or undefined when it is fine.
 * Only guessability counts: no composition rules (NIST SP 800-63B 5.1.1.2).
 */
export function passwordProblem(
  password: string,
  identity: { username?: string; email?: string },
  commonPasswords: ReadonlySet<string>,
): string | undefined {
  if (isCommonPassword(password, commonPasswords)) return ACCOUNT_MESSAGES.passwordCommon;
  const lower = password.toLowerCase();
  const names = [identity.username, identity.email, identity.email?.split("@")[0]];
  if (names.some((name) => name !== undefined && name.length > 0 && lower === name.toLowerCase())) {
    return ACCOUNT_MESSAGES.passwordIsIdentity;
  }
  return undefined;
}
