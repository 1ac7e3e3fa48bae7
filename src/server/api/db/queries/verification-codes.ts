// The email_verifications table: one live code per address, stored as a keyed hash.
import { and, eq, lt, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { emailVerifications } from "../schema.ts";

export type CodePurpose = "signup" | "password-reset";
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

/** A right code is used up: the hash is cleared so it cannot be entered twice. */
export async function markVerified(
  db: Database,
  email: string,
  codeHash: string,
  nowMs: number,
): Promise<boolean> {
  const row = await db
    .update(emailVerifications)
    .set({ verifiedAt: nowMs, codeHash: "used", failedAttempts: 0 })
    .where(and(eq(emailVerifications.email, email), eq(emailVerifications.codeHash, codeHash)))
    .returning({ email: emailVerifications.email })
    .get();
  return row !== undefined;
}

export async function deleteCode(db: Database, email: string): Promise<void> {
  await db.delete(emailVerifications).where(eq(emailVerifications.email, email)).run();
}
