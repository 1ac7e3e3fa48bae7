// The owner dashboard's menu (issue 24): every dish of the restaurant a customer might order,
// including those the community added that no moderator has listed yet ("pending"), which the
// public reads leave out. Removed and merged dishes are gone from the menu, as in menuOf.
import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import type { DishItem } from "../../../../shared/schemas/catalogue-items.ts";
import type { Database } from "../client.ts";
import { dishes } from "../schema.ts";
import { dishesByIds } from "./dish-reads.ts";

/** The ids of the restaurant's menu, by name as a menu reads (case aside), then oldest first. */
export async function ownerMenuDishIds(db: Database, restaurantId: number): Promise<number[]> {
  const rows = await db
    .select({ id: dishes.id })
    .from(dishes)
    .where(
      and(eq(dishes.restaurantId, restaurantId), isNull(dishes.removedAt), ne(dishes.listingState, "merged")),
    )
    .orderBy(sql`${dishes.dishName} COLLATE NOCASE`, asc(dishes.id));
  return rows.map((row) => row.id);
}

/** The restaurant's menu as full dish items (prices, allergens, diets, communityAdded). */
export async function ownerMenu(db: Database, restaurantId: number): Promise<DishItem[]> {
  return dishesByIds(db, await ownerMenuDishIds(db, restaurantId));
}
