// Creating restaurants, dishes and offers. Used by the seed now and by the "add a missing
// restaurant/dish" API; both go through here so tags and location copies stay right (the
// search index follows by trigger, drizzle/0026).
import { inArray } from "drizzle-orm";
import type { Database } from "../client.ts";
import { dishes, dishTags, offers, restaurants, restaurantTags } from "../schema.ts";

export type NewRestaurant = typeof restaurants.$inferInsert & { tagIds: number[] };
export type NewDish = Omit<typeof dishes.$inferInsert, "regionId" | "areaId"> & { tagIds: number[] };
export type NewOffer = typeof offers.$inferInsert;

const CHUNK = 400;

async function insertChunked<T>(items: T[], insert: (part: T[]) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += CHUNK) await insert(items.slice(i, i + CHUNK));
}

/** Inserts restaurants with their tags. */
export async function insertRestaurants(db: Database, items: NewRestaurant[]): Promise<number[]> {
  const ids: number[] = [];
  await insertChunked(items, async (part) => {
    const rows = await db
      .insert(restaurants)
      .values(part.map(({ tagIds: _tags, ...row }) => row))
      .returning({ id: restaurants.id });
    ids.push(...rows.map((r) => r.id));
  });
  const tagRows = items.flatMap((item, i) =>
    [...new Set(item.tagIds)].map((tagId) => ({ restaurantId: ids[i]!, tagId })),
  );
  await insertChunked(tagRows, (part) => db.insert(restaurantTags).values(part));
  return ids;
}

/** Inserts dishes; each takes its region and area from its restaurant. */
export async function insertDishes(db: Database, items: NewDish[]): Promise<number[]> {
  const restaurantIds = [...new Set(items.map((d) => d.restaurantId))];
  const places = new Map<number, { regionId: number; areaId: number }>();
  for (let i = 0; i < restaurantIds.length; i += CHUNK) {
    const rows = await db
      .select({ id: restaurants.id, regionId: restaurants.regionId, areaId: restaurants.areaId })
      .from(restaurants)
      .where(inArray(restaurants.id, restaurantIds.slice(i, i + CHUNK)));
    for (const { id, regionId, areaId } of rows) places.set(id, { regionId, areaId });
  }
  const ids: number[] = [];
  await insertChunked(items, async (part) => {
    const rows = await db
      .insert(dishes)
      .values(
        part.map(({ tagIds: _tags, ...row }) => {
          const place = places.get(row.restaurantId);
          if (!place) throw new RangeError(`Unknown restaurant ${row.restaurantId}`);
          return { ...row, ...place };
        }),
      )
      .returning({ id: dishes.id });
    ids.push(...rows.map((r) => r.id));
  });
  const tagRows = items.flatMap((item, i) =>
    [...new Set(item.tagIds)].map((tagId) => ({ dishId: ids[i]!, tagId })),
  );
  await insertChunked(tagRows, (part) => db.insert(dishTags).values(part));
  return ids;
}

export async function insertOffers(db: Database, items: NewOffer[]): Promise<number[]> {
  const ids: number[] = [];
  await insertChunked(items, async (part) => {
    const rows = await db.insert(offers).values(part).returning({ id: offers.id });
    ids.push(...rows.map((r) => r.id));
  });
  return ids;
}
