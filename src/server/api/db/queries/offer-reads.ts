// Offers in the API's Offer shape. Offers hang off restaurants, so every list is an index
// read through offers_restaurant_idx from a set of restaurant ids.
import { eq, inArray, max, min, sql, type SQL } from "drizzle-orm";
import { meanRating } from "../../../../domain/ranking.ts";
import type { OfferItem } from "../../../../shared/schemas/catalogue-items.ts";
import type { Database } from "../client.ts";
import { idRow, rawRow } from "../raw-rows.ts";
import { areas, offers, regions, restaurants } from "../schema.ts";
import { inOrder } from "./item-rows.ts";

export const offerIdQueries = {
  ofRestaurant: (restaurantId: number, limit: number): SQL =>
    sql`SELECT id FROM offers WHERE restaurant_id = ${restaurantId} ORDER BY id LIMIT ${limit}`,

  /** Offers of restaurants carrying the tag, the best-rated restaurants' first. */
  withTag: (tagId: number, limit: number): SQL =>
    sql`SELECT o.id AS id FROM restaurant_tags rt JOIN offers o ON o.restaurant_id = rt.restaurant_id WHERE rt.tag_id = ${tagId} ORDER BY rt.bayes_score DESC LIMIT ${limit}`,

  /** The first offer at or after a random id: one primary-key seek. */
  atOrAfter: (id: number): SQL => sql`SELECT id FROM offers WHERE id >= ${id} ORDER BY id LIMIT 1`,
};

export async function offersByIds(db: Database, ids: number[]): Promise<OfferItem[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await db
    .select({
      id: offers.id,
      restaurantId: offers.restaurantId,
      title: offers.title,
      image: offers.image,
      restaurantName: restaurants.name,
      region: regions.regionName,
      area: areas.areaName,
      regionId: restaurants.regionId,
      areaId: restaurants.areaId,
      ratingCount: restaurants.ratingCount,
      ratingSumTenths: restaurants.ratingSumTenths,
      description: offers.description,
      originalPriceMinor: offers.originalPriceMinor,
      discountedPriceMinor: offers.discountedPriceMinor,
      currency: offers.currency,
      termsAndConditions: offers.termsAndConditions,
      available: offers.available,
      booking: offers.booking,
    })
    .from(offers)
    .innerJoin(restaurants, eq(restaurants.id, offers.restaurantId))
    .innerJoin(areas, eq(areas.id, restaurants.areaId))
    .innerJoin(regions, eq(regions.id, restaurants.regionId))
    .where(inArray(offers.id, unique));
  return inOrder(
    unique,
    rows.map((row) => ({
      id: row.id,
      restaurantId: row.restaurantId,
      title: row.title,
      image: row.image,
      imageUrl: row.image,
      restaurantName: row.restaurantName,
      location: { region: row.region, area: row.area, regionId: row.regionId, areaId: row.areaId },
      rating: meanRating(row.ratingCount, row.ratingSumTenths / 10),
      description: row.description,
      originalPrice: row.originalPriceMinor / 100,
      discountedPrice: row.discountedPriceMinor / 100,
      currency: row.currency,
      termsAndConditions: row.termsAndConditions,
      available: row.available,
      booking: row.booking,
    })),
  );
}

export async function getOffer(db: Database, id: number): Promise<OfferItem | null> {
  const [offer] = await offersByIds(db, [id]);
  return offer ?? null;
}

/** Offers of the given restaurants, keeping the restaurants' order, at most `limit`. */
export async function offerIdsOfRestaurants(
  db: Database,
  restaurantIds: number[],
  limit: number,
): Promise<number[]> {
  if (restaurantIds.length === 0) return [];
  const rows = await db
    .select({ id: offers.id, restaurantId: offers.restaurantId })
    .from(offers)
    .where(inArray(offers.restaurantId, restaurantIds));
  const rank = new Map(restaurantIds.map((id, i) => [id, i]));
  return rows
    .sort((a, b) => rank.get(a.restaurantId)! - rank.get(b.restaurantId)! || a.id - b.id)
    .slice(0, limit)
    .map((row) => row.id);
}

/**
 * `count` distinct offers picked at random by probing random ids between the smallest and
 * largest: each probe is a primary-key seek, where ORDER BY random() would read every offer.
 * Gaps in the ids make offers after a gap a little likelier; fine for a home-page carousel.
 */
export async function randomOfferIds(db: Database, count: number, random = Math.random): Promise<number[]> {
  const [range] = await db.select({ lo: min(offers.id), hi: max(offers.id) }).from(offers);
  if (!range || range.lo === null || range.hi === null) return [];
  const { lo, hi } = range;
  const picked = new Set<number>();
  const span = hi - lo + 1;
  // Enough probes that duplicates rarely leave us short; if the table is small, take it all.
  for (let probe = 0; probe < count * 4 && picked.size < Math.min(count, span); probe++) {
    const row = await rawRow(db, idRow, offerIdQueries.atOrAfter(lo + Math.floor(random() * span)));
    if (row) picked.add(row.id);
  }
  if (picked.size < count && span <= count * 4) {
    // So few offers that probing keeps hitting the same ones: shuffle them all instead.
    const all = (
      await db
        .select({ id: offers.id })
        .from(offers)
        .limit(count * 4)
    ).map((row) => row.id);
    for (let i = all.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [all[i], all[j]] = [all[j]!, all[i]!];
    }
    for (const id of all) if (picked.size < count) picked.add(id);
  }
  return [...picked];
}
