// Spec point 9: "discountedPrice divided by originalPrice as a whole-number percentage
// followed by OFF, or 'No Discount' if either price is zero". Implemented literally, as the
// spec states it: a £20 dish offered at £15 shows "75% OFF" (the share paid, not the saving).
// This is the product's documented formula; change it here only with a spec change.
export const NO_DISCOUNT = "No Discount";

export function offerBadge(originalPrice: number, discountedPrice: number): string {
  if (!originalPrice || !discountedPrice) return NO_DISCOUNT;
  if (!Number.isFinite(originalPrice) || !Number.isFinite(discountedPrice)) return NO_DISCOUNT;
  return `${Math.round((discountedPrice / originalPrice) * 100)}% OFF`;
}
