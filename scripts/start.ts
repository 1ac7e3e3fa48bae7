// npm start — the embedded default on a fresh clone: migrate, seed an empty database,
// build the site when its sources changed, then serve site and API on one port.
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { nodeStartProblem, parseEnv, publicOrigin } from "../src/server/api/config.ts";
import { migrateDatabase, openDatabase } from "../src/server/api/db/node-client.ts";
import { diskFileStorage } from "../src/server/api/files/disk-file-storage.ts";
import { startNodeServer } from "../src/server/hosts/node.ts";
import { databaseUrl } from "../src/server/hosts/node-deps.ts";
import { isDatabaseSeeded, seedDatabase } from "../src/seed/seed.ts";
import { buildStamp } from "./build-stamp.ts";
import {
  buildSite,
  isSiteLink,
  newSiteFolder,
  pointSiteAt,
  pruneSiteFolders,
} from "../src/server/hosts/site-refresh.ts";

const ROOT = resolve(import.meta.dirname, "..");
const env = parseEnv(process.env);
// Before seeding and building: a start that cannot serve should fail in a second, not a minute.
const problem = nodeStartProblem(env);
if (problem) {
  console.error(problem);
  process.exit(1);
}
const siteDir = resolve(env.SITE_DIR);
// The build writes canonical and og:url links from PUBLIC_ORIGIN, and the server's e-mails
// use it too: without one, both follow HOST and PORT (config.ts publicOrigin).
const origin = publicOrigin(env);
process.env.PUBLIC_ORIGIN = origin;

const { db, client } = await openDatabase(databaseUrl(env), env.DATABASE_AUTH_TOKEN);
await migrateDatabase(db);
if (!(await isDatabaseSeeded(db))) {
  console.log("Empty database: seeding London…");
  await seedDatabase(db, diskFileStorage(join(resolve(env.DATA_DIR), "files")));
}
client.close();

// Rebuilding on every start would cost seconds for nothing: an item added since the last
// build is rendered on demand (docs/decisions/011). FORCE_BUILD=1 rebuilds anyway.
// SITE_DIR is a link to a dated folder beside it, so the server's background refresh can
// swap in a rebuilt site atomically (docs/decisions/012); a site built before that is
// moved into such a folder here, before anything is served.
const stampFile = join(siteDir, ".build-stamp");
const stamp = buildStamp(ROOT, databaseUrl(env), origin);
const upToDate = existsSync(stampFile) && readFileSync(stampFile, "utf8") === stamp;
if (!upToDate || process.env.FORCE_BUILD === "1") {
  console.log("Building the site…");
  const folder = newSiteFolder(siteDir);
  try {
    await buildSite(folder);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  writeFileSync(join(folder, ".build-stamp"), stamp);
  await pointSiteAt(siteDir, folder);
  await pruneSiteFolders(siteDir, [folder]);
} else if (!isSiteLink(siteDir)) {
  const folder = newSiteFolder(siteDir);
  renameSync(siteDir, folder);
  await pointSiteAt(siteDir, folder);
}

await startNodeServer(process.env);
console.log(`Ready in ${process.uptime().toFixed(1)} s`);
