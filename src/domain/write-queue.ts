// The write queue's limits and its refusal (issues 33 and 34): writes that change aggregates
// (review posts, edits, deletions, moderation decisions) wait their turn in one queue per app,
// members taking turns, and past its cap the server says so instead of making everyone wait.

export const WRITE_QUEUE_LIMITS = {
  /** Writes worked on at once: writes to one SQLite file serialise anyway. */
  concurrency: 1,
  /** Writes waiting, all members together; past it a write is refused with 503. */
  maxWaiting: 64,
  /**
   * Writes one member may have waiting: a day's reviews (the reviews-per-user limit), so a
   * member's burst fills under a third of the queue and everyone else still gets in.
   */
  maxWaitingPerMember: 20,
} as const;

export const WRITE_QUEUE_MESSAGES = {
  busy: "Too many changes are being saved right now.",
} as const;
