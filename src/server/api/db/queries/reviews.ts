// Recording reviews: the one place that writes posts and keeps the ranking aggregates of
// the rated dishes and restaurants in step with them, atomically. recordReviews is the bulk
// path (the seed and test fixtures), recordReviewGroup the API's; each is one batch, so both
// run on libSQL and on D1, which refuses interactive transactions.
import { inArray, sql, type SQL } from "drizzle-orm";
import { addReview, countsInRanking, type RankingAggregate } from "../../../../domain/ranking.ts";
import { MAX_RATING_TENTHS } from "../../../../domain/review-rules.ts";
import type { Database } from "../client.ts";
import { columnList as names, idRow, parseRows, rawBatchRead, rawWrite } from "../raw-rows.ts";
import {
  dishes,
  dishTags,
  files,
  idempotencyKeys,
  photoEncodes,
  postImages,
  posts,
  restaurants,
  restaurantTags,
} from "../schema.ts";

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

type BatchStatement = Parameters<Database["batch"]>[0][number];

export interface AggregateRow extends RankingAggregate {
  id: number;
  reviewCount: number;
}

/** The stored aggregates of these items, in chunks of ids; unknown ids are simply absent. */
/** The stored aggregate of a restaurant or dish (AggregateRow), for a select. */
export function aggregateColumns(table: typeof restaurants | typeof dishes) {
  return {
    id: table.id,
    reviewCount: table.reviewCount,
    ratingCount: table.ratingCount,
    ratingSumTenths: table.ratingSumTenths,
    bayesScore: table.bayesScore,
    trendingKey: table.trendingKey,
  };
}

export async function readAggregateRows(
  db: Database,
  kind: "restaurant" | "dish",
  ids: number[],
): Promise<Map<number, AggregateRow>> {
  const table = kind === "restaurant" ? restaurants : dishes;
  const out = new Map<number, AggregateRow>();
  for (const part of chunks([...new Set(ids)], rowsPerStatement(1))) {
    const rows = await db.select(aggregateColumns(table)).from(table).where(inArray(table.id, part));
    for (const row of rows) out.set(row.id, row);
  }
  return out;
}

/** Throws, before anything is written, when one of `ids` was not read. */
function requireAll(kind: "restaurant" | "dish", ids: number[], rows: Map<number, AggregateRow>): void {
  const missing = [...new Set(ids)].filter((id) => !rows.has(id));
  if (missing.length > 0) throw new UnknownReviewSubjectError(kind, missing);
}

function checkRatings(reviews: { ratingTenths: number }[]): void {
  for (const r of reviews) {
    if (!Number.isInteger(r.ratingTenths) || r.ratingTenths < 0 || r.ratingTenths > MAX_RATING_TENTHS) {
      throw new RangeError(
        `ratingTenths must be an integer from 0 to ${MAX_RATING_TENTHS}, got ${r.ratingTenths}`,
      );
    }
  }
}

export interface AggregateChange {
  kind: "restaurant" | "dish";
  id: number;
  before: AggregateRow;
  /** New ranking values, or undefined when no ranked review changed. */
  after?: RankingAggregate;
  reviewCountDelta: number;
}

/**
 * The UPDATEs that apply `changes` to the items and to the score copies on their tag rows,
 * one UPDATE ... FROM (VALUES ...) per chunk rather than statements per item: the seed
 * records a million reviews through here. Each plan is a primary-key or index seek per row.
 * The rating UPDATE is guarded: a row whose ranking values differ from `before` (it changed
 * since it was read) gets rating_count NULL, which NOT NULL refuses, so the whole batch rolls
 * back and runBatch throws StaleAggregateError.
 */
