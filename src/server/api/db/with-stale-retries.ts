// The one retry for guarded aggregate writes: a batch whose aggregate UPDATE found its row
// changed since it was read rolls back whole (StaleAggregateError), and the work runs again
// from its reads, with fresh values. Review posts, edits and deletes and moderation decisions
// all retry through here.
import { StaleAggregateError } from "./batch.ts";

const MAX_STALE_RETRIES = 8;

/** Runs `work`, again while it fails with StaleAggregateError, at most MAX_STALE_RETRIES times. */
export async function withStaleRetries<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof StaleAggregateError) || attempt >= MAX_STALE_RETRIES) throw error;
    }
  }
}
