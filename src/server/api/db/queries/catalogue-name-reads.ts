// The name lists the review modal suggests from while someone types a restaurant or a dish:
// prefix matches in name order, read straight by the route.
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { dishes, restaurants } from "../schema.ts";

/** LIKE pattern for "starts with", with the user's % and _ taken literally. */
function startsWith(prefix: string): string {
  return `${prefix.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

export async function restaurantNames(db: Database, q: string | undefined, limit: number) {
  return db
    .select({ id: restaurants.id, name: restaurants.name })
    .from(restaurants)
    .where(q ? sql`lower(${restaurants.name}) LIKE ${startsWith(q)} ESCAPE '\\'` : undefined)
    .orderBy(asc(restaurants.name), asc(restaurants.id))
    .limit(limit);
}

export async function dishNames(
  db: Database,
  { q, limit, restaurantId }: { q?: string; limit: number; restaurantId?: number },
) {
  return db
    .select({
      id: dishes.id,
      dishName: dishes.dishName,
      restaurantId: dishes.restaurantId,
      restaurantName: restaurants.name,
    })
    .from(dishes)
    .innerJoin(restaurants, eq(restaurants.id, dishes.restaurantId))
    .where(
      and(
        restaurantId === undefined ? undefined : eq(dishes.restaurantId, restaurantId),
        q ? sql`lower(${dishes.dishName}) LIKE ${startsWith(q)} ESCAPE '\\'` : undefined,
      ),
    )
    .orderBy(asc(dishes.dishName), asc(dishes.id))
    .limit(limit);
}
