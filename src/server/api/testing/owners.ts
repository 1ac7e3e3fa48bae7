// Owners for the OpenAPI walks and API tests (issue 22): make someone the verified owner of a
// restaurant, give it a review to answer, a reply, a claim code or an evidence claim, the way
// the owner services leave them, without going through every step each time.
import { sql } from "drizzle-orm";
import { issueCode } from "../auth/verification-codes.ts";
import { insertRestaurants } from "../db/queries/catalogue-writes.ts";
import { recordReviews } from "../db/queries/reviews.ts";
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

export async function makeOwner(t: TestApp, restaurantId: number, userId: number): Promise<void> {
  await t.db.run(
    sql`UPDATE restaurant_owners SET active = 0 WHERE restaurant_id = ${restaurantId} AND active = 1`,
  );
  await t.db.run(sql`INSERT INTO restaurant_owners (restaurant_id, user_id, verified_at, method, active)
    VALUES (${restaurantId}, ${userId}, ${t.clock.now()}, 'code', 1)`);
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
  await t.db.run(sql`INSERT INTO owner_replies (post_id, restaurant_id, author_id, content, created_at)
    VALUES (${postId}, ${restaurantId}, ${ownerId}, 'Walk reply', ${t.clock.now()})`);
}

/** A claim code for `userId` on a restaurant with a contact address and no owner. */
export async function claimCodeFor(t: TestApp, restaurantId: number, userId: number): Promise<string> {
  await t.db.run(sql`UPDATE restaurants SET contact_email = 'hello@walk.example' WHERE id = ${restaurantId}`);
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
  const [row] = await t.db.all<{ id: number }>(sql`INSERT INTO restaurant_claims
      (restaurant_id, user_id, method, state, evidence_key, evidence_type, evidence_bytes, created_at)
    VALUES (${restaurantId}, ${userId}, 'evidence', 'pending', ${name}, 'application/pdf', 15, ${t.clock.now()}) RETURNING id`);
  return Number(row!.id);
}
