// The load balancer's readiness probe: the cheapest statement that reaches the database.
import { sql } from "drizzle-orm";
import * as z from "../../../../shared/schemas/zod.ts";
import type { Database } from "../client.ts";
import { rawRow, sqlInteger } from "../raw-rows.ts";

export async function pingDatabase(db: Database): Promise<void> {
  await rawRow(db, z.object({ one: sqlInteger }), sql`SELECT 1 AS one`);
}
