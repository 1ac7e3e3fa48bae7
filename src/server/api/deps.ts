import type { Context } from "hono";
import type { RateLimit } from "./auth/rate-limit.ts";
import type { CachedResponse, RememberedAnswer } from "./cache/response-cache.ts";
import type { Scope } from "./cache/scopes.ts";
import type { AppConfig } from "./config.ts";
import type { Database } from "./db/client.ts";
import type { CheckedPhoto, PreparedAvatar, ProcessedPhoto, UploadedPhoto } from "./files/image-pipeline.ts";
import type { MailMessage } from "./mail/mailer.ts";
import type { CatalogueChanges } from "./services/catalogue-changes.ts";
import type { LondonPlaces } from "../../domain/london-place-index.ts";

/** Everything the app needs from its host. The app itself knows nothing of the runtime. */
export interface AppDeps {
  db: Database;
  files: FileStorage;
  /**
   * Turns uploaded photos into stored files: sharp's re-encode on Node, byte checks without
   * re-encoding on Cloudflare, where sharp cannot load (decision 011).
   */
  images: ImagePipeline;
  /**
   * Issue 23: where photo widths are encoded off the request. With it (Node: a niced worker
   * pool), a post stores each checked upload privately and answers; the widths are swapped in
   * later. Without it (Cloudflare), the widths are encoded in the request as before.
   */
  photoJobs?: PhotoJobs;
  /**
   * The one way services send mail (mail/mail-port.ts), over the host's mailer: most of it
   * leaves after the answer, and the host keeps the request alive until it has (drain()).
   */
  mail: MailPort;
  /** Milliseconds since the epoch; tests move it to expire codes and tokens. */
  now: () => number;
  config: AppConfig;
  cache: ResponseCache;
  log: (level: "info" | "warn" | "error", message: string, detail?: unknown) => void;
  /**
   * The connecting client's address, for rate limits: the Node host reads the socket (or a
   * configured proxy header), Cloudflare its CF-Connecting-IP. Absent in app.request() tests.
   */
  clientIp?: (c: Context) => string | undefined;
  /**
   * Issue 33: counts read-path limits (searches, suggestions) without a database write
   * (auth/read-limits.ts): in this process's memory on Node, the Rate Limiting binding or the
   * isolate's memory on Cloudflare. Write-path limits stay in the rate_limits table.
   */
  readLimits: ReadLimiter;
  /**
   * Told after a catalogue write commits (publishCatalogueChanges), and awaited: the Node host
   * rebuilds the ranked list pages (site-refresh.ts), the Cloudflare host purges the changed
   * items' cached pages (edge-page-cache.ts).
   */
  onCatalogueChange?: (changes: CatalogueChanges) => void | Promise<void>;
  /** Mail kept by the development outbox mailer, newest last; absent when mail really leaves. */
  outbox?: () => readonly (MailMessage & { sentAt: number })[];
  /**
   * Issues 33 and 34: the app's one write queue (services/write-queue.ts), made by each host
   * and each test app. Writes that rewrite aggregates (review posts, edits and deletions,
   * moderation decisions) run through it, fairly between members; full, it answers 503.
   */
  writes: WriteQueue;
  /**
   * Issue 34: data the API reads rarely and a deploy alone changes (London's stations and
   * postcode districts, the common-password list), read once per process or isolate: from
   * data/ on Node, from the built site's static files (env.ASSETS) on Cloudflare, so it is not
   * in the Functions bundle (reference-data.ts).
   */
  referenceData: ReferenceData;
}

/**
 * Mail out (mail/mail-port.ts makes it). Most mail leaves after the answer, so whether it is
 * sent, and how slow or broken the mail server is, never shows in the answer or its timing.
 */
export interface MailPort {
  /** Hands the message over and returns at once; a failure is logged, naming the mail `what`. */
  sendAfterAnswer(message: MailMessage, what?: string): void;
  /** Sends and waits, for mail the answer depends on (a code typed next): a failure throws. */
  sendNow(message: MailMessage): Promise<void>;
  /** Settles once every mail handed over so far has left or failed. */
  drain(): Promise<void>;
}

/** Runs writes a few at a time, members taking turns, each member's in the order sent. */
export interface WriteQueue {
  /** Runs work when the member's turn comes; refuses at once with a 503 ApiError when full. */
  run<T>(member: number | string, work: () => Promise<T>): Promise<T>;
  stats(): WriteQueueStats;
}

