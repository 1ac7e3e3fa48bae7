// Claiming a restaurant (issue 22, docs/owners.md): by a code mailed to its listed contact
// address, or by evidence a moderator decides. Only a right code or a moderator's approve-claim
// makes an owner; every step is logged in the same batch as what it writes.
import { maskEmail } from "../../../domain/mask-email.ts";
import { dayOf, OWNER_MESSAGES, OWNER_RATE_LIMITS } from "../../../domain/owners.ts";
import { ACCOUNT_MESSAGES, CODE_TTL_SECONDS, MAX_CODE_ATTEMPTS } from "../../../domain/account-rules.ts";
import type { AuthUser } from "../auth/require-user.ts";
import { enforceRateLimit, pruneOccasionally, RATE_LIMITS, tooManyRequests } from "../auth/rate-limit.ts";
import { checkCode, issueCode } from "../auth/verification-codes.ts";
import { runBatch } from "../db/batch.ts";
import {
  becomeOwnerStatements,
  claimableRestaurant,
  decideClaimStatement,
  insertClaimStatement,
  ownerLogStatement,
  pendingCodeClaim,
  waitingCodeClaim,
  type ClaimableRestaurant,
} from "../db/queries/owners.ts";
import { deleteCode, findCode } from "../db/queries/verification-codes.ts";
import type { AppDeps } from "../deps.ts";
import { ApiError, fieldError } from "../http/envelope.ts";
import { restaurantClaimEmail } from "../mail/restaurant-claim-email.ts";
import { publishCatalogueChanges } from "./catalogue-changes.ts";

export type ClaimRoute = "code" | "evidence";

/** The code's key in email_verifications: one live code per person per restaurant. */
const codeKey = (restaurantId: number, userId: number) => `claim:${restaurantId}:${userId}`;

export async function claimTarget(deps: Pick<AppDeps, "db">, restaurantId: number, userId: number) {
  const restaurant = await claimableRestaurant(deps.db, restaurantId);
  if (!restaurant) throw fieldError(404, "id", OWNER_MESSAGES.restaurantNotFound);
  if (restaurant.ownerId === userId) throw new ApiError(409, OWNER_MESSAGES.alreadyOwner);
  return restaurant;
}

/**
 * The code route is open to a listing a moderator approved (or the seed holds), with a contact
 * address and no verified owner (issue 29: whoever lists a place never picks where its code goes).
 */
const codeRouteOpen = (r: ClaimableRestaurant) =>
  r.listingState === "approved" && r.contactEmail !== null && r.ownerId === null;

export interface ClaimStarted {
  claimId: number | null;
  routes: ClaimRoute[];
  codeSentTo: string | null;
  expiresInSeconds: number | null;
}

/**
 * Starts a claim: answers the open routes and, where the code route is open, mails a new code
 * to the contact address (the old one stops working).
 */
export async function startClaim(
  deps: AppDeps,
  user: AuthUser,
  restaurantId: number,
  client: string,
): Promise<ClaimStarted> {
  const restaurant = await claimTarget(deps, restaurantId, user.id);
  if (!codeRouteOpen(restaurant)) {
    return { claimId: null, routes: ["evidence"], codeSentTo: null, expiresInSeconds: null };
  }
  const to = restaurant.contactEmail!;
  const now = deps.now();
  // Per claimant too (issue 29): per address and per network alone, one account could mail
  // every listed restaurant from a handful of networks.
  await enforceRateLimit(deps.db, OWNER_RATE_LIMITS.claimMailsPerClaimant, String(user.id), now);
  await enforceRateLimit(deps.db, RATE_LIMITS.mailPerClient, client, now);
  await enforceRateLimit(deps.db, RATE_LIMITS.mailPerAddress, to, now);
  await pruneOccasionally(deps.db, now);
  const { code } = await issueCode(deps.db, deps.config.jwtSecret, {
    email: codeKey(restaurantId, user.id),
    purpose: "restaurant-claim",
    nowMs: now,
  });
  let claimId = await pendingCodeClaim(deps.db, restaurantId, user.id);
  if (claimId === undefined) {
    const [inserted] = (await runBatch(deps.db, [
      insertClaimStatement(deps.db, { restaurantId, userId: user.id, method: "code", createdAt: now }),
      ownerLogStatement(deps.db, {
        actorId: user.id,
        actorLabel: user.username,
        action: "owner:claim-started",
        restaurantId,
        after: { method: "code" },
        createdAt: now,
      }),
    ])) as [{ id: number }[]];
    claimId = inserted[0]!.id;
  }
  const message = restaurantClaimEmail({
    to,
    code,
    restaurantName: restaurant.name,
  });
  try {
    await deps.mail.sendNow(message);
  } catch (error) {
    deps.log("warn", `Could not send mail "${message.subject}"`, error);
    throw new ApiError(503, "Failed to send the claim code. Please try again.");
  }
  return {
    claimId,
    routes: ["code", "evidence"],
    codeSentTo: maskEmail(to),
    expiresInSeconds: CODE_TTL_SECONDS,
  };
}

