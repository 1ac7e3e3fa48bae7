// The Cloudflare host's dependencies: Pages bindings and variables → AppDeps → createApp, the
// counterpart of node-deps.ts. Shared by every Function (functions/api for /api and
// functions/{kind}/[id].ts for on-demand catalogue pages), which Pages bundles into one Worker,
// so one app per isolate serves both. Runtime-neutral: no Node modules here (nodejs_compat
// provides node:crypto to the auth code).
import { createClient } from "@libsql/client/web";
import type { ApiClient } from "../../shared/api-client.ts";
import { createApp, type App } from "../api/app.ts";
import { bindingReadLimiter, memoryReadLimiter } from "../api/auth/read-limits.ts";
import { createResponseCache } from "../api/cache/response-cache.ts";
import { parseEnv, publicOrigin } from "../api/config.ts";
import { databaseFrom, type Database } from "../api/db/client.ts";
import { databaseFromD1, type D1DatabaseLike } from "../api/db/d1-client.ts";
import type { AppDeps } from "../api/deps.ts";
import { defaultPageCache, purgeCataloguePages } from "../pages/edge-page-cache.ts";
import { edgeImagePipeline } from "../api/files/edge-image-pipeline.ts";
import { purgingOnDelete } from "../api/files/purge-on-delete.ts";
import { r2FileStorage, type R2BucketLike } from "../api/files/r2-file-storage.ts";
import { inProcessApiClient } from "../pages/in-process-api-client.ts";
import { httpMailer } from "../api/mail/http-mailer.ts";
import { mailPort } from "../api/mail/mail-port.ts";
import { outboxMailer } from "../api/mail/outbox-mailer.ts";
import { passThroughWrites } from "../api/services/write-queue.ts";
import type { AssetFetcher } from "./cloudflare-pages.ts";
import { assetsReferenceData } from "./cloudflare-reference-data.ts";

/** Pages bindings and variables (wrangler.toml, `wrangler pages secret put`, .dev.vars). */
export interface CloudflareBindings {
  /** A D1 database; without it, DATABASE_URL names a Turso/libSQL database. */
  DB?: D1DatabaseLike;
  FILES?: R2BucketLike;
  DATABASE_URL?: string;
  DATABASE_AUTH_TOKEN?: string;
  JWT_SECRET?: string;
  MAIL_API_URL?: string;
  MAIL_API_KEY?: string;
  /** "1": keep mail in the development outbox (GET /api/dev/outbox). Refused in production. */
  DEV_OUTBOX?: string;
  /** The built site, which Pages gives every Function: the reference data is read from it. */
  ASSETS?: AssetFetcher;
  [name: string]: unknown;
}

export type CloudflareHost =
  { app: App; api: ApiClient; deps: AppDeps; origins: OriginSet } | { problem: string };

/**
 * The origins this isolate has answered on (the pages.dev address, a custom domain), whose
 * cached item pages a write must purge. Bounded, so odd Host headers cannot grow it.
 */
export class OriginSet implements Iterable<string> {
  private readonly seen = new Set<string>();
  add(origin: string): void {
    if (this.seen.size < 8) this.seen.add(origin);
  }
  [Symbol.iterator]() {
    return this.seen.values();
  }
}

// Workers fetch libSQL over HTTP or WebSockets; a file: URL fails at the first query
// (URL_SCHEME_NOT_SUPPORTED), so it is refused before the app starts.
const REMOTE_DATABASE_URL = /^(libsql|https?|wss?):\/\//;

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() ? value.trim() : undefined;
}

/**
 * What is missing or wrong, named for the log (never a value), or undefined. Every problem at
 * once, so a developer fixes .dev.vars in one go.
 */
export function cloudflareSettingsProblem(bindings: CloudflareBindings): string | undefined {
  const problems: string[] = [];
  const production = (text(bindings.NODE_ENV) ?? "production") === "production";
  const devOutbox = text(bindings.DEV_OUTBOX) === "1";
  if (!bindings.DB) {
    const url = text(bindings.DATABASE_URL);
    if (!url) problems.push("a database: the DB binding (D1) or DATABASE_URL (Turso/libSQL)");
    else if (!REMOTE_DATABASE_URL.test(url))
      problems.push(
        "DATABASE_URL must be libsql://, https:// or wss:// (a file: database cannot be opened in Workers)",
      );
  }
  if (!bindings.FILES) problems.push("the FILES binding (an R2 bucket)");
  // Pages binds it to every Function; without it no station, district or password list is read.
  if (!bindings.ASSETS) problems.push("the ASSETS binding (the built site's files)");
  // Links in e-mails, Share and canonical tags: a Worker has no address of its own to fall back on.
  if (!text(bindings.PUBLIC_ORIGIN)) problems.push("PUBLIC_ORIGIN (the site's https:// address)");
  const secret = text(bindings.JWT_SECRET);
  if (!secret) problems.push("JWT_SECRET");
  else if (secret.length < 32) problems.push("JWT_SECRET must be at least 32 characters");
  if (devOutbox && production)
    problems.push("DEV_OUTBOX=1 is for development only: unset it or set NODE_ENV=development");
  if (!devOutbox && (!text(bindings.MAIL_API_URL) || !text(bindings.MAIL_API_KEY))) {
    // Without a way to mail codes, sign-up and password reset would tell users a code was
    // sent that reaches no one, as the Node entry refuses production without SMTP_URL.
    problems.push("MAIL_API_URL and MAIL_API_KEY (or DEV_OUTBOX=1 in development)");
  }
  return problems.length
    ? `Dishcovery is not configured on Cloudflare. Missing or invalid: ${problems.join("; ")}`
    : undefined;
}

