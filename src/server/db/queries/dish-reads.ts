// Dish rows in the API's Dish shape. Lists fetch their page of ids first (ranked-ids.ts,
// catalogue-search.ts) and then the rows, tags and place names with two IN queries, so a
// page of 100 costs the same three statements as a page of 1.
import { eq, inArray } from "drizzle-orm";
import { meanRating } from "../../../domain/ranking.ts";
import type { DishItem } from "../../../shared/schemas/catalogue-items.ts";
import type { Database } from "../client.ts";
import { areas, dishes, regions, restaurants } from "../schema.ts";
import { inOrder, tagNamesOf } from "./item-rows.ts";

export async function dishesByIds(db: Database, ids: number[]): Promise<DishItem[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const [rows, tagNames] = await Promise.all([
    db
      .select({
        id: dishes.id,
        dishName: dishes.dishName,
        restaurantId: dishes.restaurantId,
        restaurantName: restaurants.name,
        restaurantAddress: restaurants.address,
        restaurantLogo: restaurants.logo,
        images: dishes.images,
        priceMinor: dishes.priceMinor,
        currency: dishes.currency,
        ratingCount: dishes.ratingCount,
        ratingSumTenths: dishes.ratingSumTenths,
        region: regions.regionName,
        area: areas.areaName,
        regionId: dishes.regionId,
        areaId: dishes.areaId,
        description: dishes.description,
        about: dishes.about,
      })
      .from(dishes)
      .innerJoin(restaurants, eq(restaurants.id, dishes.restaurantId))
      .innerJoin(areas, eq(areas.id, dishes.areaId))
      .innerJoin(regions, eq(regions.id, dishes.regionId))
      .where(inArray(dishes.id, unique)),
    tagNamesOf(db, "dish", unique),
  ]);
  return inOrder(
    unique,
    rows.map((row) => ({
      id: row.id,
      dishName: row.dishName,
      restaurantId: row.restaurantId,
      restaurantName: row.restaurantName,
      restaurantAddress: row.restaurantAddress,
      restaurantLogo: row.restaurantLogo,
      images: row.images,
      price: row.priceMinor === null ? null : row.priceMinor / 100,
      currency: row.currency,
      rating: meanRating(row.ratingCount, row.ratingSumTenths / 10),
      ratingCount: row.ratingCount,
      location: { region: row.region, area: row.area, regionId: row.regionId, areaId: row.areaId },
      tags: tagNames.get(row.id) ?? [],
      description: row.description,
      about: row.about,
    })),
  );
}

export async function getDish(db: Database, id: number): Promise<DishItem | null> {
  const [dish] = await dishesByIds(db, [id]);
  return dish ?? null;
}
