// Issue 31, docs/perf/near.md: restaurants.price_median_minor is the median of the restaurant's
// priced GBP dishes, kept by triggers on dishes (migration *_restaurant_price_median_triggers),
// so near reads filter restaurants by price band on a column. It must equal the median the
// list filters compute (list-filters.ts) after every kind of dish write.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PRICE_LEVELS, priceLevelBoundsMinor } from "../../../../domain/price-range.ts";
import { useCatalogueTestApp } from "../../testing/fixture.ts";
import { idRow, rawRows } from "../raw-rows.ts";
import { listFilterConditions } from "./list-filters.ts";

const { t, f } = useCatalogueTestApp();

function median(sorted: number[]): number | null {
  if (sorted.length === 0) return null;
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Every restaurant's stored median beside the one computed here from its dishes. */
async function storedAndComputed() {
  const restaurants = await t.db.all<{ id: number; stored: number | null }>(
    sql`SELECT id, price_median_minor AS stored FROM restaurants ORDER BY id`,
  );
  const dishes = await t.db.all<{ restaurant_id: number; price_minor: number }>(
    sql`SELECT restaurant_id, price_minor FROM dishes WHERE price_minor >= 0 AND currency = 'GBP'
      AND removed_at IS NULL AND listing_state <> 'merged' ORDER BY price_minor`,
  );
  return restaurants.map((r) => ({
    id: r.id,
    stored: r.stored,
    computed: median(dishes.filter((d) => d.restaurant_id === r.id).map((d) => d.price_minor)),
  }));
}

async function expectInStep(when: string) {
  const rows = await storedAndComputed();
  expect(
    rows.filter((r) => r.stored !== r.computed),
    when,
  ).toEqual([]);
  // And the list filters' own median puts each restaurant in the same band.
  for (const price of PRICE_LEVELS) {
    const [condition] = listFilterConditions("restaurant", { price });
    const byMedian = await rawRows(
      t.db,
      idRow,
      sql`SELECT i.id AS id FROM restaurants i WHERE ${condition} ORDER BY i.id`,
    );
    const { min, below } = priceLevelBoundsMinor(price);
    const byColumn = rows
      .filter((r) => r.stored !== null && r.stored >= min && (below === null || r.stored < below))
      .map((r) => ({ id: r.id }));
    expect(byColumn, `${when}, price ${price}`).toEqual(byMedian);
  }
}

describe("the restaurant's stored price median", () => {
  it("is the median of its priced GBP dishes after every kind of dish write", async () => {
    const a = f.restaurantIds["Kyoto Ramen House"]!;
    const b = f.restaurantIds["Trattoria Roma"]!;
    const dish = (
      await rawRows(t.db, idRow, sql`SELECT id FROM dishes WHERE restaurant_id = ${a} ORDER BY id LIMIT 1`)
    )[0]!.id;
    const nonEmpty = (await storedAndComputed()).filter((r) => r.computed !== null).length;
    expect(nonEmpty).toBeGreaterThan(3);
    await expectInStep("the fixture as built");

    await t.db
      .run(sql`INSERT INTO dishes (restaurant_id, dish_name, price_minor, currency, region_id, area_id)
      SELECT id, 'Gold leaf tasting menu', 9500, 'GBP', region_id, area_id FROM restaurants WHERE id = ${a}`);
    await expectInStep("a priced dish added");
    await t.db
      .run(sql`INSERT INTO dishes (restaurant_id, dish_name, price_minor, currency, region_id, area_id)
      SELECT id, 'Market price', NULL, 'GBP', region_id, area_id FROM restaurants WHERE id = ${a}`);
    await expectInStep("an unpriced dish added");
    await t.db.run(sql`UPDATE dishes SET price_minor = 150 WHERE id = ${dish}`);
    await expectInStep("a price changed");
    await t.db.run(sql`UPDATE dishes SET currency = 'EUR' WHERE id = ${dish}`);
    await expectInStep("a currency changed");
    await t.db.run(sql`UPDATE dishes SET currency = 'GBP', removed_at = 1 WHERE id = ${dish}`);
    await expectInStep("a dish removed by a moderator");
    await t.db.run(sql`UPDATE dishes SET removed_at = NULL, listing_state = 'merged' WHERE id = ${dish}`);
    await expectInStep("a dish merged");
    await t.db.run(
      sql`UPDATE dishes SET listing_state = 'approved', restaurant_id = ${b} WHERE id = ${dish}`,
    );
    await expectInStep("a dish moved to another restaurant");
    await t.db.run(sql`DELETE FROM dishes WHERE restaurant_id = ${a}`);
    await expectInStep("every dish of a restaurant deleted");
  });
});
