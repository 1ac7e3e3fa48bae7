// The requests npm run bench sends, drawn from a fixed seed so every run (and
// bench/search.ts, which replays the searches in-process) sees the same ones.

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

// The realistic mix (npm run bench -- --mix, mix.ts). Popularity is Zipf-like: the
// item of rank k is drawn with a weight of 1/k^s. With s = 1.1 the 1,000 most popular of
// 532k dishes take about 70% of the draws (88% of 5,324 dishes at scale 1) and the rest
// spread thinly over the others: a few popular items and a long tail.

export const ZIPF_S = 1.1;

/** Shares of the mix by kind of request (issue 10). */
export const MIX_SHARES = { item: 0.4, list: 0.3, search: 0.2, page: 0.1 } as const;
export type MixKind = keyof typeof MIX_SHARES;
/** Of the page GETs, the share that are dish and restaurant pages (issue 13). */
export const ITEM_PAGE_SHARE = 0.5;

export interface MixRequest {
  kind: MixKind;
  path: string;
}

export interface MixCatalogue {
  dishIds: number[];
  restaurantIds: number[];
  tagNames: string[];
  /** Area and region names: `location` takes either. */
  placeNames: string[];
  /** Words people search for, most common first (the Zipf ranks). */
  searchWords: string[];
  /**
   * The built site's pages other than dish and restaurant pages (those are drawn over the
   * whole catalogue), "/" first; the rest are drawn in a shuffled order.
   */
  pagePaths: string[];
}

/**
 * mulberry32: benchWorkload's generator multiplies past 2^53, where doubles round, and falls
 * into short cycles (a draw of 40,000 ids over 5,324 dishes gave 420 distinct ones), which
 * would hide the tail this workload is about.
 */
export function seededRandom(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** Draws a rank in 0..n-1, rank k with a weight of 1/(k+1)^s, by binary search of the CDF. */
function zipf(n: number, s: number, random: () => number): () => number {
  const cdf = new Float64Array(n);
  let total = 0;
  for (let k = 0; k < n; k++) cdf[k] = total += 1 / (k + 1) ** s;
  return () => {
    const x = random() * total;
    let low = 0;
    let high = n - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (cdf[middle]! < x) low = middle + 1;
      else high = middle;
    }
    return low;
  };
}

/** Popularity does not follow ids: ranks are dealt to the items in a shuffled order. */
function byPopularity<T>(items: readonly T[], random: () => number, keepFirst = 0): () => T {
  const order = [...items];
  for (let i = order.length - 1; i > keepFirst; i--) {
    const j = keepFirst + Math.floor(random() * (i - keepFirst + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const rank = zipf(order.length, ZIPF_S, random);
  return () => order[rank()]!;
}

/**
 * `length` requests of the mix, in the order they are sent; the same catalogue always gives
 * the same requests. Item reads are three dishes to one restaurant. Lists are the ones the
 * home, tag and area pages and their islands ask for: the global ones, each of five lists by
 * tag, and both lists by place, over every tag and place with Zipf-like popularity. A search
 * is a 2-8 letter prefix of a popular word (a whole word when shorter), after another whole
 * word one time in five, in a place half the time and with a tag one time in five, so its
 * head is cached and its tail is not. Half the pages are dish and restaurant pages (three to
 * one) by the item reads' own popularity, over the whole catalogue whether the build
 * prerendered them or not (the Node entry renders the others on demand); the other half are
 * the built site's other pages.
 */
export function mixWorkload(catalogue: MixCatalogue, length: number): MixRequest[] {
  const random = seededRandom(1_100);
  const dish = byPopularity(catalogue.dishIds, random);
  const restaurant = byPopularity(catalogue.restaurantIds, random);
  const tag = byPopularity(catalogue.tagNames, random);
  const place = byPopularity(catalogue.placeNames, random);
  const word = byPopularity(catalogue.searchWords, random, catalogue.searchWords.length);
  const page = byPopularity(catalogue.pagePaths, random, 1);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const query = (entries: Record<string, string | undefined>) => {
    const defined = Object.entries(entries).filter((e): e is [string, string] => e[1] !== undefined);
    return new URLSearchParams(defined).toString();
  };

  const globalLists = [
    "/api/dishes/top?topNum=5",
    "/api/restaurants/top?topNum=3",
    "/api/dishes/trending",
    "/api/restaurants/trending",
    "/api/tags/getLimitedTags?limit=30",
    "/api/regions/all",
    "/api/areas/all",
  ];
  const tagLists = [
    "/api/dishes/top/filter",
    "/api/restaurants/top/filter",
    "/api/dishes/trending",
    "/api/restaurants/trending",
    "/api/offers/filter",
  ];
  const placeLists = ["/api/dishes/top/location", "/api/restaurants/top/location"];
  const searches = [
    "/api/dishes/searchByKeywordLocationTop",
    "/api/dishes/searchByKeywordLocationTop",
    "/api/dishes/searchByKeywordLocationTop",
    "/api/dishes/searchByKeywordLocationTop",
    "/api/dishes/searchByKeywordLocationTop",
    "/api/dishes/searchByKeywordLocationTop",
    "/api/restaurants/searchTop",
    "/api/restaurants/searchTop",
    "/api/dishes/searchTrending",
    "/api/restaurants/searchTrending",
  ];

  const draw: Record<MixKind, () => string> = {
    item: () => (random() < 0.75 ? `/api/dishes/${dish()}` : `/api/restaurants/${restaurant()}`),
    list: () => {
      const which = random();
      if (which < 0.3) return pick(globalLists);
      if (which < 0.7) return `${pick(tagLists)}?${query({ tagName: tag() })}`;
      return `${pick(placeLists)}?${query({ location: place() })}`;
    },
    search: () => {
      const typed = word();
      const prefix = typed.slice(0, 2 + Math.floor(random() * 7));
      const keyword = random() < 0.2 ? `${word()} ${prefix}` : prefix;
      const location = random() < 0.5 ? place() : undefined;
      const tagName = random() < 0.2 ? tag() : undefined;
      return `${pick(searches)}?${query({ keyword, location, tagName })}`;
    },
    page: () => {
      if (random() >= ITEM_PAGE_SHARE) return page();
      return random() < 0.75 ? `/dish/${dish()}` : `/restaurant/${restaurant()}`;
    },
  };
  const kinds = Object.entries(MIX_SHARES) as [MixKind, number][];
  return Array.from({ length }, () => {
    let x = random();
    const [kind] = kinds.find(([, share]) => (x -= share) < 0) ?? kinds[kinds.length - 1]!;
    return { kind, path: draw[kind]() };
  });
}
