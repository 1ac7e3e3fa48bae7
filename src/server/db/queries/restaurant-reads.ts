// Restaurant rows in the API's Restaurant shape, with the price range derived from the
// dishes' prices. Like dish-reads.ts: a page of ids in, a fixed handful of IN queries out.
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { priceRange } from "../../../domain/price-range.ts";
import { meanRating } from "../../../domain/ranking.ts";
import type { RestaurantItem } from "../../../shared/schemas/catalogue-items.ts";
import type { Database } from "../client.ts";
import { areas, dishes, regions, restaurants } from "../schema.ts";
import { inOrder, tagNamesOf } from "./item-rows.ts";

/** Bands are in pounds; dishes priced in another currency do not count towards them. */
async function dishPricesOf(db: Database, ids: number[]): Promise<Map<number, number[]>> {
  const byId = new Map<number, number[]>(ids.map((id) => [id, []]));
  const rows = await db
    .select({ restaurantId: dishes.restaurantId, priceMinor: dishes.priceMinor })
    .from(dishes)
    .where(and(inArray(dishes.restaurantId, ids), isNotNull(dishes.priceMinor), eq(dishes.currency, "GBP")));
  for (const row of rows) if (row.priceMinor !== null) byId.get(row.restaurantId)?.push(row.priceMinor);
  return byId;
}

export async function restaurantsByIds(db: Database, ids: number[]): Promise<RestaurantItem[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const [rows, tagNames, prices] = await Promise.all([
    db
      .select({
        id: restaurants.id,
        name: restaurants.name,
        ratingCount: restaurants.ratingCount,
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
      })
      .from(restaurants)
      .innerJoin(areas, eq(areas.id, restaurants.areaId))
      .innerJoin(regions, eq(regions.id, restaurants.regionId))
      .where(inArray(restaurants.id, unique)),
    tagNamesOf(db, "restaurant", unique),
    dishPricesOf(db, unique),
  ]);
  return inOrder(
    unique,
    rows.map((row) => ({
      id: row.id,
      name: row.name,
      rating: meanRating(row.ratingCount, row.ratingSumTenths / 10),
      ratingCount: row.ratingCount,
      logo: row.logo,
      images: row.images,
      tags: tagNames.get(row.id) ?? [],
      location: { region: row.region, area: row.area, regionId: row.regionId, areaId: row.areaId },
      bookingLinks: row.bookingLinks,
      description: row.description,
      address: row.address,
      postCode: row.postCode,
      phone: row.phone,
      openingHours: row.openingHours,
      priceRange: priceRange(prices.get(row.id) ?? []),
    })),
  );
}

export async function getRestaurant(db: Database, id: number): Promise<RestaurantItem | null> {
  const [restaurant] = await restaurantsByIds(db, [id]);
  return restaurant ?? null;
}