export interface WriteQueueStats {
  running: number;
  waiting: number;
  done: number;
  failed: number;
  /** Writes refused because the queue (or the member's line) was full. */
  refused: number;
  peakWaiting: number;
  meanWaitMs: number;
  maxWaitMs: number;
  /** The moving average of a write's own time, which Retry-After is estimated from. */
  averageWriteMs: number;
  limits: { concurrency: number; maxWaiting: number; maxWaitingPerMember: number };
}

export type AppEnv = { Variables: { deps: AppDeps } };

// Ports: what a host gives the app, declared here beside AppDeps; their implementations
// (files/, cache/, auth/) import them from here.

export interface StoredFile {
  body: Uint8Array | ReadableStream<Uint8Array>;
  contentType: string;
  bytes: number;
}

/** Where uploaded and generated files live: local disk under the Node entry, R2 on Cloudflare. */
export interface FileStorage {
  get(name: string): Promise<StoredFile | null>;
  put(name: string, body: Uint8Array, contentType: string): Promise<void>;
  delete(name: string): Promise<void>;
}

/**
 * How a host turns uploads into stored files. Both methods check the bytes first and throw
 * PhotoRejectedError with the sentence the person sees; nothing is written here.
 */
export interface ImagePipeline {
  /** A review photo (index: its place in the upload, for the field error). */
  reviewPhoto(upload: UploadedPhoto, index: number): Promise<ProcessedPhoto>;
  /**
   * The checks alone, with no pixel decoded (format, size, header, pixel limit, the stream
   * whole: photo-completeness.ts), when the host encodes the widths off the request (Node: a
   * worker pool, services/photo-encodes.ts, whose full decode catches damaged pixel data).
   */
  checkReviewPhoto?(upload: UploadedPhoto, index: number): Promise<CheckedPhoto>;
  /** A profile photo; its refusals use the profile messages (SOCIAL_MESSAGES). */
  avatar(upload: UploadedPhoto): Promise<PreparedAvatar>;
}

/** The in-memory cache of public reads (cache/response-cache.ts makes it; decision 003). */
export interface ResponseCache {
  /**
   * The entry under `key`, built once by `build` when missing or stale. `build` returns the
   * serialised answer and the scopes it depends on; concurrent misses share one build.
   */
  get(key: string, build: () => Promise<{ text: string; scopes: readonly Scope[] }>): Promise<CachedResponse>;
  /**
   * Remembers that the request target (path and query exactly as received) was answered by
   * `value`, the entry under `key`, with the headers `headersOf()` gives, so the URL fast path
   * (url-fast-path.ts) can answer it again without routing while that entry is fresh.
   */
  remember(
    target: string,
    key: string,
    value: CachedResponse,
    headersOf: () => RememberedAnswer["headers"],
  ): void;
  recall(target: string): RememberedAnswer | undefined;
  /** Drops every entry that depends on one of `scopes`; answers being built for them are not kept. */
  invalidate(scopes: readonly Scope[]): void;
  /** Drops everything (after a bulk load such as the seed, and between tests). */
  clear(): void;
}

export interface ReadLimitOutcome {
  ok: boolean;
  /** Seconds until a refused caller would be let through again (at least 1). */
  retryAfterSeconds: number;
}

/** Counts one read against a rule's limit for a subject; a refused read is not counted. */
export interface ReadLimiter {
  hit(rule: RateLimit, subject: string, nowMs: number): ReadLimitOutcome | Promise<ReadLimitOutcome>;
}

/** Read once and kept (reference-data.ts referenceDataFrom); a failed read is tried again. */
export interface ReferenceData {
  londonPlaces(): Promise<LondonPlaces>;
  /** Lower-cased, 8 characters or more: what auth/password-policy.ts refuses. */
  commonPasswords(): Promise<ReadonlySet<string>>;
}

/** Photo widths encoded off the request (issue 23): services/photo-encodes.ts photoJobs() makes one. */
export interface PhotoJobs {
  /** Jobs this process just created (it holds their lease): encode them now. */
  enqueue(stagingNames: string[]): void;
  /** Resolves when nothing is queued or running (tests, the bench's shutdown). */
  idle(): Promise<void>;
  /** Takes the jobs nobody holds (after a crash or restart) and queues them. */
  sweep(): Promise<void>;
  /**
   * Sweeps now and then every sweepMs; returns the stop function, which also drops what is
   * queued (a shutdown: the jobs stay in the database for the next start).
   */
  start(sweepMs?: number): () => void;
}
