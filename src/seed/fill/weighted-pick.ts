// Weighted picks over tens of thousands of items (restaurants by popularity, users by
// activity): a cumulative table once, then a binary search per pick.
import type { Random } from "../random.ts";

export function cumulative(weights: number[]): Float64Array {
  const out = new Float64Array(weights.length);
  let total = 0;
  for (let i = 0; i < weights.length; i++) out[i] = total += weights[i]!;
  return out;
}

export function pickIndex(cum: Float64Array, random: Random): number {
  const target = random.next() * cum[cum.length - 1]!;
  let lo = 0;
  let hi = cum.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cum[mid]! > target) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
