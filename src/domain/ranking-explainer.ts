// The text of /how-rankings-work, built from the constants and functions the ranking itself
// uses (ranking.ts), so the page cannot say one thing while the code does another: change a
// constant there and the page's numbers change at the next build (issue 15). Pure: the page
// passes the worked example's numbers, read from the database at build time.
import {
  addToTrendingKey,
  bayesianScore,
  countsInRanking,
  EMPTY_TRENDING_KEY,
  PRIOR_MEAN,
  PRIOR_WEIGHT,
  reviewWeight,
  TRENDING_HALF_LIFE_DAYS,
  trendingScoreAt,
} from "./ranking.ts";

/** Everything the explanation says about the method: constants and the functions built on them. */
export interface RankingMethod {
  priorMean: number;
  priorWeight: number;
  trendingHalfLifeDays: number;
  /** Top-list score of an item with `ratingCount` ratings adding up to `ratingSum` (0..5 each). */
  bayesianScore: (ratingCount: number, ratingSum: number) => number;
  /** What one review adds to trending when new, by its rating in tenths (0..50). */
  reviewWeight: (ratingTenths: number) => number;
  /** What that review still adds `ageDays` later. */
  decayedWeight: (ratingTenths: number, ageDays: number) => number;
  /** Whether a review counts toward scores and trending at all. */
  countsInRanking: (review: { ratingTenths: number; incentivised?: boolean }) => boolean;
}

const DAY_MS = 86_400_000;

/** The method in force: ranking.ts's own exports, nothing restated. */
export const CURRENT_RANKING_METHOD: RankingMethod = {
  priorMean: PRIOR_MEAN,
  priorWeight: PRIOR_WEIGHT,
  trendingHalfLifeDays: TRENDING_HALF_LIFE_DAYS,
  bayesianScore,
  reviewWeight,
  // Through the stored key, exactly as a trending list is ordered.
  decayedWeight: (ratingTenths, ageDays) =>
    trendingScoreAt(addToTrendingKey(EMPTY_TRENDING_KEY, ratingTenths, 0), ageDays * DAY_MS),
  countsInRanking,
};

/** One item of the worked example, as stored on its row. */
export interface RankedExample {
  name: string;
  /** The restaurant a dish belongs to. */
  restaurantName: string;
  href: string;
  ratingCount: number;
  ratingSumTenths: number;
  /** Its place in the London-wide list of top dishes, 1 = first. */
  rank: number;
}

/** Real numbers from the catalogue the page was built from. */
export interface WorkedExampleData {
  /** How many dishes have at least one rating, i.e. appear in top lists. */
  ratedDishes: number;
  /** The first dish in London. */
  leader: RankedExample;
  /** A dish with a higher average from only a few reviews, ranked below the leader. */
  fewReviews: RankedExample | null;
}

export type Block =
  | { kind: "paragraph"; text: string }
  | { kind: "formula"; text: string }
  | { kind: "list"; items: string[] }
  | { kind: "table"; caption: string; head: string[]; rows: string[][] };

export interface ExplanationSection {
  id: string;
  heading: string;
  blocks: Block[];
}

export interface ChangelogEntry {
  /** ISO date the change went live. */
  date: string;
  text: string;
}

/**
 * What changed in the method and when, newest first. History, so it keeps the numbers of its
 * day; add an entry (and a decision record) whenever ranking.ts changes what it computes.
 */
export const RANKING_CHANGELOG: readonly ChangelogEntry[] = [
  {
    date: "2026-11-26",
    text: "This page published. It is built from the ranking code itself, so it always shows the method in force.",
  },
  {
    date: "2026-11-26",
    text: "Incentivised reviews, and dish reviews with text but no rating, still count in an item's number of reviews but no longer in its score or trending.",
  },
  {
    date: "2026-11-25",
    text: "First method (decision record 002): top lists use a Bayesian average with 10 imaginary reviews at 3.5; trending halves every 7 days; unrated items are left out of both.",
  },
];

const twoDecimals = (value: number) => value.toFixed(2);
const oneDecimal = (value: number) => value.toFixed(1);
const count = (n: number, one: string, many: string) => `${n.toLocaleString("en-GB")} ${n === 1 ? one : many}`;
const listed = (items: string[]) =>
  items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
