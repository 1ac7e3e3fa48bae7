// Every SQL statement about accounts. E-mail addresses arrive lower-cased and phone numbers
// normalised (src/shared/schemas/accounts.ts), so equality lookups hit the unique indexes.
import { eq, or, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { profiles, users } from "../schema.ts";

export type UserRow = typeof users.$inferSelect;

export async function findUserById(db: Database, id: number): Promise<UserRow | undefined> {
  return db.query.users.findFirst({ where: eq(users.id, id) });
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  return db.query.users.findFirst({ where: eq(users.email, email) });
}

export async function findUserByPhone(db: Database, phoneNumber: string): Promise<UserRow | undefined> {
  return db.query.users.findFirst({ where: eq(users.phoneNumber, phoneNumber) });
}

export async function emailHasAccount(db: Database, email: string): Promise<boolean> {
  const row = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
  return row !== undefined;
}

export interface AccountConflicts {
  username: boolean;
  email: boolean;
  phoneNumber: boolean;
}

/** Which of the unique fields another account already holds (usernames compare case-insensitively). */
export async function findAccountConflicts(
  db: Database,
  fields: { username?: string; email?: string; phoneNumber?: string },
  exceptUserId?: number,
): Promise<AccountConflicts> {
  const conditions = [
    fields.username === undefined ? undefined : sql`lower(${users.username}) = lower(${fields.username})`,
    fields.email === undefined ? undefined : eq(users.email, fields.email),
    fields.phoneNumber === undefined ? undefined : eq(users.phoneNumber, fields.phoneNumber),
  ].filter((condition) => condition !== undefined);
  const found = { username: false, email: false, phoneNumber: false };
  if (conditions.length === 0) return found;
  const rows = await db
    .select({ id: users.id, username: users.username, email: users.email, phoneNumber: users.phoneNumber })
    .from(users)
    .where(or(...conditions))
    .all();
  for (const row of rows) {
    if (row.id === exceptUserId) continue;
    if (fields.username !== undefined && row.username.toLowerCase() === fields.username.toLowerCase())
      found.username = true;
    if (fields.email !== undefined && row.email === fields.email) found.email = true;
    if (fields.phoneNumber !== undefined && row.phoneNumber === fields.phoneNumber) found.phoneNumber = true;
  }
  return found;
}

/**
 * Whether some account's username has this look-alike skeleton (usernameSkeleton()); the
 * expression is the one the unique index users_username_skeleton_unique is built on.
 */
export async function usernameSkeletonHeld(db: Database, skeleton: string): Promise<boolean> {
  const row = await db
    .select({ id: users.id })
    .from(users)
    .where(
      sql`replace(replace(replace(replace(replace(replace(lower(${users.username}), 'rn', 'm'), 'vv', 'w'), 'cl', 'd'), '0', 'o'), '1', 'l'), 'i', 'l') = ${skeleton}`,
    )
    .get();
  return row !== undefined;
}

export interface NewAccount {
  username: string;
  email: string;
  /** E.164, or null when the number was left off (held by another account). */
  phoneNumber: string | null;
  firstName: string;
  lastName: string;
  passwordHash: string;
  registrationMethod: string;
}

/**
 * The user and their (empty) profile in one batch, atomic on libSQL and D1 alike (D1 refuses
 * interactive transactions); admin is never set from here. The profile finds its user by
 * username, unique by the look-alike skeleton index, inside the same batch.
 */
export async function createAccount(db: Database, account: NewAccount, nowMs: number) {
  const [[user], [profile]] = await db.batch([
    db
      .insert(users)
      .values({ ...account, admin: false, emailVerified: true, tokenVersion: 0, createdAt: nowMs })
      .returning({ id: users.id }),
    db
      .insert(profiles)
      .values({
        userId: sql`(SELECT ${users.id} FROM ${users} WHERE ${users.username} = ${account.username})`,
        name: `${account.firstName} ${account.lastName}`.trim(),
      })
      .returning({ id: profiles.id }),
  ]);
  return { userId: user!.id, profileId: profile!.id };
}

export async function updateAccountDetails(
  db: Database,
  userId: number,
  patch: { firstName?: string; lastName?: string; phoneNumber?: string },
): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await db.update(users).set(patch).where(eq(users.id, userId)).run();
}

/** Ends every token issued so far for this user (they carry the old version). */
export async function bumpTokenVersion(db: Database, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId))
    .run();
}

/**
 * `endSessions` is a change of password (settings, reset): every token ends, and the time is
 * kept so a refused token can be told why (require-user.ts). Without it, the same password
 * is only hashed again.
 */
export async function setPasswordHash(
  db: Database,
  userId: number,
  passwordHash: string,
  options: { endSessions: false } | { endSessions: true; changedAt: number },
): Promise<void> {
  await db
    .update(users)
    .set(
      options.endSessions
        ? { passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, passwordChangedAt: options.changedAt }
        : { passwordHash },
    )
    .where(eq(users.id, userId))
    .run();
}

export async function findProfileSummary(db: Database, userId: number) {
  return db
    .select({ id: profiles.id, profileImage: profiles.profileImage })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .get();
}
