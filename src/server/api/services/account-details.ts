// The caller's own account and others' public ids (docs/accounts.md), part of accountsService.
import { ACCOUNT_MESSAGES } from "../../../domain/account-rules.ts";
import type { OwnAccount, PublicUser } from "../../../shared/schemas/accounts.ts";
import { enforceRateLimit, RATE_LIMITS } from "../auth/rate-limit.ts";
import {
  findAccountConflicts,
  findProfileSummary,
  findUserById,
  updateAccountDetails,
  type UserRow,
} from "../db/queries/users.ts";
import type { AppDeps } from "../deps.ts";
import { ApiError, fieldError } from "../http/envelope.ts";

export function accountDetailsCalls(deps: AppDeps) {
  const { db } = deps;

  async function ownAccount(user: UserRow): Promise<OwnAccount> {
    const profile = await findProfileSummary(db, user.id);
    return {
      id: user.id,
      username: user.username,
      email: user.email,
      phoneNumber: user.phoneNumber,
      firstName: user.firstName,
      lastName: user.lastName,
      registrationMethod: user.registrationMethod,
      emailVerified: user.emailVerified,
      avatar: profile?.profileImage ?? null,
      profileId: profile?.id ?? null,
      createdAt: user.createdAt,
      role: user.role,
    };
  }

  return {
    /**
     * The caller's own names and phone. Every phone change counts against per-user and
     * per-client limits, and a number another account holds gets the same refusal as a
     * number we cannot use, so the call cannot be used to learn who holds a number.
     */
    async updateOwnDetails(
      userId: number,
      patch: { firstName?: string; lastName?: string; phoneNumber?: string },
      client: string,
    ): Promise<OwnAccount> {
      const me = await findUserById(db, userId);
      if (!me) throw new ApiError(401);
      const changesPhone = patch.phoneNumber !== undefined && patch.phoneNumber !== me.phoneNumber;
      if (changesPhone) {
        const now = deps.now();
        await enforceRateLimit(db, RATE_LIMITS.phoneChangesPerUser, String(userId), now);
        await enforceRateLimit(db, RATE_LIMITS.phoneChangesPerClient, client, now);
        const taken = (await findAccountConflicts(db, { phoneNumber: patch.phoneNumber }, userId))
          .phoneNumber;
        if (taken) throw fieldError(400, "phoneNumber", ACCOUNT_MESSAGES.phoneNotSaved);
      }
      try {
        await updateAccountDetails(db, userId, {
          ...(patch.firstName === undefined ? {} : { firstName: patch.firstName }),
          ...(patch.lastName === undefined ? {} : { lastName: patch.lastName }),
          ...(changesPhone ? { phoneNumber: patch.phoneNumber } : {}),
        });
      } catch (error) {
        // A parallel change took the number between our check and the update.
        if (
          changesPhone &&
          (await findAccountConflicts(db, { phoneNumber: patch.phoneNumber }, userId)).phoneNumber
        ) {
          throw fieldError(400, "phoneNumber", ACCOUNT_MESSAGES.phoneNotSaved);
        }
        throw error;
      }
      return ownAccount((await findUserById(db, userId))!);
    },

    /** The caller's own full account, or anyone else's public id, username and avatar. */
    async userFor(viewerId: number, id: number): Promise<OwnAccount | PublicUser> {
      const user = await findUserById(db, id);
      if (!user) throw new ApiError(404);
      if (user.id === viewerId) return ownAccount(user);
      const profile = await findProfileSummary(db, user.id);
      return { id: user.id, username: user.username, avatar: profile?.profileImage ?? null };
    },
  };
}
