// The load balancer's readiness probe: the cheapest statement that reaches the database.
import { sql } from "drizzle-orm";
import type { Database } from "../client.ts";

export async function pingDatabase(db: Database): Promise<void> {
  await db.run(sql`SELECT 1`);
}
