// npm run db:check — recomputes every dish's and restaurant's review count and ranking
// aggregates from its posts and compares them with the stored ones; also runs SQLite's
// integrity check, and that nobody has two live reviews of one item (issue 20). Exits 1 on
// any difference, naming each.
import { sql } from "drizzle-orm";
import { parseEnv } from "../src/server/api/config.ts";
import { findAggregateMismatches, findRepeatedVoices } from "../src/server/api/db/queries/aggregate-check.ts";
import { openDatabase } from "../src/server/api/db/node-client.ts";
import { databaseUrl } from "../src/server/hosts/node-deps.ts";

const env = parseEnv(process.env);
const { db, client } = await openDatabase(databaseUrl(env), env.DATABASE_AUTH_TOKEN);
const started = performance.now();
const integrity = await db.all<{ integrity_check: string }>(sql`PRAGMA integrity_check`);
const integrityOk = integrity.length === 1 && integrity[0]!.integrity_check === "ok";
const mismatches = await findAggregateMismatches(db);
const repeated = await findRepeatedVoices(db);
client.close();

console.log(`integrity_check: ${integrityOk ? "ok" : integrity.map((r) => r.integrity_check).join("; ")}`);
for (const m of mismatches.slice(0, 50)) {
  console.log(`${m.kind} ${m.id}: ${m.field} stored ${m.stored}, recomputed from posts ${m.recomputed}`);
}
if (mismatches.length > 50) console.log(`… and ${mismatches.length - 50} more`);
console.log(
  `${mismatches.length === 0 ? "aggregates: every one equals its posts" : `aggregates: ${mismatches.length} differ`} (${Math.round(performance.now() - started)} ms)`,
);
for (const r of repeated.slice(0, 20)) {
  console.log(`user ${r.authorId} has ${r.reviews} live reviews of ${r.kind} ${r.itemId}`);
}
console.log(
  repeated.length === 0
    ? "one voice per person per item: holds"
    : `one voice per person per item: ${repeated.length} people and items have more than one review`,
);
process.exit(integrityOk && mismatches.length === 0 && repeated.length === 0 ? 0 : 1);
