// Early-access, influencer and app-banner sign-ups, double opt-in (issue 14). A submission
// is stored as the pending row of its kind and e-mail, replacing any earlier pending details
// and link; following the link turns it into the confirmed row, replacing the details that
// were confirmed before. Submissions never read or touch the confirmed row, so they do the
// same work, and answer the same, whatever is already on the list.
import { and, eq, exists, gt, isNull, lte, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { RegistrationKind } from "../../../../shared/schemas/registrations.ts";
import type { Database } from "../client.ts";
import { earlyAccessRegistrations as registrations } from "../schema.ts";

export interface PendingRegistration {
  kind: RegistrationKind;
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  phone?: string | null;
  socialUrl?: string | null;
  /** SHA-256 of the token mailed in the confirmation link. */
  confirmTokenHash: string;
  confirmExpiresAt: number;
  createdAt: number;
}

/** Stores the submission as the pending one for its kind and address; the last one wins. */
export async function savePendingRegistration(
  db: Database,
  registration: PendingRegistration,
): Promise<void> {
  const details = {
    firstName: registration.firstName ?? null,
    lastName: registration.lastName ?? null,
    phone: registration.phone ?? null,
    socialUrl: registration.socialUrl ?? null,
    confirmTokenHash: registration.confirmTokenHash,
    confirmExpiresAt: registration.confirmExpiresAt,
    createdAt: registration.createdAt,
  };
  await db
    .insert(registrations)
    .values({ kind: registration.kind, email: registration.email, status: "pending", ...details })
    .onConflictDoUpdate({
      target: [registrations.kind, registrations.email, registrations.status],
      set: details,
    })
    .run();
}

/**
 * Confirms the pending row whose link carries this token hash and answers its kind. Following
 * the same link again while it is valid answers the same (people click twice). Undefined when
 * no row has the hash or its link has expired.
 *
 * One batch, not an interactive transaction: libSQL's file mode runs statements synchronously,
 * so a second transaction opened while the first awaits blocks the process until SQLite's
 * busy timeout (two clicks at once took 10 s and failed). A batch commits in one call.
 */
export async function confirmRegistration(
  db: Database,
  confirmTokenHash: string,
  nowMs: number,
): Promise<RegistrationKind | undefined> {
  const link = alias(registrations, "link");
  const [, , confirmed] = await db.batch([
    // The details confirmed before give way to the ones this link confirms.
    db.delete(registrations).where(
      and(
        eq(registrations.status, "confirmed"),
        exists(
          db
            .select({ one: sql`1` })
            .from(link)
            .where(
              and(
                eq(link.confirmTokenHash, confirmTokenHash),
                eq(link.status, "pending"),
                gt(link.confirmExpiresAt, nowMs),
                eq(link.kind, registrations.kind),
                eq(link.email, registrations.email),
              ),
            ),
        ),
      ),
    ),
    db
      .update(registrations)
      .set({ status: "confirmed", confirmedAt: nowMs })
      .where(
        and(
          eq(registrations.confirmTokenHash, confirmTokenHash),
          eq(registrations.status, "pending"),
          gt(registrations.confirmExpiresAt, nowMs),
        ),
      ),
    db
      .select({ kind: registrations.kind })
      .from(registrations)
      .where(
        and(
          eq(registrations.confirmTokenHash, confirmTokenHash),
          eq(registrations.status, "confirmed"),
          gt(registrations.confirmExpiresAt, nowMs),
        ),
      ),
  ]);
  return confirmed[0]?.kind;
}

/**
 * Pending details whose link has expired can never be confirmed: they are deleted rather than
 * kept (UK GDPR data minimisation). Rows from before double opt-in have no link and go too.
 */
export async function deleteExpiredPendingRegistrations(db: Database, nowMs: number): Promise<void> {
  await db
    .delete(registrations)
    .where(
      and(
        eq(registrations.status, "pending"),
        or(isNull(registrations.confirmExpiresAt), lte(registrations.confirmExpiresAt, nowMs)),
      ),
    )
    .run();
}
