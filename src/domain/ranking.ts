// Ranking rules for dishes and restaurants. Pure functions: the database stores their
// outputs on each row, updated in the same transaction as the review that changes them.

/**
 * Bayesian average: every item starts with PRIOR_WEIGHT imaginary reviews at PRIOR_MEAN,
 * so one 5.0 review scores (10 * 3.5 + 5) / 11 = 3.64 while 200 reviews averaging 4.8
 * score 4.74. The prior mean is a fixed constant rather than the live global mean so a new
 * review never forces a rescore of every other row; 3.5 is the midpoint of what London
 * reviewers actually give (most ratings fall between 2.5 and 4.8).
 */
export const PRIOR_MEAN = 3.5;
export const PRIOR_WEIGHT = 10;

export function bayesianScore(ratingCount: number, ratingSum: number): number {
  return (PRIOR_WEIGHT * PRIOR_MEAN + ratingSum) / (PRIOR_WEIGHT + ratingCount);
}

/** Mean rating to one decimal, or 0 when nothing has been rated yet. */
export function meanRating(ratingCount: number, ratingSum: number): number {
  return ratingCount === 0 ? 0 : Math.round((ratingSum / ratingCount) * 10) / 10;
}

/**
 * Trending is a sum of review weights that halves every TRENDING_HALF_LIFE_DAYS:
 *   trending(now) = Σ w_i · 2^(-(now - t_i) / h)  =  2^(-now/h) · Σ w_i · 2^(t_i / h).
 * The factor 2^(-now/h) is the same for every item, so the order is fixed by
 * K = log2 Σ w_i · 2^(t_i / h), which never changes with time: we store K ("trending key")
 * and no nightly job is needed. K is kept in log space (log-sum-exp) so it never overflows.
 */
export const TRENDING_HALF_LIFE_DAYS = 7;
const DAY_MS = 86_400_000;
/** Trending key of an item nobody has reviewed. */
export const EMPTY_TRENDING_KEY = -1e9;

/** Weight of one review: better reviews push an item up more, but every review counts. */
export function reviewWeight(ratingTenths: number): number {
  return 0.2 + (0.8 * Math.min(Math.max(ratingTenths, 0), 50)) / 50;
}

function log2AddExp(a: number, b: number): number {
  const hi = Math.max(a, b);
  const lo = Math.min(a, b);
  return hi + Math.log2(1 + 2 ** (lo - hi));
}

/** The trending key after adding one review made at `reviewedAtMs`. */
export function addToTrendingKey(key: number, ratingTenths: number, reviewedAtMs: number): number {
  const term = Math.log2(reviewWeight(ratingTenths)) + reviewedAtMs / DAY_MS / TRENDING_HALF_LIFE_DAYS;
  return key <= EMPTY_TRENDING_KEY ? term : log2AddExp(key, term);
}

/** The decayed trending score at `nowMs` (for display and tests; ordering uses the key). */
export function trendingScoreAt(key: number, nowMs: number): number {
  if (key <= EMPTY_TRENDING_KEY) return 0;
  return 2 ** (key - nowMs / DAY_MS / TRENDING_HALF_LIFE_DAYS);
}

export interface RankingAggregate {
  ratingCount: number;
  ratingSumTenths: number;
  bayesScore: number;
  trendingKey: number;
}

/** An unrated item scores 0 so it ranks below everything rated, whatever the prior. */
export const EMPTY_AGGREGATE: RankingAggregate = {
  ratingCount: 0,
  ratingSumTenths: 0,
  bayesScore: 0,
  trendingKey: EMPTY_TRENDING_KEY,
};

/** The aggregate after one more review. */
export function addReview(
  aggregate: RankingAggregate,
  ratingTenths: number,
  reviewedAtMs: number,
): RankingAggregate {
  const ratingCount = aggregate.ratingCount + 1;
  const ratingSumTenths = aggregate.ratingSumTenths + ratingTenths;
  return {
    ratingCount,
    ratingSumTenths,
    bayesScore: bayesianScore(ratingCount, ratingSumTenths / 10),
    trendingKey: addToTrendingKey(aggregate.trendingKey, ratingTenths, reviewedAtMs),
  };
}

/**
 * Whether a review moves rankings (issue 15, CMA208): an incentivised review is shown and
 * counted in the item's review total, but adds nothing to its rating, Bayesian score or
 * trending key; neither does a dish review sent with text and no rating (0), nor one held by
 * detection until a moderator clears it (issue 21, src/domain/review-signals.ts).
 */
export function countsInRanking(review: {
  ratingTenths: number;
  incentivised?: boolean;
  flagged?: boolean;
}): boolean {
  return !review.incentivised && !review.flagged && review.ratingTenths > 0;
}

/** The aggregate of an item from all its reviews, as db:check and edits recompute it. */
export function aggregateOf(
  reviews: readonly { ratingTenths: number; createdAt: number; incentivised?: boolean; flagged?: boolean }[],
): RankingAggregate {
  return reviews
    .filter(countsInRanking)
    .sort((a, b) => a.createdAt - b.createdAt)
    .reduce((aggregate, r) => addReview(aggregate, r.ratingTenths, r.createdAt), EMPTY_AGGREGATE);
}
