import { describe, expect, it } from "vitest";
import { addReview, EMPTY_AGGREGATE, PRIOR_MEAN, PRIOR_WEIGHT, TRENDING_HALF_LIFE_DAYS, trendingScoreAt } from "./ranking.ts";
import {
  CURRENT_RANKING_METHOD,
  explainRanking,
  explanationText,
  RANKING_CHANGELOG,
  type RankingMethod,
  type WorkedExampleData,
} from "./ranking-explainer.ts";

/** A method with other constants, built the way ranking.ts builds its own. */
function methodWith(priorWeight: number, priorMean: number, halfLifeDays: number, everyReviewCounts = false): RankingMethod {
  const reviewWeight = (tenths: number) => 0.2 + (0.8 * tenths) / 50;
  return {
    priorMean,
    priorWeight,
    trendingHalfLifeDays: halfLifeDays,
    bayesianScore: (n, sum) => (priorWeight * priorMean + sum) / (priorWeight + n),
    reviewWeight,
    decayedWeight: (tenths, ageDays) => reviewWeight(tenths) * 2 ** (-ageDays / halfLifeDays),
    countsInRanking: (review) => everyReviewCounts || (!review.incentivised && review.ratingTenths > 0),
  };
}

const example: WorkedExampleData = {
  ratedDishes: 12_345,
  leader: {
    name: "Tonkotsu Ramen",
    restaurantName: "Kyoto Ramen House",
    href: "/dish/7",
    ratingCount: 200,
    ratingSumTenths: 9600,
    rank: 1,
  },
  fewReviews: {
    name: "Cold Brew",
    restaurantName: "Brick Lane Roasters",
    href: "/dish/9",
    ratingCount: 1,
    ratingSumTenths: 50,
    rank: 2_031,
  },
};

const text = (method: RankingMethod = CURRENT_RANKING_METHOD, data: WorkedExampleData | null = example) =>
  explanationText(explainRanking(method, data));

describe("the ranking explanation", () => {
  it("states the constants ranking.ts uses", () => {
    const page = text();
    expect(page).toContain(`starts with ${PRIOR_WEIGHT} imaginary reviews of ${PRIOR_MEAN}`);
    expect(page).toContain(`score = (${PRIOR_WEIGHT} × ${PRIOR_MEAN} + sum of all ratings) ÷ (${PRIOR_WEIGHT} + number of ratings)`);
    expect(page).toContain(`that weight halves every ${TRENDING_HALF_LIFE_DAYS} days`);
  });

  it("computes its examples with ranking.ts's own functions", () => {
    // The same numbers as decision 002: one 5.0 review scores 3.64; 200 averaging 4.8, 4.74.
    const oneReview = addReview(EMPTY_AGGREGATE, 50, 0).bayesScore.toFixed(2);
    expect(oneReview).toBe("3.64");
    expect(text()).toContain(`= ${oneReview}.`);
    expect(text()).toContain("= 4.74.");
    // A 5.0 review one half-life old adds half of what it added when new.
    const week = TRENDING_HALF_LIFE_DAYS * 86_400_000;
    const key = addReview(EMPTY_AGGREGATE, 50, 0).trendingKey;
    expect(trendingScoreAt(key, week)).toBeCloseTo(0.5, 12);
    expect(text()).toContain("5.0 | 1.00 | 0.50 | 0.25 | 0.06");
    expect(text()).toContain("1.0 | 0.36 | 0.18 | 0.09 | 0.02");
    expect(text()).toContain("a new one adds 1.00 if rated 5.0, 0.84 if rated 4.0, 0.60 if rated 2.5 and 0.36 if rated 1.0.");
  });

  it("changes its text when a constant changes", () => {
    const other = text(methodWith(20, 4, 14));
    expect(other).not.toBe(text());
    expect(other).toContain("starts with 20 imaginary reviews of 4");
    expect(other).toContain("score = (20 × 4 + sum of all ratings) ÷ (20 + number of ratings)");
    // (20 × 4 + 5) / 21
    expect(other).toContain("One review of 5.0 scores (20 × 4 + 5) ÷ (20 + 1) = 4.05.");
    expect(other).toContain("that weight halves every 14 days");
    expect(other).toContain("Rating | Today | 14 days old | 28 days old | 56 days old");
    expect(other).not.toContain("imaginary reviews of 3.5");
    // The worked example is recomputed too: (20 × 4 + 960) / 220.
    expect(other).toContain("(20 × 4 + 960.0) ÷ (20 + 200) = 4.73");
  });

  it("works through real numbers: the leader and a dish with a higher average from few reviews", () => {
    const page = text();
    expect(page).toContain("12,345 dishes have at least one rating");
    expect(page).toContain(
      "Tonkotsu Ramen at Kyoto Ramen House is the top dish in London. It has 200 ratings adding up to 960.0, an average of 4.80. Its score is (10 × 3.5 + 960.0) ÷ (10 + 200) = 4.74.",
    );
    expect(page).toContain(
      "Cold Brew at Brick Lane Roasters has a higher average, 5.00, but from only 1 rating. Its score is (10 × 3.5 + 5.0) ÷ (10 + 1) = 3.64, so it is 2,031st in London.",
    );
    expect(page).toContain("Tonkotsu Ramen, Kyoto Ramen House | 200 | 4.80 | 4.74 | 1st");
  });

  it("leaves the worked example out when nothing is rated, and the second dish when there is none", () => {
    const sections = explainRanking(CURRENT_RANKING_METHOD, null);
    expect(sections.map((s) => s.id)).toEqual(["top", "trending", "rated", "where", "paid"]);
    const leaderOnly = text(CURRENT_RANKING_METHOD, { ...example, fewReviews: null });
    expect(leaderOnly).toContain("Tonkotsu Ramen at Kyoto Ramen House");
    expect(leaderOnly).not.toContain("Cold Brew");
  });

  it("says which reviews count, from ranking.ts's countsInRanking", () => {
    const page = text();
    expect(page).toContain(
      "add nothing to the score, the average or trending, so they never move anything up or down: reviews labelled Incentivised",
    );
    expect(page).toContain("and dish reviews with text but no rating.");
    const everyReview = text(methodWith(PRIOR_WEIGHT, PRIOR_MEAN, TRENDING_HALF_LIFE_DAYS, true));
    expect(everyReview).toContain("Every review counts in rankings, incentivised or not.");
    expect(everyReview).not.toContain("labelled Incentivised");
  });

  it("says what rated means and that money never ranks", () => {
    const page = text();
    expect(page).toContain("rated once it has at least one review");
    expect(page).toContain("Only rated items appear in top and trending lists");
    expect(page).toContain("no one can buy a place in a list");
  });

  it("keeps a changelog, newest first, with ISO dates", () => {
    expect(RANKING_CHANGELOG.length).toBeGreaterThan(0);
    for (const entry of RANKING_CHANGELOG) expect(entry.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const dates = RANKING_CHANGELOG.map((entry) => entry.date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });
});
