// Every catalogue id: what the build chooses its prerendered pages from (catalogue-page-set.ts)
// and what the sitemap lists. Item pages the build did not write are rendered on demand.
import { asc, isNull } from "drizzle-orm";
import type { Database } from "../client.ts";
import { areas, dishes, offers, restaurants } from "../schema.ts";

export interface CatalogueIds {
  dishes: number[];
  restaurants: number[];
  offers: number[];
  areas: number[];
}

export async function listCatalogueIds(db: Database): Promise<CatalogueIds> {
  const [dishRows, restaurantRows, offerRows, areaRows] = await Promise.all([
    // A removed item has no page (issue 21): never prerendered, never in the sitemap.
    db.select({ id: dishes.id }).from(dishes).where(isNull(dishes.removedAt)).orderBy(asc(dishes.id)),
    db
      .select({ id: restaurants.id })
      .from(restaurants)
      .where(isNull(restaurants.removedAt))
      .orderBy(asc(restaurants.id)),
    db.select({ id: offers.id }).from(offers).orderBy(asc(offers.id)),
    db.select({ id: areas.id }).from(areas).orderBy(asc(areas.id)),
  ]);
  const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
  return {
    dishes: ids(dishRows),
    restaurants: ids(restaurantRows),
    offers: ids(offerRows),
    areas: ids(areaRows),
  };
}
