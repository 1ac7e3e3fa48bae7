// Restaurants and dishes added by users (spec point 7 "Review and catalogue writes"). Each save is one batch: the row and its tags; the
// search rows follow in the same statements (drizzle/0026's triggers), so a failure anywhere
// leaves nothing behind.
import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { areas, dishes, dishTags, regions, restaurants, restaurantTags, tags } from "../schema.ts";

export async function placeOf(db: Database, regionId: number, areaId: number) {
  const [[region], [area]] = await Promise.all([
    db.select({ id: regions.id }).from(regions).where(eq(regions.id, regionId)),
    db.select({ id: areas.id, regionId: areas.regionId }).from(areas).where(eq(areas.id, areaId)),
  ]);
  return { region, area };
}

/** Tag ids for references by id or by name (case-insensitive); unknown ones are listed back. */
export async function resolveTags(
  db: Database,
  refs: (number | string)[],
): Promise<{ ids: number[]; unknown: string[] }> {
  const byId = refs.filter((r): r is number => typeof r === "number");
  const byName = refs.filter((r): r is string => typeof r === "string");
  const [idRows, nameRows] = await Promise.all([
    byId.length ? db.select({ id: tags.id }).from(tags).where(inArray(tags.id, byId)) : [],
    byName.length
      ? db
          .select({ id: tags.id, tagName: tags.tagName })
          .from(tags)
          .where(
            inArray(
              sql`lower(${tags.tagName})`,
              byName.map((n) => n.toLowerCase()),
            ),
          )
      : [],
  ]);
  const foundIds = new Set(idRows.map((r) => r.id));
  const foundNames = new Map(nameRows.map((r) => [r.tagName.toLowerCase(), r.id]));
  const unknown = [
    ...byId.filter((id) => !foundIds.has(id)).map(String),
    ...byName.filter((n) => !foundNames.has(n.toLowerCase())),
  ];
  const ids = [...new Set([...foundIds, ...byName.flatMap((n) => foundNames.get(n.toLowerCase()) ?? [])])];
  return { ids, unknown };
}

/** Post codes compare without spaces or case: "n1 1aa" and "N11AA" are one place. */
const compactPostCode = (column: unknown) => sql`upper(replace(${column}, ' ', ''))`;

export async function findRestaurantByNameAndPostCode(db: Database, name: string, postCode: string) {
  const [row] = await db
    .select({ id: restaurants.id })
    .from(restaurants)
    .where(
      and(
        sql`${compactPostCode(restaurants.postCode)} = ${postCode.replaceAll(" ", "").toUpperCase()}`,
        sql`lower(${restaurants.name}) = ${name.toLowerCase()}`,
      ),
    )
    .limit(1);
  return row;
}

/** The restaurant's dishes that count towards its cap (issue 29): not removed, not merged. */
export async function listedDishCount(db: Database, restaurantId: number): Promise<number> {
  return db.$count(
    dishes,
    and(eq(dishes.restaurantId, restaurantId), isNull(dishes.removedAt), ne(dishes.listingState, "merged")),
  );
}

export async function findDishByName(db: Database, restaurantId: number, dishName: string) {
  const [row] = await db
    .select({ id: dishes.id })
    .from(dishes)
    .where(
      and(eq(dishes.restaurantId, restaurantId), sql`lower(${dishes.dishName}) = ${dishName.toLowerCase()}`),
    )
    .limit(1);
  return row;
}

export interface NewUserRestaurant
  extends Pick<typeof restaurants.$inferInsert, "lat" | "lng" | "postcodeDistrict" | "pinSource"> {
  name: string;
  address: string;
  postCode: string;
  phone: string | null;
  openingHours: string[];
  regionId: number;
  areaId: number;
  tagIds: number[];
  createdBy: number;
  createdAt: number;
}

/**
 * The restaurant and its tags in one batch, each insert writing its search row by trigger, so
 * search never misses a saved restaurant; answers its id. The id comes back through drizzle's `.returning()`, which both
 * drivers map (libSQL's `rows`, D1's `results`).
 */
export async function saveRestaurant(db: Database, item: NewUserRestaurant): Promise<number> {
  const { tagIds, ...row } = item;
  // Inside the batch the write lock is held and ids only grow (AUTOINCREMENT), so the newest
  // restaurant is the one just inserted.
  const newest = sql<number>`(SELECT max(${restaurants.id}) FROM ${restaurants})`;
  const [inserted] = await db.batch([
    // Pending until a moderator approves it (issue 21): at its URL and in search, in no ranked list.
    db
      .insert(restaurants)
      .values({ ...row, listingState: "pending" })
      .returning({ id: restaurants.id }),
    db.insert(restaurantTags).values(tagIds.map((tagId) => ({ restaurantId: newest, tagId }))),
  ]);
  return inserted[0]!.id;
}

export interface NewUserDish {
  restaurantId: number;
  dishName: string;
  priceMinor: number | null;
  tagIds: number[];
  createdBy: number;
  createdAt: number;
}

/**
 * The dish (placed where its restaurant is) and its tags in one batch; the triggers rewrite its
 * search row and its restaurant's (which lists dish names). Answers its id, read as
 * saveRestaurant reads it.
 */
export async function saveDish(db: Database, item: NewUserDish): Promise<number> {
  const ofRestaurant = (column: "regionId" | "areaId") =>
    sql<number>`(SELECT ${restaurants[column]} FROM ${restaurants} WHERE ${restaurants.id} = ${item.restaurantId})`;
  const newest = sql<number>`(SELECT max(${dishes.id}) FROM ${dishes})`;
  // A restaurant that is gone gives NULL places, which the NOT NULL columns refuse: the whole
  // batch fails and nothing lands (restaurants are never deleted; this is the backstop).
  const [inserted] = await db.batch([
    db
      .insert(dishes)
      .values({
        restaurantId: item.restaurantId,
        dishName: item.dishName,
        priceMinor: item.priceMinor,
        regionId: ofRestaurant("regionId"),
        areaId: ofRestaurant("areaId"),
        createdBy: item.createdBy,
        createdAt: item.createdAt,
        listingState: "pending",
      })
      .returning({ id: dishes.id }),
    db.insert(dishTags).values(item.tagIds.map((tagId) => ({ dishId: newest, tagId }))),
  ]);
  return inserted[0]!.id;
}
