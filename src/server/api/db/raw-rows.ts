// The one way to read a statement drizzle's query builder cannot express (decision 013): FTS5
// MATCH, INDEXED BY or CROSS JOIN that pin a plan, recursive CTEs, window functions, keyset
// comparisons over a derived table. The statement is a `sql` template naming tables and
// columns through the schema's objects (a rename fails typecheck); its rows are checked and
// mapped by a zod schema (a renamed alias or a changed type fails here, loudly, not as a
// silent undefined further on).
import { sql, type Column, type SQL } from "drizzle-orm";
import * as z from "../../../shared/schemas/zod.ts";
import type { Database } from "./client.ts";

/** SQLite's answer to a condition (EXISTS, a comparison): 0 or 1, as a boolean. */
export const sqlBoolean = z.union([z.literal(0), z.literal(1)]).transform((value) => value === 1);

/** A count, an id or a time in milliseconds. */
export const sqlInteger = z.number().int();

/** A row of an id list (`SELECT id ...`). */
export const idRow = z.object({ id: sqlInteger });

/** Every row of `query`, each parsed by `row`. */
export async function rawRows<S extends z.ZodType>(db: Database, row: S, query: SQL): Promise<z.output<S>[]> {
  return parseRows(row, await db.all<unknown>(query));
}

/** The first row of `query` parsed by `row`, or undefined when it answers none. */
export async function rawRow<S extends z.ZodType>(
  db: Database,
  row: S,
  query: SQL,
): Promise<z.output<S> | undefined> {
  const [first] = await db.all<unknown>(query);
  return first === undefined ? undefined : row.parse(first);
}

/**
 * A write the builder cannot say (an INSERT ... SELECT of some of a table's columns, an
 * UPDATE reading a json_each), named through the schema's objects like a read: to await, or
 * to put in `db.batch`. A write that must say whether it changed a row uses RETURNING
 * through `rawRows` instead.
 */
export function rawWrite(db: Database, query: SQL) {
  return db.run(query);
}

/** A raw read to put in `db.batch`; parse what the batch answers for it with `parseRows`. */
export function rawBatchRead(db: Database, query: SQL) {
  return db.all<unknown>(query);
}

/** Rows a batch answered for a raw statement (`db.all(query)` in `db.batch`), parsed by `row`. */
export function parseRows<S extends z.ZodType>(row: S, rows: unknown[]): z.output<S>[] {
  return rows.map((value) => row.parse(value));
}

/**
 * Columns as an INSERT's column list: bare names (a column object renders "table"."column",
 * which SQLite refuses there), still taken from the schema so a rename follows.
 */
export function columnList(...columns: Column[]): SQL {
  return sql.join(
    columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  );
}
