// Node-only. @libsql/client's file mode compiles every statement anew and builds each row with
// one Object.defineProperty per column; for the dish-by-id query that was about 340 of the
// 380 µs a call cost on the scale-100 seed, the query itself about 40 (docs/decisions/008).
// This Client keeps the same interface, so drizzle's libSQL driver and every query stay as
// they are, but runs top-level SELECTs as cached prepared statements on a connection of its
// own, through the `libsql` package @libsql/client itself uses. Everything else (writes,
// batches, transactions, migrations, pragmas) goes to the wrapped client unchanged.
//
// Why a second connection is safe: a SELECT outside a transaction runs in its own read
// transaction, and under WAL that sees every commit made before it, whichever connection
// made it; readers never wait for the writer. A transaction's own reads go through the
// Transaction object, so they stay on the wrapped client's connection.
import { Buffer } from "node:buffer";
import type { Client, InArgs, InStatement, ResultSet, Row, TransactionMode } from "@libsql/client";
import Database from "libsql";

type Connection = InstanceType<typeof Database>;
type Statement = Database.Statement;

/** Only SELECT: it cannot write, so running it on another connection changes nothing else. */
const SELECT = /^\s*select\b/i;
/** Distinct SQL texts kept compiled (IN lists of different lengths are different texts). */
const MAX_STATEMENTS = 500;

// Not enumerable, so spreading or listing a row shows only its columns.
const VALUES = Symbol("values");
type RowValues = { [VALUES]: unknown[] };

/**
 * Rows in @libsql/client's shape: column names as own enumerable properties (first of a
 * duplicated name wins), values by index and `length` not enumerable. The indexes are getters
 * on a prototype made once per statement, so building a row is one hidden property and plain
 * stores rather than a defineProperty per column.
 */
function rowPrototype(columns: string[]): object {
  const prototype: PropertyDescriptorMap = { length: { value: columns.length } };
  columns.forEach((_, i) => {
    prototype[i] = {
      get(this: RowValues) {
        return this[VALUES][i];
      },
    };
  });
  return Object.create(Object.prototype, prototype);
}

interface CachedStatement {
  statement: Statement;
  columns: string[];
  columnTypes: string[];
  /** Index of each column that gets a named property, and the name. */
  named: [number, string][];
  prototype: object;
  /** Its column names come from the schema (a `*` in the SQL), not from the SQL text alone. */
  namesFromSchema: boolean;
}

function compile(connection: Connection, sql: string): CachedStatement | null {
  const statement = connection.prepare(sql);
  if (!statement.reader) return null;
  statement.raw(true);
  // @libsql/client reads integers as bigint and refuses any a number cannot hold exactly.
  statement.safeIntegers(true);
  const definitions = statement.columns();
  const columns = definitions.map((column) => column.name);
  const named: [number, string][] = [];
  const seen = new Set<string>(["length"]);
  columns.forEach((name, i) => {
    if (seen.has(name) || /^(0|[1-9]\d*)$/.test(name)) return;
    seen.add(name);
    named.push([i, name]);
  });
  return {
    statement,
    columns,
    columnTypes: definitions.map((column) => column.type ?? ""),
    named,
    prototype: rowPrototype(columns),
    // Conservative: count(*) has a star too.
    namesFromSchema: sql.includes("*"),
  };
}

const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

function fromSql(value: unknown): unknown {
  if (typeof value === "bigint") {
    if (value < MIN_SAFE || value > MAX_SAFE) throw new RangeError("integer beyond a number's precision");
    return Number(value);
  }
  if (value instanceof Buffer)
    return value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength);
  return value;
}

/** Plain arguments pass as they are; anything needing conversion or refusal goes the slow way. */
function plainArgs(args: InArgs | undefined): unknown[] | null {
  if (args === undefined) return [];
  if (!Array.isArray(args)) return null;
  const plain: unknown[] = Array.from({ length: args.length });
  for (let i = 0; i < args.length; i++) {
    const value = args[i];
    if (
      typeof value === "string" ||
      value === null ||
      (typeof value === "number" && Number.isFinite(value))
    ) {
      plain[i] = value;
    } else if (typeof value === "boolean") {
      plain[i] = value ? 1 : 0;
    } else {
      return null;
    }
  }
  return plain;
}

class CachedResultSet implements ResultSet {
  readonly columns: string[];
  readonly columnTypes: string[];
  readonly rows: Row[];
  readonly rowsAffected = 0;
  readonly lastInsertRowid = undefined;
  constructor(columns: string[], columnTypes: string[], rows: Row[]) {
    this.columns = columns;
    this.columnTypes = columnTypes;
    this.rows = rows;
  }
  toJSON() {
    return {
      columns: this.columns,
      columnTypes: this.columnTypes,
      rows: this.rows.map((row) =>
        Array.prototype.map.call(row, (value) =>
          value instanceof ArrayBuffer ? Buffer.from(value).toString("base64") : value,
        ),
      ),
      rowsAffected: 0,
      lastInsertRowid: null,
    };
  }
}

