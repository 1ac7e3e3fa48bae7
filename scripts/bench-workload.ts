// The requests npm run bench sends, drawn from a fixed seed so every run (and
// scripts/bench-search.ts, which replays the searches in-process) sees the same ones.

export interface BenchSearch {
  keyword: string;
  location?: string;
  tagName?: string;
}

export interface BenchWorkload {
  dishIds: number[];
  searches: BenchSearch[];
  restaurantIds: number[];
}

const WORDS = [
  "burger",
  "ramen",
  "pizza",
  "chicken",
  "curry",
  "taco",
  "dumpling",
  "coffee",
  "sushi",
  "pasta",
  "vegan",
  "lamb",
  "noodle",
  "spicy",
  "cheese",
  "salmon",
  "tofu",
  "steak",
  "bao",
  "kebab",
];

/**
 * Random dish ids, searches (a 3-6 letter prefix of a common word; half in an area, a fifth
 * with a tag) and restaurant ids. The draw order is fixed: restaurants come last so the ids
 * and searches of runs made before they were added stay the same.
 */
export function benchWorkload(catalogue: {
  maxDishId: number;
  restaurants: number;
  areaNames: string[];
  tagNames: string[];
}): BenchWorkload {
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]!;
  const dishIds = Array.from({ length: 20_000 }, () => 1 + Math.floor(random() * catalogue.maxDishId));
  const searches = Array.from({ length: 5_000 }, (): BenchSearch => {
    const keyword = pick(WORDS).slice(0, 3 + Math.floor(random() * 4));
    const location = random() < 0.5 ? pick(catalogue.areaNames) : undefined;
    const tagName = random() < 0.2 ? pick(catalogue.tagNames) : undefined;
    return { keyword, location, tagName };
  });
  const restaurantIds = Array.from(
    { length: 20_000 },
    () => 1 + Math.floor(random() * catalogue.restaurants),
  );
  return { dishIds, searches, restaurantIds };
}