const ordinal = (n: number) => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n.toLocaleString("en-GB")}${suffix}`;
};

function scoreLine(method: RankingMethod, item: RankedExample): string {
  const sum = item.ratingSumTenths / 10;
  const score = method.bayesianScore(item.ratingCount, sum);
  return `(${method.priorWeight} × ${method.priorMean} + ${oneDecimal(sum)}) ÷ (${method.priorWeight} + ${item.ratingCount}) = ${twoDecimals(score)}`;
}

function topSection(method: RankingMethod): ExplanationSection {
  const { priorWeight, priorMean } = method;
  const oneFive = method.bayesianScore(1, 5);
  const manyCount = 200;
  const manyMean = 4.8;
  const many = method.bayesianScore(manyCount, manyCount * manyMean);
  return {
    id: "top",
    heading: "Top lists: a fair average",
    blocks: [
      {
        kind: "paragraph",
        text: `A plain average would put a dish with a single 5.0 review above one with hundreds of excellent reviews. So every dish and restaurant starts with ${count(priorWeight, "imaginary review", "imaginary reviews")} of ${priorMean}, and real reviews pull its score away from there. This is a Bayesian average: the more people have rated something, the more its score is their average.`,
      },
      {
        kind: "formula",
        text: `score = (${priorWeight} × ${priorMean} + sum of all ratings) ÷ (${priorWeight} + number of ratings)`,
      },
      {
        kind: "list",
        items: [
          `One review of 5.0 scores (${priorWeight} × ${priorMean} + 5) ÷ (${priorWeight} + 1) = ${twoDecimals(oneFive)}.`,
          `${manyCount} reviews averaging ${manyMean} score (${priorWeight} × ${priorMean} + ${manyCount} × ${manyMean}) ÷ (${priorWeight} + ${manyCount}) = ${twoDecimals(many)}.`,
        ],
      },
      {
        kind: "paragraph",
        text: "Lists are ordered by this score, highest first. The stars on a card show the plain average, rounded to one decimal; the order comes from the score.",
      },
    ],
  };
}

function workedExampleSection(method: RankingMethod, data: WorkedExampleData): ExplanationSection {
  const { leader, fewReviews } = data;
  const average = (item: RankedExample) => twoDecimals(item.ratingSumTenths / 10 / item.ratingCount);
  const blocks: Block[] = [
    {
      kind: "paragraph",
      text: `These numbers come from Dishcovery's own reviews when this page was built: ${count(data.ratedDishes, "dish has", "dishes have")} at least one rating.`,
    },
    {
      kind: "paragraph",
      text: `${leader.name} at ${leader.restaurantName} is ${leader.rank === 1 ? "the top dish in London" : `${ordinal(leader.rank)} in London`}. It has ${count(leader.ratingCount, "rating", "ratings")} adding up to ${oneDecimal(leader.ratingSumTenths / 10)}, an average of ${average(leader)}. Its score is ${scoreLine(method, leader)}.`,
    },
  ];
  if (fewReviews) {
    blocks.push({
      kind: "paragraph",
      text: `${fewReviews.name} at ${fewReviews.restaurantName} has a higher average, ${average(fewReviews)}, but from only ${count(fewReviews.ratingCount, "rating", "ratings")}. Its score is ${scoreLine(method, fewReviews)}, so it is ${ordinal(fewReviews.rank)} in London. As more people rate it, its score moves towards its real average.`,
    });
  }
  blocks.push({
    kind: "table",
    caption: "The worked example's numbers",
    head: ["Dish", "Ratings", "Average", "Score", "Place in London"],
    rows: [leader, ...(fewReviews ? [fewReviews] : [])].map((item) => [
      `${item.name}, ${item.restaurantName}`,
      item.ratingCount.toLocaleString("en-GB"),
      average(item),
      twoDecimals(method.bayesianScore(item.ratingCount, item.ratingSumTenths / 10)),
      ordinal(item.rank),
    ]),
  });
  return { id: "worked-example", heading: "A worked example", blocks };
}

