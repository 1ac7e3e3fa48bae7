// npm run bench -- --search [--db PATH] [--before CHECKOUT] [--queries 400]
// Uncached search as one diner sees it (issue 23): 400 distinct searches (words and 2-4 letter
// prefixes of dish, restaurant and tag names, half of them in an area), one at a time, against
// the Node entry with its response cache off, at scale 1 and, given --db (a seeded database,
// copied and migrated first, never changed), at scale 100. Prints the server's CPU time per
// request (from /proc, which other work on the host does not inflate) and p99, each beside
// its target, met or missed, with the bare node:http baseline measured in the same run; with
// --before, the same searches against another checkout's code over the same database.
import { rmSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { resolve } from "node:path";
import { createClient } from "@libsql/client";
import {
  benchVisitor,
  cpuSeconds,
  migratedCopy,
  percentile,
  pinnedToCpu0,
  freePort,
  startApp,
  startBaseline,
  waitFor,
} from "./harness.ts";
import { seededRandom } from "./workload.ts";

/**
 * The targets: server CPU per uncached search (issue 33: 0.5 ms at scale 1, 1 ms at scale
 * 100), and p99 for one client at scale 100 (issue 23).
 */
export const SEARCH_TARGETS = { cpuUsScale1: 500, cpuUsScale100: 1_000, p99MsScale100: 10 } as const;

/** The host's load averages (1, 5, 15 min): a loaded host inflates every figure. */
const hostLoad = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");

/** The four search endpoints in the realistic mix's shares (bench/workload.ts). */
const ENDPOINTS = [
  ...Array<string>(6).fill("/api/dishes/searchByKeywordLocationTop"),
  "/api/restaurants/searchTop",
  "/api/restaurants/searchTop",
  "/api/dishes/searchTrending",
  "/api/restaurants/searchTrending",
];

interface Query {
  keyword: string;
  location?: string;
}

/** `count` distinct searches drawn from the catalogue's own names (a fixed seed). */
export async function searchQueries(databaseUrl: string, count: number): Promise<Query[]> {
  const client = createClient({ url: databaseUrl });
  const names = async (sql: string) => (await client.execute(sql)).rows.map((r) => String(r[0]));
  const sources = [
    await names("SELECT DISTINCT dish_name FROM dishes ORDER BY 1"),
    await names("SELECT name FROM restaurants ORDER BY id LIMIT 5000"),
    await names("SELECT tag_name FROM tags ORDER BY 1"),
  ];
  const areas = await names("SELECT area_name FROM areas ORDER BY 1");
  client.close();
  const random = seededRandom(23);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const seen = new Map<string, Query>();
  while (seen.size < count) {
    const which = random();
    const name = pick(sources[which < 0.5 ? 0 : which < 0.75 ? 1 : 2]!);
    const words = name.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 2);
    if (words.length === 0) continue;
    const word = pick(words).toLowerCase();
    const keyword = random() < 0.3 ? word : word.slice(0, 2 + Math.floor(random() * 3));
    const location = random() < 0.5 ? pick(areas) : undefined;
    seen.set(`${keyword}@${location ?? ""}`, { keyword, location });
  }
  return [...seen.values()];
}

const pathOf = (q: Query, endpoint: string) => {
  const query = new URLSearchParams({ keyword: q.keyword });
  if (q.location) query.set("location", q.location);
  return `${endpoint}?${query}`;
};

interface Pass {
  cpuUs: number;
  p50: number;
  p99: number;
  errors: number;
}

/** Each path once, one at a time, each from its own visitor (searches are limited per client). */
async function pass(url: string, paths: string[], pid: number | undefined): Promise<Pass> {
  const latencies: number[] = [];
  let errors = 0;
  const before = cpuSeconds(pid);
  for (const [i, path] of paths.entries()) {
    const started = performance.now();
    const res = await fetch(url + path, { headers: { "x-forwarded-for": benchVisitor(i) } });
    await res.arrayBuffer();
    latencies.push(performance.now() - started);
    if (res.status !== 200) errors++;
  }
  const cpu = (cpuSeconds(pid) ?? NaN) - (before ?? NaN);
  return {
    cpuUs: (cpu / paths.length) * 1e6,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
  };
}

interface Server {
  name: string;
  url: string;
  pid: number | undefined;
  stop: () => void;
}

