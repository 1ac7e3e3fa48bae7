import type { Client } from "@libsql/client";
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
