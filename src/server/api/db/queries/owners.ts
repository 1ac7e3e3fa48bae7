// Restaurant owners and their claims (issue 22, docs/owners.md): who owns what, the claims
// started, and the owner lines of the append-only moderation log. Writes are statements for
// the caller's batch, so an ownership and its log line land together or not at all.
import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { getRow } from "../client.ts";
import { moderationLog, restaurantClaims, restaurantOwners, restaurants, users } from "../schema.ts";

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
  ownerId: number | null;
}

/** A listed restaurant a person may claim (not removed, not merged), with its owner if any. */
export async function claimableRestaurant(
  db: Database,
  id: number,
): Promise<ClaimableRestaurant | undefined> {
  const row = await getRow<{ id: number; name: string; contactEmail: string | null; ownerId: number | null }>(
    db,
    sql`SELECT r.id AS id, r.name AS name, r.contact_email AS contactEmail,
        (SELECT o.user_id FROM restaurant_owners o WHERE o.restaurant_id = r.id AND o.active = 1) AS ownerId
      FROM restaurants r WHERE r.id = ${id} AND r.removed_at IS NULL AND r.listing_state <> 'merged'`,
  );
  return row && { ...row, ownerId: row.ownerId === null ? null : Number(row.ownerId) };
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

/** The evidence claim of a restaurant waiting for a moderator (at most one, by index). */
export async function waitingEvidenceClaim(
  db: Database,
  restaurantId: number,
): Promise<ClaimRow | undefined> {
  const [row] = await db
    .select()
    .from(restaurantClaims)
    .where(
      and(
        eq(restaurantClaims.restaurantId, restaurantId),
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

/** The restaurants `userId` owns now, with their reviews and how many are unanswered. */
export async function ownedRestaurants(db: Database, userId: number) {
  const rows = await db.all<{
    id: number;
    name: string;
    postCode: string;
    claimedAt: number;
    reviewCount: number;
    unansweredCount: number;
  }>(sql`SELECT r.id AS id, r.name AS name, r.post_code AS postCode, o.verified_at AS claimedAt,
      (SELECT count(*) FROM posts p LEFT JOIN dishes d ON d.id = p.dish_id
        WHERE (p.restaurant_id = r.id OR d.restaurant_id = r.id) AND p.removed_at IS NULL) AS reviewCount,
      (SELECT count(*) FROM posts p LEFT JOIN dishes d ON d.id = p.dish_id
        WHERE (p.restaurant_id = r.id OR d.restaurant_id = r.id) AND p.removed_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM owner_replies x WHERE x.post_id = p.id AND x.removed_at IS NULL)) AS unansweredCount
    FROM restaurant_owners o JOIN restaurants r ON r.id = o.restaurant_id
    WHERE o.user_id = ${userId} AND o.active = 1 AND r.removed_at IS NULL
    ORDER BY r.name, r.id`);
  return rows.map((r) => ({
    ...r,
    claimedAt: Number(r.claimedAt),
    reviewCount: Number(r.reviewCount),
    unansweredCount: Number(r.unansweredCount),
  }));
}

/** The account's name and address, for the claim mail ("which account asked"). */
export async function accountOf(db: Database, userId: number) {
  const [row] = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
