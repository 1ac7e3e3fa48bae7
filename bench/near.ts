// npm run bench -- --near [--db PATH] [--repeat N] [--planned-only] [--before DIR]
// Near reads at scale 100 (issue 31: p99 ≤ 10 ms on one core), in process and uncached: 150
// fixed queries (ten stations across London, radii 1/2/3/5/10 km, orders distance/top/trending,
// dishes and restaurants, with no filter or a price band, "open now" or a tag), each read once
// through the R*Tree plan alone (nearQuery, the read before docs/perf/near.md) and once through
// nearIds, which picks the plan. Checks the two answer the same ids in the same order, and
// prints p50/p95/p99 of each beside the host's load. The database is only read.
// --before DIR: also read every query through the nearIds of another checkout's src/ (e.g.
// `git archive COMMIT src | tar -x -C DIR`, with node_modules linked in), on the same
// connection, in passes alternating with this checkout's: before and after in the same
// minutes, on the same driver. Its answers are checked too.
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { createClient } from "@libsql/client";
import { londonClock } from "../src/domain/open-now.ts";
import { databaseFrom } from "../src/server/api/db/client.ts";
import {
  nearIds,
  nearQuery,
  type NearOrder,
  type NearSpec,
} from "../src/server/api/db/queries/near-reads.ts";
import type { RankedKind } from "../src/server/api/db/queries/ranked-reads.ts";
import { idRow, rawRows } from "../src/server/api/db/raw-rows.ts";
import { percentile, ROOT } from "./harness.ts";

const { values } = parseArgs({
  options: {
    near: { type: "boolean", default: false },
    pinned: { type: "boolean", default: false },
    db: { type: "string", default: "data/bench-scale-100/dishcovery.db" },
    repeat: { type: "string", default: "1" },
    // Skip the R*Tree plan's pass (slow at scale 100) while tuning the planned one.
    "planned-only": { type: "boolean", default: false },
    before: { type: "string" },
  },
  strict: false,
});

const STATIONS = [
  "Old Street",
  "King's Cross & St Pancras International",
  "Oxford Circus",
  "Brixton",
  "Canary Wharf",
  "Camden Town",
  "Hammersmith",
  "Stratford",
  "Clapham Junction",
  "Wimbledon",
];
const RADII = [1_000, 2_000, 3_000, 5_000, 10_000];
const ORDERS: NearOrder[] = ["distance", "top", "trending"];

interface Station {
  name: string;
  lat: number;
  lng: number;
}

interface Case {
  label: string;
  kind: RankedKind;
  spec: NearSpec;
}

