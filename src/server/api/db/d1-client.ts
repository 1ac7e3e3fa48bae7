// A Cloudflare D1 binding as the app's Database (functions/: preview:edge and a D1 deploy).
import { drizzle } from "drizzle-orm/d1";
import type { Database } from "./client.ts";
import * as schema from "./schema.ts";

/** The slice of Cloudflare's D1 binding drizzle's driver uses (kept local: no types package). */
export interface D1DatabaseLike {
  prepare(query: string): unknown;
  batch(statements: unknown[]): Promise<unknown[]>;
  exec(query: string): Promise<unknown>;
}

/**
 * drizzle's D1 driver shares the async SQLite query API with its libSQL one, and queries use
 * nothing else: no interactive transaction (D1 refuses them; atomic writes use `db.batch`,
 * atomic on both) and no driver result fields (`run()` answers differ: libSQL's rowsAffected,
 * D1's meta.changes). So the D1 database stands in for the libSQL-typed one; the two types
 * cannot be a union, because drizzle's builders are generic over the driver and a union of
 * them is not callable. `$client` is the D1 binding here, which only libSQL-only code (tests,
 * benches) reads.
 */
export function databaseFromD1(binding: D1DatabaseLike): Database {
  const db = drizzle(binding as never, { schema });
  // drizzle 0.45's D1 batch binds a raw statement (db.run(sql`…`), db.all) with parameters
  // through a prepared statement such a query never has, and throws "reading 'bind'"; the
  // review writes are raw statements. Every query is prepared here from its SQL instead, as
  // drizzle itself does for those without parameters.
  const session = (db as unknown as { session: { batch: (queries: BatchQuery[]) => Promise<unknown[]> } }).session;
  session.batch = async (queries) => {
    const prepared = queries.map((query) => query._prepare());
    const statements = prepared.map((query) => {
      const { sql, params } = query.getQuery();
      return (binding.prepare(sql) as { bind(...values: unknown[]): unknown }).bind(...params);
    });
    const results = await binding.batch(statements);
    return results.map((result, i) => prepared[i]!.mapResult(result, true));
  };
  return db as unknown as Database;
}

interface BatchQuery {
  _prepare(): {
    getQuery(): { sql: string; params: unknown[] };
    mapResult(result: unknown, isFromBatch: boolean): unknown;
  };
}