/** The Node entry of another checkout (its own code, this database), cache off. */
async function startCheckout(dir: string, dataDir: string, databaseUrl: string): Promise<Server> {
  const port = await freePort();
  const child = pinnedToCpu0([resolve(dir, "src/server/hosts/node.ts")], {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SITE_DIR: resolve(dataDir, "no-site"),
    JWT_SECRET: "bench-only-secret-bench-only-secret-0123",
    SMTP_URL: "smtp://127.0.0.1:9",
    CLIENT_IP_HEADER: "X-Forwarded-For",
    // Production refuses to start without the origin its links carry.
    PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    CACHE_TTL_SECONDS: "0",
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/health`);
  return { name: `before (${dir})`, url, pid: child.pid, stop: () => child.kill() };
}

interface ScaleFigures {
  label: string;
  /** The host's load averages before and after the measurement. */
  load: string;
  rows: { name: string; dishTop: Pass; fourEndpoints: Pass }[];
}

async function measureScale(
  label: string,
  seededUrl: string,
  options: { before?: string; queries: number },
): Promise<ScaleFigures> {
  // A private, migrated copy: the seeded database is never changed (and may predate 0031).
  const copy = await migratedCopy(seededUrl, "search");
  const loadBefore = hostLoad();
  const servers: Server[] = [];
  try {
    const queries = await searchQueries(copy.databaseUrl, options.queries);
    const app = await startApp({ ...copy, env: { CACHE_TTL_SECONDS: "0" } });
    servers.push({
      name: "this checkout",
      url: app.url,
      pid: app.process.pid,
      stop: () => app.process.kill(),
    });
    if (options.before) servers.push(await startCheckout(options.before, copy.dataDir, copy.databaseUrl));
    const bodyFile = resolve(copy.dataDir, "baseline-body.json");
    const sample = await fetch(`${app.url}${pathOf(queries[0]!, ENDPOINTS[0]!)}`);
    writeFileSync(bodyFile, await sample.text());
    const baseline = await startBaseline(bodyFile);
    servers.push({
      name: "node:http baseline",
      url: baseline.url,
      pid: baseline.process.pid,
      stop: () => baseline.process.kill(),
    });

    const dishTop = queries.map((q) => pathOf(q, ENDPOINTS[0]!));
    const four = queries.map((q, i) => pathOf(q, ENDPOINTS[i % ENDPOINTS.length]!));
    const rows: ScaleFigures["rows"] = [];
    for (const server of servers) {
      const paths = (p: string[]) => (server.name === "node:http baseline" ? p.map(() => "/") : p);
      // Warm-up: the JIT, and the database pages these searches read (a server up a while).
      await pass(server.url, paths(dishTop), server.pid);
      await pass(server.url, paths(four), server.pid);
      rows.push({
        name: server.name,
        dishTop: await pass(server.url, paths(dishTop), server.pid),
        fourEndpoints: await pass(server.url, paths(four), server.pid),
      });
    }
    return { label, load: `${loadBefore} before, ${hostLoad()} after`, rows };
  } finally {
    for (const server of servers) server.stop();
    rmSync(copy.dataDir, { recursive: true, force: true });
  }
}

function printScale(figures: ScaleFigures, targets: { cpuUs: number; p99Ms?: number }): void {
  console.log(`\n${figures.label} (host load ${figures.load})`);
  console.log(
    "server".padEnd(48),
    "endpoints".padEnd(16),
    "CPU µs/req".padStart(11),
    "p50 ms".padStart(7),
    "p99 ms".padStart(7),
    "errors".padStart(7),
    "  targets",
  );
  for (const row of figures.rows) {
    for (const [which, p] of [
      ["dish top", row.dishTop],
      ["four, mix shares", row.fourEndpoints],
    ] as const) {
      const judged = row.name === "this checkout";
      const cpuOk = p.cpuUs <= targets.cpuUs;
      const p99Ok = targets.p99Ms === undefined || p.p99 <= targets.p99Ms;
      const marks = judged
        ? `  CPU <= ${targets.cpuUs} µs: ${cpuOk ? "met" : "missed"}` +
          (targets.p99Ms === undefined ? "" : `; p99 <= ${targets.p99Ms} ms: ${p99Ok ? "met" : "missed"}`)
        : "";
      console.log(
        row.name.slice(0, 48).padEnd(48),
        which.padEnd(16),
        p.cpuUs.toFixed(0).padStart(11),
        p.p50.toFixed(2).padStart(7),
        p.p99.toFixed(2).padStart(7),
        String(p.errors).padStart(7),
        marks,
      );
    }
  }
}

export async function runSearch(options: {
  databaseUrl: string;
  scale100Db?: string;
  before?: string;
  queries?: number;
}): Promise<void> {
  const queries = options.queries ?? 400;
  console.log(
    `Uncached search, ${queries} distinct queries one at a time (a warm-up pass first), response cache off. ` +
      "Server pinned to CPU 0, this client on CPU 1; CPU time from /proc.",
  );
  const one = await measureScale("Scale 1", options.databaseUrl, { before: options.before, queries });
  printScale(one, { cpuUs: SEARCH_TARGETS.cpuUsScale1 });
  if (options.scale100Db) {
    const hundred = await measureScale("Scale 100", `file:${resolve(options.scale100Db)}`, {
      before: options.before,
      queries,
    });
    printScale(hundred, { cpuUs: SEARCH_TARGETS.cpuUsScale100, p99Ms: SEARCH_TARGETS.p99MsScale100 });
  } else {
    console.log("\nScale 100: not measured (give --db PATH of a scale-100 database).");
  }
}
