// The API's review write: one review group (a restaurant review and its dish reviews, or one dish
// review) with its photos, its Idempotency-Key and the aggregates, as ONE batch. A batch
// commits in one call; an interactive transaction would stall libSQL's file mode whenever a
// second write arrived while it awaited (see confirmRegistration in registrations.ts).
// The new aggregates are computed here from the values read just before; every aggregate
// UPDATE in the batch sets rating_count to NULL, which its NOT NULL constraint refuses, when
// the row changed since it was read. The batch then rolls back whole and the caller retries
// with fresh values (StaleAggregateError). Services serialise review writes per process, so
// a retry happens only when two instances write the same item at the same moment.
import { sql, type SQL } from "drizzle-orm";
import { countsInRanking } from "../../../../domain/ranking.ts";
import { chunks, rowsPerStatement, runBatch, type BatchStatement } from "../batch.ts";
import type { Database } from "../client.ts";
import { columnList as names, idRow, parseRows, rawBatchRead, rawWrite } from "../raw-rows.ts";
import { files, idempotencyKeys, photoEncodes, postImages, posts } from "../schema.ts";
import {
  aggregateStatements,
  changesFor,
  checkRatings,
  readAggregateRows,
  requireAll,
  type AggregateChange,
  type ReviewSubject,
} from "./review-aggregates.ts";

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

/** Records a review group atomically; answers the main post's id and the dish posts' ids. */
export async function recordReviewGroup(
  db: Database,
  group: ReviewGroup,
): Promise<{ postId: number; dishPostIds: number[] }> {
  checkRatings([group.main, ...group.dishReviews]);
  const changes = await groupChanges(db, group);
  // Inside the batch the write lock is held, so the newest post without a group is the main one.
  const mainPost = sql`(SELECT max(${posts.id}) FROM ${posts} WHERE ${posts.authorId} = ${group.authorId} AND ${posts.reviewGroupId} IS NULL)`;
  const statements: BatchStatement[] = [
    ...fileStatements(db, group),
    ...postStatements(db, group, group.main, group.main, null),
    ...group.dishReviews.flatMap((d) => postStatements(db, group, { dishId: d.dishId }, d, mainPost)),
  ];
  if (group.idempotency) {
    statements.push(
      rawWrite(
        db,
        sql`INSERT INTO ${idempotencyKeys} (${names(idempotencyKeys.userId, idempotencyKeys.key, idempotencyKeys.requestHash, idempotencyKeys.postId, idempotencyKeys.createdAt)})
        VALUES (${group.authorId}, ${group.idempotency.key}, ${group.idempotency.requestHash}, ${mainPost}, ${group.createdAt})`,
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

/** Detection holds this item's new review out of the ranking maths (issue 21). */
const isHeld = (group: ReviewGroup, kind: "restaurant" | "dish", id: number) =>
  group.detection?.heldItems.has(`${kind}:${id}`) ?? false;

/**
 * The aggregate changes the group makes, from the rows read just before the batch (an unknown
 * item throws before anything is written); detection's recomputed items replace their step.
 */
async function groupChanges(db: Database, group: ReviewGroup): Promise<AggregateChange[]> {
  const restaurantIds = "restaurantId" in group.main ? [group.main.restaurantId] : [];
  const dishIds = [
    ...("dishId" in group.main ? [group.main.dishId] : []),
    ...group.dishReviews.map((d) => d.dishId),
  ];
  const [restaurantRows, dishRows] = await Promise.all([
    readAggregateRows(db, "restaurant", restaurantIds),
    readAggregateRows(db, "dish", dishIds),
  ]);
  requireAll("restaurant", restaurantIds, restaurantRows);
  requireAll("dish", dishIds, dishRows);
  const scored = (kind: "restaurant" | "dish", id: number, ratingTenths: number) => ({
    id,
    ratingTenths,
    createdAt: group.createdAt,
    ranked: countsInRanking({
      ratingTenths,
      incentivised: group.incentivised,
      flagged: isHeld(group, kind, id),
    }),
  });
  const dishScores = [
    ...("dishId" in group.main ? [scored("dish", group.main.dishId, group.main.ratingTenths)] : []),
    ...group.dishReviews.map((d) => scored("dish", d.dishId, d.ratingTenths)),
  ];
  const recomputed = group.detection?.recomputed ?? [];
  return [
    ...changesFor(
      "restaurant",
      restaurantRows,
      restaurantIds.map((id) => scored("restaurant", id, group.main.ratingTenths)),
    ),
    ...changesFor("dish", dishRows, dishScores),
  ]
    .filter((c) => !recomputed.some((r) => r.kind === c.kind && r.id === c.id))
    .concat(recomputed);
}

/** The photos' files rows and, for staged photos (issue 23), their encode jobs. */
function fileStatements(db: Database, group: ReviewGroup): BatchStatement[] {
  const { authorId, createdAt } = group;
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
  return statements;
}

/** One review's post (held when detection holds its item) and its photos' rows. */
function postStatements(
  db: Database,
  group: ReviewGroup,
  subject: ReviewSubject,
  review: GroupReview,
  groupId: SQL | null,
): BatchStatement[] {
  const { authorId, createdAt, incentivised } = group;
  const held =
    "restaurantId" in subject
      ? isHeld(group, "restaurant", subject.restaurantId)
      : isHeld(group, "dish", subject.dishId);
  const flaggedAt = held ? createdAt : null;
  const out: BatchStatement[] = [
    rawWrite(
      db,
      sql`INSERT INTO ${posts} (${names(posts.authorId, posts.restaurantId, posts.dishId, posts.reviewGroupId, posts.content, posts.ratingTenths, posts.incentivised, posts.createdAt, posts.flaggedAt)})
        VALUES (${authorId}, ${"restaurantId" in subject ? subject.restaurantId : null}, ${"dishId" in subject ? subject.dishId : null},
          ${groupId ?? null}, ${review.content}, ${review.ratingTenths}, ${incentivised ? 1 : 0}, ${createdAt}, ${flaggedAt})`,
    ),
  ];
  if (review.photos.length > 0) {
    // Inside the batch the write lock is held, so the newest post is the one just inserted.
    const lastPost = sql`(SELECT max(${posts.id}) FROM ${posts})`;
    out.push(
      rawWrite(
        db,
        sql`INSERT INTO ${postImages} (${names(postImages.postId, postImages.fileName, postImages.position, postImages.variants, postImages.placeholder)}) VALUES ${sql.join(
          review.photos.map(
            (photo, position) =>
              sql`(${lastPost}, ${photo.fileName}, ${position}, ${JSON.stringify(photo.variants)}, ${photo.placeholder ?? null})`,
          ),
          sql`, `,
        )}`,
      ),
    );
  }
  return out;
}
