// What a catalogue write needs to name the reads it changed (cache/scopes.ts): where each
// changed dish or restaurant sits and which tags it carries.
import { inArray } from "drizzle-orm";
import type { ChangedDish, ChangedRestaurant } from "../../cache/scopes.ts";
import type { Database } from "../client.ts";
import { dishes, dishTags, restaurants, restaurantTags } from "../schema.ts";

function tagsById(rows: { itemId: number; tagId: number }[]): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (const { itemId, tagId } of rows) out.set(itemId, [...(out.get(itemId) ?? []), tagId]);
  return out;
}

export async function changedDishes(db: Database, ids: number[]): Promise<ChangedDish[]> {
  if (ids.length === 0) return [];
  const [rows, tagRows] = await Promise.all([
    db
      .select({
        id: dishes.id,
        restaurantId: dishes.restaurantId,
        areaId: dishes.areaId,
        regionId: dishes.regionId,
      })
      .from(dishes)
      .where(inArray(dishes.id, ids)),
    db
      .select({ itemId: dishTags.dishId, tagId: dishTags.tagId })
      .from(dishTags)
      .where(inArray(dishTags.dishId, ids)),
  ]);
  const tags = tagsById(tagRows);
  return rows.map((row) => ({ ...row, tagIds: tags.get(row.id) ?? [] }));
}

export async function changedRestaurants(db: Database, ids: number[]): Promise<ChangedRestaurant[]> {
  if (ids.length === 0) return [];
  const [rows, tagRows] = await Promise.all([
    db
      .select({ id: restaurants.id, areaId: restaurants.areaId, regionId: restaurants.regionId })
      .from(restaurants)
      .where(inArray(restaurants.id, ids)),
    db
      .select({ itemId: restaurantTags.restaurantId, tagId: restaurantTags.tagId })
      .from(restaurantTags)
      .where(inArray(restaurantTags.restaurantId, ids)),
  ]);
  const tags = tagsById(tagRows);
  return rows.map((row) => ({ ...row, tagIds: tags.get(row.id) ?? [] }));
}
