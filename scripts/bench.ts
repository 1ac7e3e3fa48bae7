// npm run bench [-- --scale N --duration S --connections C --only dishes/{id},restaurants/{id}]
// Seeds a scaled database (kept under data/bench-scale-N for reuse), starts the Node entry,
// a bare node:http baseline and a bare by-id reader (bench-point-read-server.ts), all pinned
// to CPU 0, loads each endpoint from CPU 1 with autocannon, and prints requests/s, p50, p99
// and throughput as a share of the baseline.
// --only keeps the endpoints whose name or path contains one of its comma-separated words
// (the baseline always runs, so the ratios stay comparable).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { createClient } from "@libsql/client";
import { benchWorkload } from "./bench-workload.ts";

const ROOT = resolve(import.meta.dirname, "..");
const { values } = parseArgs({
  options: {
    scale: { type: "string", default: "1" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "32" },
    pinned: { type: "boolean", default: false },
    only: { type: "string" },
  },
});

// The load generator must not share a core with the server it measures: re-run this
// script pinned to CPU 1; the servers are started pinned to CPU 0.
if (!values.pinned && existsSync("/usr/bin/taskset")) {
  const child = spawnSync("taskset", ["-c", "1", process.execPath, ...process.argv.slice(1), "--pinned"], {
    stdio: "inherit",
  });
  process.exit(child.status ?? 1);
}

const scale = Number(values.scale);
const duration = Number(values.duration);
const connections = Number(values.connections);
const dataDir = resolve(ROOT, `data/bench-scale-${scale}`);
const databaseUrl = `file:${dataDir}/dishcovery.db`;

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? done(address.port) : fail(new Error("no port")),
      );
    });
  });
}

function pinnedToCpu0(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const [command, ...rest] = existsSync("/usr/bin/taskset")
    ? ["taskset", "-c", "0", process.execPath, ...args]
    : [process.execPath, ...args];
  return spawn(command!, rest, { cwd: ROOT, env, stdio: ["ignore", "ignore", "inherit"] });
}

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} never answered`);
}

interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** The baseline's requests/s in the slices run alternately with this endpoint's. */
  baselineRps: number;
}

/**
 * Loads one server with autocannon; each call continues where the last one left the paths.
 * With `everyPath`, a call runs until each path has been requested once, however long.
 */
function loader(baseUrl: string, paths: string[], clients = connections) {
  let next = 0;
  return (seconds: number, { everyPath = false } = {}) =>
    autocannon({
      url: baseUrl,
      connections: clients,
      duration: seconds,
      ...(everyPath && paths.length > 1 ? { amount: paths.length } : {}),
      requests: [
        {
          setupRequest: (request) => {
            request.path = paths[next++ % paths.length]!;
            return request;
          },
        },
      ],
    });
}

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;

// This VM's speed drifts by ±20% over a minute, so one baseline reading at the start would
// skew every later ratio: each endpoint is measured in ROUNDS slices alternating with slices
// of the baseline, and compared with those.
const ROUNDS = 3;

async function compare(
  name: string,
  runEndpoint: ReturnType<typeof loader>,
  runBaseline: ReturnType<typeof loader>,
): Promise<Figures> {
  // Warm the JIT, and for the by-id rows the database file's pages: a server that has run for
  // a while has them mapped, and a fresh one sped up for ~10 s as it faulted them in, so
  // each of an endpoint's paths is requested once first.
  await runEndpoint(2, { everyPath: true });
  const slice = duration / ROUNDS;
  const rounds: { endpoint: autocannon.Result; baseline: autocannon.Result }[] = [];
  for (let i = 0; i < ROUNDS; i++)
    rounds.push({ baseline: await runBaseline(slice), endpoint: await runEndpoint(slice) });
  const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
  return {
    name,
    rps: mean(rounds.map((r) => r.endpoint.requests.average)),
    p50: median(rounds.map((r) => r.endpoint.latency.p50)),
    p99: median(rounds.map((r) => r.endpoint.latency.p99)),
    errors: rounds.reduce((sum, r) => sum + r.endpoint.non2xx + r.endpoint.errors, 0),
    baselineRps: mean(rounds.map((r) => r.baseline.requests.average)),
  };
}

// Seeding at --scale 100 takes minutes, so a bench database is reused when present.
if (!existsSync(`${dataDir}/dishcovery.db`)) {
  console.log(`Seeding a scale-${scale} database into ${dataDir}…`);
  const seeded = spawnSync(process.execPath, ["scripts/db-seed.ts", "--scale", String(scale)], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
  });
  if (seeded.status !== 0) process.exit(seeded.status ?? 1);
}

const db = createClient({ url: databaseUrl });
const counts = (
  await db.execute(
    "SELECT (SELECT max(id) FROM dishes) AS dishes, (SELECT count(*) FROM restaurants) AS restaurants, (SELECT count(*) FROM posts) AS posts",
  )
).rows[0]!;
const maxDishId = Number(counts.dishes);
const areaNames = (await db.execute("SELECT area_name FROM areas")).rows.map((r) => String(r.area_name));
const tagNames = (await db.execute("SELECT tag_name FROM tags")).rows.map((r) => String(r.tag_name));
db.close();
console.log(
  `Catalogue: ${counts.restaurants} restaurants, ${maxDishId} dishes, ${counts.posts} posts; ${connections} connections, ${duration} s per endpoint\n`,
);

// Deterministic spread of ids and queries, so the dish-by-id and search figures are not
// one hot entry.
const workload = benchWorkload({ maxDishId, restaurants: Number(counts.restaurants), areaNames, tagNames });
const dishPaths = workload.dishIds.map((id) => `/api/dishes/${id}`);
const restaurantPaths = workload.restaurantIds.map((id) => `/api/restaurants/${id}`);
const searchPaths = workload.searches.map(({ keyword, location, tagName }) => {
  const query = new URLSearchParams({ keyword });
  if (location !== undefined) query.set("location", location);
  if (tagName !== undefined) query.set("tagName", tagName);
  return `/api/dishes/searchByKeywordLocationTop?${query}`;
});

// Two instances of the Node entry: the production one, and one whose response cache keeps
// nothing (CACHE_TTL_SECONDS=0). The paths of the by-id and search rows repeat within a run
// (20,000 and 5,000 of them against ~100,000 requests), so on the cached instance they would
// mostly measure cache hits; on the uncached one every request reads the database.
async function startApp(cacheTtlSeconds?: number): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const child = pinnedToCpu0(["src/server/node.ts"], {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SITE_DIR: resolve(dataDir, "no-site"),
    JWT_SECRET: "bench-only-secret-bench-only-secret-0123",
    ...(cacheTtlSeconds === undefined ? {} : { CACHE_TTL_SECONDS: String(cacheTtlSeconds) }),
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/health`);
  return { url, process: child };
}
const app = await startApp();
const uncached = await startApp(0);
// The baseline answers the very bytes of a real 'top dishes' answer, so the ratio measures
// what our stack costs per request rather than the size of the payload.
const baselineBodyFile = resolve(dataDir, "baseline-body.json");
writeFileSync(baselineBodyFile, await (await fetch(`${app.url}/api/dishes/top?topNum=5`)).text());
const baselinePort = await freePort();
const baseline = pinnedToCpu0(["scripts/bench-baseline-server.ts"], {
  ...process.env,
  PORT: String(baselinePort),
  BODY_FILE: baselineBodyFile,
});