function trendingSection(method: RankingMethod): ExplanationSection {
  const h = method.trendingHalfLifeDays;
  const ages = [0, h, 2 * h, 4 * h];
  // Rows only for ratings that count: a review that does not count adds nothing.
  const ratings = [50, 40, 25, 10].filter((ratingTenths) => method.countsInRanking({ ratingTenths }));
  return {
    id: "trending",
    heading: "Trending: what people are enjoying now",
    blocks: [
      {
        kind: "paragraph",
        text: `Trending looks at recent reviews. Every review adds a weight to its dish or restaurant, and that weight halves every ${count(h, "day", "days")}: a review ${count(h, "day", "days")} old counts half as much as one written today, and one ${count(2 * h, "day", "days")} old a quarter. The trending dish or restaurant is the one with the most weight right now.`,
      },
      {
        kind: "paragraph",
        text: `Better reviews weigh more, but every review that counts in rankings adds something: a new one adds ${listed(
          ratings.map((r) => `${twoDecimals(method.reviewWeight(r))} if rated ${oneDecimal(r / 10)}`),
        )}.`,
      },
      {
        kind: "table",
        caption: "What one review adds to trending, by its rating and age",
        head: ["Rating", ...ages.map((age) => (age === 0 ? "Today" : `${count(age, "day", "days")} old`))],
        rows: ratings.map((r) => [oneDecimal(r / 10), ...ages.map((age) => twoDecimals(method.decayedWeight(r, age)))]),
      },
    ],
  };
}

function ratedSection(method: RankingMethod): ExplanationSection {
  const incentivisedCounts = method.countsInRanking({ ratingTenths: 50, incentivised: true });
  const unratedCounts = method.countsInRanking({ ratingTenths: 0 });
  const left: string[] = [];
  if (!incentivisedCounts) left.push("reviews labelled Incentivised (the reviewer received something for it, such as a free meal, a discount or an invitation)");
  if (!unratedCounts) left.push("dish reviews with text but no rating");
  const items = [
    "A dish or restaurant is rated once it has at least one review that counts in rankings. Only rated items appear in top and trending lists; a new place with no such review is not placed below the others, it is simply not listed until one arrives. Its own page is always there.",
    left.length > 0
      ? `These reviews are shown and counted in the number of reviews, but add nothing to the score, the average or trending, so they never move anything up or down: ${listed(left)}.`
      : "Every review counts in rankings, incentivised or not.",
  ];
  return { id: "rated", heading: "What “rated” means", blocks: items.map((text) => ({ kind: "paragraph", text })) };
}

function paidSection(): ExplanationSection {
  return {
    id: "paid",
    heading: "Money never changes a ranking",
    blocks: [
      {
        kind: "list",
        items: [
          "Scores come only from reviews. Special offers, advertising and anything else a restaurant pays for or arranges with us are not part of the calculation, and no one can buy a place in a list.",
          "Special offers appear only in sections labelled “Special Offers”, never inside a ranked list.",
          "Every list ranked by this method links here with “How we rank”.",
        ],
      },
    ],
  };
}

function whereSection(): ExplanationSection {
  return {
    id: "where",
    heading: "Where each method is used",
    blocks: [
      {
        kind: "list",
        items: [
          "Top dishes and top restaurants, in London, in an area or region, with a tag (Japanese, Burgers, Coffee…) and in search results, use the fair average.",
          "The trending dish and the trending restaurant, on the home page, tag pages and in search results, use trending.",
          "In search, results must match your words and place. They are grouped by how closely they match (a match in the name counts most), then ordered by the same fair average or trending weight within each group.",
        ],
      },
    ],
  };
}

/**
 * The whole explanation, in page order. `example` is null when the catalogue has no rated
 * dish yet (a fresh database): the page then shows the method without it.
 */
export function explainRanking(
  method: RankingMethod = CURRENT_RANKING_METHOD,
  example: WorkedExampleData | null = null,
): ExplanationSection[] {
  return [
    topSection(method),
    ...(example ? [workedExampleSection(method, example)] : []),
    trendingSection(method),
    ratedSection(method),
    whereSection(),
    paidSection(),
  ];
}

/** Every word of the explanation as plain text, for tests and the page's description. */
export function explanationText(sections: ExplanationSection[]): string {
  return sections
    .flatMap((section) => [
      section.heading,
      ...section.blocks.flatMap((block) => {
        switch (block.kind) {
          case "paragraph":
          case "formula":
            return [block.text];
          case "list":
            return block.items;
          case "table":
            return [block.caption, block.head.join(" | "), ...block.rows.map((row) => row.join(" | "))];
        }
      }),
    ])
    .join("\n");
}
