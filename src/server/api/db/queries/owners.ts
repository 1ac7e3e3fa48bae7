// Restaurant owners and their claims (issue 22, docs/owners.md): who owns what, the claims
// started, and the owner lines of the append-only moderation log. Writes are statements for
// the caller's batch, so an ownership and its log line land together or not at all.
import { and, asc, desc, eq, isNull, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Database } from "../client.ts";
import {
  moderationLog,
  restaurantClaims,
  restaurantOwners,
  restaurants,
  users,
} from "../schema.ts";

export type BatchStatement = Parameters<Database["batch"]>[0][number];

/** A batch refused by a unique index on `table` (libSQL puts the reason in the message or its cause). */
export function isUniqueViolation(error: unknown, table: string): boolean {
  const text = `${(error as { message?: string })?.message ?? error} ${(error as { cause?: { message?: string } })?.cause?.message ?? ""}`;
  return text.includes(`UNIQUE constraint failed: ${table}`);
}

export interface OwnerLogEntry {
  actorId: number | null;
  actorLabel: string;
  action: string;
  restaurantId: number;
  note?: string;
  before?: unknown;
  after?: unknown;
  createdAt: number;
}

/** An owner line of the moderation log (kind restaurant, the restaurant's id). */
export function ownerLogStatement(db: Database, entry: OwnerLogEntry): BatchStatement {
  return db.insert(moderationLog).values({
    actorId: entry.actorId,
    actorLabel: entry.actorLabel,
    action: entry.action,
    kind: "restaurant",
    targetId: entry.restaurantId,
    reason: null,
    note: entry.note ?? "",
    before: entry.before ?? null,
    after: entry.after ?? null,
    createdAt: entry.createdAt,
  });
}

export interface ClaimableRestaurant {
  id: number;
  name: string;
  contactEmail: string | null;
  listingState: "pending" | "approved" | "merged";
  ownerId: number | null;
}

/** A listed restaurant a person may claim (not removed, not merged), with its owner if any. */
export async function claimableRestaurant(
  db: Database,
  id: number,
): Promise<ClaimableRestaurant | undefined> {
  const o = alias(restaurantOwners, "o");
  const [row] = await db
    .select({
      id: restaurants.id,
      name: restaurants.name,
      contactEmail: restaurants.contactEmail,
      listingState: restaurants.listingState,
      ownerId: sql<number | null>`${db
        .select({ userId: o.userId })
        .from(o)
        .where(and(eq(o.restaurantId, restaurants.id), eq(o.active, true)))}`,
    })
    .from(restaurants)
    .where(
      and(eq(restaurants.id, id), isNull(restaurants.removedAt), ne(restaurants.listingState, "merged")),
    );
  return row;
}

/** The active verified owner of a restaurant: the user id, or undefined. */
export async function activeOwnerOf(db: Database, restaurantId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ userId: restaurantOwners.userId })
    .from(restaurantOwners)
    .where(and(eq(restaurantOwners.restaurantId, restaurantId), eq(restaurantOwners.active, true)));
  return row?.userId;
}

export function insertClaimStatement(
  db: Database,
  claim: {
    restaurantId: number;
    userId: number;
    method: "code" | "evidence";
    createdAt: number;
    evidenceKey?: string;
    evidenceType?: string;
    evidenceBytes?: number;
    note?: string;
  },
) {
  return db.insert(restaurantClaims).values(claim).returning({ id: restaurantClaims.id });
}

/** The newest pending code claim of this person for this restaurant. */
export async function pendingCodeClaim(db: Database, restaurantId: number, userId: number) {
  const [row] = await db
    .select({ id: restaurantClaims.id })
    .from(restaurantClaims)
    .where(
      and(
        eq(restaurantClaims.restaurantId, restaurantId),
        eq(restaurantClaims.userId, userId),
        eq(restaurantClaims.method, "code"),
        eq(restaurantClaims.state, "pending"),
      ),
    )
    .orderBy(desc(restaurantClaims.id))
    .limit(1);
  return row?.id;
}

export type ClaimRow = typeof restaurantClaims.$inferSelect;

