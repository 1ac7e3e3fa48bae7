// Who visits which restaurant when, and which dishes they order: the plan reviews are
// written from. Visits spread over two years, a little denser recently; a few mid-ranked
// places are "buzzing" with a burst in the last fortnight, so trending is not just top.
import type { Random } from "../random.ts";
import { DAY } from "./context.ts";
import type { PlacedRestaurant } from "./restaurants.ts";
import type { SeededUsers } from "./users.ts";
import { cumulative, pickIndex } from "./weighted-pick.ts";

const POSTS_PER_SCALE = 10_500;

export interface Visit {
  at: number;
  /** Index into the placed restaurants. */
  restaurant: number;
  /** Index into the seeded users. */
  author: number;
  /** Indexes into the restaurant's dishes. */
  dishes: number[];
  /** A dish review posted on its own, without a restaurant review. */
  dishOnly: boolean;
}

/** Visits in chronological order; marks the buzzing restaurants in `placed`. */
export function planVisits(
  now: number,
  scale: number,
  placed: PlacedRestaurant[],
  users: SeededUsers,
  random: Random,
): { visits: Visit[]; plannedPosts: number } {
  const visits: Visit[] = [];
  const restaurantCum = cumulative(placed.map((r) => r.popularity));
  const targetPosts = Math.max(40, Math.round(POSTS_PER_SCALE * scale));
  const byQuality = placed.map((r, i) => ({ i, q: r.quality })).sort((a, b) => b.q - a.q);
  const middle = byQuality.slice(Math.floor(byQuality.length * 0.25), Math.floor(byQuality.length * 0.8));
  const buzzing = random.sample(middle, Math.max(2, Math.round(placed.length * 0.06)));
  for (const { i } of buzzing) placed[i]!.buzzing = true;

  const chooseDishes = (r: PlacedRestaurant, n: number): number[] => {
    const chosen = new Set<number>();
    const cum = cumulative(r.dishWeight);
    for (let k = 0; k < n * 3 && chosen.size < n; k++) chosen.add(pickIndex(cum, random));
    return [...chosen];
  };
  const dishesPerVisit = () => random.weighted([0, 1, 2, 3, 4, 5], (k) => [33, 30, 20, 10, 4, 3][k]!);
  const author = () => pickIndex(users.activityCum, random);
  let plannedPosts = 0;
  // Burst visits first (about 12% of posts), then the long tail.
  const burstPosts = Math.round(targetPosts * 0.12);
  while (plannedPosts < burstPosts) {
    const r = placed[random.pick(buzzing).i]!;
    const index = placed.indexOf(r);
    const dishes = chooseDishes(r, Math.max(1, dishesPerVisit()));
    const at = now - Math.floor(Math.pow(random.next(), 1.6) * 14 * DAY) - random.int(60_000, 3_600_000);
    visits.push({ at, restaurant: index, author: author(), dishes, dishOnly: false });
    plannedPosts += 1 + dishes.length;
  }
  while (plannedPosts < targetPosts) {
    const index = pickIndex(restaurantCum, random);
    const r = placed[index]!;
    const at = now - Math.floor(Math.pow(random.next(), 1.25) * 730 * DAY) - random.int(60_000, 3_600_000);
    if (random.chance(0.1)) {
      visits.push({ at, restaurant: index, author: author(), dishes: chooseDishes(r, 1), dishOnly: true });
      plannedPosts += 1;
    } else {
      const dishes = chooseDishes(r, dishesPerVisit());
      visits.push({ at, restaurant: index, author: author(), dishes, dishOnly: false });
      plannedPosts += 1 + dishes.length;
    }
  }
  // Chronological posting order: post ids then follow time, as they would in production.
  visits.sort((a, b) => a.at - b.at);
  return { visits, plannedPosts };
}
