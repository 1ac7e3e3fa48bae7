// Node-only: opens a libSQL database from a URL (`file:` locally, libsql:/https: remote)
// and applies the committed drizzle migrations.
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createClient, type Client } from "@libsql/client";
import { migrate } from "drizzle-orm/libsql/migrator";
import { databaseFrom, type Database } from "./client.ts";

const MIGRATIONS = resolve(dirname(fileURLToPath(import.meta.url)), "../../../drizzle");

export interface OpenedDatabase {
  db: Database;
  client: Client;
}

export async function openDatabase(url: string, authToken?: string): Promise<OpenedDatabase> {
  if (url.startsWith("file:") && url !== "file::memory:") {
    mkdirSync(dirname(url.slice("file:".length)), { recursive: true });
  }
  const client = createClient({ url, authToken });
  if (url.startsWith("file:")) {
    // WAL lets the site read while a review is written; NORMAL sync is safe under WAL.
    await client.execute("PRAGMA journal_mode = WAL");
    await client.execute("PRAGMA synchronous = NORMAL");
    await client.execute("PRAGMA busy_timeout = 5000");
  }
  await client.execute("PRAGMA foreign_keys = ON");
  return { db: databaseFrom(client), client };
}

export async function migrateDatabase(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS });
}
