import type { ResponseCache } from "./cache/response-cache.ts";
import type { AppConfig } from "./config.ts";
import type { Database } from "./db/client.ts";
import type { FileStorage } from "./files/file-storage.ts";
import type { Mailer } from "./mail/mailer.ts";

/** Everything the app needs from its host. The app itself knows nothing of the runtime. */
export interface AppDeps {
  db: Database;
  files: FileStorage;
  mailer: Mailer;
  /** Milliseconds since the epoch; tests move it to expire codes and tokens. */
  now: () => number;
  config: AppConfig;
  cache: ResponseCache;
  log: (level: "info" | "warn" | "error", message: string, detail?: unknown) => void;
}

export type AppEnv = { Variables: { deps: AppDeps } };
