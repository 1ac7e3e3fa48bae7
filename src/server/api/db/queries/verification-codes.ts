// The email_verifications table: one live code per address, stored as a keyed hash.
import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { emailVerifications } from "../schema.ts";

export type CodePurpose = "signup" | "password-reset" | "restaurant-claim";
export type VerificationRow = typeof emailVerifications.$inferSelect;

/** A new code replaces whatever the address had: the old code stops working at once. */
export async function replaceCode(
  db: Database,
  row: { email: string; purpose: CodePurpose; codeHash: string; expiresAt: number; nowMs: number },
): Promise<void> {
  const values = {
    email: row.email,
    purpose: row.purpose,
    codeHash: row.codeHash,
    expiresAt: row.expiresAt,
    failedAttempts: 0,
    verifiedAt: null,
    signupTicketHash: null,
    createdAt: row.nowMs,
  };
  await db
    .insert(emailVerifications)
    .values(values)
    .onConflictDoUpdate({ target: emailVerifications.email, set: values })
    .run();
}

export async function findCode(db: Database, email: string): Promise<VerificationRow | undefined> {
  return db.query.emailVerifications.findFirst({ where: eq(emailVerifications.email, email) });
}

/**
 * Takes one try from the code's allowance before it is compared, in one statement, so
 * parallel guesses cannot share a try. Answers the tries used, or undefined when none is
 * left (or the code was replaced meanwhile).
 */
export async function claimAttempt(
  db: Database,
  email: string,
  codeHash: string,
  maxAttempts: number,
): Promise<number | undefined> {
  const row = await db
    .update(emailVerifications)
    .set({ failedAttempts: sql`${emailVerifications.failedAttempts} + 1` })
    .where(
      and(
        eq(emailVerifications.email, email),
        eq(emailVerifications.codeHash, codeHash),
        lt(emailVerifications.failedAttempts, maxAttempts),
      ),
    )
    .returning({ failedAttempts: emailVerifications.failedAttempts })
    .get();
  return row?.failedAttempts;
}

/**
 * A right code is used up: the hash is cleared so it cannot be entered twice. A sign-up code
 * leaves the hash of the ticket answered to the client that entered it.
 */
export async function markVerified(
  db: Database,
  email: string,
  codeHash: string,
  nowMs: number,
  signupTicketHash: string | null = null,
): Promise<boolean> {
  const row = await db
    .update(emailVerifications)
    .set({ verifiedAt: nowMs, codeHash: "used", failedAttempts: 0, signupTicketHash })
    .where(and(eq(emailVerifications.email, email), eq(emailVerifications.codeHash, codeHash)))
    .returning({ email: emailVerifications.email })
    .get();
  return row !== undefined;
}

export async function deleteCode(db: Database, email: string): Promise<void> {
  await db.delete(emailVerifications).where(eq(emailVerifications.email, email)).run();
}

/**
 * Uses up the address's sign-up ticket in one statement, so two sign-ups with one ticket
 * cannot both pass: answers the row it took (to put back if the sign-up then fails), or
 * undefined when the ticket is not this address's, was used, or was verified before
 * `verifiedSince`.
 */
export async function consumeSignupTicket(
  db: Database,
  email: string,
  signupTicketHash: string,
  verifiedSince: number,
): Promise<VerificationRow | undefined> {
  return db
    .delete(emailVerifications)
    .where(
      and(
        eq(emailVerifications.email, email),
        eq(emailVerifications.purpose, "signup"),
        eq(emailVerifications.signupTicketHash, signupTicketHash),
        gte(emailVerifications.verifiedAt, verifiedSince),
      ),
    )
    .returning()
    .get();
}

/** Puts a consumed ticket back after a sign-up that failed, unless a new code has replaced it. */
export async function restoreSignupTicket(db: Database, row: VerificationRow): Promise<void> {
  await db.insert(emailVerifications).values(row).onConflictDoNothing().run();
}
