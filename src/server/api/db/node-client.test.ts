import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type OpenedDatabase } from "./node-client.ts";

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
