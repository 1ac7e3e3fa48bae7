// Builds the app's dependencies for the Node entry from the environment.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { memoryReadLimiter } from "../api/auth/read-limits.ts";
import { createResponseCache } from "../api/cache/response-cache.ts";
import { configuredPasswordCost, publicOrigin, trustedProxies, type Env } from "../api/config.ts";
import { migrateDatabase, openDatabase } from "../api/db/node-client.ts";
import type { AppDeps } from "../api/deps.ts";
import { diskFileStorage } from "../api/files/disk-file-storage.ts";
import { sharpImagePipeline } from "../api/files/sharp-image-pipeline.ts";
import { photoEncoderPool } from "../api/files/photo-encoder-pool.ts";
import { diskReferenceData } from "../api/reference-data-disk.ts";
import { photoJobs } from "../api/services/photo-encodes.ts";
import { createWriteQueue } from "../api/services/write-queue.ts";
import type { Mailer } from "../api/mail/mailer.ts";
import { mailPort } from "../api/mail/mail-port.ts";
import { outboxMailer } from "../api/mail/outbox-mailer.ts";
import { smtpMailer } from "../api/mail/smtp-mailer.ts";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

export function databaseUrl(env: Env): string {
  return env.DATABASE_URL ?? `file:${join(resolve(env.DATA_DIR), "dishcovery.db")}`;
}

/**
 * Without JWT_SECRET the embedded default generates a secret once and keeps it in the data
 * folder (mode 0600), so tokens survive restarts and no secret ever sits in the repo.
 */
function loadOrCreateSecret(dataDir: string): string {
  const path = join(dataDir, "jwt-secret");
  if (existsSync(path)) return readFileSync(path, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(path, secret, { mode: 0o600 });
  return secret;
}

/**
 * Node's error when a client closes the connection while its request body is still being
 * read (node:_http_server's abortIncoming): the client's doing, not a fault of ours.
 */
function isClientAbort(detail: unknown): boolean {
  return (
    detail instanceof Error &&
    detail.message === "aborted" &&
    (detail as NodeJS.ErrnoException).code === "ECONNRESET"
  );
}

export function log(level: "info" | "warn" | "error", message: string, detail?: unknown) {
  if (isClientAbort(detail)) {
    // One line, no stack: an aborted upload is routine, and a stack per abort floods the log.
    const where = message.replace(/^Unhandled error on /, "");
    console.warn(`[${new Date().toISOString()}] WARN ${where}: the client closed the connection mid-request`);
    return;
  }
  const line = `[${new Date().toISOString()}] ${level.toUpperCase()} ${message}`;
  if (level === "error") console.error(line, detail ?? "");
  else if (level === "warn") console.warn(line, detail ?? "");
  else console.log(line, detail === undefined ? "" : detail);
}

/**
 * The client's address for rate limits. A proxy header only when configured (anyone can send
 * one): its LAST entry, the hop the trusted proxy appended (X-Forwarded-For is
 * "client-chosen, ..., what the proxy saw"; a single-value header such as CF-Connecting-IP is
 * its own last entry). Without the header (a request that did not come through the proxy),
 * the socket's address, never a bucket shared by every such client.
 */
export function nodeClientIp(header: string | undefined, proxies?: string[]) {
  const socketAddress = (c: Context): string | undefined => {
    try {
      return getConnInfo(c).remote.address;
    } catch {
      return undefined;
    }
  };
  // With TRUSTED_PROXY, only the proxy's own connections may name the client.
  const trusted = proxies && new Set(proxies.map(bareAddress));
  return (c: Context): string | undefined => {
    const socket = socketAddress(c);
    const fromProxy = !trusted || (socket !== undefined && trusted.has(bareAddress(socket)));
    const hops = header && fromProxy ? (c.req.header(header) ?? "").split(",") : [];
    const last = hops.at(-1)?.trim();
    return last || socket;
  };
}

/** "::ffff:10.0.0.2" and "10.0.0.2" are the same peer. */
const bareAddress = (address: string) =>
  address
    .trim()
    .replace(/^::ffff:(?=\d+\.)/i, "")
    .toLowerCase();

/** Production without SMTP_URL: the Node entry refuses to start, and a build never mails. */
const noMailTransport: Mailer = {
  async send() {
    throw new Error("No mail transport: set SMTP_URL");
  },
};

export async function createNodeDeps(env: Env) {
  const dataDir = resolve(env.DATA_DIR);
  const { db, client } = await openDatabase(databaseUrl(env), env.DATABASE_AUTH_TOKEN);
  await migrateDatabase(db);
  const production = env.NODE_ENV === "production";
  if (production && !env.JWT_SECRET)
    log("warn", "JWT_SECRET is not set; using the secret kept in the data folder");
  // The outbox logs each message, codes included, for a developer's console: never in production.
  const outbox = env.SMTP_URL || production ? undefined : outboxMailer((text) => log("info", text));
  const mailer = env.SMTP_URL
    ? smtpMailer({ url: env.SMTP_URL, from: env.MAIL_FROM })
    : (outbox ?? noMailTransport);
  const deps: AppDeps = {
    db,
    images: sharpImagePipeline(),
    files: diskFileStorage(join(dataDir, "files")),
    mail: mailPort(mailer, log),
    outbox: outbox && (() => outbox.outbox),
    clientIp: nodeClientIp(env.CLIENT_IP_HEADER, trustedProxies(env)),
    now: Date.now,
    config: {
      production,
      publicOrigin: publicOrigin(env),
      jwtSecret: env.JWT_SECRET ?? loadOrCreateSecret(dataDir),
      passwordCost: configuredPasswordCost(env),
    },
    cache: createResponseCache({ ttlMs: env.CACHE_TTL_SECONDS * 1000, maxEntries: 20_000, now: Date.now }),
    // Per process, in memory: a search writes nothing (auth/read-limits.ts says what that trades).
    readLimits: memoryReadLimiter(),
    log,
    writes: createWriteQueue(),
    // From data/ on disk, once per process (the Function reads the built site's copies).
    referenceData: diskReferenceData(),
  };
  // Issue 23: photo widths are encoded off the request, by a pool of niced child processes
  // (forked at the first photo); node.ts starts the sweep that resumes them after a restart.
  const encoder = photoEncoderPool({ size: env.PHOTO_WORKERS });
  deps.photoJobs = photoJobs(deps, encoder, { concurrency: env.PHOTO_WORKERS });
  return { deps, client, encoder };
}
