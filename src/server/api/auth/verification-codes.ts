// One-time codes e-mailed for sign-up and password reset (spec points 4, 5 and 9): six
// upper-case letters or digits, valid CODE_TTL_SECONDS, single use, MAX_CODE_ATTEMPTS tries.
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import {
  CODE_TTL_SECONDS,
  MAX_CODE_ATTEMPTS,
  VERIFICATION_CODE_LENGTH,
} from "../../../domain/account-rules.ts";
import type { Database } from "../db/client.ts";
import { countRateLimitHit, RATE_LIMITS, retryAfter } from "./rate-limit.ts";
import {
  claimAttempt,
  findCode,
  markVerified,
  replaceCode,
  type CodePurpose,
} from "../db/queries/verification-codes.ts";

const CODE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/** randomInt draws from the CSPRNG without modulo bias. */
export function generateCode(): string {
  let code = "";
  for (let i = 0; i < VERIFICATION_CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/**
 * Keyed hash of the code: 36^6 codes are too few for a plain hash to survive a leaked
 * table, so the server secret is the key. Purpose and address are bound in, so a code for
 * one cannot be replayed for the other.
 */
export function hashCode(secret: string, purpose: CodePurpose, email: string, code: string): string {
  return createHmac("sha256", secret).update(`${purpose}\n${email}\n${code}`).digest("base64url");
}

/** Makes and stores a new code for the address, replacing any earlier one. Answers the code. */
export async function issueCode(
  db: Database,
  secret: string,
  options: { email: string; purpose: CodePurpose; nowMs: number },
): Promise<{ code: string; expiresAt: number }> {
  const code = generateCode();
  const expiresAt = options.nowMs + CODE_TTL_SECONDS * 1000;
  await replaceCode(db, {
    email: options.email,
    purpose: options.purpose,
    codeHash: hashCode(secret, options.purpose, options.email, code),
    expiresAt,
    nowMs: options.nowMs,
  });
  return { code, expiresAt };
}

export type CodeCheck =
  | { outcome: "ok" }
  | { outcome: "wrong"; attemptsLeft: number }
  | { outcome: "expired" }
  /** Out of tries: a new code must be requested. retryAfterSeconds is the old code's remaining life. */
  | { outcome: "dead"; retryAfterSeconds: number };

/**
 * Checks the address's code and, when right and `consume` is not false, uses it up. An
 * address with no such code counts its tries the same way (a counter in rate_limits), so the
 * sixth wrong try answers 429 whether or not a code, and so an account, exists.
 */
export async function checkCode(
  db: Database,
  secret: string,
  options: {
    email: string;
    purpose: CodePurpose;
    code: string;
    nowMs: number;
    consume?: boolean;
    /** Kept with the verified address: the hash of the sign-up ticket the caller is answered. */
    signupTicketHash?: string;
  },
): Promise<CodeCheck> {
  const row = await findCode(db, options.email);
  const candidate = hashCode(secret, options.purpose, options.email, options.code);
  if (!row || row.purpose !== options.purpose || row.verifiedAt !== null) {
    const rule = RATE_LIMITS.codeTries;
    const count = await countRateLimitHit(db, rule, `${options.purpose}:${options.email}`, options.nowMs);
    if (count > rule.limit) return { outcome: "dead", retryAfterSeconds: retryAfter(rule, options.nowMs) };
    return { outcome: "wrong", attemptsLeft: rule.limit - count };
  }
  const retryAfterSeconds = Math.max(1, Math.ceil((row.expiresAt - options.nowMs) / 1000));
  if (row.failedAttempts >= MAX_CODE_ATTEMPTS) return { outcome: "dead", retryAfterSeconds };
  if (options.nowMs >= row.expiresAt) return { outcome: "expired" };
  const triesUsed = await claimAttempt(db, options.email, row.codeHash, MAX_CODE_ATTEMPTS);
  if (triesUsed === undefined) return { outcome: "dead", retryAfterSeconds };
  const stored = Buffer.from(row.codeHash);
  const given = Buffer.from(candidate);
  if (stored.length === given.length && timingSafeEqual(stored, given)) {
    if (options.consume === false) return { outcome: "ok" };
    if (await markVerified(db, options.email, row.codeHash, options.nowMs, options.signupTicketHash ?? null))
      return { outcome: "ok" };
  }
  return { outcome: "wrong", attemptsLeft: MAX_CODE_ATTEMPTS - triesUsed };
}

/** Time a verified address has to finish sign-up step 2 before it must be verified again. */
export const VERIFIED_EMAIL_VALID_MS = 60 * 60 * 1000;

/**
 * A sign-up ticket: 256 random bits, answered once to the client that entered the right code.
 * A verified address alone is not enough to sign up (anyone may type an address); the
 * ticket proves the caller read the mailbox.
 */
export function newSignupTicket(): { ticket: string; hash: string } {
  const ticket = randomBytes(32).toString("base64url");
  return { ticket, hash: hashSignupTicket(ticket) };
}

/** SHA-256 is enough: 256 random bits need no salt or key, and the table never holds the ticket. */
export function hashSignupTicket(ticket: string): string {
  return createHash("sha256").update(ticket).digest("base64url");
}

export type SignupTicketCheck = "ok" | "invalid" | "expired";

/**
 * Whether `ticket` is the live sign-up ticket of `email`. "invalid" covers a ticket of
 * another address, a used one and an address never verified, so the answer tells a stranger
 * nothing about other addresses. Reads only; sign-up consumes it (consumeSignupTicket).
 */
export async function checkSignupTicket(
  db: Database,
  email: string,
  ticket: string,
  nowMs: number,
): Promise<SignupTicketCheck> {
  const row = await findCode(db, email);
  if (!row || row.purpose !== "signup" || row.verifiedAt === null || row.signupTicketHash === null) {
    return "invalid";
  }
  const stored = Buffer.from(row.signupTicketHash);
  const given = Buffer.from(hashSignupTicket(ticket));
  if (stored.length !== given.length || !timingSafeEqual(stored, given)) return "invalid";
  return nowMs - row.verifiedAt < VERIFIED_EMAIL_VALID_MS ? "ok" : "expired";
}
