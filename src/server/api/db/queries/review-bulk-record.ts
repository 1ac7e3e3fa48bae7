// Recording reviews in bulk (the seed and test fixtures): posts, their photos and groups,
// and the aggregates of everything they rate, as ONE batch of chunked statements, so it runs
// on libSQL and on D1, which refuses interactive transactions. The API posts one review group
// at a time through review-post-batch.ts.
import { sql, type SQL } from "drizzle-orm";
import { countsInRanking } from "../../../../domain/ranking.ts";
import { chunks, rowsPerStatement, runBatch, type BatchStatement } from "../batch.ts";
import type { Database } from "../client.ts";
import { columnList as names, idRow, parseRows, rawBatchRead, rawWrite } from "../raw-rows.ts";
import { postImages, posts } from "../schema.ts";
import {
  aggregateStatements,
  changesFor,
  checkRatings,
  readAggregateRows,
  requireAll,
  type AggregateChange,
  type ReviewSubject,
} from "./review-aggregates.ts";

export type NewReview = ReviewSubject & {
  authorId: number;
  content: string;
  ratingTenths: number;
  createdAt: number;
  /** Issue 15: counted in the review total, never in the ranking scores. */
  incentivised?: boolean;
  imageFileNames?: string[];
  /** Dish reviews posted with a restaurant review: index of that review in the same batch. */
  groupWithIndex?: number;
};

/**
 * Records reviews and updates the aggregates of everything they rate, atomically. The seed
 * and test fixtures call it with large batches (the API posts through review-post-batch.ts).
 * Returns the new post ids in input order.
 */
export async function recordReviews(db: Database, reviews: NewReview[]): Promise<number[]> {
  if (reviews.length === 0) return [];
  checkRatings(reviews);
  // Reads first, then ONE batch (atomic on libSQL and D1; D1 refuses interactive
  // transactions). Inside the batch the write lock is held and the posts are inserted in input
  // order, so post i's id is the new maximum less (count - 1 - i): later statements find their
  // posts by that offset instead of by ids read back between statements.
  const changes = await bulkChanges(db, reviews);
  const base = sql`(SELECT max(${posts.id}) - ${reviews.length - 1} FROM ${posts})`;
  const statements: BatchStatement[] = [
    ...postInserts(db, reviews),
    ...groupUpdates(db, reviews, base),
    ...imageInserts(db, reviews, base),
    ...aggregateStatements(db, changes),
    rawBatchRead(
      db,
      sql`SELECT ${posts.id} AS id FROM ${posts} WHERE ${posts.id} >= ${base} ORDER BY ${posts.id}`,
    ),
  ];
  const results = await runBatch(db, statements);
  return parseRows(idRow, results.at(-1) as unknown[]).map((row) => row.id);
}

/** What the reviews change in the items they rate; an unknown item throws before any write. */
async function bulkChanges(db: Database, reviews: NewReview[]): Promise<AggregateChange[]> {
  const scored = (r: NewReview, id: number) => ({
    id,
    ratingTenths: r.ratingTenths,
    createdAt: r.createdAt,
    ranked: countsInRanking(r),
  });
  const restaurantReviews = reviews.flatMap((r) => ("restaurantId" in r ? [scored(r, r.restaurantId)] : []));
  const dishReviews = reviews.flatMap((r) => ("dishId" in r ? [scored(r, r.dishId)] : []));
  const restaurantIds = restaurantReviews.map((r) => r.id);
  const dishIds = dishReviews.map((r) => r.id);
  const restaurantRows = await readAggregateRows(db, "restaurant", restaurantIds);
  requireAll("restaurant", restaurantIds, restaurantRows);
  const dishRows = await readAggregateRows(db, "dish", dishIds);
  requireAll("dish", dishIds, dishRows);
  return [
    ...changesFor("restaurant", restaurantRows, restaurantReviews),
    ...changesFor("dish", dishRows, dishReviews),
  ];
}

function postInserts(db: Database, reviews: NewReview[]): BatchStatement[] {
  return chunks(reviews, rowsPerStatement(7)).map((part) =>
    db.insert(posts).values(
      part.map((r) => ({
        authorId: r.authorId,
        restaurantId: "restaurantId" in r ? r.restaurantId : null,
        dishId: "dishId" in r ? r.dishId : null,
        content: r.content,
        ratingTenths: r.ratingTenths,
        incentivised: r.incentivised ?? false,
        createdAt: r.createdAt,
      })),
    ),
  );
}

/** Dish reviews posted with a restaurant review point at it (groupWithIndex). */
function groupUpdates(db: Database, reviews: NewReview[], base: SQL): BatchStatement[] {
  const grouped = reviews.flatMap((r, i) => {
    if (r.groupWithIndex === undefined) return [];
    if (!Number.isInteger(r.groupWithIndex) || r.groupWithIndex < 0 || r.groupWithIndex >= reviews.length) {
      throw new RangeError(`groupWithIndex ${r.groupWithIndex} is out of range`);
    }
    return [sql`(${i}, ${r.groupWithIndex})`];
  });
  return chunks(grouped, rowsPerStatement(2)).map((part) =>
    rawWrite(
      db,
      sql`WITH b(base) AS ${base}, g(k, group_k) AS (VALUES ${sql.join(part, sql`, `)})
        UPDATE ${posts} SET ${names(posts.reviewGroupId)} = (SELECT base FROM b) + g.group_k
        FROM g WHERE ${posts.id} = (SELECT base FROM b) + g.k`,
    ),
  );
}

function imageInserts(db: Database, reviews: NewReview[], base: SQL): BatchStatement[] {
  const images = reviews.flatMap((r, i) =>
    (r.imageFileNames ?? []).map((fileName, position) => sql`(${i}, ${fileName}, ${position})`),
  );
  return chunks(images, rowsPerStatement(3)).map((part) =>
    rawWrite(
      db,
      sql`WITH b(base) AS ${base}, v(k, file_name, position) AS (VALUES ${sql.join(part, sql`, `)})
        INSERT INTO ${postImages} (${names(postImages.postId, postImages.fileName, postImages.position)})
        SELECT (SELECT base FROM b) + v.k, v.file_name, v.position FROM v`,
    ),
  );
}
