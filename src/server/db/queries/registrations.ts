// Early-access, influencer and app-banner sign-ups. One row per (kind, e-mail): signing up
// twice is harmless and keeps the first row, so a repeat cannot overwrite someone's details.
import type { RegistrationKind } from "../../../shared/schemas/registrations.ts";
import type { Database } from "../client.ts";
import { earlyAccessRegistrations } from "../schema.ts";

export interface NewRegistration {
  kind: RegistrationKind;
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  phone?: string | null;
  socialUrl?: string | null;
  createdAt: number;
}

/** Returns true when a new row was stored, false when this e-mail had already signed up. */
export async function saveRegistration(db: Database, registration: NewRegistration): Promise<boolean> {
  const inserted = await db
    .insert(earlyAccessRegistrations)
    .values({
      kind: registration.kind,
      email: registration.email,
      firstName: registration.firstName ?? null,
      lastName: registration.lastName ?? null,
      phone: registration.phone ?? null,
      socialUrl: registration.socialUrl ?? null,
      createdAt: registration.createdAt,
    })
    .onConflictDoNothing({ target: [earlyAccessRegistrations.kind, earlyAccessRegistrations.email] })
    .returning({ id: earlyAccessRegistrations.id });
  return inserted.length > 0;
}
