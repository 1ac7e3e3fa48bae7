// npm run db:seed [-- --scale N] [-- --force]
// Seeds the London catalogue into DATA_DIR (or DATABASE_URL) if it is empty. --force first
// deletes what an earlier seed wrote (registered users stay). Prints counts and timings.
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { parseEnv } from "../src/server/api/config.ts";
import { migrateDatabase, openDatabase } from "../src/server/api/db/node-client.ts";
import { diskFileStorage } from "../src/server/api/files/disk-file-storage.ts";
import { databaseUrl } from "../src/server/hosts/node-deps.ts";
import { clearSeededData, isDatabaseSeeded, seedDatabase } from "../src/seed/seed.ts";

const { values } = parseArgs({
  options: {
    scale: { type: "string", default: "1" },
    force: { type: "boolean", default: false },
  },
});
const scale = Number(values.scale);
if (!(scale > 0) || !Number.isFinite(scale)) {
  console.error(`--scale must be a positive number, got "${values.scale}"`);
  process.exit(1);
}

const env = parseEnv(process.env);
const url = databaseUrl(env);
const { db, client } = await openDatabase(url, env.DATABASE_AUTH_TOKEN);
try {
  await migrateDatabase(db);
  if (await isDatabaseSeeded(db)) {
    if (!values.force) {
      console.log(`${url} already holds seeded data; run with --force to replace it.`);
      process.exit(0);
    }
    const cleared = performance.now();
    await clearSeededData(db);
    console.log(`Cleared earlier seed in ${((performance.now() - cleared) / 1000).toFixed(1)} s`);
  }
  const started = performance.now();
  const summary = await seedDatabase(db, diskFileStorage(join(resolve(env.DATA_DIR), "files")), {
    scale,
    log: (line) => console.log(`[${((performance.now() - started) / 1000).toFixed(1)} s] ${line}`),
  });
  console.log(
    [
      `Seeded ${url} at scale ${scale}:`,
      `  regions ${summary.regions}, areas ${summary.areas}, tags ${summary.tags}`,
      `  users ${summary.users}, follows ${summary.follows}`,
      `  restaurants ${summary.restaurants}, dishes ${summary.dishes}, offers ${summary.offers}`,
      `  posts ${summary.posts}, comments ${summary.comments}, comment likes ${summary.commentLikes}`,
      `  images ${summary.files} (rendered in ${summary.imageSeconds.toFixed(1)} s on a worker thread, alongside the database work)`,
      `  total ${summary.seconds.toFixed(1)} s`,
    ].join("\n"),
  );
} finally {
  client.close();
}
