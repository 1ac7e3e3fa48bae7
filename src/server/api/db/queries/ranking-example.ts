// The worked example of /how-rankings-work (issue 15): the first dish in London and a dish
// with a perfect average from only a few reviews, as stored on their rows, with their places
// in the London-wide top list. Read once per build; every statement is an index read.
import { and, asc, count, desc, eq, gt, ne, type SQL } from "drizzle-orm";
import { bayesianScore } from "../../../../domain/ranking.ts";
import type { RankedExample, WorkedExampleData } from "../../../../domain/ranking-explainer.ts";
import type { Database } from "../client.ts";
import { dishes, restaurants } from "../schema.ts";

interface DishRow {
  id: number;
  name: string;
  restaurantName: string;
  ratingCount: number;
  ratingSumTenths: number;
  bayesScore: number;
}

/** Dishes with their restaurant's name, as DishRow. */
const dishRows = (db: Database) =>
  db
    .select({
      id: dishes.id,
      name: dishes.dishName,
      restaurantName: restaurants.name,
      ratingCount: dishes.ratingCount,
      ratingSumTenths: dishes.ratingSumTenths,
      bayesScore: dishes.bayesScore,
    })
    .from(dishes)
    .innerJoin(restaurants, eq(restaurants.id, dishes.restaurantId));

/** Up to this many reviews, all 5.0, are looked for as the "few reviews" dish. */
const FEW_REVIEWS_MAX = 5;

/** Its place in the top dishes of London, ordered as rankedIdQueries.top orders them. */
async function rankOf(db: Database, dish: DishRow): Promise<number> {
  // Two index ranges of dishes_bayes_idx: higher scores, and the same score with a higher id.
  const ahead = (condition: SQL | undefined) => db.select({ n: count() }).from(dishes).where(condition);
  const [[higher], [tied]] = await Promise.all([
    ahead(gt(dishes.bayesScore, dish.bayesScore)),
    ahead(and(eq(dishes.bayesScore, dish.bayesScore), gt(dishes.id, dish.id))),
  ]);
  return (higher?.n ?? 0) + (tied?.n ?? 0) + 1;
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
  const [leader] = await dishRows(db)
    .where(gt(dishes.bayesScore, 0))
    .orderBy(desc(dishes.bayesScore), desc(dishes.id))
    .limit(1);
  if (!leader) return null;
  const [rated] = await db.select({ n: count() }).from(dishes).where(gt(dishes.bayesScore, 0));

  // A dish whose every review is 5.0 has exactly the score bayesianScore(n, 5n) on its row
  // (the same function wrote it), so it is found through the bayes_score index, fewest first.
  let fewReviews: DishRow | undefined;
  for (let n = 1; n <= FEW_REVIEWS_MAX && !fewReviews; n += 1) {
    [fewReviews] = await dishRows(db)
      .where(
        and(
          eq(dishes.bayesScore, bayesianScore(n, 5 * n)),
          eq(dishes.ratingCount, n),
          eq(dishes.ratingSumTenths, 50 * n),
          ne(dishes.id, leader.id),
        ),
      )
      .orderBy(asc(dishes.id))
      .limit(1);
  }
  const leaderAverage = leader.ratingSumTenths / leader.ratingCount;
  const usable = fewReviews && fewReviews.ratingSumTenths / fewReviews.ratingCount > leaderAverage;
  return {
    ratedDishes: Number(rated?.n ?? 0),
    leader: await toExample(db, leader),
    fewReviews: usable && fewReviews ? await toExample(db, fewReviews) : null,
  };
}
