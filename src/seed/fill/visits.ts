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

/**
 * One voice per person per item (issue 20): a person reviews a restaurant once and a dish
 * once, whether alone or with its restaurant's review. The first pick is the usual
 * activity-weighted one; a person who already reviewed the item is replaced by another draw
 * (from its own stream, so the visits' other choices stay as they were), then by the next
 * free person in order; undefined when everyone has.
 */
function oneVoiceEach(users: SeededUsers, random: Random) {
  const reviewed = new Set<string>();
  const retries = random.fork("one-voice");
  const count = users.ids.length;
  const free = (first: number, isFree: (author: number) => boolean): number | undefined => {
    if (isFree(first)) return first;
    for (let k = 0; k < 20; k++) {
      const author = pickIndex(users.activityCum, retries);
      if (isFree(author)) return author;
    }
    for (let k = 1; k < count; k++) if (isFree((first + k) % count)) return (first + k) % count;
    return undefined;
  };
  const dishKey = (author: number, restaurant: number, dish: number) => `${author}:${restaurant}:${dish}`;
  return {
    /** The restaurant review's author and the dishes they have not reviewed yet. */
    restaurantVisit(first: number, restaurant: number, dishes: number[]) {
      const author = free(first, (a) => !reviewed.has(`${a}:${restaurant}`));
      if (author === undefined) return undefined;
      reviewed.add(`${author}:${restaurant}`);
      const fresh = dishes.filter((d) => !reviewed.has(dishKey(author, restaurant, d)));
      for (const d of fresh) reviewed.add(dishKey(author, restaurant, d));
      return { author, dishes: fresh };
    },
    dishVisit(first: number, restaurant: number, dish: number) {
      const author = free(first, (a) => !reviewed.has(dishKey(a, restaurant, dish)));
      if (author !== undefined) reviewed.add(dishKey(author, restaurant, dish));
      return author;
    },
  };
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
  const voices = oneVoiceEach(users, random);
  let plannedPosts = 0;
  // A tiny seed can run out of people for its busiest places: then it stops short of the target.
  let skipped = 0;
  const MAX_SKIPPED = 1000;
  // Burst visits first (about 12% of posts), then the long tail.
  const burstPosts = Math.round(targetPosts * 0.12);
  while (plannedPosts < burstPosts && skipped < MAX_SKIPPED) {
    const r = placed[random.pick(buzzing).i]!;
    const index = placed.indexOf(r);
    const chosen = chooseDishes(r, Math.max(1, dishesPerVisit()));
    const at = now - Math.floor(Math.pow(random.next(), 1.6) * 14 * DAY) - random.int(60_000, 3_600_000);
    const visit = voices.restaurantVisit(author(), index, chosen);
    if (!visit) {
      skipped += 1;
      continue;
    }
    visits.push({ at, restaurant: index, author: visit.author, dishes: visit.dishes, dishOnly: false });
    plannedPosts += 1 + visit.dishes.length;
  }
  while (plannedPosts < targetPosts && skipped < MAX_SKIPPED) {
    const index = pickIndex(restaurantCum, random);
    const r = placed[index]!;
    const at = now - Math.floor(Math.pow(random.next(), 1.25) * 730 * DAY) - random.int(60_000, 3_600_000);
    if (random.chance(0.1)) {
      const dishes = chooseDishes(r, 1);
      const dishAuthor = voices.dishVisit(author(), index, dishes[0]!);
      if (dishAuthor === undefined) {
        skipped += 1;
        continue;
      }
      visits.push({ at, restaurant: index, author: dishAuthor, dishes, dishOnly: true });
      plannedPosts += 1;
    } else {
      const visit = voices.restaurantVisit(author(), index, chooseDishes(r, dishesPerVisit()));
      if (!visit) {
        skipped += 1;
        continue;
      }
      visits.push({ at, restaurant: index, author: visit.author, dishes: visit.dishes, dishOnly: false });
      plannedPosts += 1 + visit.dishes.length;
    }
  }
  // Chronological posting order: post ids then follow time, as they would in production.
  visits.sort((a, b) => a.at - b.at);
  return { visits, plannedPosts };
}
