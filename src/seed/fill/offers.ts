// Offers: roughly one restaurant in ten, the busier ones more often.
import { insertOffers, type NewOffer } from "../../server/api/db/queries/catalogue-writes.ts";
import {
  offerAvailability,
  offerBooking,
  offerDeal,
  offerDescription,
  offerTerms,
  offerTitle,
} from "../offers.ts";
import type { Random } from "../random.ts";
import { DAY, type SeedContext } from "./context.ts";
import type { PlacedRestaurant } from "./restaurants.ts";

const OFFERS_PER_SCALE = 45;

export async function fillOffers(
  { db, now }: SeedContext,
  scale: number,
  placed: PlacedRestaurant[],
  random: Random,
): Promise<number> {
  const offerCount = Math.max(3, Math.round(OFFERS_PER_SCALE * scale));
  const offerPlaces = random.sample(placed, Math.min(placed.length, Math.ceil(offerCount * 0.8)));
  const offerRows: NewOffer[] = [];
  for (let i = 0; i < offerCount; i++) {
    const r = offerPlaces[i % offerPlaces.length]!;
    const { spend, receive } = offerDeal(random);
    offerRows.push({
      restaurantId: r.id,
      title: offerTitle(spend, receive),
      image: random.pick(r.images),
      description: offerDescription(random, r.name, r.area.name, r.cuisine.tag)
        .replace("{spend}", String(spend))
        .replace("{receive}", String(receive)),
      originalPriceMinor: receive * 100,
      discountedPriceMinor: spend * 100,
      currency: "GBP",
      termsAndConditions: offerTerms(random.pick([90, 120, 180])),
      available: offerAvailability(random),
      booking: offerBooking(random, r.bookingLink),
      createdAt: now - random.int(1, 60) * DAY,
    });
  }
  const offerIds = await insertOffers(db, offerRows);
  return offerIds.length;
}