export async function claimById(db: Database, id: number): Promise<ClaimRow | undefined> {
  const [row] = await db.select().from(restaurantClaims).where(eq(restaurantClaims.id, id));
  return row;
}

/** The claimant's evidence claim waiting for a moderator (at most one per claimant, by index). */
export async function waitingEvidenceClaimOf(db: Database, userId: number): Promise<ClaimRow | undefined> {
  const [row] = await db
    .select()
    .from(restaurantClaims)
    .where(
      and(
        eq(restaurantClaims.userId, userId),
        eq(restaurantClaims.method, "evidence"),
        eq(restaurantClaims.state, "pending"),
      ),
    );
  return row;
}

export function decideClaimStatement(
  db: Database,
  claimId: number,
  state: "approved" | "refused",
  now: number,
) {
  return db
    .update(restaurantClaims)
    .set({ state, decidedAt: now })
    .where(and(eq(restaurantClaims.id, claimId), eq(restaurantClaims.state, "pending")));
}

/**
 * Makes `userId` the verified owner: any other active owner ends first (a transfer), in the
 * same batch, so the partial unique index never sees two.
 */
export function becomeOwnerStatements(
  db: Database,
  o: { restaurantId: number; userId: number; method: "code" | "evidence"; now: number },
): BatchStatement[] {
  return [
    db
      .update(restaurantOwners)
      .set({ active: false, endedAt: o.now })
      .where(and(eq(restaurantOwners.restaurantId, o.restaurantId), eq(restaurantOwners.active, true))),
    db.insert(restaurantOwners).values({
      restaurantId: o.restaurantId,
      userId: o.userId,
      verifiedAt: o.now,
      method: o.method,
      active: true,
    }),
  ];
}

/** The caller's claims, newest first, with the restaurant's name. */
export async function claimsOf(db: Database, userId: number) {
  return db
    .select({
      id: restaurantClaims.id,
      restaurantId: restaurantClaims.restaurantId,
      restaurantName: restaurants.name,
      method: restaurantClaims.method,
      state: restaurantClaims.state,
      createdAt: restaurantClaims.createdAt,
      decidedAt: restaurantClaims.decidedAt,
    })
    .from(restaurantClaims)
    .innerJoin(restaurants, eq(restaurants.id, restaurantClaims.restaurantId))
    .where(eq(restaurantClaims.userId, userId))
    .orderBy(desc(restaurantClaims.createdAt), desc(restaurantClaims.id))
    .limit(100);
}

/**
 * The caller's newest code claim still waiting, with its restaurant and where its code went, so
 * a reloaded claim page resumes the code step (issue 30). Only `userId`'s own: the code's key
 * names the claimant.
 */
export async function waitingCodeClaim(db: Database, userId: number) {
  const [row] = await db
    .select({
      claimId: restaurantClaims.id,
      restaurantId: restaurants.id,
      name: restaurants.name,
      address: restaurants.address,
      postCode: restaurants.postCode,
    })
    .from(restaurantClaims)
    .innerJoin(restaurants, eq(restaurants.id, restaurantClaims.restaurantId))
    .where(
      and(
        eq(restaurantClaims.userId, userId),
        eq(restaurantClaims.method, "code"),
        eq(restaurantClaims.state, "pending"),
        isNull(restaurants.removedAt),
      ),
    )
    .orderBy(desc(restaurantClaims.createdAt), desc(restaurantClaims.id))
    .limit(1);
  return row;
}

/** The restaurants `userId` owns now (their counts: `dashboardCounts`, one definition). */
export async function ownedRestaurants(db: Database, userId: number) {
  return db
    .select({
      id: restaurants.id,
      name: restaurants.name,
      postCode: restaurants.postCode,
      claimedAt: restaurantOwners.verifiedAt,
    })
    .from(restaurantOwners)
    .innerJoin(restaurants, eq(restaurants.id, restaurantOwners.restaurantId))
    .where(
      and(
        eq(restaurantOwners.userId, userId),
        eq(restaurantOwners.active, true),
        isNull(restaurants.removedAt),
      ),
    )
    .orderBy(asc(restaurants.name), asc(restaurants.id));
}

/** The account's name and address, for the claim mail ("which account asked"). */
export async function accountOf(db: Database, userId: number) {
  const [row] = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
