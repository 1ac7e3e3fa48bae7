// Node-only: opens a libSQL database from a URL (`file:` locally, libsql:/https: remote)
// and applies the committed drizzle migrations.
import { copyFileSync, existsSync, mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createClient, type Client } from "@libsql/client";
import { ConnectionPool, Sqlite3Client } from "@libsql/client/sqlite3";
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
    if (parent === dir)
      throw new Error("No drizzle/meta/_journal.json above " + fileURLToPath(import.meta.url));
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

type Connection = ReturnType<ConnectionPool["acquireSync"]>;
type Statement = ReturnType<Connection["prepare"]>;
type BindArguments = unknown[] | Record<string, unknown>;

/**
 * Statements a connection keeps prepared, by SQL text. The app's statements are a few hundred
 * texts (drizzle and the raw reads render the same text for every call and bind the values);
 * a text with values written into it would only churn the oldest out.
 */
export const STATEMENTS_PER_CONNECTION = 500;

/** SQL that changes the schema: every connection's statements are prepared again after it. */
const SCHEMA_CHANGE = /^\s*(?:create|alter|drop)\b/i;
const READ_SCHEMA = "SELECT 1 FROM sqlite_schema LIMIT 1";

/**
 * A libSQL connection pool whose connections prepare each statement once (decision 017).
 * @libsql/client prepares every statement it executes and drops it after the call: at scale 1
 * that was about a seventh of a search's CPU (docs/perf/search.md). Here each connection the
 * pool opens keeps its statements by SQL text; everything else (the pool, transactions,
 * batches, migrations, errors) is @libsql/client's own code, unchanged.
 *
 * What a kept statement must not carry from one call to the next:
 * - bound values: SQLite keeps a binding until it is bound again, so a call binding fewer
 *   positional values than an earlier one would read the earlier call's values where a fresh
 *   statement reads NULL; every call binds as many values as the widest call before it
 *   (`keptStatement`);
 * - a cursor: @libsql/client reads every row (`all`) or none (`run`), and libSQL resets the
 *   statement before it binds, so a read that failed midway leaves nothing behind; a statement
 *   whose call failed is dropped all the same;
 * - the schema: SQLite prepares a statement again by itself when the schema changed, but the
 *   column names @libsql/client reads before stepping are the old ones (a `SELECT *` after an
 *   `ALTER TABLE` would name its columns wrongly; so would a fresh statement on a connection
 *   that has not read the file since, which @libsql/client alone gets wrong too). A schema
 *   change run through this pool (a migration, a test's DDL) therefore drops every
 *   connection's statements when the connection that ran it goes back to the pool, and its
 *   own statements at once; each connection reads the new schema before it prepares again.
 *   A schema changed by another process is not seen: migrations run before the server starts.
 */
export class PreparedOncePool extends ConnectionPool {
  /** Bumped each time a schema change through this pool is over; connections compare. */
  readonly #schema = { generation: 0 };
  readonly #changingSchema = new WeakSet<Connection>();
  readonly #kept = new WeakSet<Connection>();

  override acquireSync(forTransaction?: boolean): Connection {
    const db = super.acquireSync(forTransaction);
    if (!this.#kept.has(db)) {
      this.#kept.add(db);
      keepStatements(db, this.#schema, () => this.#changingSchema.add(db));
    }
    return db;
  }

  override release(db: Connection): void {
    if (this.#changingSchema.delete(db)) this.#schema.generation += 1;
    super.release(db);
  }
}

/** Makes `db.prepare` answer a kept statement for SQL it prepared before (PreparedOncePool). */
function keepStatements(db: Connection, schema: { generation: number }, changingSchema: () => void): void {
  const prepare = db.prepare.bind(db);
  const exec = db.exec.bind(db);
  const statements = new Map<string, Statement>();
  let generation = schema.generation;
  // executeMultiple's SQL is a script: any of it may change the schema.
  db.exec = (sql: string) => {
    changingSchema();
    statements.clear();
    return exec(sql);
  };
  db.prepare = ((sql: string) => {
    if (generation !== schema.generation) {
      statements.clear();
      // A connection loads a changed schema only when it next reads the file: until then even
      // a fresh statement names the old columns. Outside a transaction, read it now; inside
      // one, its snapshot may predate the change, so look again after.
      if (!db.inTransaction) {
        exec(READ_SCHEMA);
        generation = schema.generation;
      }
    }
    const kept = statements.get(sql);
    if (kept) return kept;
    if (SCHEMA_CHANGE.test(sql)) {
      changingSchema();
      statements.clear();
      return prepare(sql);
    }
    const statement = keptStatement(prepare(sql), () => statements.delete(sql));
    if (statements.size >= STATEMENTS_PER_CONNECTION) statements.delete(statements.keys().next().value!);
    statements.set(sql, statement);
    return statement;
  }) as Connection["prepare"];
}

/**
 * Wraps the two calls @libsql/client makes on a statement (`all`, `run`) so that no value
 * bound by one call survives into the next, and a failed call drops the statement.
 */
function keptStatement(statement: Statement, drop: () => void): Statement {
  const all = statement.all.bind(statement) as (args?: BindArguments) => unknown[];
  const run = statement.run.bind(statement) as (args?: BindArguments) => ReturnType<Statement["run"]>;
  let width = 0;
  const everyPosition = (args: BindArguments | undefined): BindArguments | undefined => {
    if (!Array.isArray(args)) return args;
    if (args.length >= width) {
      width = args.length;
      return args;
    }
    return args.concat(new Array<null>(width - args.length).fill(null));
  };
  const guarded =
    <R>(call: (args?: BindArguments) => R) =>
    (args?: BindArguments): R => {
      try {
        return call(everyPosition(args));
      } catch (error) {
        drop();
        throw error;
      }
    };
  statement.all = guarded(all) as Statement["all"];
  statement.run = guarded(run) as Statement["run"];
  return statement;
}

/** The path of a plain `file:` URL (no query, no authority), or undefined for any other URL. */
function plainFilePath(url: string): string | undefined {
  if (url === "file::memory:") return url;
  if (!url.startsWith("file:") || url.startsWith("file://") || /[?#%]/.test(url)) return undefined;
  return url.slice("file:".length);
}

/**
 * A client over a local file (or memory) whose connections keep their statements prepared;
 * any other URL (remote libSQL, a URL with options) gets @libsql/client's own client.
 * The pool's size and integer mode are @libsql/client's defaults (20 connections, numbers);
 * an in-memory database lives on one connection only.
 */
function createNodeClient(url: string, authToken?: string): Client {
  const path = plainFilePath(url);
  if (path === undefined) return createClient({ url, authToken, timeout: BUSY_TIMEOUT_MS });
  const pool = new PreparedOncePool(path, { timeout: BUSY_TIMEOUT_MS }, path === "file::memory:" ? 1 : 20);
  return new Sqlite3Client(pool, "number");
}

export async function openDatabase(url: string, authToken?: string): Promise<OpenedDatabase> {
  if (url.startsWith("file:") && url !== "file::memory:") {
    mkdirSync(dirname(url.slice("file:".length)), { recursive: true });
  }
  const client = createNodeClient(url, authToken);
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
