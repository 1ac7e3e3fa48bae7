// Search results that page on (issue 30, "Find everything that matches"): how far a search
// pages, how many it counts, and how the results page words the count. The API
// (GET /dishes/search, GET /restaurants/search), the page and its tests read them from here.

/** Cards per "Show more". */
export const SEARCH_PAGE_SIZE = 10;

/**
 * How many items a search lists at most, and how far it counts: "200+ dishes" above it. A
 * page past the first reads the list from its start (docs/api.md, "Paging"), so the cap bounds
 * what one request can cost; 20 presses of Show more is further than people scroll.
 */
export const MAX_SEARCH_RESULTS = 200;

/** How many pages the page URL may ask to show again at once (dishPages=3 after a reload). */
export const MAX_SEARCH_PAGES = MAX_SEARCH_RESULTS / SEARCH_PAGE_SIZE;

export interface MatchCount {
  /** How many match, counted no further than MAX_SEARCH_RESULTS. */
  count: number;
  /** More than `count` match. */
  capped: boolean;
}

const NOUNS = {
  dish: ["dish", "dishes"],
  restaurant: ["restaurant", "restaurants"],
} as const;

/** "128 dishes", "1 restaurant", "200+ dishes", "no dishes". */
export function matchCountLabel(kind: keyof typeof NOUNS, { count, capped }: MatchCount): string {
  const [one, many] = NOUNS[kind];
  if (count === 0 && !capped) return `no ${many}`;
  return capped ? `${count}+ ${many}` : `${count} ${count === 1 ? one : many}`;
}

/**
 * The results page's summary: "128 dishes and 39 restaurants match". The verb agrees with
 * the last count, as people read it ("1 dish and 2 restaurants match", "2 dishes and 1
 * restaurant matches").
 */
export function matchSummary(dishes: MatchCount, restaurants: MatchCount): string {
  const verb = restaurants.count === 1 && !restaurants.capped ? "matches" : "match";
  const text = `${matchCountLabel("dish", dishes)} and ${matchCountLabel("restaurant", restaurants)} ${verb}`;
  return text[0]!.toUpperCase() + text.slice(1);
}

/** What the live region says after Show more added cards: "10 more dishes shown, 20 of 128". */
export function moreShownMessage(
  kind: keyof typeof NOUNS,
  added: number,
  shown: number,
  total: MatchCount,
): string {
  const [one, many] = NOUNS[kind];
  const of = total.capped ? `${total.count}+` : String(Math.max(total.count, shown));
  return `${added} more ${added === 1 ? one : many} shown, ${shown} of ${of}`;
}

export const SEARCH_PAGE_MESSAGES = {
  moreFailed: (kind: keyof typeof NOUNS) => `Couldn't load more ${NOUNS[kind][1]}. Please try again.`,
} as const;
