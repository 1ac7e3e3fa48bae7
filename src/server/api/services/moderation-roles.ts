// Who may moderate (issue 21, docs/moderation.md): roles live in users.role, read from the
// database on every moderation request, and change only here: from the command line
// (scripts/moderator.ts) or by an admin. Every change is written to the moderation log.
import { isModerator, MODERATION_MESSAGES, suspensionNotice, type Role } from "../../../domain/moderation.ts";
import type { Database } from "../db/client.ts";
import {
  accountByEmail,
  accountById,
  logStatement,
  runModerationBatch,
  setRoleStatement,
} from "../db/queries/moderation-decisions.ts";
import { ApiError } from "../http/envelope.ts";

/**
 * The caller's role now, from the database; 403 unless it is at least `needed`, and 403 with
 * the suspension's message while the account is suspended: a suspended moderator's powers
 * stop until it ends (issue 29). `now` is the app's clock (deps.now()).
 */
export async function assertRole(
  db: Database,
  userId: number,
  needed: "moderator" | "admin",
  now: number,
): Promise<Role> {
  const account = await accountById(db, userId);
  const role = account?.role ?? "user";
  const allowed = needed === "admin" ? role === "admin" : isModerator(role);
  if (!allowed) {
    throw new ApiError(
      403,
      needed === "admin" ? MODERATION_MESSAGES.needsAdmin : MODERATION_MESSAGES.needsModerator,
    );
  }
  const suspended = suspensionNotice(account, now);
  if (suspended !== undefined) throw new ApiError(403, suspended);
  return role;
}

export class UnknownAccountError extends Error {
  constructor(email: string) {
    super(`No account has the e-mail address ${email}.`);
  }
}

/**
 * Sets the role of the account with this e-mail address, and logs it. `actor` is the admin
 * (web) or null with the label "cli". Answers the account's id and its role before and after.
 */
export async function setRole(
  db: Database,
  email: string,
  role: Role,
  actor: { id: number | null; label: string },
  now: number,
): Promise<{ userId: number; before: Role; after: Role }> {
  const account = await accountByEmail(db, email);
  if (!account) throw new UnknownAccountError(email);
  await runModerationBatch(db, [
    setRoleStatement(db, account.id, role),
    logStatement(db, {
      actorId: actor.id,
      actorLabel: actor.label,
      action: role === "user" ? "role:revoke" : "role:grant",
      kind: "user",
      targetId: account.id,
      before: { role: account.role },
      after: { role },
      createdAt: now,
    }),
  ]);
  return { userId: account.id, before: account.role, after: role };
}

/** POST /moderation/moderators: an admin grants or revokes moderator, never an admin's role. */
export async function grantModerator(
  db: Database,
  admin: { id: number; username: string },
  input: { email: string; grant: boolean },
  now: number,
): Promise<{ userId: number; role: Role }> {
  const account = await accountByEmail(db, input.email);
  if (!account) throw new ApiError(404, MODERATION_MESSAGES.userNotFound);
  if (account.id === admin.id) throw new ApiError(403, MODERATION_MESSAGES.ownRole);
  if (account.role === "admin") throw new ApiError(409, MODERATION_MESSAGES.roleOfAdmin);
  const { userId, after } = await setRole(
    db,
    input.email,
    input.grant ? "moderator" : "user",
    { id: admin.id, label: admin.username },
    now,
  );
  return { userId, role: after };
}
