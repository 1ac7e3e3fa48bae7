// Restaurant rows in the API's Restaurant shape, with the price range derived from the
// dishes' prices (GBP only, removed and merged dishes off the menu, issue 21). Like
// dish-reads.ts: a page of ids in, one prepared statement out.
import { and, eq, isNull, sql, type Placeholder } from "drizzle-orm";
import { priceRange } from "../../../../domain/price-range.ts";
import { dayOf } from "../../../../domain/owners.ts";
import { meanRating } from "../../../../domain/ranking.ts";
import type { RestaurantItem } from "../../../../shared/schemas/catalogue-items.ts";
import type { Database } from "../client.ts";
import { areas, dishes, regions, restaurants, restaurantTags, tags } from "../schema.ts";
import {
  inOrder,
  jsonPage,
  LIST_SEPARATOR,
  preparedPerDatabase,
  splitList,
  type RowOf,
} from "./item-rows.ts";

const restaurantColumns = {
  id: restaurants.id,
  name: restaurants.name,
  ratingCount: restaurants.ratingCount,
  reviewCount: restaurants.reviewCount,
  ratingSumTenths: restaurants.ratingSumTenths,
  logo: restaurants.logo,
  images: restaurants.images,
  region: regions.regionName,
  area: areas.areaName,
  regionId: restaurants.regionId,
  areaId: restaurants.areaId,
  bookingLinks: restaurants.bookingLinks,
  description: restaurants.description,
  address: restaurants.address,
  postCode: restaurants.postCode,
  phone: restaurants.phone,
  openingHours: restaurants.openingHours,
  hours: restaurants.hours,
  orderingLinks: restaurants.orderingLinks,
  // Issue 22: when the current verified owner was verified (a partial unique index probe).
  claimedAt: sql<
    number | null
  >`(SELECT o.verified_at FROM restaurant_owners o WHERE o.restaurant_id = ${restaurants.id} AND o.active = 1)`.as(
    "claimed_at",
  ),
  listingState: restaurants.listingState,
  mergedIntoId: restaurants.mergedIntoId,
  // A primary-key probe, made only for a merged duplicate's page (issue 21).
  mergedIntoName: sql<
    string | null
  >`(SELECT m.name FROM restaurants m WHERE m.id = ${restaurants.mergedIntoId})`.as("merged_into_name"),
};

/** The tags and the GBP dish prices, folded into one column each. */
const restaurantLists = {
  tagNames: sql<string | null>`(SELECT group_concat(${tags.tagName}, ${LIST_SEPARATOR}) FROM ${restaurantTags}
    JOIN ${tags} ON ${tags.id} = ${restaurantTags.tagId} WHERE ${restaurantTags.restaurantId} = ${restaurants.id})`,
  pricesMinor: sql<string | null>`(SELECT group_concat(${dishes.priceMinor}, ${LIST_SEPARATOR}) FROM ${dishes}
    WHERE ${dishes.restaurantId} = ${restaurants.id} AND ${dishes.priceMinor} IS NOT NULL AND ${dishes.currency} = 'GBP'
    AND ${dishes.removedAt} IS NULL AND ${dishes.listingState} <> 'merged')`,
};

type RestaurantRow = RowOf<typeof restaurantColumns>;

function toRestaurantItem(row: RestaurantRow, tagNames: string[], pricesMinor: number[]): RestaurantItem {
  return {
    id: row.id,
    name: row.name,
    rating: meanRating(row.ratingCount, row.ratingSumTenths / 10),
    ratingCount: row.ratingCount,
    reviewCount: row.reviewCount,
    logo: row.logo,
    images: row.images,
    tags: tagNames,
    location: { region: row.region, area: row.area, regionId: row.regionId, areaId: row.areaId },
    bookingLinks: row.bookingLinks,
    description: row.description,
    address: row.address,
    postCode: row.postCode,
    phone: row.phone,
    openingHours: row.openingHours,
    priceRange: priceRange(pricesMinor),
    communityAdded: row.listingState === "pending",
    mergedInto: row.mergedIntoId === null ? null : { id: row.mergedIntoId, name: row.mergedIntoName ?? "" },
    // Issue 29: no "Claimed" badge on a listing no moderator has checked yet.
    claimedAt: row.claimedAt === null || row.listingState !== "approved" ? null : dayOf(Number(row.claimedAt)),
    hours: row.hours ?? null,
    orderingLinks: row.orderingLinks,
  };
}

/** A page of restaurants in the order of `ids`, like dishesByIds: one JSON text (jsonPage). */
const restaurantPage = jsonPage({ ...restaurantColumns, ...restaurantLists });
const restaurantsByIdsStatement = preparedPerDatabase((db) =>
  db
    .select({ page: restaurantPage.select })
    .from(restaurants)
    .innerJoin(areas, eq(areas.id, restaurants.areaId))
    .innerJoin(regions, eq(regions.id, restaurants.regionId))
    .where(
      and(
        sql`${restaurants.id} IN (SELECT value FROM json_each(${sql.placeholder("ids")}))`,
        isNull(restaurants.removedAt),
      ),
    )
    .prepare(),
);

export async function restaurantsByIds(db: Database, ids: number[]): Promise<RestaurantItem[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const [result] = await restaurantsByIdsStatement(db).all({ ids: JSON.stringify(unique) });
  return inOrder(
    unique,
    restaurantPage
      .rows(result?.page ?? "[]")
      .map((row) =>
        toRestaurantItem(row, splitList(row.tagNames).sort(), splitList(row.pricesMinor).map(Number)),
      ),
  );
}

// A restaurant page is, with the dish page, the commonest uncached read: like getDish it is
// one statement prepared once, with the tags and the GBP dish prices folded in, instead of
// three queries built per call (drizzle's query building alone was most of the cost).
/** The restaurant-by-id statement; `id` is a placeholder when prepared, a number in plan tests. */
// A restaurant a moderator removed answers nothing (issue 21), so its page is 404.
export function restaurantByIdQuery(db: Database, id: number | Placeholder) {
  return db
    .select({ ...restaurantColumns, ...restaurantLists })
    .from(restaurants)
    .innerJoin(areas, eq(areas.id, restaurants.areaId))
    .innerJoin(regions, eq(regions.id, restaurants.regionId))
    .where(and(eq(restaurants.id, id), isNull(restaurants.removedAt)));
}

const getRestaurantStatement = preparedPerDatabase((db) =>
  restaurantByIdQuery(db, sql.placeholder("id")).prepare(),
);

export async function getRestaurant(db: Database, id: number): Promise<RestaurantItem | null> {
  const [row] = await getRestaurantStatement(db).all({ id });
  if (!row) return null;
  // Binary order, as the list query's ORDER BY tag_name gives.
  return toRestaurantItem(row, splitList(row.tagNames).sort(), splitList(row.pricesMinor).map(Number));
}

export async function restaurantExists(db: Database, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: restaurants.id })
    .from(restaurants)
    .where(eq(restaurants.id, id))
    .limit(1);
  return rows.length > 0;
}
