// Node-only: opens a libSQL database from a URL (`file:` locally, libsql:/https: remote)
// and applies the committed drizzle migrations.
import { copyFileSync, existsSync, mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createClient, type Client } from "@libsql/client";
import { migrate } from "drizzle-orm/libsql/migrator";
import { databaseFrom, type Database } from "./client.ts";

/**
 * The project's drizzle/ folder, found upwards from this module: it runs from src/server/api/db/
 * and, bundled by the build, from a chunk folder whose depth depends on where the site is
 * built (a build outside the repository put it three levels from anywhere useful).
 */
function migrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = resolve(dir, "drizzle");
    if (existsSync(resolve(candidate, "meta/_journal.json"))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error("No drizzle/meta/_journal.json above " + fileURLToPath(import.meta.url));
    dir = parent;
  }
}

const MIGRATIONS = migrationsFolder();

/** Milliseconds a write waits for another connection's write lock before SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 5000;

/**
 * Settings of every connection to a file database (they are per connection, not stored in
 * the file). WAL lets the site read while a review is written; NORMAL sync is safe under WAL.
 * The memory map makes a page read a memory access rather than a read() call copying 4 KB:
 * on the scale-100 seed (1.2 GB) the dish-by-id query cost about 20% less; a larger page
 * cache made no difference to random ids (docs/perf/by-id-reads.md).
 * @libsql/client opens further connections of its own when a transaction holds one, and
 * those never see these statements: the busy timeout therefore also goes in its config,
 * which it applies to every connection, and libSQL enforces foreign keys by default (it is
 * built with SQLITE_DEFAULT_FOREIGN_KEYS=1; node-client.test.ts checks both).
 */
export const FILE_PRAGMAS = [
  "journal_mode = WAL",
  "synchronous = NORMAL",
  `busy_timeout = ${BUSY_TIMEOUT_MS}`,
  "foreign_keys = ON",
  "mmap_size = 2147483648",
];

export interface OpenedDatabase {
  db: Database;
  client: Client;
}

export async function openDatabase(url: string, authToken?: string): Promise<OpenedDatabase> {
  if (url.startsWith("file:") && url !== "file::memory:") {
    mkdirSync(dirname(url.slice("file:".length)), { recursive: true });
  }
  const client = createClient({ url, authToken, timeout: BUSY_TIMEOUT_MS });
  if (url.startsWith("file:")) for (const pragma of FILE_PRAGMAS) await client.execute(`PRAGMA ${pragma}`);
  else await client.execute("PRAGMA foreign_keys = ON");
  return { db: databaseFrom(client), client };
}

export async function migrateDatabase(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS });
}

/**
 * Closes a file database so that its main file alone holds it, ready to be copied: the WAL is
 * checkpointed into the file first (closing the last connection would too, but only if no
 * other connection of the pool is still open).
 */
export async function closeForCopy({ client }: OpenedDatabase): Promise<void> {
  await client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
  client.close();
}

/**
 * Opens a copy of a database file closeForCopy closed (tests: a migrated or seeded template),
 * at `path`, with the settings of every connection. Copying a file is about a millisecond
 * where running the migrations again costs a second or more.
 */
export async function openDatabaseCopy(template: string, path: string): Promise<OpenedDatabase> {
  mkdirSync(dirname(path), { recursive: true });
  copyFileSync(template, path);
  return openDatabase(`file:${path}`);
}
