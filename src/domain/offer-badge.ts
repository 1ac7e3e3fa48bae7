// The offer badge states the saving as a shopper reads it: "Spend £60 & Receive £100" is 40%
// off. Spec point 9 computes discountedPrice / originalPrice ("60% OFF", the share paid, not
// the saving); we keep its shape ("N% OFF", "No Discount" when either price is zero) and
// fix the sum (issue 24; docs/api.md, "Where we differ").
export const NO_DISCOUNT = "No Discount";

export function offerBadge(originalPrice: number, discountedPrice: number): string {
  if (!originalPrice || !discountedPrice) return NO_DISCOUNT;
  if (!Number.isFinite(originalPrice) || !Number.isFinite(discountedPrice)) return NO_DISCOUNT;
  const saving = Math.round((1 - discountedPrice / originalPrice) * 100);
  // Paying as much as the food is worth, or more, saves nothing.
  if (saving <= 0) return NO_DISCOUNT;
  return `${saving}% OFF`;
}
