// Offer texts. The terms quote spec point 9's constants word for word in meaning: purchaser
// at least 18, cancel within 14 days, refund within 14 days, refund rejection window 30 days,
// liability capped at 200% of the purchase price.
import type { Random } from "./random.ts";

export const OFFER_MIN_PURCHASER_AGE = 18;
export const OFFER_CANCEL_DAYS = 14;
export const OFFER_REFUND_DAYS = 14;
export const OFFER_REFUND_REJECTION_DAYS = 30;
export const OFFER_LIABILITY_CAP_PERCENT = 200;

/** Spend (what the diner pays) and receive (food and drink value), in pounds. */
const DEALS: [number, number][] = [
  [20, 30], [25, 40], [30, 45], [30, 50], [40, 60], [40, 70], [50, 80], [50, 75], [60, 100], [75, 120], [100, 150],
];

export function offerDeal(random: Random): { spend: number; receive: number } {
  const [spend, receive] = random.pick(DEALS);
  return { spend, receive };
}

export function offerTitle(spend: number, receive: number): string {
  return `Spend £${spend} & Receive £${receive} In Food & Drink`;
}

export function offerDescription(random: Random, restaurant: string, area: string, cuisine: string): string {
  return random.pick([
    `Pay £{spend} today and enjoy £{receive} to spend on food and drink at ${restaurant} in ${area}. Use it across the whole menu, from small plates to desserts and drinks.`,
    `A voucher for ${restaurant}'s ${cuisine} kitchen in ${area}: you pay £{spend} and receive £{receive} of food and drink, valid on the full menu.`,
    `Treat yourself or a friend at ${restaurant}. The voucher is worth £{receive} in food and drink and costs £{spend}, redeemable for lunch or dinner in ${area}.`,
  ]);
}

export function offerTerms(validDays: number): string {
  return [
    `The purchaser must be at least ${OFFER_MIN_PURCHASER_AGE} years old.`,
    `You may cancel your purchase within ${OFFER_CANCEL_DAYS} days for a full refund, provided the voucher has not been redeemed.`,
    `Approved refunds are paid within ${OFFER_REFUND_DAYS} days to the original payment method.`,
    `The restaurant may reject a refund request made more than ${OFFER_REFUND_REJECTION_DAYS} days after purchase.`,
    `Our liability is limited to ${OFFER_LIABILITY_CAP_PERCENT}% of the purchase price.`,
    `Valid for ${validDays} days from purchase. One voucher per table; not exchangeable for cash; cannot be combined with other offers. Service charge not included.`,
  ].join(" ");
}

export function offerAvailability(random: Random): string {
  return random.pick([
    "Monday to Thursday, lunch and dinner",
    "Every day, 12:00 PM - 5:00 PM",
    "Sunday to Thursday, all day",
    "Every day except Saturday evening",
    "Monday to Friday, from 5:00 PM",
    "All week, subject to availability",
  ]);
}

export function offerBooking(random: Random, bookingLink: string | undefined): string {
  if (bookingLink && random.chance(0.6)) return `Book online at ${bookingLink} and mention the voucher code when you book.`;
  return random.pick([
    "Booking required: call the restaurant at least 24 hours ahead and quote your voucher code.",
    "Walk-ins welcome; tables with vouchers are subject to availability.",
    "Book by phone and show your voucher on arrival.",
  ]);
}
