// Recording reviews: the one place that writes posts and keeps the ranking aggregates of
// the rated dishes and restaurants in step with them, in the same transaction.
import { inArray, sql } from "drizzle-orm";
import { addReview, type RankingAggregate } from "../../../domain/ranking.ts";
import type { Database } from "../client.ts";
import { dishes, postImages, posts, restaurants } from "../schema.ts";

export type ReviewSubject = { restaurantId: number } | { dishId: number };

export type NewReview = ReviewSubject & {
  authorId: number;
  content: string;
  ratingTenths: number;
  createdAt: number;
  imageFileNames?: string[];
  /** Dish reviews posted with a restaurant review: index of that review in the same batch. */
  groupWithIndex?: number;
};

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

const INSERT_CHUNK = 400;
// Five bound values per row: well under SQLite's 32,766 parameter limit.
const UPDATE_CHUNK = 500;

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

type Scored = { id: number; ratingTenths: number; createdAt: number };

/** Current aggregates of the rated items; throws before anything is written if one is unknown. */
async function loadAggregates(
  tx: Transaction,
  kind: "restaurant" | "dish",
  reviews: Scored[],
): Promise<Map<number, RankingAggregate>> {
  const table = kind === "restaurant" ? restaurants : dishes;
  const ids = [...new Set(reviews.map((r) => r.id))];
  const current = new Map<number, RankingAggregate>();
  for (const part of chunks(ids, INSERT_CHUNK)) {
    const rows = await tx
      .select({
        id: table.id,
        ratingCount: table.ratingCount,
        ratingSumTenths: table.ratingSumTenths,
        bayesScore: table.bayesScore,
        trendingKey: table.trendingKey,
      })
      .from(table)
      .where(inArray(table.id, part));
    for (const { id, ...aggregate } of rows) current.set(id, aggregate);
  }
  const missing = ids.filter((id) => !current.has(id));
  if (missing.length > 0) throw new UnknownReviewSubjectError(kind, missing);
  return current;
}

async function applyReviews(
  tx: Transaction,
  kind: "restaurant" | "dish",
  current: Map<number, RankingAggregate>,
  reviews: Scored[],
): Promise<void> {
  // Chronological order keeps the trending key's log-sum numerically tight.
  for (const review of [...reviews].sort((a, b) => a.createdAt - b.createdAt)) {
    current.set(review.id, addReview(current.get(review.id)!, review.ratingTenths, review.createdAt));
  }
  // One UPDATE ... FROM (VALUES ...) per chunk instead of two statements per item: the seed
  // records a million reviews through here. Each plan is a primary-key or index seek per row.
  const tableName = kind === "restaurant" ? "restaurants" : "dishes";
  const joinName = kind === "restaurant" ? "restaurant_tags" : "dish_tags";
  const joinColumn = kind === "restaurant" ? "restaurant_id" : "dish_id";
  for (const part of chunks([...current], UPDATE_CHUNK)) {
    const values = sql.join(
      part.map(
        ([id, a]) => sql`(${id}, ${a.ratingCount}, ${a.ratingSumTenths}, ${a.bayesScore}, ${a.trendingKey})`,
      ),
      sql`, `,
    );
    await tx.run(sql`WITH v(id, rating_count, rating_sum_tenths, bayes_score, trending_key) AS (VALUES ${values})
      UPDATE ${sql.identifier(tableName)} SET rating_count = v.rating_count, rating_sum_tenths = v.rating_sum_tenths,
        bayes_score = v.bayes_score, trending_key = v.trending_key
      FROM v WHERE ${sql.identifier(tableName)}.id = v.id`);
    await tx.run(sql`WITH v(id, bayes_score, trending_key) AS (VALUES ${sql.join(
      part.map(([id, a]) => sql`(${id}, ${a.bayesScore}, ${a.trendingKey})`),
      sql`, `,
    )})
      UPDATE ${sql.identifier(joinName)} SET bayes_score = v.bayes_score, trending_key = v.trending_key
      FROM v WHERE ${sql.identifier(joinName)}.${sql.identifier(joinColumn)} = v.id`);
  }
}

// Plain fields, not parameter properties: Node runs our .ts by stripping types only.
export class UnknownReviewSubjectError extends Error {
  readonly kind: "restaurant" | "dish";
  readonly ids: number[];
  constructor(kind: "restaurant" | "dish", ids: number[]) {
    super(`Unknown ${kind} id(s): ${ids.join(", ")}`);
    this.kind = kind;
    this.ids = ids;
  }
}

/**
 * Records reviews and updates the aggregates of everything they rate, atomically.
 * The review API calls it with one restaurant review and its dish reviews; the seed calls
 * it with large batches. Returns the new post ids in input order.
 */
export async function recordReviews(db: Database, reviews: NewReview[]): Promise<number[]> {
  if (reviews.length === 0) return [];
  for (const r of reviews) {
    if (!Number.isInteger(r.ratingTenths) || r.ratingTenths < 0 || r.ratingTenths > 50) {
      throw new RangeError(`ratingTenths must be an integer from 0 to 50, got ${r.ratingTenths}`);
    }
  }
  const restaurantReviews = reviews.flatMap((r) =>
    "restaurantId" in r ? [{ id: r.restaurantId, ratingTenths: r.ratingTenths, createdAt: r.createdAt }] : [],
  );
  const dishReviews = reviews.flatMap((r) =>
    "dishId" in r ? [{ id: r.dishId, ratingTenths: r.ratingTenths, createdAt: r.createdAt }] : [],
  );
  return db.transaction(async (tx) => {
    const restaurantAggregates = await loadAggregates(tx, "restaurant", restaurantReviews);
    const dishAggregates = await loadAggregates(tx, "dish", dishReviews);
    const ids: number[] = [];
    for (const part of chunks(reviews, INSERT_CHUNK)) {
      const inserted = await tx
        .insert(posts)
        .values(
          part.map((r) => ({
            authorId: r.authorId,
            restaurantId: "restaurantId" in r ? r.restaurantId : null,
            dishId: "dishId" in r ? r.dishId : null,
            content: r.content,
            ratingTenths: r.ratingTenths,
            createdAt: r.createdAt,
          })),
        )
        .returning({ id: posts.id });
      ids.push(...inserted.map((row) => row.id));
    }

    const grouped = reviews.map((r, i) => ({ r, i })).filter(({ r }) => r.groupWithIndex !== undefined);
    const groupRows = grouped.map(({ r, i }) => {
      const groupId = ids[r.groupWithIndex!];
      if (groupId === undefined) throw new RangeError(`groupWithIndex ${r.groupWithIndex} is out of range`);
      return sql`(${ids[i]!}, ${groupId})`;
    });
    for (const part of chunks(groupRows, UPDATE_CHUNK)) {
      await tx.run(sql`WITH g(id, group_id) AS (VALUES ${sql.join(part, sql`, `)})
        UPDATE posts SET review_group_id = g.group_id FROM g WHERE posts.id = g.id`);
    }

    const images = reviews.flatMap((r, i) =>
      (r.imageFileNames ?? []).map((fileName, position) => ({ postId: ids[i]!, fileName, position })),
    );
    for (const part of chunks(images, INSERT_CHUNK)) await tx.insert(postImages).values(part);

    await applyReviews(tx, "restaurant", restaurantAggregates, restaurantReviews);
    await applyReviews(tx, "dish", dishAggregates, dishReviews);
    return ids;
  });
}
