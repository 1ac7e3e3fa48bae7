// Recording reviews: the one place that writes posts and keeps the ranking aggregates of
// the rated dishes and restaurants in step with them, in the same transaction.
import { eq, inArray } from "drizzle-orm";
import { addReview, type RankingAggregate } from "../../../domain/ranking.ts";
import type { Database } from "../client.ts";
import { dishes, dishTags, postImages, posts, restaurants, restaurantTags } from "../schema.ts";

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

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

async function foldInto(
  tx: Transaction,
  kind: "restaurant" | "dish",
  reviews: { id: number; ratingTenths: number; createdAt: number }[],
): Promise<void> {
  if (reviews.length === 0) return;
  const table = kind === "restaurant" ? restaurants : dishes;
  const joinTable = kind === "restaurant" ? restaurantTags : dishTags;
  const joinKey = kind === "restaurant" ? restaurantTags.restaurantId : dishTags.dishId;

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
    for (const row of rows) current.set(row.id, row);
  }
  const missing = ids.filter((id) => !current.has(id));
  if (missing.length > 0) throw new UnknownReviewSubjectError(kind, missing);

  // Chronological order keeps the trending key's log-sum numerically tight.
  for (const review of [...reviews].sort((a, b) => a.createdAt - b.createdAt)) {
    current.set(review.id, addReview(current.get(review.id)!, review.ratingTenths, review.createdAt));
  }
  for (const [id, agg] of current) {
    await tx.update(table).set(agg).where(eq(table.id, id));
    await tx
      .update(joinTable)
      .set({ bayesScore: agg.bayesScore, trendingKey: agg.trendingKey })
      .where(eq(joinKey, id));
  }
}

export class UnknownReviewSubjectError extends Error {
  constructor(
    readonly kind: "restaurant" | "dish",
    readonly ids: number[],
  ) {
    super(`Unknown ${kind} id(s): ${ids.join(", ")}`);
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
  return db.transaction(async (tx) => {
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

    const grouped = reviews
      .map((r, i) => ({ r, i }))
      .filter(({ r }) => r.groupWithIndex !== undefined);
    for (const { r, i } of grouped) {
      const groupId = ids[r.groupWithIndex!];
      if (groupId === undefined) throw new RangeError(`groupWithIndex ${r.groupWithIndex} is out of range`);
      await tx.update(posts).set({ reviewGroupId: groupId }).where(eq(posts.id, ids[i]!));
    }

    const images = reviews.flatMap((r, i) =>
      (r.imageFileNames ?? []).map((fileName, position) => ({ postId: ids[i]!, fileName, position })),
    );
    for (const part of chunks(images, INSERT_CHUNK)) await tx.insert(postImages).values(part);

    const restaurantReviews = reviews.flatMap((r) =>
      "restaurantId" in r ? [{ id: r.restaurantId, ratingTenths: r.ratingTenths, createdAt: r.createdAt }] : [],
    );
    const dishReviews = reviews.flatMap((r) =>
      "dishId" in r ? [{ id: r.dishId, ratingTenths: r.ratingTenths, createdAt: r.createdAt }] : [],
    );
    await foldInto(tx, "restaurant", restaurantReviews);
    await foldInto(tx, "dish", dishReviews);
    return ids;
  });
}
