// The discovery API's limits and defaults (api-contract.md, spec point 9). The query schemas
// (src/shared/schemas/catalogue-queries.ts), the pages and the islands read them from here.

export const MAX_TOP_NUM = 100;
export const MAX_TAG_LIMIT = 200;
export const MAX_KEYWORD_LENGTH = 200;
export const MAX_NAME_LENGTH = 100;
/** trendingbytag: more tags than this would only dilute the list. */
export const MAX_TAGS_PER_QUERY = 20;

/** Spec point 9 defaults. */
export const DEFAULT_TOP_NUM = {
  homeDishes: 5,
  homeRestaurants: 3,
  areaPage: 6,
  tagView: 5,
  offers: 3,
  offersByTag: 6,
  search: 10,
} as const;
export const DEFAULT_TAG_LIMIT = 30;