// What an uncached by-id read costs with none of our stack (bench-point-read-server.ts).
const pointReadPort = await freePort();
const pointRead = pinnedToCpu0(["scripts/bench-point-read-server.ts"], {
  ...process.env,
  PORT: String(pointReadPort),
  DATABASE_URL: databaseUrl,
});

try {
  await waitFor(`http://127.0.0.1:${baselinePort}/`);
  await waitFor(`http://127.0.0.1:${pointReadPort}/api/dishes/1`);
  console.log(
    `Baseline body: ${statSync(baselineBodyFile).size} bytes (the /api/dishes/top?topNum=5 answer)\n`,
  );
  const api = app.url;
  const pointReadUrl = `http://127.0.0.1:${pointReadPort}`;
  const endpoints: [string, string[], number?, string?][] = [
    ["GET /api/dishes/top", ["/api/dishes/top?topNum=5"]],
    ["GET /api/restaurants/trending", ["/api/restaurants/trending"]],
    ["GET /api/tags/getLimitedTags", ["/api/tags/getLimitedTags?limit=30"]],
    ["GET /api/regions/all", ["/api/regions/all"]],
    ["GET /api/areas/all", ["/api/areas/all"]],
    ["GET /api/dishes/{id}, uncached", dishPaths, connections, uncached.url],
    ["GET /api/restaurants/{id}, uncached", restaurantPaths, connections, uncached.url],
    ["  reference: node:http + the dish SQL, no framework", dishPaths, connections, pointReadUrl],
    ["  reference: node:http + the restaurant SQL", restaurantPaths, connections, pointReadUrl],
    // The same paths on the production instance, once its warm-up has cached each answer.
    ["GET /api/dishes/{id}, from the response cache", dishPaths],
    ["GET /api/restaurants/{id}, from the response cache", restaurantPaths],
    ["GET /api/dishes/searchByKeywordLocationTop, uncached", searchPaths, connections, uncached.url],
    // With many connections a search's latency is mostly queueing behind others; one client
    // shows what a single search costs.
    ["  the same, one client", searchPaths.slice(2_500), 1, uncached.url],
  ];
  const only = values.only?.split(",").filter(Boolean);
  const runBaseline = loader(`http://127.0.0.1:${baselinePort}`, ["/"]);
  await runBaseline(2);
  const results: Figures[] = [];
  for (const [name, paths, clients, target = api] of endpoints) {
    if (only && !only.some((word) => name.includes(word) || paths[0]!.includes(word))) continue;
    results.push(await compare(name, loader(target, paths, clients), runBaseline));
  }
  console.log(
    "endpoint".padEnd(56),
    "req/s".padStart(9),
    "p50 ms".padStart(8),
    "p99 ms".padStart(8),
    "baseline".padStart(9),
    "vs base".padStart(8),
    "errors".padStart(7),
  );
  for (const r of results) {
    console.log(
      r.name.padEnd(56),
      r.rps.toFixed(0).padStart(9),
      r.p50.toFixed(1).padStart(8),
      r.p99.toFixed(1).padStart(8),
      r.baselineRps.toFixed(0).padStart(9),
      `${((r.rps / r.baselineRps) * 100).toFixed(0)}%`.padStart(8),
      String(r.errors).padStart(7),
    );
  }
  const baselines = results.map((r) => r.baselineRps);
  console.log(
    `\nBaseline node:http over the run: ${Math.min(...baselines).toFixed(0)}-${Math.max(...baselines).toFixed(0)} req/s ` +
      `(each ratio is against the baseline slices run alternately with that endpoint, ${ROUNDS} of ${(duration / ROUNDS).toFixed(1)} s each).`,
  );
} finally {
  baseline.kill();
  pointRead.kill();
  app.process.kill();
  uncached.process.kill();
}
