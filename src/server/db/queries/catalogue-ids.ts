// Every catalogue id that exists at build time: the prerendered dish, restaurant, offer and
// area pages are one per id (getStaticPaths). Items added later open through the fallbacks.
import { asc } from "drizzle-orm";
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
    db.select({ id: dishes.id }).from(dishes).orderBy(asc(dishes.id)),
    db.select({ id: restaurants.id }).from(restaurants).orderBy(asc(restaurants.id)),
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
