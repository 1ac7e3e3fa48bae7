// A real app over a real migrated SQLite file in a temporary folder, for tests.
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { createApp } from "../app.ts";
import { SCRYPT_PARAMS, TEST_SCRYPT_PARAMS, type ScryptCost } from "../auth/password.ts";
import { memoryReadLimiter } from "../auth/read-limits.ts";
import { createResponseCache } from "../cache/response-cache.ts";
import type { AppDeps } from "../deps.ts";
import type { ImagePipeline } from "../deps.ts";
import { diskFileStorage } from "../files/disk-file-storage.ts";
import { sharpImagePipeline } from "../files/sharp-image-pipeline.ts";
import { photoJobs, type PhotoEncoder } from "../services/photo-encodes.ts";
import type { Mailer } from "../mail/mailer.ts";
import { mailPort } from "../mail/mail-port.ts";
import { outboxMailer } from "../mail/outbox-mailer.ts";
import { openDatabaseCopy } from "../db/node-client.ts";
import { migratedTemplate, SEEDED_DATABASE, SEEDED_FILES, seededTemplate } from "./templates.ts";
import { createWriteQueue } from "../services/write-queue.ts";
import { diskReferenceData } from "../reference-data-disk.ts";

export interface TestClock {
  now: () => number;
  set: (ms: number) => void;
  advance: (ms: number) => void;
}

export function testClock(start = Date.UTC(2026, 10, 25, 12)): TestClock {
  let current = start;
  return {
    now: () => current,
    set: (ms) => void (current = ms),
    advance: (ms) => void (current += ms),
  };
}

export interface TestAppOptions {
  mailer?: Mailer;
  clock?: TestClock;
  production?: boolean;
  /** The Cloudflare host's pipeline, to test it through the real routes. */
  images?: ImagePipeline;
  /** The Cloudflare host's reading of the reference data, to test it through the real routes. */
  referenceData?: AppDeps["referenceData"];
  /**
   * Issue 23: encode photo widths off the request, as the Node host does, with this encoder
   * (true: sharp in this process). await deps.photoJobs.idle() before reading the widths.
   */
  photoJobs?: boolean | PhotoEncoder;
  /**
   * The London seed at this scale (seedDatabase's rows and files) instead of an empty
   * database: a copy of one seeded once per run, which every test file asking for the same
   * scale shares.
   */
  seedScale?: number;
  /**
   * scrypt's cost for this app's passwords. TEST_SCRYPT_PARAMS by default, so sign-ups and
   * logins cost microseconds; SCRYPT_PARAMS for a test about hashing itself (its format, the
   * time an unknown account takes), and always in production, which refuses less.
   */
  passwordCost?: ScryptCost;
}

export async function createTestApp(options: TestAppOptions = {}) {
  const folder = mkdtempSync(join(tmpdir(), "dishcovery-test-"));
  // A copy of a database made once per run: running the migrations again per app cost a
  // second or more each (a test about migrations runs them itself).
  let template = await migratedTemplate();
  if (options.seedScale !== undefined) {
    const seeded = await seededTemplate(options.seedScale);
    template = join(seeded, SEEDED_DATABASE);
    if (existsSync(join(seeded, SEEDED_FILES))) {
      cpSync(join(seeded, SEEDED_FILES), join(folder, "files"), { recursive: true });
    }
  }
  const { db, client } = await openDatabaseCopy(template, join(folder, "test.db"));
  const production = options.production ?? false;
  const clock = options.clock ?? testClock();
  const outbox = options.mailer ? undefined : outboxMailer(() => {}, clock.now);
  const mailer = options.mailer ?? outbox!;
  const errors: unknown[] = [];
  const deps: AppDeps = {
    db,
    images: options.images ?? sharpImagePipeline(),
    files: diskFileStorage(join(folder, "files")),
    // Through deps.log as it is when the mail fails: a test may replace it after creating the app.
    mail: mailPort(mailer, (...args) => deps.log(...args)),
    outbox: outbox && (() => outbox.outbox),
    now: clock.now,
    config: {
      production,
      publicOrigin: "http://localhost:4321",
      jwtSecret: "test-secret-test-secret-test-secret-0123456789",
      passwordCost: options.passwordCost ?? (production ? SCRYPT_PARAMS : TEST_SCRYPT_PARAMS),
    },
    cache: createResponseCache({ ttlMs: 30_000, maxEntries: 1000, now: clock.now }),
    readLimits: memoryReadLimiter(),
    writes: createWriteQueue(),
    referenceData: options.referenceData ?? diskReferenceData(),
    log: (level, _message, detail) => {
      if (level === "error") errors.push(detail);
    },
  };
  if (options.photoJobs) {
    const pipeline = deps.images;
    const encoder: PhotoEncoder =
      options.photoJobs === true
        ? { encode: (bytes) => pipeline.reviewPhoto({ name: "staged", bytes }, 0) }
        : options.photoJobs;
    deps.photoJobs = photoJobs(deps, encoder);
  }
  const app = createApp(deps);
  return {
    app,
    db,
    deps,
    clock,
    mailer,
    /** Errors the app logged (a 500's cause); tests assert it stays empty. */
    errors,
    folder,
    async close() {
      client.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * A stand-in for an object a `beforeAll` makes: a test file can name it at module level, as
 * `let t` did, and every property read goes to the object once made (a read before that
 * throws rather than seeing undefined).
 */
export function madeBeforeAll<T extends object>(): { value: T; make: (made: T) => void } {
  let made: T | undefined;
  const target = (): T => {
    if (made === undefined) throw new Error("read before beforeAll made it");
    return made;
  };
  const value = new Proxy({} as T, {
    get: (_, key) => Reflect.get(target(), key),
    has: (_, key) => Reflect.has(target(), key),
    ownKeys: () => Reflect.ownKeys(target()),
    getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(target(), key),
  });
  return { value, make: (m) => void (made = m) };
}

/**
 * The test file's app: made before its tests (then `setUp` on it: a fixture, a client
 * header), closed after them, and failing any test during which it logged an error.
 */
export function useTestApp(options: TestAppOptions = {}, setUp?: (t: TestApp) => unknown): TestApp {
  const t = madeBeforeAll<TestApp>();
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp(options);
    t.make(app);
    await setUp?.(app);
  });
  afterAll(() => app?.close());
  afterEach(() => expect(app?.errors).toEqual([]));
  return t.value;
}
