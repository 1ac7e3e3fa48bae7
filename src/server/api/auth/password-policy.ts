// Which passwords we refuse beyond the length bounds of the shared schema: the most common
// ones, compared lower-cased (NIST SP 800-63B 5.1.1.2: check against breach corpora).
import { ACCOUNT_MESSAGES } from "../../../domain/account-rules.ts";
import { COMMON_PASSWORDS_TEXT } from "./common-passwords.ts";

let commonPasswords: Set<string> | undefined;

function commonPasswordSet(): Set<string> {
  commonPasswords ??= new Set(COMMON_PASSWORDS_TEXT.split("\n").filter((line) => line.length > 0));
  return commonPasswords;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswordSet().has(password.toLowerCase());
}

export function commonPasswordCount(): number {
  return commonPasswordSet().size;
}

/**
 * Why a password that passed the length rule is still refused, or undefined when it is fine.
 * Only guessability counts: no composition rules (NIST SP 800-63B 5.1.1.2).
 */
export function passwordProblem(
  password: string,
  identity: { username?: string; email?: string },
): string | undefined {
  if (isCommonPassword(password)) return ACCOUNT_MESSAGES.passwordCommon;
  const lower = password.toLowerCase();
  const names = [identity.username, identity.email, identity.email?.split("@")[0]];
  if (names.some((name) => name !== undefined && name.length > 0 && lower === name.toLowerCase())) {
    return ACCOUNT_MESSAGES.passwordIsIdentity;
  }
  return undefined;
}
