import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient, LibsqlError, type Client, type ResultSet } from "@libsql/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { withCachedReads } from "./cached-reads-client.ts";

let folder: string;
let plain: Client;
let cached: Client;

beforeEach(async () => {
  folder = mkdtempSync(join(tmpdir(), "dishcovery-cached-reads-"));
  const path = join(folder, "test.db");
  plain = createClient({ url: `file:${path}` });
  await plain.execute("PRAGMA journal_mode = WAL");
  await plain.executeMultiple(`
    CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL, price REAL, picture BLOB, big INTEGER);
    CREATE TABLE notes (id INTEGER PRIMARY KEY, item_id INTEGER NOT NULL, body TEXT NOT NULL);
    INSERT INTO items VALUES (1, 'Ramen', 12.5, x'cafe', 7), (2, 'Bao', NULL, NULL, NULL);
    INSERT INTO notes VALUES (10, 1, 'rich broth'), (11, 2, 'fluffy');
  `);
  // A second client over the same file, wrapped: what openDatabase gives a file database.
  cached = withCachedReads(createClient({ url: `file:${path}` }), path, ["busy_timeout = 5000"]);
});

afterEach(() => {
  cached.close();
  plain.close();
  rmSync(folder, { recursive: true, force: true });
});

/** Everything a caller can observe of a result: drizzle reads rows by index and by name. */
function observed(result: ResultSet) {
  return {
    columns: result.columns,
    columnTypes: result.columnTypes,
    rowsAffected: result.rowsAffected,
    lastInsertRowid: result.lastInsertRowid,
    rows: result.rows.map((row) => ({
      length: row.length,
      byIndex: Array.prototype.slice.call(row),
      keys: Object.keys(row),
      byName: { ...row },
      json: JSON.stringify(row),
    })),
    json: JSON.stringify(result),
  };
}

describe("withCachedReads", () => {
  it("answers a SELECT exactly as @libsql/client does, duplicate names, nulls and blobs included", async () => {
    const statements = [
      { sql: "SELECT * FROM items ORDER BY id", args: [] },
      {
        sql: "SELECT items.id, notes.id, name, body FROM items JOIN notes ON notes.item_id = items.id",
        args: [],
      },
      { sql: "SELECT id, name FROM items WHERE id = ? AND ? ", args: [1, true] },
      { sql: 'SELECT count(*) AS length, 1 AS "0" FROM items', args: [] },
      { sql: "SELECT name FROM items WHERE id = ?", args: [99] },
    ];
    for (const statement of statements) {
      expect(observed(await cached.execute(statement)), statement.sql).toEqual(
        observed(await plain.execute(statement)),
      );
      // The second run comes from the compiled statement.
      expect(observed(await cached.execute(statement.sql, statement.args))).toEqual(
        observed(await plain.execute(statement)),
      );
    }
  });

  it("sees each write as soon as it commits, through the client or its transactions", async () => {
    const name = async () => (await cached.execute("SELECT name FROM items WHERE id = ?", [2])).rows[0]?.name;
    expect(await name()).toBe("Bao");
    await cached.execute("UPDATE items SET name = ? WHERE id = ?", ["Gua bao", 2]);
    expect(await name()).toBe("Gua bao");
    await plain.execute("UPDATE items SET name = 'Bao bun' WHERE id = 2");
    expect(await name()).toBe("Bao bun");

    const tx = await cached.transaction("write");
    await tx.execute("UPDATE items SET name = 'Steamed bao' WHERE id = 2");
    // Inside the transaction its own write shows; outside, only once it commits.
    expect((await tx.execute("SELECT name FROM items WHERE id = 2")).rows[0]?.name).toBe("Steamed bao");
    expect(await name()).toBe("Bao bun");
    await tx.commit();
    expect(await name()).toBe("Steamed bao");
  });

  it("answers the current columns after the schema changes", async () => {
    const statement = "SELECT * FROM notes WHERE id = 10";
    expect((await cached.execute(statement)).columns).toEqual(["id", "item_id", "body"]);
    await cached.execute("ALTER TABLE notes ADD COLUMN author TEXT");
    const after = await cached.execute(statement);
    expect(after.columns).toEqual(["id", "item_id", "body", "author"]);
    expect(after.rows[0]?.author).toBeNull();
    await plain.execute("ALTER TABLE notes RENAME COLUMN body TO text");
    expect({ ...(await cached.execute(statement)).rows[0] }).toEqual({
      id: 10,
      item_id: 1,
      text: "rich broth",
      author: null,
    });
  });

  it("keeps answering a statement that names its columns after another connection rebuilds its table", async () => {
    const statement = "SELECT id, name FROM items WHERE id = 1";
    expect({ ...(await cached.execute(statement)).rows[0] }).toEqual({ id: 1, name: "Ramen" });
    await plain.executeMultiple(`
      ALTER TABLE items ADD COLUMN note TEXT;
      UPDATE items SET name = 'Tonkotsu Ramen' WHERE id = 1;
    `);
    const after = await cached.execute(statement);
    expect(after.columns).toEqual(["id", "name"]);
    expect({ ...after.rows[0] }).toEqual({ id: 1, name: "Tonkotsu Ramen" });
    await plain.execute("ALTER TABLE items DROP COLUMN big");
    expect({ ...(await cached.execute(statement)).rows[0] }).toEqual({ id: 1, name: "Tonkotsu Ramen" });
    // A column it names is gone: the error @libsql/client gives, not a stale answer.
    await plain.execute("ALTER TABLE items RENAME COLUMN name TO title");
    await expect(cached.execute(statement)).rejects.toThrow(/no such column: name/);
  });

  it("passes writes, RETURNING included, to the wrapped client with their counts", async () => {
    const inserted = await cached.execute("INSERT INTO notes (item_id, body) VALUES (?, ?)", [1, "spicy"]);
    expect(inserted.rowsAffected).toBe(1);
    expect(inserted.lastInsertRowid).toBe(12n);
    const returned = await cached.execute(
      "INSERT INTO notes (item_id, body) VALUES (2, 'soft') RETURNING id",
    );
    expect(returned.rows.map((row) => row.id)).toEqual([13]);
    expect((await plain.execute("SELECT count(*) AS n FROM notes")).rows[0]?.n).toBe(4);
  });

  it("reports errors as @libsql/client does", async () => {
    await expect(cached.execute("SELECT * FROM missing")).rejects.toBeInstanceOf(LibsqlError);
    await plain.execute("UPDATE items SET big = 9007199254740993 WHERE id = 1");
    await expect(cached.execute("SELECT big FROM items WHERE id = 1")).rejects.toBeInstanceOf(RangeError);
    await expect(
      cached.execute("SELECT name FROM items WHERE id = ?", [undefined as never]),
    ).rejects.toBeInstanceOf(TypeError);
    // The failures leave the client usable.
    expect((await cached.execute("SELECT name FROM items WHERE id = 2")).rows[0]?.name).toBe("Bao");
  });

  it("refuses work once closed", async () => {
    cached.close();
    expect(cached.closed).toBe(true);
    await expect(cached.execute("SELECT 1")).rejects.toBeInstanceOf(LibsqlError);
  });
});
