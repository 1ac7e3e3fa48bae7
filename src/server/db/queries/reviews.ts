// Recording reviews: the one place that writes posts and keeps the ranking aggregates of
// the rated dishes and restaurants in step with them, atomically. recordReviews is the bulk
// path (the seed and test fixtures), recordReviewGroup the API's; each is one batch, so both
// run on libSQL and on D1, which refuses interactive transactions.
import { inArray, sql } from "drizzle-orm";
import { addReview, countsInRanking, type RankingAggregate } from "../../../domain/ranking.ts";
import type { Database } from "../client.ts";
import { dishes, posts, restaurants } from "../schema.ts";

export type ReviewSubject = { restaurantId: number } | { dishId: number };

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
 * D1 refuses a statement with more than 100 bound parameters (libSQL takes 32,766): every
 * statement here keeps under it, so the same code runs on both.
 */
const MAX_PARAMS = 100;
const rowsPerStatement = (paramsPerRow: number) => Math.floor((MAX_PARAMS - 1) / paramsPerRow);

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

type Scored = { id: number; ratingTenths: number; createdAt: number };
type BatchStatement = Parameters<Database["batch"]>[0][number];

/** Current aggregates of the rated items; throws before anything is written if one is unknown. */
async function loadAggregates(
  db: Database,
  kind: "restaurant" | "dish",
  reviews: Scored[],
): Promise<Map<number, RankingAggregate>> {
  const table = kind === "restaurant" ? restaurants : dishes;
  const ids = [...new Set(reviews.map((r) => r.id))];
  const current = new Map<number, RankingAggregate>();
  for (const part of chunks(ids, rowsPerStatement(1))) {
    const rows = await db
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

/** review_count counts every review, ranked or not. */
function reviewCountStatements(
  db: Database,
  kind: "restaurant" | "dish",
  reviews: Scored[],
): BatchStatement[] {
  const counts = new Map<number, number>();
  for (const r of reviews) counts.set(r.id, (counts.get(r.id) ?? 0) + 1);
  const tableName = kind === "restaurant" ? "restaurants" : "dishes";
  return chunks([...counts], rowsPerStatement(2)).map((part) =>
    db.run(sql`WITH v(id, n) AS (VALUES ${sql.join(
      part.map(([id, n]) => sql`(${id}, ${n})`),
      sql`, `,
    )})
      UPDATE ${sql.identifier(tableName)} SET review_count = review_count + v.n
      FROM v WHERE ${sql.identifier(tableName)}.id = v.id`),
  );
}

/**
 * The new aggregates of the items `reviews` rate, computed from `read` (the values read
 * before the batch), as guarded UPDATEs: as in recordReviewGroup, a row that changed since
 * it was read gets rating_count NULL, which NOT NULL refuses, and the whole batch rolls back
 * (StaleAggregateError).
 */
function rankingStatements(
  db: Database,
  kind: "restaurant" | "dish",
  read: Map<number, RankingAggregate>,
  reviews: Scored[],
): BatchStatement[] {
  const next = new Map<number, RankingAggregate>();
  // Chronological order keeps the trending key's log-sum numerically tight.
  for (const review of [...reviews].sort((a, b) => a.createdAt - b.createdAt)) {
    next.set(
      review.id,
      addReview(next.get(review.id) ?? read.get(review.id)!, review.ratingTenths, review.createdAt),
    );
  }
  // One UPDATE ... FROM (VALUES ...) per chunk instead of two statements per item: the seed
  // records a million reviews through here. Each plan is a primary-key or index seek per row.
  const tableName = kind === "restaurant" ? "restaurants" : "dishes";
  const joinName = kind === "restaurant" ? "restaurant_tags" : "dish_tags";
  const joinColumn = kind === "restaurant" ? "restaurant_id" : "dish_id";
  const table = sql.identifier(tableName);
  const statements: BatchStatement[] = [];
  for (const part of chunks([...next], rowsPerStatement(8))) {
    const values = sql.join(
      part.map(([id, a]) => {
        const b = read.get(id)!;
        return sql`(${id}, ${a.ratingCount}, ${a.ratingSumTenths}, ${a.bayesScore}, ${a.trendingKey}, ${b.ratingCount}, ${b.ratingSumTenths}, ${b.trendingKey})`;
      }),
      sql`, `,
    );
    statements.push(
      db.run(sql`WITH v(id, rating_count, rating_sum_tenths, bayes_score, trending_key, old_count, old_sum, old_key) AS (VALUES ${values})
      UPDATE ${table} SET
        rating_count = CASE WHEN ${table}.rating_count = v.old_count AND ${table}.rating_sum_tenths = v.old_sum
          AND ${table}.trending_key = v.old_key THEN v.rating_count ELSE NULL END,
        rating_sum_tenths = v.rating_sum_tenths, bayes_score = v.bayes_score, trending_key = v.trending_key
      FROM v WHERE ${table}.id = v.id`),
    );
  }
  for (const part of chunks([...next], rowsPerStatement(3))) {
    statements.push(
      db.run(sql`WITH v(id, bayes_score, trending_key) AS (VALUES ${sql.join(
        part.map(([id, a]) => sql`(${id}, ${a.bayesScore}, ${a.trendingKey})`),
        sql`, `,
      )})
      UPDATE ${sql.identifier(joinName)} SET bayes_score = v.bayes_score, trending_key = v.trending_key
      FROM v WHERE ${sql.identifier(joinName)}.${sql.identifier(joinColumn)} = v.id`),
    );
  }
  return statements;
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
  const scored = (r: NewReview, id: number) => ({
    id,
    ratingTenths: r.ratingTenths,
    createdAt: r.createdAt,
    ranked: countsInRanking(r),
  });
  const restaurantReviews = reviews.flatMap((r) => ("restaurantId" in r ? [scored(r, r.restaurantId)] : []));
  const dishReviews = reviews.flatMap((r) => ("dishId" in r ? [scored(r, r.dishId)] : []));
  // Reads first, then ONE batch (atomic on libSQL and D1; D1 refuses interactive
  // transactions). Inside the batch the write lock is held and the posts are inserted in input
  // order, so post i's id is the new maximum less (count - 1 - i): later statements find their
  // posts by that offset instead of by ids read back between statements.
  const restaurantAggregates = await loadAggregates(db, "restaurant", restaurantReviews);
  const dishAggregates = await loadAggregates(db, "dish", dishReviews);
  const count = reviews.length;
  const base = sql`(SELECT max(id) - ${count - 1} FROM posts)`;
  const statements: BatchStatement[] = [];
  for (const part of chunks(reviews, rowsPerStatement(7))) {
    statements.push(
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

  const grouped = reviews.flatMap((r, i) => {
    if (r.groupWithIndex === undefined) return [];
    if (!Number.isInteger(r.groupWithIndex) || r.groupWithIndex < 0 || r.groupWithIndex >= count) {
      throw new RangeError(`groupWithIndex ${r.groupWithIndex} is out of range`);
    }
    return [sql`(${i}, ${r.groupWithIndex})`];
  });
  for (const part of chunks(grouped, rowsPerStatement(2))) {
    statements.push(
      db.run(sql`WITH b(base) AS ${base}, g(k, group_k) AS (VALUES ${sql.join(part, sql`, `)})
        UPDATE posts SET review_group_id = (SELECT base FROM b) + g.group_k
        FROM g WHERE posts.id = (SELECT base FROM b) + g.k`),
    );
  }

  const images = reviews.flatMap((r, i) =>
    (r.imageFileNames ?? []).map((fileName, position) => sql`(${i}, ${fileName}, ${position})`),
  );
  for (const part of chunks(images, rowsPerStatement(3))) {
    statements.push(
      db.run(sql`WITH b(base) AS ${base}, v(k, file_name, position) AS (VALUES ${sql.join(part, sql`, `)})
        INSERT INTO post_images (post_id, file_name, position)
        SELECT (SELECT base FROM b) + v.k, v.file_name, v.position FROM v`),
    );
  }

  statements.push(
    ...rankingStatements(
      db,
      "restaurant",
      restaurantAggregates,
      restaurantReviews.filter((r) => r.ranked),
    ),
    ...rankingStatements(
      db,
      "dish",
      dishAggregates,
      dishReviews.filter((r) => r.ranked),
    ),
    ...reviewCountStatements(db, "restaurant", restaurantReviews),
    ...reviewCountStatements(db, "dish", dishReviews),
    db.all<{ id: number }>(sql`SELECT id FROM posts WHERE id >= ${base} ORDER BY id`),
  );
  let results: unknown[];
  try {
    results = await db.batch(statements as [BatchStatement, ...BatchStatement[]]);
  } catch (error) {
    explainBatchFailure(error);
  }
  return (results.at(-1) as { id: number }[]).map((row) => row.id);
}

// ---------------------------------------------------------------------------------------------
// The API's path: one review group (a restaurant review and its dish reviews, or one dish
// review) with its photos, its Idempotency-Key and the aggregates, as ONE batch. A batch
// commits in one call; an interactive transaction would stall libSQL's file mode whenever a
// second write arrived while it awaited (see confirmRegistration in registrations.ts).
// The new aggregates are computed here from the values read just before; every aggregate
// UPDATE in the batch sets rating_count to NULL, which its NOT NULL constraint refuses, when
// the row changed since it was read. The batch then rolls back whole and the caller retries
// with fresh values (StaleAggregateError). Services serialise review writes per process, so
// a retry happens only when two instances write the same item at the same moment.

export interface StoredPhotoRow {
  /** The largest width's file name (post_images.file_name). */
  fileName: string;
  variants: { name: string; width: number }[];
}

export interface FileRow {
  name: string;
  contentType: string;
  width: number;
  height: number;
  bytes: number;
}

export interface GroupReview {
  content: string;
  ratingTenths: number;
  photos: StoredPhotoRow[];
}

export interface ReviewGroup {
  authorId: number;
  createdAt: number;
  incentivised: boolean;
  main: ReviewSubject & GroupReview;
  /** Only with a restaurant review: reviews of that restaurant's dishes. */
  dishReviews: ({ dishId: number } & GroupReview)[];
  files: FileRow[];
  idempotency?: { key: string; requestHash: string };
}

export class StaleAggregateError extends Error {
  constructor() {
    super("A rated item changed while the review was being recorded");
  }
}

export class IdempotencyKeyTakenError extends Error {
  constructor() {
    super("The Idempotency-Key was stored by a concurrent request");
  }
}

export interface AggregateRow extends RankingAggregate {
  id: number;
  reviewCount: number;
}

export async function readAggregateRows(
  db: Database,
  kind: "restaurant" | "dish",
  ids: number[],
): Promise<Map<number, AggregateRow>> {
  const table = kind === "restaurant" ? restaurants : dishes;
  const out = new Map<number, AggregateRow>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({
      id: table.id,
      reviewCount: table.reviewCount,
      ratingCount: table.ratingCount,
      ratingSumTenths: table.ratingSumTenths,
      bayesScore: table.bayesScore,
      trendingKey: table.trendingKey,
    })
    .from(table)
    .where(inArray(table.id, [...new Set(ids)]));
  for (const row of rows) out.set(row.id, row);
  return out;
}

export interface AggregateChange {
  kind: "restaurant" | "dish";
  id: number;
  before: AggregateRow;
  /** New ranking values, or undefined when no ranked review changed. */
  after?: RankingAggregate;
  reviewCountDelta: number;
}

/** One guarded UPDATE of an item and the score copies on its tag rows (see above). */
export function aggregateStatements(db: Database, change: AggregateChange) {
  const tableName = change.kind === "restaurant" ? "restaurants" : "dishes";
  const joinName = change.kind === "restaurant" ? "restaurant_tags" : "dish_tags";
  const joinColumn = change.kind === "restaurant" ? "restaurant_id" : "dish_id";
  const table = sql.identifier(tableName);
  const { before, after } = change;
  if (!after) {
    return [
      db.run(
        sql`UPDATE ${table} SET review_count = review_count + ${change.reviewCountDelta} WHERE id = ${change.id}`,
      ),
    ];
  }
  return [
    db.run(sql`UPDATE ${table} SET
        review_count = review_count + ${change.reviewCountDelta},
        rating_count = CASE WHEN rating_count = ${before.ratingCount}
          AND rating_sum_tenths = ${before.ratingSumTenths}
          AND trending_key = ${before.trendingKey} THEN ${after.ratingCount} ELSE NULL END,
        rating_sum_tenths = ${after.ratingSumTenths},
        bayes_score = ${after.bayesScore},
        trending_key = ${after.trendingKey}
      WHERE id = ${change.id}`),
    db.run(sql`UPDATE ${sql.identifier(joinName)} SET bayes_score = ${after.bayesScore}, trending_key = ${after.trendingKey}
      WHERE ${sql.identifier(joinColumn)} = ${change.id}`),
  ];
}

/** Maps a failed batch to what it means for the caller; rethrows anything else. */
export function explainBatchFailure(error: unknown): never {
  const text = String((error as { message?: string })?.message ?? error);
  const cause = String((error as { cause?: { message?: string } })?.cause?.message ?? "");
  if (/NOT NULL constraint failed: (restaurants|dishes)\.rating_count/.test(text + cause)) {
    throw new StaleAggregateError();
  }
  if (/UNIQUE constraint failed: idempotency_keys/.test(text + cause)) throw new IdempotencyKeyTakenError();
  throw error;
}

/** Records a review group atomically; answers the main post's id and the dish posts' ids. */
export async function recordReviewGroup(
  db: Database,
  group: ReviewGroup,
): Promise<{ postId: number; dishPostIds: number[] }> {
  for (const r of [group.main, ...group.dishReviews]) {
    if (!Number.isInteger(r.ratingTenths) || r.ratingTenths < 0 || r.ratingTenths > 50) {
      throw new RangeError(`ratingTenths must be an integer from 0 to 50, got ${r.ratingTenths}`);
    }
  }
  const restaurantId = "restaurantId" in group.main ? group.main.restaurantId : undefined;
  const dishIds = [
    ...("dishId" in group.main ? [group.main.dishId] : []),
    ...group.dishReviews.map((d) => d.dishId),
  ];
  const [restaurantRows, dishRows] = await Promise.all([
    readAggregateRows(db, "restaurant", restaurantId === undefined ? [] : [restaurantId]),
    readAggregateRows(db, "dish", dishIds),
  ]);
  if (restaurantId !== undefined && !restaurantRows.has(restaurantId)) {
    throw new UnknownReviewSubjectError("restaurant", [restaurantId]);
  }
  const missingDishes = dishIds.filter((id) => !dishRows.has(id));
  if (missingDishes.length > 0) throw new UnknownReviewSubjectError("dish", missingDishes);

  const changes: AggregateChange[] = [];
  const collect = (
    kind: "restaurant" | "dish",
    id: number,
    ratingTenths: number,
    rows: Map<number, AggregateRow>,
  ) => {
    let change = changes.find((c) => c.kind === kind && c.id === id);
    if (!change) {
      change = { kind, id, before: rows.get(id)!, reviewCountDelta: 0 };
      changes.push(change);
    }
    change.reviewCountDelta += 1;
    if (countsInRanking({ ratingTenths, incentivised: group.incentivised })) {
      change.after = addReview(change.after ?? change.before, ratingTenths, group.createdAt);
    }
  };
  if (restaurantId !== undefined)
    collect("restaurant", restaurantId, group.main.ratingTenths, restaurantRows);
  if ("dishId" in group.main) collect("dish", group.main.dishId, group.main.ratingTenths, dishRows);
  for (const d of group.dishReviews) collect("dish", d.dishId, d.ratingTenths, dishRows);

  const { authorId, createdAt, incentivised } = group;
  // Inside the batch the write lock is held, so the newest post is the one just inserted.
  const lastPost = sql`(SELECT max(id) FROM posts)`;
  const mainPost = sql`(SELECT max(id) FROM posts WHERE author_id = ${authorId} AND review_group_id IS NULL)`;
  const photoRows = (photos: StoredPhotoRow[]) =>
    photos.map(
      (photo, position) =>
        sql`(${lastPost}, ${photo.fileName}, ${position}, ${JSON.stringify(photo.variants)})`,
    );
  const statements: BatchStatement[] = [];
  // Ten photos in three widths are 30 rows of seven values: more than D1's 100 parameters.
  for (const part of chunks(group.files, rowsPerStatement(7))) {
    statements.push(
      db.run(
        sql`INSERT INTO files (name, content_type, width, height, bytes, owner_id, created_at) VALUES ${sql.join(
          part.map(
            (f) =>
              sql`(${f.name}, ${f.contentType}, ${f.width}, ${f.height}, ${f.bytes}, ${authorId}, ${createdAt})`,
          ),
          sql`, `,
        )}`,
      ),
    );
  }
  const insertPost = (
    subject: ReviewSubject,
    review: GroupReview,
    groupId: ReturnType<typeof sql> | null,
  ): BatchStatement[] => {
    const out: BatchStatement[] = [
      db.run(sql`INSERT INTO posts (author_id, restaurant_id, dish_id, review_group_id, content, rating_tenths, incentivised, created_at)
        VALUES (${authorId}, ${"restaurantId" in subject ? subject.restaurantId : null}, ${"dishId" in subject ? subject.dishId : null},
          ${groupId ?? null}, ${review.content}, ${review.ratingTenths}, ${incentivised ? 1 : 0}, ${createdAt})`),
    ];
    if (review.photos.length > 0) {
      out.push(
        db.run(
          sql`INSERT INTO post_images (post_id, file_name, position, variants) VALUES ${sql.join(
            photoRows(review.photos),
            sql`, `,
          )}`,
        ),
      );
    }
    return out;
  };
  statements.push(...insertPost(group.main, group.main, null));
  for (const d of group.dishReviews) statements.push(...insertPost({ dishId: d.dishId }, d, mainPost));
  if (group.idempotency) {
    statements.push(
      db.run(sql`INSERT INTO idempotency_keys (user_id, key, request_hash, post_id, created_at)
        VALUES (${authorId}, ${group.idempotency.key}, ${group.idempotency.requestHash}, ${mainPost}, ${createdAt})`),
    );
  }
  for (const change of changes) statements.push(...aggregateStatements(db, change));
  statements.push(
    db.all<{ id: number }>(
      sql`SELECT id FROM posts WHERE id = ${mainPost} OR review_group_id = ${mainPost} ORDER BY id`,
    ),
  );
  let results: unknown[];
  try {
    results = await db.batch(statements as [BatchStatement, ...BatchStatement[]]);
  } catch (error) {
    explainBatchFailure(error);
  }
  const ids = (results.at(-1) as { id: number }[]).map((row) => row.id);
  return { postId: ids[0]!, dishPostIds: ids.slice(1) };
}
