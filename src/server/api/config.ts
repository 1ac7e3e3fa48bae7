// Environment parsed once at the edge of each host; the app only sees this typed object.
import * as z from "zod";
import { TEST_SCRYPT_PARAMS, type ScryptCost } from "./auth/password.ts";

export const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(4321),
  /** Unset: loopback in development (nothing on the network sees the outbox), all interfaces in production. */
  HOST: z.string().optional(),
  DATA_DIR: z.string().default("./data"),
  /** The built static site (astro build's outDir) the Node entry serves. */
  SITE_DIR: z.string().default("./dist"),
  DATABASE_URL: z.string().optional(),
  DATABASE_AUTH_TOKEN: z.string().optional(),
  /** Signs session tokens. Without it the Node entry generates one and keeps it in DATA_DIR. */
  JWT_SECRET: z.string().min(32).optional(),
  SMTP_URL: z.string().optional(),
  /**
   * Behind a reverse proxy: the header it sets to the client's address. A list
   * (X-Forwarded-For) is read from its last entry, the one the proxy added; a missing header
   * falls back to the socket's address. Unset: the socket's address.
   */
  CLIENT_IP_HEADER: z.string().optional(),
  /**
   * The reverse proxy's own addresses, comma-separated: CLIENT_IP_HEADER is read only from a
   * connection that comes from one of them (anyone else can write the header). In production
   * the header needs this unless the server listens on loopback only.
   */
  TRUSTED_PROXY: z.string().optional(),
  MAIL_FROM: z.string().default("Dishcovery <hello@dishcovery.london>"),
  /** Unset: this server's own address (HOST and PORT) in development; required in production. */
  PUBLIC_ORIGIN: z.url().optional(),
  /** Seconds a cached public list may be served after another instance changed it. */
  CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** Issue 23: child processes encoding review photos' widths off the request, niced. */
  PHOTO_WORKERS: z.coerce.number().int().min(1).max(16).default(1),
  /**
   * `test`: hash passwords at TEST_SCRYPT_PARAMS, as test apps do. The browser tests' server
   * sets it (tests/e2e/global-setup.ts): their sign-ups spent about 50 s of CPU in scrypt.
   * Unset: SCRYPT_PARAMS. In production the app refuses to start with it (passwordCost).
   */
  PASSWORD_COST: z.enum(["test"]).optional(),
});

export type Env = z.infer<typeof configSchema>;

/** Where the Node entry listens when HOST is unset. */
export function listenHost(env: Env): string {
  return env.HOST ?? (env.NODE_ENV === "production" ? "0.0.0.0" : "127.0.0.1");
}

/**
 * The origin every link that leaves the site carries (Share, canonical, og:url, e-mails). In
 * development it follows HOST and PORT, so `PORT=5000 npm start` links to port 5000; a
 * wildcard or loopback address reads as localhost, the name the README and browsers use.
 */
export function publicOrigin(env: Env): string {
  if (env.PUBLIC_ORIGIN) return env.PUBLIC_ORIGIN.replace(/\/+$/, "");
  const host = listenHost(env);
  const name = ["0.0.0.0", "::", "127.0.0.1", "::1"].includes(host)
    ? "localhost"
    : host.includes(":")
      ? `[${host}]`
      : host;
  return `http://${name}:${env.PORT}`;
}

/**
 * Why the Node entry must not start with this environment, or undefined. In production a
 * missing mail transport is fatal: the outbox would swallow sign-up and reset codes while
 * telling users the mail was sent (Cloudflare checks MAIL_API_URL in functions/api).
 */
export function nodeStartProblem(env: Env): string | undefined {
  if (env.NODE_ENV !== "production") return undefined;
  if (env.PASSWORD_COST) {
    return (
      `PASSWORD_COST=${env.PASSWORD_COST} is for test servers: in production passwords are hashed at full ` +
      "cost. Refusing to start."
    );
  }
  if (!env.PUBLIC_ORIGIN) {
    return (
      "NODE_ENV=production needs PUBLIC_ORIGIN (the site's https:// address): links in e-mails, " +
      "Share and canonical tags would otherwise point at this machine. Refusing to start."
    );
  }
  if (!env.SMTP_URL) {
    return (
      "NODE_ENV=production needs SMTP_URL (smtp://user:password@host:587): without a mail " +
      "transport, sign-up and password-reset codes cannot reach anyone. Refusing to start."
    );
  }
  if (env.CLIENT_IP_HEADER && !env.TRUSTED_PROXY && !isLoopbackHost(listenHost(env))) {
    return (
      `CLIENT_IP_HEADER=${env.CLIENT_IP_HEADER} on ${listenHost(env)} would let any client name its own ` +
      "address and get a fresh rate limit per request. Set TRUSTED_PROXY to the proxy's address, " +
      "or HOST=127.0.0.1 with the proxy on this machine. Refusing to start."
    );
  }
  return undefined;
}

const isLoopbackHost = (host: string) => ["127.0.0.1", "::1", "localhost"].includes(host);

/** The proxy addresses CLIENT_IP_HEADER is read from, or undefined: read from any connection. */
export function trustedProxies(env: Env): string[] | undefined {
  const list = env.TRUSTED_PROXY?.split(",")
    .map((a) => a.trim())
    .filter(Boolean);
  return list?.length ? list : undefined;
}

/**
 * What the Node entry warns of at start. In production on loopback a proxy on this machine
 * connects for every client: without CLIENT_IP_HEADER every client has the proxy's address,
 * so one person's searches or logins use up everyone's limits.
 */
export function nodeStartWarnings(env: Env): string[] {
  if (env.NODE_ENV !== "production" || env.CLIENT_IP_HEADER) return [];
  if (!isLoopbackHost(listenHost(env)) && !env.TRUSTED_PROXY) return [];
  return [
    "Behind a proxy with no CLIENT_IP_HEADER, every client looks the same (the proxy's address) " +
      "and shares one set of rate limits: set CLIENT_IP_HEADER to the header the proxy sets.",
  ];
}

export interface AppConfig {
  production: boolean;
  publicOrigin: string;
  jwtSecret: string;
  /**
   * scrypt's cost for passwords; unset, SCRYPT_PARAMS. Test apps set it (testing/test-app.ts),
   * the Node host only from PASSWORD_COST=test (configuredPasswordCost), and passwordCost
   * refuses less than SCRYPT_PARAMS in production.
   */
  passwordCost?: ScryptCost;
}

/** The cost PASSWORD_COST names, or undefined for the real one (AppConfig.passwordCost). */
export function configuredPasswordCost(env: Env): ScryptCost | undefined {
  return env.PASSWORD_COST === "test" ? TEST_SCRYPT_PARAMS : undefined;
}

/**
 * An empty value counts as unset, as in `.env.example` (`JWT_SECRET=`): a blank optional
 * setting then takes its default instead of failing a rule meant for real values.
 */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const given = Object.fromEntries(Object.entries(source).filter(([, value]) => value?.trim()));
  const result = configSchema.safeParse(given);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${problems}`);
  }
  return result.data;
}
