import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  openDatabase,
  PreparedOncePool,
  STATEMENTS_PER_CONNECTION,
  type OpenedDatabase,
} from "./node-client.ts";

let folder: string;
let opened: OpenedDatabase | undefined;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), "dishcovery-node-client-"));
});
afterEach(() => {
  opened?.client.close();
  opened = undefined;
  rmSync(folder, { recursive: true, force: true });
});

const setting = async (name: string) =>
  Object.values((await opened!.client.execute(`SELECT * FROM pragma_${name}`)).rows[0]!)[0];

describe("openDatabase on a file", () => {
  it("sets WAL, foreign keys and the busy timeout", async () => {
    opened = await openDatabase(`file:${join(folder, "nested", "app.db")}`);
    expect(await setting("journal_mode")).toBe("wal");
    expect(await setting("foreign_keys")).toBe(1);
    expect(await setting("busy_timeout")).toBe(5000);
    expect((await opened.client.execute("PRAGMA foreign_keys")).rows[0]?.foreign_keys).toBe(1);
    expect((await opened.client.execute("PRAGMA busy_timeout")).rows[0]?.timeout).toBe(5000);
  });

  it("gives the connections the client opens while a transaction holds one the same settings", async () => {
    opened = await openDatabase(`file:${join(folder, "pool.db")}`);
    // @libsql/client keeps a pool: this transaction holds the first connection, so the
    // statements below run on one the pool opens for them.
    const held = await opened.client.transaction("write");
    try {
      expect((await opened.client.execute("PRAGMA busy_timeout")).rows[0]?.timeout).toBe(5000);
      expect((await opened.client.execute("PRAGMA foreign_keys")).rows[0]?.foreign_keys).toBe(1);
    } finally {
      held.close();
    }
  });

  it.runIf(existsSync("/proc/self/maps"))("reads through a memory map of the file", async () => {
    const path = join(folder, "mapped.db");
    opened = await openDatabase(`file:${path}`);
    await opened.client.execute("CREATE TABLE t (id INTEGER PRIMARY KEY)");
    // Pages still in the WAL are read from there: move them into the file first.
    await opened.client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
    expect((await opened.client.execute("SELECT count(*) AS n FROM t")).rows[0]?.n).toBe(0);
    // The file itself, not its WAL index (mapped-db-shm), which SQLite always maps.
    const mapped = readFileSync("/proc/self/maps", "utf8").split("\n");
    expect(mapped.some((line) => line.endsWith(` ${path}`))).toBe(true);
  });

  it("keeps an in-memory database on one connection", async () => {
    opened = await openDatabase("file::memory:");
    await opened.client.execute("CREATE TABLE t (id INTEGER PRIMARY KEY)");
    await opened.client.execute("INSERT INTO t VALUES (1)");
    expect((await opened.client.execute("SELECT id FROM t")).rows.map((row) => row.id)).toEqual([1]);
  });
});

describe("statements prepared once per connection", () => {
  const rows = async (sql: string, args: (string | number)[] = []) =>
    (await opened!.client.execute({ sql, args })).rows.map((row) => ({ ...row }));
  const columns = async (sql: string) => (await opened!.client.execute(sql)).columns;

  it("keeps a statement by its text on each connection, and prepares anew past the cap", () => {
    const pool = new PreparedOncePool(join(folder, "pool.db"), { timeout: 5000 }, 2);
    try {
      const first = pool.acquireSync();
      const second = pool.acquireSync();
      const statement = first.prepare("SELECT 1 AS one");
      expect(first.prepare("SELECT 1 AS one")).toBe(statement);
      expect(second.prepare("SELECT 1 AS one")).not.toBe(statement);
      for (let i = 0; i < STATEMENTS_PER_CONNECTION; i += 1) first.prepare(`SELECT ${i} AS n`);
      expect(first.prepare("SELECT 1 AS one")).not.toBe(statement);
    } finally {
      pool.close();
    }
  });

  it("binds no value an earlier call left: fewer positional values read NULL", async () => {
    opened = await openDatabase(`file:${join(folder, "bindings.db")}`);
    expect(await rows("SELECT ? AS a, ? AS b", [1, 2])).toEqual([{ a: 1, b: 2 }]);
    expect(await rows("SELECT ? AS a, ? AS b", [7])).toEqual([{ a: 7, b: null }]);
    expect(await rows("SELECT ? AS a, ? AS b", [8, 9])).toEqual([{ a: 8, b: 9 }]);
  });

  it("answers rightly after a call that failed midway through its rows", async () => {
    opened = await openDatabase(`file:${join(folder, "failed.db")}`);
    await opened.client.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, j TEXT)");
    await opened.client.execute(`INSERT INTO t VALUES (1, '[1]'), (2, '{bad'), (3, '[3]')`);
    const read = "SELECT id, json(j) AS j FROM t WHERE id >= ? ORDER BY id";
    await expect(rows(read, [1])).rejects.toThrow(/malformed JSON/);
    expect(await rows(read, [3])).toEqual([{ id: 3, j: "[3]" }]);
    // No read transaction was left open by the failed call: another writer's row is seen.
    const other = await openDatabase(`file:${join(folder, "failed.db")}`);
    try {
      await other.client.execute(`INSERT INTO t VALUES (4, '[4]')`);
    } finally {
      other.client.close();
    }
    expect(await rows(read, [3])).toEqual([
      { id: 3, j: "[3]" },
      { id: 4, j: "[4]" },
    ]);
  });

  it("names a table's new columns after a schema change run on another of its connections", async () => {
    opened = await openDatabase(`file:${join(folder, "schema.db")}`);
    const { client } = opened;
    await client.execute("CREATE TABLE t (id INTEGER PRIMARY KEY)");
    await client.execute("INSERT INTO t VALUES (1)");
    // Two connections: a transaction holds one while the read runs on (and keeps its
    // statement on) the other; the ALTER then runs on the first.
    const holding = await client.transaction("write");
    expect(await columns("SELECT * FROM t")).toEqual(["id"]);
    await holding.execute("ALTER TABLE t ADD COLUMN k TEXT DEFAULT 'k'");
    await holding.commit();
    const holdingAgain = await client.transaction("read");
    try {
      expect(await rows("SELECT * FROM t")).toEqual([{ id: 1, k: "k" }]);
    } finally {
      holdingAgain.close();
    }
    await client.executeMultiple("ALTER TABLE t ADD COLUMN m INTEGER DEFAULT 2;");
    expect(await columns("SELECT * FROM t")).toEqual(["id", "k", "m"]);
  });

  it("rolls a failed batch back whole, and runs the same statements again afterwards", async () => {
    opened = await openDatabase(`file:${join(folder, "batch.db")}`);
    const { client } = opened;
    await client.execute("CREATE TABLE t (id INTEGER PRIMARY KEY)");
    const insert = { sql: "INSERT INTO t VALUES (?)", args: [1] };
    await expect(client.batch([insert, insert], "write")).rejects.toThrow(/UNIQUE/);
    expect(await rows("SELECT count(*) AS n FROM t")).toEqual([{ n: 0 }]);
    await client.batch([insert, { sql: "INSERT INTO t VALUES (?)", args: [2] }], "write");
    expect(await rows("SELECT id FROM t ORDER BY id")).toEqual([{ id: 1 }, { id: 2 }]);
  });
});
