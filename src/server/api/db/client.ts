import type { Client } from "@libsql/client";
import type { SQL } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import * as schema from "./schema.ts";

export type Database = ReturnType<typeof drizzleOver>;

function drizzleOver(client: Client) {
  return drizzle(client, { schema });
}

/** Wraps any libSQL client (file, remote or web) in the typed drizzle database. */
export function databaseFrom(client: Client): Database {
  return drizzleOver(client);
}

/** The first row, or undefined: drizzle's get() throws on an empty result over libSQL. */
export async function getRow<T>(db: Database, query: SQL): Promise<T | undefined> {
  return (await db.all<T>(query))[0];
}
