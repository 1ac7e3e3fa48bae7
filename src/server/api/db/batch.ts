// Batch plumbing: every multi-statement write runs as ONE batch, atomic on libSQL and on D1
// (which refuses interactive transactions), in statements D1 accepts. A failed batch comes
// back as the error that says what it means for the caller.
import type { Database } from "./client.ts";

export type BatchStatement = Parameters<Database["batch"]>[0][number];

/**
 * D1 refuses a statement with more than 100 bound parameters (libSQL takes 32,766): every
 * statement a batch writer builds keeps under it, so the same code runs on both.
 */
const MAX_PARAMS = 100;

/** How many rows of `paramsPerRow` values one statement may carry. */
export const rowsPerStatement = (paramsPerRow: number) => Math.floor((MAX_PARAMS - 1) / paramsPerRow);

export function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
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

/**
 * A guarded aggregate UPDATE found its row changed since it was read (queries/review-aggregates.ts):
 * the batch rolled back whole, and the caller retries with fresh values (withStaleRetries).
 */
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