/**
 * The caller's code claim to resume (issue 30): a reloaded claim page goes back to the code step
 * while the mailed code still works. Null when there is none, the code expired or ran out of
 * tries, or the code route closed meanwhile (an owner was verified, the address cleared).
 */
export async function resumableCodeClaim(deps: Pick<AppDeps, "db" | "now">, user: AuthUser) {
  const waiting = await waitingCodeClaim(deps.db, user.id);
  if (!waiting) return null;
  const [restaurant, code] = await Promise.all([
    claimableRestaurant(deps.db, waiting.restaurantId),
    findCode(deps.db, codeKey(waiting.restaurantId, user.id)),
  ]);
  const left = code ? Math.floor((code.expiresAt - deps.now()) / 1000) : 0;
  if (!restaurant || !codeRouteOpen(restaurant) || !code || left <= 0) return null;
  if (code.failedAttempts >= MAX_CODE_ATTEMPTS) return null;
  const { claimId, ...shown } = waiting;
  return {
    restaurant: { id: shown.restaurantId, name: shown.name, address: shown.address, postCode: shown.postCode },
    started: {
      claimId,
      routes: ["code", "evidence"] as ClaimRoute[],
      codeSentTo: maskEmail(restaurant.contactEmail!),
      expiresInSeconds: left,
    },
  };
}

/** A right code makes the caller the verified owner at once. */
export async function verifyClaimCode(
  deps: AppDeps,
  user: AuthUser,
  restaurantId: number,
  code: string,
): Promise<{ restaurantId: number; claimedAt: string; method: "code" }> {
  const restaurant = await claimTarget(deps, restaurantId, user.id);
  // Someone became the owner since the code was sent: only a moderator may transfer now.
  if (!codeRouteOpen(restaurant)) throw new ApiError(409, OWNER_MESSAGES.noCodeRoute);
  const key = codeKey(restaurantId, user.id);
  const check = await checkCode(deps.db, deps.config.jwtSecret, {
    email: key,
    purpose: "restaurant-claim",
    code,
    nowMs: deps.now(),
  });
  if (check.outcome === "dead") throw tooManyRequests(ACCOUNT_MESSAGES.codeDead, check.retryAfterSeconds);
  if (check.outcome === "expired") throw fieldError(400, "code", ACCOUNT_MESSAGES.expiredCode);
  if (check.outcome === "wrong") throw fieldError(400, "code", ACCOUNT_MESSAGES.wrongCode);
  const now = deps.now();
  const claimId = await pendingCodeClaim(deps.db, restaurantId, user.id);
  await runBatch(deps.db, [
    ...becomeOwnerStatements(deps.db, { restaurantId, userId: user.id, method: "code", now }),
    ...(claimId === undefined ? [] : [decideClaimStatement(deps.db, claimId, "approved", now)]),
    ownerLogStatement(deps.db, {
      actorId: user.id,
      actorLabel: user.username,
      action: "owner:claim-code-verified",
      restaurantId,
      before: { ownerId: null },
      after: { ownerId: user.id, method: "code", claimId: claimId ?? null },
      createdAt: now,
    }),
  ]);
  await deleteCode(deps.db, key);
  // The restaurant's answer now says "Claimed by its owner".
  await publishCatalogueChanges(deps, { restaurantIds: [restaurantId] });
  return { restaurantId, claimedAt: dayOf(now), method: "code" };
}
