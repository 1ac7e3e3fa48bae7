// Early-access, influencer and app-banner sign-ups, double opt-in (issue 14). A submission
// is stored as the pending row of its kind and e-mail, replacing any earlier pending details
// and link; following the link turns it into the confirmed row, replacing the details that
// were confirmed before. Submissions never read or touch the confirmed row, so they do the
// same work, and answer the same, whatever is already on the list.
import { and, eq, isNull, lte, or } from "drizzle-orm";
import type { RegistrationKind } from "../../../shared/schemas/registrations.ts";
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
 */
export async function confirmRegistration(
  db: Database,
  confirmTokenHash: string,
  nowMs: number,
): Promise<RegistrationKind | undefined> {
  return db.transaction(async (tx) => {
    const row = await tx
      .select({
        id: registrations.id,
        kind: registrations.kind,
        email: registrations.email,
        status: registrations.status,
        confirmExpiresAt: registrations.confirmExpiresAt,
      })
      .from(registrations)
      .where(eq(registrations.confirmTokenHash, confirmTokenHash))
      .get();
    if (!row || row.confirmExpiresAt === null || row.confirmExpiresAt <= nowMs) return undefined;
    if (row.status === "confirmed") return row.kind;
    await tx
      .delete(registrations)
      .where(
        and(
          eq(registrations.kind, row.kind),
          eq(registrations.email, row.email),
          eq(registrations.status, "confirmed"),
        ),
      )
      .run();
    await tx
      .update(registrations)
      .set({ status: "confirmed", confirmedAt: nowMs })
      .where(eq(registrations.id, row.id))
      .run();
    return row.kind;
  });
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
