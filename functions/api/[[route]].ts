// Cloudflare Pages Functions host: bindings → deps → createApp → app.fetch.
// The database is Turso/libSQL over HTTP, files in R2, mail through an HTTP mail API.
import { createClient } from "@libsql/client/web";
import { createApp, type App } from "../../src/server/app.ts";
import { createResponseCache } from "../../src/server/cache/response-cache.ts";
import { parseEnv } from "../../src/server/config.ts";
import { databaseFrom } from "../../src/server/db/client.ts";
import { r2FileStorage, type R2BucketLike } from "../../src/server/files/r2-file-storage.ts";
import { httpMailer } from "../../src/server/mail/http-mailer.ts";

interface Bindings {
  FILES: R2BucketLike;
  DATABASE_URL: string;
  DATABASE_AUTH_TOKEN?: string;
  JWT_SECRET: string;
  MAIL_API_URL: string;
  MAIL_API_KEY: string;
  [name: string]: unknown;
}

// One app per isolate: the response cache lives as long as the isolate does.
let app: App | undefined;

function appFor(bindings: Bindings): App {
  if (app) return app;
  const vars = Object.fromEntries(
    Object.entries(bindings).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  const env = parseEnv({ NODE_ENV: "production", ...vars });
  if (!env.JWT_SECRET) throw new Error("JWT_SECRET must be set on Cloudflare");
  // Without a mail API, sign-up and reset codes could reach no one: refuse, as the Node entry
  // refuses production without SMTP_URL.
  if (!vars.MAIL_API_URL?.trim() || !vars.MAIL_API_KEY?.trim()) {
    throw new Error(
      "MAIL_API_URL and MAIL_API_KEY must be set on Cloudflare: without them no code can be mailed",
    );
  }
  const client = createClient({ url: bindings.DATABASE_URL, authToken: bindings.DATABASE_AUTH_TOKEN });
  app = createApp({
    db: databaseFrom(client),
    files: r2FileStorage(bindings.FILES),
    mailer: httpMailer({ url: vars.MAIL_API_URL, apiKey: vars.MAIL_API_KEY, from: env.MAIL_FROM }),
    now: Date.now,
    // Cloudflare sets CF-Connecting-IP itself (one address, overwriting any a client sent).
    clientIp: (c) => c.req.header("cf-connecting-ip")?.trim() || undefined,
    config: {
      production: true,
      publicOrigin: env.PUBLIC_ORIGIN,
      jwtSecret: env.JWT_SECRET,
    },
    cache: createResponseCache({ ttlMs: env.CACHE_TTL_SECONDS * 1000, maxEntries: 2000, now: Date.now }),
    log: (level, message, detail) => console[level](message, detail ?? ""),
  });
  return app;
}

export const onRequest = (context: {
  request: Request;
  env: Bindings;
  waitUntil: (p: Promise<unknown>) => void;
}) =>
  appFor(context.env).fetch(context.request, context.env, {
    waitUntil: context.waitUntil,
    passThroughOnException: () => {},
    props: undefined,
  });