function cases(tagId: number, now: number): Case[] {
  const stations = JSON.parse(readFileSync(resolve(ROOT, "data/london-stations.json"), "utf8")) as Station[];
  const out: Case[] = [];
  let n = 0;
  for (const name of STATIONS) {
    const station = stations.find((s) => s.name === name);
    if (!station) throw new Error(`no station ${name} in data/london-stations.json`);
    for (const radiusMeters of RADII) {
      for (const order of ORDERS) {
        const kind: RankedKind = n % 2 === 0 ? "dish" : "restaurant";
        const filter = Math.floor(n / 2) % 4;
        n++;
        const spec: NearSpec = {
          center: { lat: station.lat, lng: station.lng },
          radiusMeters,
          order,
          limit: 10,
          listedOnly: true,
          ...(filter === 1 ? { facts: { price: 2 as const } } : {}),
          ...(filter === 2 ? { facts: { openAt: londonClock(now) } } : {}),
          ...(filter === 3 ? { tagId } : {}),
        };
        const what = ["", " price 2", " open now", " tag"][filter];
        out.push({ label: `${kind}s ${radiusMeters / 1000} km ${order}${what} near ${name}`, kind, spec });
      }
    }
  }
  return out;
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

async function main() {
  const client = createClient({ url: `file:${resolve(ROOT, values.db as string)}` });
  const db = databaseFrom(client);
  await client.execute("PRAGMA query_only = 1");
  // The planned reads filter restaurants by price on restaurants.price_median_minor (migration
  // 0040); this bench only reads, so it never migrates the seeded database itself.
  const columns = await client.execute("SELECT name FROM pragma_table_info('restaurants')");
  if (!columns.rows.some((row) => row[0] === "price_median_minor")) {
    console.error(
      `${values.db as string} predates migration 0040 (restaurants.price_median_minor). Migrate a copy ` +
        "(cp it, then DATABASE_URL=file:COPY npm run db:migrate) and pass it as --db.",
    );
    process.exit(1);
  }
  const tag = await client.execute("SELECT id FROM tags WHERE tag_name = 'Vegetarian'");
  const tagId = Number(tag.rows[0]?.[0] ?? 1);
  const all = cases(tagId, Date.parse("2026-12-04T19:30:00Z"));
  const repeat = Number(values.repeat);
  console.log(`near reads: ${all.length} queries x ${repeat}, database ${values.db}`);
  console.log(`load before: ${load()}`);
  const beforeDir = values.before as string | undefined;
  const before = beforeDir
    ? (
        (await import(resolve(beforeDir, "src/server/api/db/queries/near-reads.ts"))) as {
          nearIds: typeof nearIds;
        }
      ).nearIds
    : undefined;
  type Plan = "rtree" | "before" | "planned";
  const times: Record<Plan, number[]> = { rtree: [], before: [], planned: [] };
  // CPU time of this process per query: on a loaded shared host, what one core spends on
  // it, beside the wall time that includes waiting for a core.
  const cpuTimes: Record<Plan, number[]> = { rtree: [], before: [], planned: [] };
  const slow: string[] = [];
  let differ = 0;
  // Each plan reads every query in turn (the R*Tree plan first), so neither warms the
  // pages of the other's same query just before it; before and planned swap places each pass.
  const answers: Record<Plan, number[][]> = { rtree: [], before: [], planned: [] };
  const first: Record<Plan, number[]> = { rtree: [], before: [], planned: [] };
  for (let r = 0; r < repeat; r++) {
    const pair: Plan[] = before ? (r % 2 === 0 ? ["before", "planned"] : ["planned", "before"]) : ["planned"];
    const plans: Plan[] = values["planned-only"] ? pair : ["rtree", ...pair];
    for (const plan of plans) {
      for (const [i, c] of all.entries()) {
        const t0 = performance.now();
        const c0 = process.cpuUsage();
        const ids =
          plan === "rtree"
            ? (await rawRows(db, idRow, nearQuery(c.kind, c.spec)!)).map((row) => row.id)
            : (await (plan === "before" ? before! : nearIds)(db, c.kind, c.spec)).map((hit) => hit.id);
        const ms = performance.now() - t0;
        const cpu = process.cpuUsage(c0);
        times[plan].push(ms);
        cpuTimes[plan].push((cpu.user + cpu.system) / 1000);
        if (r === 0) {
          answers[plan][i] = ids;
          first[plan][i] = (cpu.user + cpu.system) / 1000;
        }
      }
    }
  }
  const onlyPlanned = values["planned-only"] === true;
  const reference = onlyPlanned ? (before ? "before" : undefined) : "rtree";
  for (const [i, c] of all.entries()) {
    for (const plan of ["before", "planned"] as const) {
      if (!reference || plan === reference || answers[plan][i] === undefined) continue;
      if (JSON.stringify(answers[reference][i]) !== JSON.stringify(answers[plan][i])) {
        differ++;
        console.log(`DIFFERENT ANSWER (${plan}): ${c.label}`);
      }
    }
    const cell = (plan: Plan) =>
      (first[plan][i] === undefined ? "-" : first[plan][i]!.toFixed(1)).padStart(7);
    slow.push(`${cell("rtree")} ${cell("before")} ${cell("planned")}  ${c.label}`);
  }
  console.log(`load after: ${load()}`);
  // The slowest by each plan: what the change fixed, and what is left.
  for (const [name, column] of [
    ["R*Tree", 0],
    ["before", 8],
    ["planned", 16],
  ] as const) {
    if (times[name === "R*Tree" ? "rtree" : name].length === 0) continue;
    console.log(` R*Tree  before planned  (CPU ms, first pass; the 10 slowest by the ${name} plan)`);
    const ms = (line: string) => Number(line.slice(column, column + 7));
    for (const line of [...slow].sort((a, b) => ms(b) - ms(a)).slice(0, 10)) console.log(line);
  }
  for (const [what, table] of [
    ["wall", times],
    ["cpu", cpuTimes],
  ] as const) {
    for (const [name, ms] of Object.entries(table)) {
      if (ms.length === 0) continue;
      ms.sort((a, b) => a - b);
      const f = (p: number) => percentile(ms, p).toFixed(1);
      console.log(
        `${name.padEnd(8)} ${what.padEnd(4)} p50 ${f(50)} ms  p95 ${f(95)} ms  p99 ${f(99)} ms  max ${f(100)} ms`,
      );
    }
  }
  console.log(differ === 0 ? "every answer the same under every plan" : `${differ} answers differ`);
  client.close();
  process.exit(differ === 0 ? 0 : 1);
}

await main();
