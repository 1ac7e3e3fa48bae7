// node bench/search-plans.ts --db PATH[@CHECKOUT] [--db PATH2[@CHECKOUT2] …] [--queries 300] [--rounds 3]
//   [--kind dish|restaurant] [--order top|trending] [--slowest 12] [--offset 0]
// Replays the search queries `npm run bench` sends (same generator, same seed) in-process
// against one or more databases and prints p50/p95/p99 of searchIds plus the rows load, and
// the slowest queries with the plan each took and its statements' times. Several --db are
// measured interleaved (query by query, alternating which goes first), so a before/after
// of a migration is compared on the same machine in the same minute. Nothing is written:
// the databases are opened as they are, without migrating.
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { createClient, type Client, type InStatement } from "@libsql/client";
import { databaseFrom, type Database } from "../src/server/api/db/client.ts";
import { searchIds, type SearchOrder } from "../src/server/api/db/queries/catalogue-search-reads.ts";
import { dishesByIds } from "../src/server/api/db/queries/dish-reads.ts";
import type { RankedKind } from "../src/server/api/db/queries/ranked-reads.ts";
import { restaurantsByIds } from "../src/server/api/db/queries/restaurant-reads.ts";
import { benchWorkload } from "./workload.ts";

const { values } = parseArgs({
  options: {
    db: { type: "string", multiple: true },
    queries: { type: "string", default: "300" },
    offset: { type: "string", default: "0" },
    rounds: { type: "string", default: "3" },
    kind: { type: "string", default: "dish" },
    order: { type: "string", default: "top" },
    slowest: { type: "string", default: "12" },
  },
});
const paths = values.db ?? (process.env.DATABASE_URL ? [process.env.DATABASE_URL.replace(/^file:/, "")] : []);
if (paths.length === 0) throw new Error("give --db PATH (or DATABASE_URL)");
const kind = values.kind as RankedKind;
const order = values.order as SearchOrder;
const rounds = Number(values.rounds);

interface Statement {
  sql: string;
  ms: number;
}

/** A client that records each statement's text and time, so a slow query shows its plan. */
function timed(client: Client, log: Statement[]): Client {
  return new Proxy(client, {
    get(target, key, receiver) {
      if (key !== "execute") return Reflect.get(target, key, receiver);
      return async (statement: InStatement) => {
        const start = performance.now();
        try {
          return await target.execute(statement);
        } finally {
          const text = typeof statement === "string" ? statement : statement.sql;
          log.push({ sql: text, ms: performance.now() - start });
        }
      };
    },
  });
}

interface Target {
  name: string;
  db: Database;
  log: Statement[];
  searchIds: typeof searchIds;
}

// `PATH@DIR` runs DIR's search code (another checkout) against PATH, so a code change is
// compared interleaved too.
const targets: Target[] = await Promise.all(
  paths.map(async (name) => {
    const [path, codeDir] = name.split("@") as [string, string | undefined];
    const log: Statement[] = [];
    const client = createClient({ url: `file:${path}` });
    const code: { searchIds: typeof searchIds } = codeDir
      ? await import(resolve(codeDir, "src/server/api/db/queries/catalogue-search-reads.ts"))
      : { searchIds };
    return { name, db: databaseFrom(timed(client, log)), log, searchIds: code.searchIds };
  }),
);

// The searches bench/run.ts sends (the dish and restaurant ids drawn with them only
// keep the sequence in step, so their ranges do not matter here).
const first = targets[0]!.db;
const namesOf = async (sql: string) => (await first.$client.execute(sql)).rows.map((r) => String(r[0]));
const { searches } = benchWorkload({
  maxDishId: 1,
  restaurants: 1,
  areaNames: await namesOf("SELECT area_name FROM areas"),
  tagNames: await namesOf("SELECT tag_name FROM tags"),
});
const offset = Number(values.offset);
const chosen = searches.slice(offset, offset + Number(values.queries));

