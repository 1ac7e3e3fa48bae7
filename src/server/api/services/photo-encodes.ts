// Photos encoded off the request (issue 23). POST /posts/save (and an owner's restaurant
// photo) checks each upload, stores it privately under a staging name and records a job in
// the same batch as the review; this queue then encodes the widths with a bounded encoder
// (on Node a pool of niced child processes, files/photo-encoder-pool.ts) and swaps them in.
// Every step is ordered so a crash at any point leaves something the next attempt finishes:
// the job row outlives the process, an attempt records its output rows before writing their
// bytes, and the staged file goes before its row. A photo that cannot be encoded is dropped
// and its author told (a photo-dropped notification).
import {
  claimablePhotoJobs,
  claimPhotoJob,
  countPhotoAttempt,
  dropPhoto,
  forgetPhotoOutputs,
  photoSubjects,
  recordPhotoOutputs,
  removePhotoJob,
  swapPhotoIn,
  type PhotoJob,
} from "../db/queries/photo-encodes.ts";
import { deleteUnusedFiles } from "../db/queries/review-edits.ts";
import type { AppDeps, PhotoJobs } from "../deps.ts";
import { PhotoRejectedError, removeFiles, type ProcessedPhoto } from "../files/image-pipeline.ts";
import { publishReviewVisibilityChanges } from "./catalogue-changes.ts";
import { notify } from "./notifications.ts";
import { readScopes } from "../cache/scopes.ts";

/** Encodes one staged photo's widths; throws PhotoRejectedError when it cannot be encoded. */
export interface PhotoEncoder {
  encode(bytes: Uint8Array): Promise<ProcessedPhoto>;
  close?(): Promise<void>;
}

type Deps = Pick<AppDeps, "db" | "files" | "cache" | "now" | "log">;

export interface PhotoJobOptions {
  /** How many photos encode at once: the encoder pool's size. */
  concurrency?: number;
  /** A job held longer than this by a process that stopped is taken by a sweep. */
  leaseMs?: number;
  /** Encodes started (a crash mid-encode counts) before a photo that keeps failing is dropped. */
  maxAttempts?: number;
}

export const PHOTO_JOB_LEASE_MS = 30_000;

async function bytesOf(body: Uint8Array | ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return body instanceof Uint8Array ? body : new Uint8Array(await new Response(body).arrayBuffer());
}

export function photoJobs(deps: Deps, encoder: PhotoEncoder, options: PhotoJobOptions = {}): PhotoJobs {
  const concurrency = options.concurrency ?? 1;
  const leaseMs = options.leaseMs ?? PHOTO_JOB_LEASE_MS;
  const maxAttempts = options.maxAttempts ?? 3;
  const queue: { name: string; held: boolean }[] = [];
  const queued = new Set<string>();
  let running = 0;
  let waiters: (() => void)[] = [];

  const settle = () => {
    if (running > 0 || queue.length > 0) return;
    for (const wake of waiters) wake();
    waiters = [];
  };

  let stopped = false;
  const pump = () => {
    while (!stopped && running < concurrency && queue.length > 0) {
      const next = queue.shift()!;
      running += 1;
      void runJob(deps, encoder, next.name, next.held ? Infinity : leaseMs, maxAttempts)
        .catch((error: unknown) => deps.log("warn", "A photo encode will be retried", error))
        .finally(() => {
          queued.delete(next.name);
          running -= 1;
          pump();
          settle();
        });
    }
    settle();
  };

  const add = (names: string[], held: boolean) => {
    for (const name of names) {
      if (queued.has(name)) continue;
      queued.add(name);
      queue.push({ name, held });
    }
    pump();
  };

  const sweep = async () => {
    try {
      add(await claimablePhotoJobs(deps.db, deps.now() - leaseMs, 50), false);
    } catch (error) {
      deps.log("warn", "Could not look for pending photo encodes", error);
    }
  };

  return {
    enqueue: (names) => add(names, true),
    idle: () =>
      new Promise<void>((resolve) => {
        waiters.push(resolve);
        settle();
      }),
    sweep,
    start(sweepMs = 10_000) {
      void sweep();
      const timer = setInterval(() => void sweep(), sweepMs);
      (timer as { unref?: () => void }).unref?.();
      return () => {
        clearInterval(timer);
        stopped = true;
        for (const job of queue.splice(0)) queued.delete(job.name);
        settle();
      };
    },
  };
}

/**
 * One attempt at one job. `leaseMs` Infinity: this process created the job (its lease is
 * the request's), so it is taken whatever its claim time.
 */
async function runJob(deps: Deps, encoder: PhotoEncoder, name: string, leaseMs: number, maxAttempts: number) {
  const now = deps.now();
  const job = await claimPhotoJob(deps.db, name, now, leaseMs === Infinity ? now + 1 : now - leaseMs);
  if (!job) return;
  if (job.done) return finish(deps, name);
  if (job.outputs?.length) {
    // An attempt cut off after recording its outputs: its bytes and rows go before retrying.
    await removeFiles(deps.files, job.outputs);
    await forgetPhotoOutputs(deps.db, job);
  }
  const stored = await deps.files.get(name);
  if (!stored) return drop(deps, job, "its staged file is missing");
  if (job.attempts >= maxAttempts) return drop(deps, job, `${job.attempts} attempts failed`);
  await countPhotoAttempt(deps.db, name);
  let photo: ProcessedPhoto;
  try {
    photo = await encoder.encode(await bytesOf(stored.body));
  } catch (error) {
    if (error instanceof PhotoRejectedError) return drop(deps, job, error.message);
    throw error;
  }
  if (!(await recordPhotoOutputs(deps.db, job, photo.files, deps.now()))) return;
  const written = photo.outputs.map((o) => o.name);
  for (const output of photo.outputs) await deps.files.put(output.name, output.body, output.contentType);
  const subjects = await photoSubjects(deps.db, name);
  if (await swapPhotoIn(deps.db, name, photo.fileName, photo.variants)) {
    announce(deps, subjects);
  } else {
    // Its review or restaurant photo was deleted while it encoded.
    await deleteUnusedFiles(deps.db, written, job.authorId);
    await removeFiles(deps.files, written);
  }
  await finish(deps, name);
}

async function drop(deps: Deps, job: PhotoJob, why: string) {
  const subjects = await photoSubjects(deps.db, job.stagingName);
  const now = deps.now();
  // The author hears of each review that lost a photo, from the site (notify()).
  for (const postId of await dropPhoto(deps.db, job)) {
    await notify(deps, {
      recipientId: job.authorId,
      actorId: job.authorId,
      kind: "photo-dropped",
      postId,
      createdAt: now,
    });
  }
  deps.log("warn", `A staged photo could not be encoded and was dropped: ${why}`, job.stagingName);
  announce(deps, subjects);
  await finish(deps, job.stagingName);
}

/** The staged bytes first, then their row (and the job with it): a crash between retries. */
async function finish(deps: Deps, name: string) {
  await deps.files.delete(name);
  await removePhotoJob(deps.db, name);
}

/** A photo's widths or its removal change how reviews and restaurant pages show, never a rating. */
function announce(deps: Deps, subjects: Awaited<ReturnType<typeof photoSubjects>>) {
  publishReviewVisibilityChanges(deps, subjects);
  deps.cache.invalidate(subjects.ownerRestaurantIds.map((id) => readScopes.item("restaurant", id)));
}
