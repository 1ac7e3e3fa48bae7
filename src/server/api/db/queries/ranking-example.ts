// The worked example of /how-rankings-work (issue 15): the first dish in London and a dish
// with a perfect average from only a few reviews, as stored on their rows, with their places
// in the London-wide top list. Read once per build; every statement is an index read.
import { sql } from "drizzle-orm";
import { bayesianScore } from "../../../../domain/ranking.ts";
import type { RankedExample, WorkedExampleData } from "../../../../domain/ranking-explainer.ts";
import type { Database } from "../client.ts";

interface DishRow {
  id: number;
  name: string;
  restaurantName: string;
  ratingCount: number;
  ratingSumTenths: number;
  bayesScore: number;
}

const DISH_COLUMNS = sql`d.id AS id, d.dish_name AS name, r.name AS restaurantName,
  d.rating_count AS ratingCount, d.rating_sum_tenths AS ratingSumTenths, d.bayes_score AS bayesScore`;

/** Up to this many reviews, all 5.0, are looked for as the "few reviews" dish. */
const FEW_REVIEWS_MAX = 5;

/** Its place in the top dishes of London, ordered as rankedIdQueries.top orders them. */
async function rankOf(db: Database, dish: DishRow): Promise<number> {
  const rows = await db.all<{ ahead: number }>(
    sql`SELECT (SELECT count(*) FROM dishes WHERE bayes_score > ${dish.bayesScore})
      + (SELECT count(*) FROM dishes WHERE bayes_score = ${dish.bayesScore} AND id > ${dish.id}) AS ahead`,
  );
  return Number(rows[0]?.ahead ?? 0) + 1;
}

async function toExample(db: Database, dish: DishRow): Promise<RankedExample> {
  return {
    name: dish.name,
    restaurantName: dish.restaurantName,
    href: `/dish/${dish.id}`,
    ratingCount: Number(dish.ratingCount),
    ratingSumTenths: Number(dish.ratingSumTenths),
    rank: await rankOf(db, dish),
  };
}

/** The example's numbers, or null when no dish has been rated yet. */
export async function loadRankingExample(db: Database): Promise<WorkedExampleData | null> {
  const [leader] = await db.all<DishRow>(
    sql`SELECT ${DISH_COLUMNS} FROM dishes d JOIN restaurants r ON r.id = d.restaurant_id
      WHERE d.bayes_score > 0 ORDER BY d.bayes_score DESC, d.id DESC LIMIT 1`,
  );
  if (!leader) return null;
  const [rated] = await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM dishes WHERE bayes_score > 0`);

  // A dish whose every review is 5.0 has exactly the score bayesianScore(n, 5n) on its row
  // (the same function wrote it), so it is found through the bayes_score index, fewest first.
  let fewReviews: DishRow | undefined;
  for (let n = 1; n <= FEW_REVIEWS_MAX && !fewReviews; n += 1) {
    [fewReviews] = await db.all<DishRow>(
      sql`SELECT ${DISH_COLUMNS} FROM dishes d JOIN restaurants r ON r.id = d.restaurant_id
        WHERE d.bayes_score = ${bayesianScore(n, 5 * n)} AND d.rating_count = ${n}
          AND d.rating_sum_tenths = ${50 * n} AND d.id <> ${leader.id}
        ORDER BY d.id LIMIT 1`,
    );
  }
  const leaderAverage = leader.ratingSumTenths / leader.ratingCount;
  const usable = fewReviews && fewReviews.ratingSumTenths / fewReviews.ratingCount > leaderAverage;
  return {
    ratedDishes: Number(rated?.n ?? 0),
    leader: await toExample(db, leader),
    fewReviews: usable && fewReviews ? await toExample(db, fewReviews) : null,
  };
}
