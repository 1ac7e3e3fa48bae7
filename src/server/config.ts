// Environment parsed once at the edge of each host; the app only sees this typed object.
import { z } from "zod";

export const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(4321),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  /** The built static site (astro build's outDir) the Node entry serves. */
  SITE_DIR: z.string().default("./dist"),
  DATABASE_URL: z.string().optional(),
  DATABASE_AUTH_TOKEN: z.string().optional(),
  /** Signs session tokens. Without it the Node entry generates one and keeps it in DATA_DIR. */
  JWT_SECRET: z.string().min(32).optional(),
  SMTP_URL: z.string().optional(),
  /** Behind a reverse proxy: the header holding the client address (e.g. X-Real-IP). Unset: the socket's. */
  CLIENT_IP_HEADER: z.string().optional(),
  MAIL_FROM: z.string().default("Dishcovery <hello@dishcovery.london>"),
  PUBLIC_ORIGIN: z.url().default("http://localhost:4321"),
  /** Seconds a cached public list may be served after another instance changed it. */
  CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
});

export type Env = z.infer<typeof configSchema>;

export interface AppConfig {
  production: boolean;
  publicOrigin: string;
  jwtSecret: string;
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = configSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${problems}`);
  }
  return result.data;
}