export function aggregateStatements(db: Database, changes: AggregateChange[]): BatchStatement[] {
  const statements: BatchStatement[] = [];
  for (const kind of ["restaurant", "dish"] as const) {
    // Typed raw SQL (decision 013): UPDATE ... FROM a VALUES table, one statement per chunk.
    const t = kind === "restaurant" ? restaurants : dishes;
    const j = kind === "restaurant" ? restaurantTags : dishTags;
    const joinColumn = kind === "restaurant" ? restaurantTags.restaurantId : dishTags.dishId;
    const ofKind = changes.filter((c) => c.kind === kind);
    const ranked = ofKind.flatMap((c) => (c.after ? [{ ...c, after: c.after }] : []));
    const countOnly = ofKind.filter((c) => !c.after && c.reviewCountDelta !== 0);
    for (const part of chunks(ranked, rowsPerStatement(9))) {
      const values = sql.join(
        part.map(
          ({ id, before: b, after: a, reviewCountDelta }) =>
            sql`(${id}, ${reviewCountDelta}, ${a.ratingCount}, ${a.ratingSumTenths}, ${a.bayesScore}, ${a.trendingKey}, ${b.ratingCount}, ${b.ratingSumTenths}, ${b.trendingKey})`,
        ),
        sql`, `,
      );
      statements.push(
        rawWrite(
          db,
          sql`WITH v(id, delta, rating_count, rating_sum_tenths, bayes_score, trending_key, old_count, old_sum, old_key) AS (VALUES ${values})
        UPDATE ${t} SET
          ${names(t.reviewCount)} = ${t.reviewCount} + v.delta,
          ${names(t.ratingCount)} = CASE WHEN ${t.ratingCount} = v.old_count AND ${t.ratingSumTenths} = v.old_sum
            AND ${t.trendingKey} = v.old_key THEN v.rating_count ELSE NULL END,
          ${names(t.ratingSumTenths)} = v.rating_sum_tenths, ${names(t.bayesScore)} = v.bayes_score,
          ${names(t.trendingKey)} = v.trending_key
        FROM v WHERE ${t.id} = v.id`,
        ),
      );
    }
    for (const part of chunks(ranked, rowsPerStatement(3))) {
      const values = sql.join(
        part.map(({ id, after: a }) => sql`(${id}, ${a.bayesScore}, ${a.trendingKey})`),
        sql`, `,
      );
      statements.push(
        rawWrite(
          db,
          sql`WITH v(id, bayes_score, trending_key) AS (VALUES ${values})
        UPDATE ${j} SET ${names(j.bayesScore)} = v.bayes_score, ${names(j.trendingKey)} = v.trending_key
        FROM v WHERE ${joinColumn} = v.id`,
        ),
      );
    }
    for (const part of chunks(countOnly, rowsPerStatement(2))) {
      const values = sql.join(
        part.map((c) => sql`(${c.id}, ${c.reviewCountDelta})`),
        sql`, `,
      );
      statements.push(
        rawWrite(
          db,
          sql`WITH v(id, delta) AS (VALUES ${values})
        UPDATE ${t} SET ${names(t.reviewCount)} = ${t.reviewCount} + v.delta
        FROM v WHERE ${t.id} = v.id`,
        ),
      );
    }
  }
  return statements;
}

/**
 * The changes that recording `reviews` makes to the items they rate, from the rows read
 * before the batch. Every review adds to review_count; only ranked ones move the scores.
 */
function changesFor(
  kind: "restaurant" | "dish",
  rows: Map<number, AggregateRow>,
  reviews: { id: number; ratingTenths: number; createdAt: number; ranked: boolean }[],
): AggregateChange[] {
  const changes = new Map<number, AggregateChange>();
  // Chronological order keeps the trending key's log-sum numerically tight.
  for (const review of [...reviews].sort((a, b) => a.createdAt - b.createdAt)) {
    let change = changes.get(review.id);
    if (!change) {
      change = { kind, id: review.id, before: rows.get(review.id)!, reviewCountDelta: 0 };
      changes.set(review.id, change);
    }
    change.reviewCountDelta += 1;
    if (review.ranked) {
      change.after = addReview(change.after ?? change.before, review.ratingTenths, review.createdAt);
    }
  }
  return [...changes.values()];
}

/**
 * Runs the statements as ONE batch (atomic on libSQL and D1) and answers their results; a
 * stale aggregate or a taken Idempotency-Key comes back as its own error (explainBatchFailure).
 */
