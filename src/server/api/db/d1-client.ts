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
  // drizzle-orm 0.45.4's D1 batch cannot send a raw statement with parameters (drizzle
  // issue 2277); patches/drizzle-orm+0.45.4.patch fixes it, see patches/README.md.
  const db = drizzle(binding as never, { schema });
  return db as unknown as Database;
}
