import { formatPrice } from "./currency.ts";

// Spec point 2, offer page: "Spend £X & Receive £Y In Food & Drink", where X is what the
// diner pays (discountedPrice) and Y the food-and-drink value they receive (originalPrice).
export function offerSpendText(originalPrice: number, discountedPrice: number, currency = "GBP"): string {
  const spend = formatPrice(discountedPrice, currency) ?? "";
  const receive = formatPrice(originalPrice, currency) ?? "";
  return `Spend ${spend} & Receive ${receive} In Food & Drink`;
}