export async function runBatch(db: Database, statements: BatchStatement[]): Promise<unknown[]> {
  try {
    return await db.batch(statements as [BatchStatement, ...BatchStatement[]]);
  } catch (error) {
    explainBatchFailure(error);
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
  checkRatings(reviews);
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
  const restaurantIds = restaurantReviews.map((r) => r.id);
  const dishIds = dishReviews.map((r) => r.id);
  const restaurantRows = await readAggregateRows(db, "restaurant", restaurantIds);
  requireAll("restaurant", restaurantIds, restaurantRows);
  const dishRows = await readAggregateRows(db, "dish", dishIds);
  requireAll("dish", dishIds, dishRows);
  const count = reviews.length;
  const base = sql`(SELECT max(${posts.id}) - ${count - 1} FROM ${posts})`;
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
      rawWrite(
        db,
        sql`WITH b(base) AS ${base}, g(k, group_k) AS (VALUES ${sql.join(part, sql`, `)})
        UPDATE ${posts} SET ${names(posts.reviewGroupId)} = (SELECT base FROM b) + g.group_k
        FROM g WHERE ${posts.id} = (SELECT base FROM b) + g.k`,
      ),
    );
  }

  const images = reviews.flatMap((r, i) =>
    (r.imageFileNames ?? []).map((fileName, position) => sql`(${i}, ${fileName}, ${position})`),
  );
  for (const part of chunks(images, rowsPerStatement(3))) {
    statements.push(
      rawWrite(
        db,
        sql`WITH b(base) AS ${base}, v(k, file_name, position) AS (VALUES ${sql.join(part, sql`, `)})
        INSERT INTO ${postImages} (${names(postImages.postId, postImages.fileName, postImages.position)})
        SELECT (SELECT base FROM b) + v.k, v.file_name, v.position FROM v`,
      ),
    );
  }

  statements.push(
    ...aggregateStatements(db, [
      ...changesFor("restaurant", restaurantRows, restaurantReviews),
      ...changesFor("dish", dishRows, dishReviews),
    ]),
    rawBatchRead(
      db,
      sql`SELECT ${posts.id} AS id FROM ${posts} WHERE ${posts.id} >= ${base} ORDER BY ${posts.id}`,
    ),
  );
  const results = await runBatch(db, statements);
  return parseRows(idRow, results.at(-1) as unknown[]).map((row) => row.id);
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
  /** The largest width's file name (post_images.file_name); a staged photo's staging name. */
  fileName: string;
  variants: { name: string; width: number }[];
  /** A staged photo's tiny preview (issue 23), shown until its widths are swapped in. */
  placeholder?: string | null;
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
  /** Staged photos (issue 23): their files rows are in files; one encode job each. */
  encodes?: string[];
  idempotency?: { key: string; requestHash: string };
  /** Detection's outcome for this write (issue 21, services/review-signals.ts). */
  detection?: GroupDetection;
}

