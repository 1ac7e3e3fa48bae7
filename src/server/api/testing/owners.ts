// Owners for the OpenAPI walks and API tests (issue 22): make someone the verified owner of a
// restaurant, give it a review to answer, a reply, a claim code or an evidence claim, the way
// the owner services leave them, without going through every step each time.
import { and, eq, inArray } from "drizzle-orm";
import { issueCode } from "../auth/verification-codes.ts";
import { insertRestaurants } from "../db/queries/catalogue-writes.ts";
import { recordReviews } from "../db/queries/review-bulk-record.ts";
import { ownerReplies, restaurantClaims, restaurantOwners, restaurants } from "../db/schema.ts";
import { privateEvidenceName } from "../files/private-evidence.ts";
import { createUser, NO_SCRYPT } from "./accounts.ts";
import type { CatalogueFixture } from "./fixture.ts";
import type { TestApp } from "./test-app.ts";

/** A new restaurant (no tags, so no ranked or tag list shows it) with `userId` its verified owner. */
export async function restaurantOwnedBy(
  t: TestApp,
  f: CatalogueFixture,
  userId: number | null,
): Promise<number> {
  const [id] = await insertRestaurants(t.db, [
    {
      name: `Owner Walk ${Math.random().toString(36).slice(2, 10)}`,
      regionId: f.regionIds.East,
      areaId: f.areaIds.Shoreditch,
      address: "1 Walk Yard",
      postCode: "E1 6AA",
      createdAt: t.clock.now(),
      tagIds: [],
    },
  ]);
  if (userId !== null) await makeOwner(t, id!, userId);
  return id!;
}

/**
 * Issue 29: marks `listerId` as the person who listed every restaurant `ownerId` owns now (its
 * created_by), as the review modal's "Add a Restaurant" leaves it: the lister is not an owner.
 */
export async function listedBy(t: TestApp, ownerId: number, listerId: number): Promise<void> {
  const owned = t.db
    .select({ id: restaurantOwners.restaurantId })
    .from(restaurantOwners)
    .where(and(eq(restaurantOwners.userId, ownerId), eq(restaurantOwners.active, true)));
  await t.db.update(restaurants).set({ createdBy: listerId }).where(inArray(restaurants.id, owned));
}

export async function makeOwner(t: TestApp, restaurantId: number, userId: number): Promise<void> {
  await t.db
    .update(restaurantOwners)
    .set({ active: false })
    .where(and(eq(restaurantOwners.restaurantId, restaurantId), eq(restaurantOwners.active, true)));
  await t.db
    .insert(restaurantOwners)
    .values({ restaurantId, userId, verifiedAt: t.clock.now(), method: "code", active: true });
}

/** A review of the restaurant by someone new; answers its id. */
export async function reviewOf(t: TestApp, restaurantId: number): Promise<number> {
  const author = await createUser(t, NO_SCRYPT);
  const [id] = await recordReviews(t.db, [
    {
      restaurantId,
      authorId: author.userId,
      content: "Walk review",
      ratingTenths: 40,
      createdAt: t.clock.now(),
    },
  ]);
  return id!;
}

export async function replyTo(
  t: TestApp,
  postId: number,
  restaurantId: number,
  ownerId: number,
): Promise<void> {
  await t.db
    .insert(ownerReplies)
    .values({ postId, restaurantId, authorId: ownerId, content: "Walk reply", createdAt: t.clock.now() });
}

/** A claim code for `userId` on a restaurant with a contact address and no owner. */
export async function claimCodeFor(t: TestApp, restaurantId: number, userId: number): Promise<string> {
  await t.db
    .update(restaurants)
    .set({ contactEmail: "hello@walk.example" })
    .where(eq(restaurants.id, restaurantId));
  const { code } = await issueCode(t.db, t.deps.config.jwtSecret, {
    email: `claim:${restaurantId}:${userId}`,
    purpose: "restaurant-claim",
    nowMs: t.clock.now(),
  });
  return code;
}

/** A waiting evidence claim with a stored private PDF; answers the claim's id. */
export async function evidenceClaim(t: TestApp, restaurantId: number, userId: number): Promise<number> {
  const name = privateEvidenceName("pdf");
  await t.deps.files.put(name, new TextEncoder().encode("%PDF-1.4\n%%EOF\n"), "application/pdf");
  const [row] = await t.db
    .insert(restaurantClaims)
    .values({
      restaurantId,
      userId,
      method: "evidence",
      state: "pending",
      evidenceKey: name,
      evidenceType: "application/pdf",
      evidenceBytes: 15,
      createdAt: t.clock.now(),
    })
    .returning({ id: restaurantClaims.id });
  return row!.id;
}
