// The app's write queue (issues 33 and 34; the port is WriteQueue in deps.ts). Writes that read
// an item's aggregate and write the next one run here, a few at a time (one by default: writes
// to one SQLite file serialise anyway, and a second would only make the first retry on a stale
// aggregate). Members take turns: each member's writes wait in their own line, in the order
// sent, and the lines are served round-robin, so one member's burst never stands in front of
// another member's post. Past the cap a write is refused at once with 503 and Retry-After,
// before it has written anything. Each app makes its own (the hosts, test-app.ts): nothing
// here is module state.
import { WRITE_QUEUE_LIMITS, WRITE_QUEUE_MESSAGES } from "../../../domain/write-queue.ts";
import { describeWait } from "../auth/rate-limit.ts";
import type { WriteQueue, WriteQueueStats } from "../deps.ts";
import { ApiError } from "../http/envelope.ts";

export interface WriteQueueOptions {
  concurrency?: number;
  maxWaiting?: number;
  maxWaitingPerMember?: number;
}

interface Waiting {
  start: () => void;
}

/** The 503 a full queue answers: Retry-After is the queue's own estimate of when room opens. */
export function writeQueueFull(retryAfterSeconds: number): ApiError {
  return new ApiError(
    503,
    `${WRITE_QUEUE_MESSAGES.busy} Please try again in ${describeWait(retryAfterSeconds)}.`,
    { "Retry-After": String(retryAfterSeconds) },
  );
}

/**
 * A write starts on a later turn of the event loop, never in the chain of code that queued it
 * or that ended the last write: a write without photos runs its SQL synchronously (libSQL's
 * file client), so a write started at once would hold the loop until it ends, and the requests
 * already on their way in (a token checked, a body read) could not reach the queue before it.
 * Started a turn later, those join first and the round-robin chooses among them, and the reads
 * that came meanwhile are answered between two writes.
 */
const nextTurn: (run: () => void) => void =
  typeof setImmediate === "function" ? (run) => void setImmediate(run) : (run) => void setTimeout(run, 0);

// A write's duration is remembered as a moving average, for Retry-After: the waiting ahead
// times the average, spread over the slots.
const AVERAGE_WEIGHT = 0.2;
const MAX_RETRY_AFTER_SECONDS = 60;

export function createWriteQueue(options: WriteQueueOptions = {}): WriteQueue {
  const concurrency = Math.max(1, options.concurrency ?? WRITE_QUEUE_LIMITS.concurrency);
  const maxWaiting = options.maxWaiting ?? WRITE_QUEUE_LIMITS.maxWaiting;
  const perMember = options.maxWaitingPerMember ?? WRITE_QUEUE_LIMITS.maxWaitingPerMember;
  // Each member's line, in the order members are served: a member served goes to the back.
  const lines = new Map<string, Waiting[]>();
  // Members with a write running: their next write waits until it ends, so each member's
  // writes run in the order sent, and one member never holds every slot.
  const runningMembers = new Set<string>();
  let running = 0;
  let waiting = 0;
  let averageMs = 10;
  const stats = { done: 0, failed: 0, refused: 0, peakWaiting: 0, totalWaitMs: 0, maxWaitMs: 0 };

  const dispatch = () => {
    for (const [member, line] of lines) {
      if (running >= concurrency) return;
      if (runningMembers.has(member)) continue;
      const next = line.shift()!;
      lines.delete(member);
      if (line.length > 0) lines.set(member, line);
      waiting -= 1;
      running += 1;
      runningMembers.add(member);
      next.start();
    }
  };

  // One dispatch pending at a time, a turn from now.
  let scheduled = false;
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    nextTurn(() => {
      scheduled = false;
      dispatch();
    });
  };

  const retryAfter = () => {
    const ms = ((waiting + running) * averageMs) / concurrency;
    return Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, Math.ceil(ms / 1000)));
  };

  return {
    run<T>(memberId: number | string, work: () => Promise<T>): Promise<T> {
      const member = String(memberId);
      const line = lines.get(member) ?? [];
      if (waiting >= maxWaiting || line.length >= perMember) {
        stats.refused += 1;
        return Promise.reject(writeQueueFull(retryAfter()));
      }
      const queuedAt = performance.now();
      return new Promise<T>((resolve, reject) => {
        line.push({
          start: () => {
            const startedAt = performance.now();
            stats.totalWaitMs += startedAt - queuedAt;
            stats.maxWaitMs = Math.max(stats.maxWaitMs, startedAt - queuedAt);
            // A synchronous throw in work is its failure, never the queue's.
            Promise.resolve()
              .then(work)
              .then(
                (value) => {
                  stats.done += 1;
                  resolve(value);
                },
                (error: unknown) => {
                  stats.failed += 1;
                  reject(error);
                },
              )
              .finally(() => {
                averageMs += (performance.now() - startedAt - averageMs) * AVERAGE_WEIGHT;
                running -= 1;
                runningMembers.delete(member);
                schedule();
              });
          },
        });
        if (!lines.has(member)) lines.set(member, line);
        waiting += 1;
        stats.peakWaiting = Math.max(stats.peakWaiting, waiting);
        schedule();
      });
    },
    stats(): WriteQueueStats {
      return {
        running,
        waiting,
        done: stats.done,
        failed: stats.failed,
        refused: stats.refused,
        peakWaiting: stats.peakWaiting,
        meanWaitMs: stats.done + stats.failed === 0 ? 0 : stats.totalWaitMs / (stats.done + stats.failed),
        maxWaitMs: stats.maxWaitMs,
        averageWriteMs: averageMs,
        limits: { concurrency, maxWaiting, maxWaitingPerMember: perMember },
      };
    },
  };
}

/**
 * The edge's writes: each runs at once, in its own request. An isolate serves many requests,
 * and workerd refuses a request's I/O started from another request's promise chain, which a
 * shared queue does whenever one write's end starts the next (the replica's second review post
 * failed so). D1 serialises writes at its primary anyway.
 */
export function passThroughWrites(): WriteQueue {
  let running = 0;
  let done = 0;
  let failed = 0;
  return {
    async run<T>(_member: number | string, work: () => Promise<T>): Promise<T> {
      running += 1;
      try {
        const result = await work();
        done += 1;
        return result;
      } catch (error) {
        failed += 1;
        throw error;
      } finally {
        running -= 1;
      }
    },
    stats: () => ({
      running,
      waiting: 0,
      done,
      failed,
      refused: 0,
      peakWaiting: 0,
      meanWaitMs: 0,
      maxWaitMs: 0,
      averageWriteMs: 0,
      limits: { concurrency: Infinity, maxWaiting: 0, maxWaitingPerMember: 0 },
    }),
  };
}