class CachedReadsClient implements Client {
  readonly #inner: Client;
  readonly #path: string;
  readonly #pragmas: readonly string[];
  #connection: Connection | null = null;
  #schemaVersion: Statement | null = null;
  /** The schema the compiled statements were made for: a change renames or adds columns. */
  #compiledFor: unknown = null;
  /** SQL text → compiled statement, or null for a SELECT that turned out not to read. */
  readonly #statements = new Map<string, CachedStatement | null>();

  constructor(inner: Client, path: string, pragmas: readonly string[]) {
    this.#inner = inner;
    this.#path = path;
    this.#pragmas = pragmas;
  }

  get closed() {
    return this.#inner.closed;
  }

  get protocol() {
    return this.#inner.protocol;
  }

  execute(stmt: InStatement): Promise<ResultSet>;
  execute(sql: string, args?: InArgs): Promise<ResultSet>;
  async execute(stmtOrSql: InStatement | string, maybeArgs?: InArgs): Promise<ResultSet> {
    const stmt = typeof stmtOrSql === "string" ? { sql: stmtOrSql, args: maybeArgs ?? [] } : stmtOrSql;
    const args = SELECT.test(stmt.sql) && !this.#inner.closed ? plainArgs(stmt.args) : null;
    if (args) {
      try {
        const cached = this.#statement(stmt.sql);
        if (cached) return this.#run(cached, args);
      } catch {
        // Rare (a syntax error, an unknown table, an integer a number cannot hold): the
        // wrapped client runs the statement again and reports the error in its usual form.
        this.#statements.delete(stmt.sql);
      }
    }
    return this.#inner.execute(stmt);
  }

  #statement(sql: string): CachedStatement | null {
    const connection = this.#open();
    const hit = this.#statements.get(sql);
    // SQLite recompiles a statement whose tables changed, so its values stay right, but the
    // column names read at compile time could be stale after a migration (here or in another
    // process) where they come from the schema, as with SELECT *. Such reads, and every
    // compile, first check the schema version; a change reopens the connection, the sure way
    // to drop stale names. A statement that names its columns, as drizzle's all do, answers
    // under those names whatever else changed (or fails, if one is gone), so its reads skip
    // the check: it cost about as much as the dish-by-id query itself (decision 008). Their
    // declared column types (ResultSet.columnTypes, which drizzle does not read) may then be
    // those from before a table was rebuilt.
    if (hit === undefined || hit?.namesFromSchema) {
      const version = (this.#schemaVersion!.get() as unknown[])[0];
      if (this.#compiledFor !== null && version !== this.#compiledFor) {
        this.#closeConnection();
        return this.#statement(sql);
      }
      this.#compiledFor = version;
    }
    if (hit !== undefined) {
      // Least recently used first in the map's order.
      this.#statements.delete(sql);
      this.#statements.set(sql, hit);
      return hit;
    }
    const compiled = compile(connection, sql);
    if (this.#statements.size >= MAX_STATEMENTS)
      this.#statements.delete(this.#statements.keys().next().value!);
    this.#statements.set(sql, compiled);
    return compiled;
  }

  #open(): Connection {
    if (!this.#connection) {
      const connection = new Database(this.#path);
      for (const pragma of this.#pragmas) connection.exec(`PRAGMA ${pragma}`);
      this.#schemaVersion = connection.prepare("PRAGMA schema_version").raw(true);
      this.#connection = connection;
    }
    return this.#connection;
  }

  #run({ statement, columns, columnTypes, named, prototype }: CachedStatement, args: unknown[]): ResultSet {
    const rows = (statement.all(args) as unknown[][]).map((values) => {
      for (let i = 0; i < values.length; i++) {
        const value = values[i];
        if (typeof value === "bigint" || value instanceof Buffer) values[i] = fromSql(value);
      }
      const row = Object.create(prototype) as Record<string, unknown> & RowValues;
      Object.defineProperty(row, VALUES, { value: values });
      for (const [i, name] of named) row[name] = values[i];
      return row as unknown as Row;
    });
    return new CachedResultSet(columns, columnTypes, rows);
  }

  batch(stmts: Array<InStatement | [string, InArgs?]>, mode?: TransactionMode) {
    return this.#inner.batch(stmts, mode);
  }

  migrate(stmts: InStatement[]) {
    return this.#inner.migrate(stmts);
  }

  transaction(mode?: TransactionMode) {
    return this.#inner.transaction(mode);
  }

  executeMultiple(sql: string) {
    return this.#inner.executeMultiple(sql);
  }

  sync() {
    return this.#inner.sync();
  }

  #closeConnection() {
    this.#statements.clear();
    this.#connection?.close();
    this.#connection = null;
    this.#schemaVersion = null;
    this.#compiledFor = null;
  }

  close() {
    this.#closeConnection();
    this.#inner.close();
  }

  reconnect() {
    this.#closeConnection();
    this.#inner.reconnect();
  }
}

/**
 * Wraps a @libsql/client file client so that its top-level SELECTs run as cached prepared
 * statements on a second connection to the same file, opened with `pragmas`. Only for a file
 * database in WAL mode: an in-memory database exists only on the connection that opened it.
 */
export function withCachedReads(inner: Client, path: string, pragmas: readonly string[] = []): Client {
  return new CachedReadsClient(inner, path, pragmas);
}
