// Issue 29 "Owners": an owner's menu and facts edits are rate limited (each save counts one, each
// new dish one more) and a restaurant lists a sane number of dishes. Each test replays an attack
// through the real API and failed before the fix (docs/security.md "Owners").
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_DISHES_PER_RESTAURANT, OWNER_RATE_LIMITS, WEEKDAYS } from "../../../domain/owners.ts";
import { createUser, NO_SCRYPT, readEnvelope, sendJson, type TestUser } from "../testing/accounts.ts";
import { buildCatalogueFixture, type CatalogueFixture } from "../testing/fixture.ts";
import { restaurantOwnedBy } from "../testing/owners.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
let f: CatalogueFixture;

beforeAll(async () => {
  t = await createTestApp();
  f = await buildCatalogueFixture(t.db, t.clock.now());
});
afterAll(() => t.close());

/** Each test writes hundreds of dishes: room for a loaded machine. */
const HEAVY = 60_000;

let dishSerial = 0;
const newDishes = (n: number) =>
  Array.from({ length: n }, () => {
    dishSerial += 1;
    return { dishName: `Flood dish ${dishSerial}`, price: 5, description: "", allergens: null, diets: null };
  });
const putMenu = (who: TestUser, id: number, dishes: unknown[]) =>
  sendJson(t, "PUT", `/api/restaurants/${id}/menu`, who, { dishes });
const dishCount = async (id: number) =>
  (await t.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM dishes WHERE restaurant_id = ${id}`))[0]!.n;
const facts = {
  hours: { weekly: Object.fromEntries(WEEKDAYS.map((d) => [d, []])), closures: [] },
  bookingLinks: [],
  orderingLinks: [],
  description: "Open when we say so.",
};

describe("owner menu and facts edits are limited", () => {
  it("an owner flooding the menu with new dishes stops at the restaurant's dish cap", async () => {
    const owner = await createUser(t, NO_SCRYPT);
    const id = await restaurantOwnedBy(t, f, owner.userId);
    expect((await putMenu(owner, id, newDishes(200))).status).toBe(200);
    const over = await putMenu(owner, id, newDishes(MAX_DISHES_PER_RESTAURANT - 200 + 1));
    expect(over.status).toBe(409);
    expect((await readEnvelope(over)).data).toEqual({ fields: { dishes: expect.any(String) } });
    expect(await dishCount(id)).toBe(200);
    expect((await putMenu(owner, id, newDishes(MAX_DISHES_PER_RESTAURANT - 200))).status).toBe(200);
    expect((await putMenu(owner, id, newDishes(1))).status).toBe(409);
    expect(await dishCount(id)).toBe(MAX_DISHES_PER_RESTAURANT);
    // A member adding one through the review modal is held to the same cap.
    const member = await createUser(t, NO_SCRYPT);
    const added = await sendJson(t, "POST", "/api/dishes/save", member, {
      dishName: "One more dish",
      tags: ["Japanese"],
      restaurantId: id,
    });
    expect(added.status).toBe(409);
    expect(await dishCount(id)).toBe(MAX_DISHES_PER_RESTAURANT);
  }, HEAVY);

  it("an owner hammering menu and facts saves gets 429 with Retry-After, and the refused save changes nothing", async () => {
    const owner = await createUser(t, NO_SCRYPT);
    const id = await restaurantOwnedBy(t, f, owner.userId);
    // Filling the menu spends most of the day's changes: one per save, one per new dish.
    let spent = 0;
    for (const n of [200, MAX_DISHES_PER_RESTAURANT - 200]) {
      expect((await putMenu(owner, id, newDishes(n))).status).toBe(200);
      spent += 1 + n;
    }
    const limit = OWNER_RATE_LIMITS.ownerEditsPerRestaurant.limit;
    for (let i = spent; i < limit; i += 1) {
      const res = await sendJson(t, "PUT", `/api/restaurants/${id}/facts`, owner, facts);
      expect(res.status).toBe(200);
    }
    const refused = await sendJson(t, "PUT", `/api/restaurants/${id}/facts`, owner, {
      ...facts,
      description: "Changed after the limit",
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const [row] = await t.db.all<{ description: string }>(
      sql`SELECT description FROM restaurants WHERE id = ${id}`,
    );
    expect(row!.description).toBe(facts.description);
  }, HEAVY);

  it("new dishes count one each: an owner of many restaurants filling them all hits the per-owner limit", async () => {
    const owner = await createUser(t, NO_SCRYPT);
    const perUser = OWNER_RATE_LIMITS.ownerEditsPerUser.limit;
    let spent = 0;
    let refused: Response | undefined;
    while (!refused && spent <= perUser) {
      const id = await restaurantOwnedBy(t, f, owner.userId);
      for (const n of [200, MAX_DISHES_PER_RESTAURANT - 200]) {
        const before = await dishCount(id);
        const res = await putMenu(owner, id, newDishes(n));
        if (res.status === 429) {
          refused = res;
          expect(await dishCount(id)).toBe(before);
          break;
        }
        expect(res.status).toBe(200);
        spent += 1 + n;
      }
    }
    expect(refused?.status).toBe(429);
    expect(spent).toBeLessThanOrEqual(perUser);
  }, HEAVY);
});
