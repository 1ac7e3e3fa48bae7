// A restaurant's price band, derived from what its dishes cost (the original product showed
// a curated field; we compute it so it never disagrees with the menu).

export type PriceRange = "£" | "££" | "£££" | "££££" | "Unknown";

/**
 * Upper bounds, in pounds, of the median dish price for each band: under £10 is "£"
 * (street food, cafés), under £20 "££" (most casual dining), under £35 "£££", anything
 * above "££££". The median rather than the mean keeps one £90 tasting menu from moving a
 * noodle bar up a band.
 */
export const PRICE_RANGE_UPPER_BOUNDS_POUNDS = [10, 20, 35] as const;

const BANDS = ["£", "££", "£££", "££££"] as const;

function median(sorted: number[]): number {
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The band for a set of dish prices in minor units (pence); "Unknown" when none is priced. */
export function priceRange(pricesMinor: readonly number[]): PriceRange {
  const priced = pricesMinor.filter((p) => Number.isFinite(p) && p >= 0).sort((a, b) => a - b);
  if (priced.length === 0) return "Unknown";
  const pounds = median(priced) / 100;
  const band = PRICE_RANGE_UPPER_BOUNDS_POUNDS.findIndex((bound) => pounds < bound);
  return BANDS[band === -1 ? BANDS.length - 1 : band]!;
}

/** The price filter's levels (issue 24): 1 is "£" … 4 is "££££". */
export const PRICE_LEVELS = [1, 2, 3, 4] as const;
export type PriceLevel = (typeof PRICE_LEVELS)[number];

export function priceLevelLabel(level: PriceLevel): Exclude<PriceRange, "Unknown"> {
  return BANDS[level - 1]!;
}

/** The band's prices in minor units: at least `min`, and below `below` (none above "££££"). */
export function priceLevelBoundsMinor(level: PriceLevel): { min: number; below: number | null } {
  const bounds = PRICE_RANGE_UPPER_BOUNDS_POUNDS;
  return {
    min: level === 1 ? 0 : bounds[level - 2]! * 100,
    below: level === 4 ? null : bounds[level - 1]! * 100,
  };
}
