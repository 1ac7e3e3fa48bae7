// databaseFingerprint (authorization-walk.ts) is how the walks and the attack tests show that a
// refused call changed nothing: it must move with any stored value and only with one.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { dishes, rateLimits } from "../db/schema.ts";
import { databaseFingerprint } from "./authorization-walk.ts";
import { useCatalogueTestApp } from "./fixture.ts";

const { t } = useCatalogueTestApp();

describe("databaseFingerprint", () => {
  it("is the same until something is stored, whatever the rate limits count", async () => {
    const before = await databaseFingerprint(t);
    await t.db.insert(rateLimits).values({ key: "fingerprint-test", windowStart: 0, count: 1 });
    expect(await databaseFingerprint(t)).toBe(before);
  });

  it("moves with a real changed past its 15th digit, a text, and a row in a table without rowid", async () => {
    const [dish] = await t.db.select().from(dishes).limit(1);
    // 1 + 2^-52 prints as 1 with 15 significant digits.
    await t.db.update(dishes).set({ bayesScore: 1 }).where(eq(dishes.id, dish!.id));
    let before = await databaseFingerprint(t);
    await t.db.update(dishes).set({ bayesScore: 1 + 2 ** -52 }).where(eq(dishes.id, dish!.id));
    expect(await databaseFingerprint(t)).not.toBe(before);

    before = await databaseFingerprint(t);
    await t.db.update(dishes).set({ description: `${dish!.description}, with a comma` }).where(eq(dishes.id, dish!.id));
    expect(await databaseFingerprint(t)).not.toBe(before);

    before = await databaseFingerprint(t);
    // feed_entries is WITHOUT ROWID (drizzle/0012): read in its primary key's order.
    const owner = (await t.db.$client.execute("SELECT id FROM users LIMIT 1")).rows[0]!.id;
    await t.db.$client.execute({
      sql: "INSERT INTO feed_entries (owner_id, created_at, post_id) VALUES (?, 1, 999999)",
      args: [owner!],
    });
    expect(await databaseFingerprint(t)).not.toBe(before);
  });
});
