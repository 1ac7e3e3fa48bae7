// npm run lint:openapi: the OpenAPI document createApp serves at /api/openapi.json, written to
// a temporary file and checked by Redocly CLI's recommended rules (redocly.yaml), so client
// generators and other tools can read the contract. Offline: the document comes from the
// app in this process, and Redocly's telemetry and update check are off.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createApp } from "../src/server/api/app.ts";
import { memoryReadLimiter } from "../src/server/api/auth/read-limits.ts";
import { createResponseCache } from "../src/server/api/cache/response-cache.ts";
import { openDatabase } from "../src/server/api/db/node-client.ts";
import { diskFileStorage } from "../src/server/api/files/disk-file-storage.ts";
import { sharpImagePipeline } from "../src/server/api/files/sharp-image-pipeline.ts";
import { mailPort } from "../src/server/api/mail/mail-port.ts";
import { outboxMailer } from "../src/server/api/mail/outbox-mailer.ts";
import { createWriteQueue } from "../src/server/api/services/write-queue.ts";
import { diskReferenceData } from "../src/server/api/reference-data-disk.ts";

const ROOT = resolve(import.meta.dirname, "..");
const folder = mkdtempSync(join(tmpdir(), "dishcovery-openapi-"));
// The document is built from the route declarations alone: nothing below is called.
const { db, client } = await openDatabase("file::memory:");
const app = createApp({
  db,
  files: diskFileStorage(join(folder, "files")),
  images: sharpImagePipeline(),
  mail: mailPort(outboxMailer(() => {}, Date.now), () => {}),
  now: Date.now,
  config: { production: false, publicOrigin: "http://localhost:4321", jwtSecret: "x".repeat(32) },
  cache: createResponseCache({ ttlMs: 0, maxEntries: 1, now: Date.now }),
  readLimits: memoryReadLimiter(),
  log: () => {},
  writes: createWriteQueue(),
  referenceData: diskReferenceData(),
});

let status = 1;
try {
  const res = await app.request("/api/openapi.json");
  if (res.status !== 200) throw new Error(`GET /api/openapi.json answered ${res.status}`);
  const file = join(folder, "openapi.json");
  writeFileSync(file, JSON.stringify(await res.json(), null, 2));
  const lint = spawnSync(
    process.execPath,
    [
      join(ROOT, "node_modules/@redocly/cli/bin/cli.js"),
      "lint",
      file,
      "--config",
      join(ROOT, "redocly.yaml"),
      ...process.argv.slice(2),
    ],
    {
      cwd: ROOT,
      stdio: "inherit",
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
    },
  );
  status = lint.status ?? 1;
} finally {
  client.close();
  rmSync(folder, { recursive: true, force: true });
}
process.exit(status);