type Search = (typeof chosen)[number];
const label = (s: Search) =>
  `${s.keyword}${s.location ? ` @${s.location}` : ""}${s.tagName ? ` #${s.tagName}` : ""}`;

interface Sample {
  search: Search;
  /** Wall time of searchIds and of loading the rows it found. */
  wallMs: number;
  /** CPU time of this process over the same span: far less moved by other work on the machine. */
  cpuMs: number;
  statements: Statement[];
}

async function run(target: Target, search: Search): Promise<Sample> {
  target.log.length = 0;
  const cpu = process.cpuUsage();
  const start = performance.now();
  const ids = await target.searchIds(target.db, kind, { ...search, order, limit: 10 });
  await (kind === "dish" ? dishesByIds(target.db, ids) : restaurantsByIds(target.db, ids));
  const wallMs = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { search, wallMs, cpuMs: (used.user + used.system) / 1000, statements: target.log.slice() };
}

// One untimed pass: the page cache and prepared statements, as a server that has been up.
for (const search of chosen) for (const target of targets) await run(target, search);

const samples = targets.map(() => [] as Sample[]);
for (let round = 0; round < rounds; round++) {
  for (const [i, search] of chosen.entries()) {
    const turn = (i + round) % targets.length;
    for (let k = 0; k < targets.length; k++) {
      const t = (turn + k) % targets.length;
      samples[t]!.push(await run(targets[t]!, search));
    }
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const fmt = (ms: number) => ms.toFixed(1).padStart(6);
const planOf = (statements: Statement[]) =>
  statements
    .filter((s) => /MATCH/.test(s.sql))
    .map((s) => {
      const step = s.sql.startsWith("SELECT count(*)")
        ? "count"
        : s.sql.startsWith("WITH best")
          ? "probe"
          : s.sql.startsWith("WITH hits")
            ? "bm25"
            : s.sql.includes("INDEXED BY")
              ? "walk"
              : "sort";
      return `${step} ${s.ms.toFixed(1)}`;
    })
    .join(", ");

console.log(
  `${kind} search, ${order} order, ${chosen.length} queries × ${rounds} rounds, ms of search ids + rows\n`,
);
const line = (name: string, values: number[]) => {
  const sorted = values.slice().sort((a, b) => a - b);
  const at = (p: number) => fmt(percentile(sorted, p));
  console.log(`  ${name.padEnd(22)} p50 ${at(50)}  p95 ${at(95)}  p99 ${at(99)}  max ${fmt(sorted.at(-1)!)}`);
};
for (const [t, target] of targets.entries()) {
  const all = samples[t]!;
  // Per query, the median of its rounds: a slow query is slow every time, noise is not.
  const byQuery = chosen.map((_, i) => {
    const runs = Array.from({ length: rounds }, (_, r) => all[r * chosen.length + i]!);
    const median = (key: "wallMs" | "cpuMs") =>
      runs.map((s) => s[key]).sort((a, b) => a - b)[Math.floor(rounds / 2)]!;
    return { ...runs.find((s) => s.cpuMs === median("cpuMs"))!, wallMs: median("wallMs") };
  });
  console.log(target.name);
  for (const [name, runs] of [
    ["every run", all],
    ["query medians", byQuery],
  ] as const) {
    line(
      `wall, ${name}`,
      runs.map((s) => s.wallMs),
    );
    line(
      `cpu, ${name}`,
      runs.map((s) => s.cpuMs),
    );
  }
  console.log(`  slowest by cpu (query medians; wall, cpu, then each MATCH statement's wall time):`);
  for (const s of byQuery.sort((a, b) => b.cpuMs - a.cpuMs).slice(0, Number(values.slowest))) {
    console.log(`  ${fmt(s.wallMs)} ${fmt(s.cpuMs)}  ${label(s.search).padEnd(40)} ${planOf(s.statements)}`);
  }
  console.log();
}
