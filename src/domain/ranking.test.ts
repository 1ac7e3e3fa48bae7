import { describe, expect, it } from "vitest";
import {
  addReview,
  aggregateOf,
  countsInRanking,
  bayesianScore,
  EMPTY_AGGREGATE,
  meanRating,
  trendingScoreAt,
  type RankingAggregate,
} from "./ranking.ts";

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 25);

function reviewed(times: number[], ratingTenths = 45): RankingAggregate {
  return times.reduce((agg, t) => addReview(agg, ratingTenths, t), EMPTY_AGGREGATE);
}

describe("bayesian score", () => {
  it("does not let one 5.0 review outrank 200 reviews averaging 4.8", () => {
    expect(bayesianScore(1, 5)).toBeLessThan(bayesianScore(200, 200 * 4.8));
  });

  it("moves toward the observed mean as reviews accumulate", () => {
    const few = bayesianScore(3, 3 * 4.9);
    const many = bayesianScore(300, 300 * 4.9);
    expect(many).toBeGreaterThan(few);
    expect(many).toBeCloseTo(4.85, 1);
  });

  it("equals the prior for an unrated item", () => {
    expect(bayesianScore(0, 0)).toBe(3.5);
  });
});

describe("mean rating", () => {
  it("rounds to one decimal and is 0 without reviews", () => {
    expect(meanRating(3, 4.5 + 4 + 3.2)).toBe(3.9);
    expect(meanRating(0, 0)).toBe(0);
  });
});

describe("trending", () => {
  it("ranks last week's burst above last year's larger burst", () => {
    const lastWeek = reviewed(Array.from({ length: 5 }, (_, i) => NOW - (3 + i) * DAY));
    const lastYear = reviewed(Array.from({ length: 40 }, (_, i) => NOW - (365 + i) * DAY));
    expect(lastWeek.trendingKey).toBeGreaterThan(lastYear.trendingKey);
    expect(trendingScoreAt(lastWeek.trendingKey, NOW)).toBeGreaterThan(
      trendingScoreAt(lastYear.trendingKey, NOW),
    );
  });

  it("halves the score every seven days without touching the stored key", () => {
    const agg = reviewed([NOW]);
    const today = trendingScoreAt(agg.trendingKey, NOW);
    expect(trendingScoreAt(agg.trendingKey, NOW + 7 * DAY)).toBeCloseTo(today / 2, 10);
  });

  it("counts every review: more reviews on the same day trend higher", () => {
    expect(reviewed([NOW, NOW, NOW]).trendingKey).toBeGreaterThan(reviewed([NOW]).trendingKey);
  });

  it("weights better reviews more than worse ones at the same time", () => {
    expect(reviewed([NOW], 50).trendingKey).toBeGreaterThan(reviewed([NOW], 10).trendingKey);
  });

  it("keeps a finite key for reviews spread over two years", () => {
    const agg = reviewed(Array.from({ length: 730 }, (_, i) => NOW - i * DAY));
    expect(Number.isFinite(agg.trendingKey)).toBe(true);
    expect(agg.ratingCount).toBe(730);
  });

  it("scores an unreviewed item zero", () => {
    expect(trendingScoreAt(EMPTY_AGGREGATE.trendingKey, NOW)).toBe(0);
  });
});

describe("what counts in ranking (issue 15)", () => {
  it("leaves incentivised reviews and text-only dish reviews out of every score", () => {
    expect(countsInRanking({ ratingTenths: 50, incentivised: true })).toBe(false);
    expect(countsInRanking({ ratingTenths: 0 })).toBe(false);
    expect(countsInRanking({ ratingTenths: 1 })).toBe(true);
    const genuine = [
      { ratingTenths: 40, createdAt: 1_000 },
      { ratingTenths: 35, createdAt: 2_000 },
    ];
    expect(aggregateOf([...genuine, { ratingTenths: 50, createdAt: 3_000, incentivised: true }])).toEqual(
      aggregateOf(genuine),
    );
  });

  it("leaves a review held by detection out until it is cleared (issue 21)", () => {
    expect(countsInRanking({ ratingTenths: 50, flagged: true })).toBe(false);
    expect(countsInRanking({ ratingTenths: 50, flagged: false })).toBe(true);
    const genuine = [{ ratingTenths: 30, createdAt: 1_000 }];
    expect(aggregateOf([...genuine, { ratingTenths: 50, createdAt: 2_000, flagged: true }])).toEqual(
      aggregateOf(genuine),
    );
  });

  it("recomputes the same aggregate as adding reviews one by one, in any order", () => {
    const reviews = [
      { ratingTenths: 45, createdAt: 5 * DAY },
      { ratingTenths: 20, createdAt: 1 * DAY },
      { ratingTenths: 38, createdAt: 3 * DAY },
    ];
    const oneByOne = [...reviews]
      .sort((a, b) => a.createdAt - b.createdAt)
      .reduce((a, r) => addReview(a, r.ratingTenths, r.createdAt), EMPTY_AGGREGATE);
    expect(aggregateOf(reviews)).toEqual(oneByOne);
    expect(aggregateOf([])).toEqual(EMPTY_AGGREGATE);
  });
});