export interface GroupDetection {
  /** Items ("dish:12", "restaurant:3") whose new review is held out of the ranking maths. */
  heldItems: ReadonlySet<string>;
  /**
   * Items whose earlier reviews are held now too: their aggregates, recomputed from all their
   * reviews with the new one, replace the one-review step.
   */
  recomputed: AggregateChange[];
  /** More statements for the batch, after the posts (mainPost: the new main post's id). */
  statements: (mainPost: SQL) => BatchStatement[];
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

/**
 * The author already has a live review of an item this batch rates (issue 20): the unique
 * indexes on posts refused it, so of two concurrent posts only one wins.
 */
export class DuplicateReviewError extends Error {
  constructor() {
    super("The author already reviewed one of these items");
  }
}

/** Maps a failed batch to what it means for the caller; rethrows anything else. */
function explainBatchFailure(error: unknown): never {
  const text = String((error as { message?: string })?.message ?? error);
  const cause = String((error as { cause?: { message?: string } })?.cause?.message ?? "");
  if (/NOT NULL constraint failed: (restaurants|dishes)\.rating_count/.test(text + cause)) {
    throw new StaleAggregateError();
  }
  if (/UNIQUE constraint failed: idempotency_keys/.test(text + cause)) throw new IdempotencyKeyTakenError();
  if (/UNIQUE constraint failed: posts\.author_id/.test(text + cause)) throw new DuplicateReviewError();
  throw error;
}

/** Records a review group atomically; answers the main post's id and the dish posts' ids. */
export async function recordReviewGroup(
  db: Database,
  group: ReviewGroup,
): Promise<{ postId: number; dishPostIds: number[] }> {
  checkRatings([group.main, ...group.dishReviews]);
  const restaurantId = "restaurantId" in group.main ? group.main.restaurantId : undefined;
  const dishIds = [
    ...("dishId" in group.main ? [group.main.dishId] : []),
    ...group.dishReviews.map((d) => d.dishId),
  ];
  const [restaurantRows, dishRows] = await Promise.all([
    readAggregateRows(db, "restaurant", restaurantId === undefined ? [] : [restaurantId]),
    readAggregateRows(db, "dish", dishIds),
  ]);
  requireAll("restaurant", restaurantId === undefined ? [] : [restaurantId], restaurantRows);
  requireAll("dish", dishIds, dishRows);
  const held = (kind: "restaurant" | "dish", id: number) =>
    group.detection?.heldItems.has(`${kind}:${id}`) ?? false;
  const scored = (kind: "restaurant" | "dish", id: number, ratingTenths: number) => ({
    id,
    ratingTenths,
    createdAt: group.createdAt,
    ranked: countsInRanking({ ratingTenths, incentivised: group.incentivised, flagged: held(kind, id) }),
  });
  const dishScores = [
    ...("dishId" in group.main ? [scored("dish", group.main.dishId, group.main.ratingTenths)] : []),
    ...group.dishReviews.map((d) => scored("dish", d.dishId, d.ratingTenths)),
  ];
  const recomputed = group.detection?.recomputed ?? [];
  const changes = [
    ...changesFor(
      "restaurant",
      restaurantRows,
      restaurantId === undefined ? [] : [scored("restaurant", restaurantId, group.main.ratingTenths)],
    ),
    ...changesFor("dish", dishRows, dishScores),
  ]
    .filter((c) => !recomputed.some((r) => r.kind === c.kind && r.id === c.id))
    .concat(recomputed);

  const { authorId, createdAt, incentivised } = group;
  // Inside the batch the write lock is held, so the newest post is the one just inserted.
  const lastPost = sql`(SELECT max(${posts.id}) FROM ${posts})`;
  const mainPost = sql`(SELECT max(${posts.id}) FROM ${posts} WHERE ${posts.authorId} = ${authorId} AND ${posts.reviewGroupId} IS NULL)`;
  const photoRows = (photos: StoredPhotoRow[]) =>
    photos.map(
      (photo, position) =>
        sql`(${lastPost}, ${photo.fileName}, ${position}, ${JSON.stringify(photo.variants)}, ${photo.placeholder ?? null})`,
    );
  const statements: BatchStatement[] = [];
  // Ten photos in three widths are 30 rows of seven values: more than D1's 100 parameters.
  for (const part of chunks(group.files, rowsPerStatement(7))) {
    statements.push(
      // Typed raw SQL (decision 013): the builder would bind every column's default too, and
      // D1 takes at most 100 parameters a statement.
      rawWrite(
        db,
        sql`INSERT INTO ${files} (${names(files.name, files.contentType, files.width, files.height, files.bytes, files.ownerId, files.createdAt)}) VALUES ${sql.join(
          part.map(
            (f) =>
              sql`(${f.name}, ${f.contentType}, ${f.width}, ${f.height}, ${f.bytes}, ${authorId}, ${createdAt})`,
          ),
          sql`, `,
        )}`,
      ),
    );
  }
  // Created held (claimed_at): a sweep leaves it to this request, which writes the staged file next.
  for (const part of chunks(group.encodes ?? [], rowsPerStatement(4))) {
    statements.push(
      rawWrite(
        db,
        sql`INSERT INTO ${photoEncodes} (${names(photoEncodes.stagingName, photoEncodes.authorId, photoEncodes.claimedAt, photoEncodes.createdAt)}) VALUES ${sql.join(
          part.map((name) => sql`(${name}, ${authorId}, ${createdAt}, ${createdAt})`),
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
    const flaggedAt =
      "restaurantId" in subject
        ? held("restaurant", subject.restaurantId) && createdAt
        : held("dish", subject.dishId) && createdAt;
    const out: BatchStatement[] = [
      rawWrite(
        db,
        sql`INSERT INTO ${posts} (${names(posts.authorId, posts.restaurantId, posts.dishId, posts.reviewGroupId, posts.content, posts.ratingTenths, posts.incentivised, posts.createdAt, posts.flaggedAt)})
        VALUES (${authorId}, ${"restaurantId" in subject ? subject.restaurantId : null}, ${"dishId" in subject ? subject.dishId : null},
          ${groupId ?? null}, ${review.content}, ${review.ratingTenths}, ${incentivised ? 1 : 0}, ${createdAt}, ${flaggedAt || null})`,
      ),
    ];
    if (review.photos.length > 0) {
      out.push(
        rawWrite(
          db,
          sql`INSERT INTO ${postImages} (${names(postImages.postId, postImages.fileName, postImages.position, postImages.variants, postImages.placeholder)}) VALUES ${sql.join(
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
      rawWrite(
        db,
        sql`INSERT INTO ${idempotencyKeys} (${names(idempotencyKeys.userId, idempotencyKeys.key, idempotencyKeys.requestHash, idempotencyKeys.postId, idempotencyKeys.createdAt)})
        VALUES (${authorId}, ${group.idempotency.key}, ${group.idempotency.requestHash}, ${mainPost}, ${createdAt})`,
      ),
    );
  }
  if (group.detection) statements.push(...group.detection.statements(mainPost));
  statements.push(...aggregateStatements(db, changes));
  statements.push(
    rawBatchRead(
      db,
      sql`SELECT ${posts.id} AS id FROM ${posts} WHERE ${posts.id} = ${mainPost} OR ${posts.reviewGroupId} = ${mainPost} ORDER BY ${posts.id}`,
    ),
  );
  const results = await runBatch(db, statements);
  const ids = parseRows(idRow, results.at(-1) as unknown[]).map((row) => row.id);
  return { postId: ids[0]!, dishPostIds: ids.slice(1) };
}
