// Which settings `npm run preview:edge` runs with. A fresh clone has no .dev.vars, and a
// replica whose /api answers 503 until someone reads the docs is no replica: without one, the
// replica makes its own development settings (a random local secret, the development
// outbox) in its state folder, keeps them across runs so sessions survive a restart, and
// says so. Production secrets never come from here: these settings say NODE_ENV=development.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export type PreviewSettings =
  | { source: "env-file"; file: string }
  | { source: "dev.vars" }
  | { source: "generated"; file: string; created: boolean };

export function previewSettings(root: string, workDir: string, envFile?: string): PreviewSettings {
  if (envFile) return { source: "env-file", file: envFile };
  // wrangler reads .dev.vars itself.
  if (existsSync(join(root, ".dev.vars"))) return { source: "dev.vars" };
  const file = join(workDir, "dev.vars");
  if (existsSync(file)) return { source: "generated", file, created: false };
  mkdirSync(workDir, { recursive: true });
  const secret = randomBytes(48).toString("base64");
  writeFileSync(file, `NODE_ENV=development\nJWT_SECRET=${secret}\nDEV_OUTBOX=1\n`, { mode: 0o600 });
  return { source: "generated", file, created: true };
}