function stringVars(bindings: CloudflareBindings): Record<string, string> {
  return Object.fromEntries(
    Object.entries(bindings).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}

const log: AppDeps["log"] = (level, message, detail) => console[level](message, detail ?? "");

function buildHost(bindings: CloudflareBindings): CloudflareHost {
  const problem = cloudflareSettingsProblem(bindings);
  if (problem) {
    console.error(problem);
    return { problem };
  }
  const vars = stringVars(bindings);
  let env;
  try {
    env = parseEnv({ NODE_ENV: "production", ...vars });
  } catch (error) {
    const message = `Dishcovery is not configured on Cloudflare. ${(error as Error).message}`;
    console.error(message);
    return { problem: message };
  }
  const production = env.NODE_ENV === "production";
  const db: Database = bindings.DB
    ? databaseFromD1(bindings.DB)
    : databaseFrom(
        createClient({ url: text(bindings.DATABASE_URL)!, authToken: text(bindings.DATABASE_AUTH_TOKEN) }),
      );
  const outbox = text(bindings.DEV_OUTBOX) === "1" ? outboxMailer((line) => log("info", line)) : undefined;
  const origins = new OriginSet();
  const deps: AppDeps = {
    db,
    // A deleted photo leaves this data centre's cache at once, not after its max-age.
    files: purgingOnDelete(r2FileStorage(bindings.FILES!), defaultPageCache, origins),
    images: edgeImagePipeline(),
    mail: mailPort(
      outbox ?? httpMailer({ url: vars.MAIL_API_URL!, apiKey: vars.MAIL_API_KEY!, from: env.MAIL_FROM }),
      log,
    ),
    outbox: outbox && (() => outbox.outbox),
    now: Date.now,
    // Cloudflare sets CF-Connecting-IP itself (one address, overwriting any a client sent).
    clientIp: (c) => c.req.header("cf-connecting-ip")?.trim() || undefined,
    config: { production, publicOrigin: publicOrigin(env), jwtSecret: env.JWT_SECRET! },
    cache: createResponseCache({ ttlMs: env.CACHE_TTL_SECONDS * 1000, maxEntries: 2000, now: Date.now }),
    // The Rate Limiting binding where the deploy has one, else this isolate's memory (decision 016).
    readLimits: bindingReadLimiter(bindings, memoryReadLimiter()),
    log,
    // No shared queue on the edge (services/write-queue.ts passThroughWrites says why).
    writes: passThroughWrites(),
    // Read from the built site once per isolate, not bundled (docs/perf/edge-bundle.md).
    referenceData: assetsReferenceData(bindings.ASSETS!, publicOrigin(env)),
    // A write takes the changed items' on-demand pages out of Cloudflare's cache at once,
    // rather than after their s-maxage (decision 011).
    onCatalogueChange: async (changes) => {
      const cache = defaultPageCache();
      if (!cache) return;
      try {
        await purgeCataloguePages(cache, origins, changes);
      } catch (error) {
        // The write has committed; a failed purge leaves the page to its s-maxage.
        log("warn", "Could not purge cached item pages", error);
      }
    },
  };
  const app = createApp(deps);
  // Pages read the API in-process, through the client the build and the islands use.
  const api = inProcessApiClient(app);
  return { app, api, deps, origins };
}

// One host per isolate and bindings object: the response cache lives as long as the isolate.
const hosts = new WeakMap<object, CloudflareHost>();

export function cloudflareHost(bindings: CloudflareBindings): CloudflareHost {
  let host = hosts.get(bindings);
  if (!host) hosts.set(bindings, (host = buildHost(bindings)));
  return host;
}

/** The API's answer while the host is not configured: the envelope, never a stack trace. */
export function serviceUnavailable(): Response {
  return new Response(JSON.stringify({ code: 503, message: "Service unavailable", data: null }), {
    status: 503,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
  });
}
