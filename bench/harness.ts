// What both benches (npm run bench, and its --mix) share: a seeded database reused between
// runs, servers pinned to CPU 0, autocannon loaders that continue through their paths, and
// measurements taken in slices alternating with the bare node:http baseline.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createClient } from "@libsql/client";
import autocannon from "autocannon";
import { migrateDatabase, openDatabase } from "../src/server/api/db/node-client.ts";

export const ROOT = resolve(import.meta.dirname, "..");

export function freePort(): Promise<number> {
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

/** Starts a Node script on CPU 0; the load generator runs on CPU 1 (see run.ts). */
export function pinnedToCpu0(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const [command, ...rest] = existsSync("/usr/bin/taskset")
    ? ["taskset", "-c", "0", process.execPath, ...args]
    : [process.execPath, ...args];
  return spawn(command!, rest, { cwd: ROOT, env, stdio: ["ignore", "ignore", "inherit"] });
}

export async function waitFor(url: string): Promise<void> {
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

/** Seeding at --scale 100 takes minutes, so a bench database is reused when present. */
export function seedOnce(dataDir: string, scale: number): string {
  const databaseUrl = `file:${dataDir}/dishcovery.db`;
  if (!existsSync(`${dataDir}/dishcovery.db`)) {
    console.log(`Seeding a scale-${scale} database into ${dataDir}…`);
    const seeded = spawnSync(process.execPath, ["scripts/db-seed.ts", "--scale", String(scale)], {
      cwd: ROOT,
      stdio: "inherit",
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
    });
    if (seeded.status !== 0) process.exit(seeded.status ?? 1);
  }
  return databaseUrl;
}

/** A private copy of the seeded database for a bench that writes, migrated to this checkout's schema. */
export async function migratedCopy(
  seededUrl: string,
  bench: string,
): Promise<{ dataDir: string; databaseUrl: string }> {
  const source = createClient({ url: seededUrl });
  // Checkpoint first, so the copy holds every committed row.
  await source.execute("PRAGMA wal_checkpoint(TRUNCATE)");
  source.close();
  const dataDir = mkdtempSync(join(tmpdir(), `dishcovery-bench-${bench}-`));
  copyFileSync(seededUrl.replace(/^file:/, ""), join(dataDir, "dishcovery.db"));
  const databaseUrl = `file:${join(dataDir, "dishcovery.db")}`;
  const { db, client } = await openDatabase(databaseUrl);
  await migrateDatabase(db);
  client.close();
  return { dataDir, databaseUrl };
}

/** The Node entry (src/server/hosts/node.ts) as production runs it, over the bench database. */
export async function startApp(options: {
  dataDir: string;
  databaseUrl: string;
  siteDir?: string;
  env?: NodeJS.ProcessEnv;
}): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const child = pinnedToCpu0(["src/server/hosts/node.ts"], {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl,
    SITE_DIR: options.siteDir ?? resolve(options.dataDir, "no-site"),
    JWT_SECRET: "bench-only-secret-bench-only-secret-0123",
    // Production refuses to start without a mail transport; the bench sends no mail.
    SMTP_URL: "smtp://127.0.0.1:9",
    // The load generator sends each request as one of many visitors (benchVisitor).
    CLIENT_IP_HEADER: "X-Forwarded-For",
    // Production refuses to start without the origin its links carry.
    PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    ...options.env,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/health`);
  return { url, process: child };
}

/** The bare node:http baseline (baseline-server.ts) answering the bytes of `bodyFile`. */
export async function startBaseline(bodyFile: string): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const child = pinnedToCpu0(["bench/baseline-server.ts"], {
    ...process.env,
    PORT: String(port),
    BODY_FILE: bodyFile,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/`);
  return { url, process: child };
}

export interface Figures {
  name: string;
  rps: number;
  /** Medians over the slices. */
  p50: number;
  p99: number;
  /** The highest p99 of any slice. */
  p99Worst: number;
  errors: number;
  /** The baseline's requests/s in the slices run alternately with this endpoint's. */
  baselineRps: number;
  /** The baseline's p99 in those slices (median): the host's own queueing and pauses. */
  baselineP99: number;
  /**
   * Server CPU time per request, endpoint and baseline (µs), when their processes are known.
   * Other work on a shared host takes CPU from a server between its requests, not within
   * them, so the ratio of these is steadier than the ratio of requests per second.
   */
  cpuPerRequest?: { endpoint: number; baseline: number };
}

/** CPU seconds (user + system) a process has used, from /proc; undefined where there is none. */
/** One request at a time, `count` of them; the latency of each in ms and how many failed. */
export async function sequential(url: string, headers: Record<string, string>, count: number) {
  const latencies: number[] = [];
  let errors = 0;
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    latencies.push(performance.now() - started);
    if (res.status !== 200) errors++;
  }
  return { latencies, errors };
}

export function cpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined || !existsSync(`/proc/${pid}/stat`)) return undefined;
  // Fields after the command name (which may hold spaces, hence from the last ')'):
  // utime and stime are the 12th and 13th, in clock ticks of 1/100 s on Linux.
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(")").at(-1)!.trim().split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export type Loader = (seconds: number, options?: { everyPath?: boolean }) => Promise<autocannon.Result>;

/** How many people the load generator stands for (startApp reads their address from X-Forwarded-For). */
const BENCH_VISITORS = 20_000;

/**
 * The address of the visitor sending request `n`: real traffic comes from many people, and
 * searches are limited to 60 a minute per client (docs/security.md), so one address for the
 * whole load would measure 429s. 20,000 visitors keep each under the limit at 10,000 requests/s.
 */
export function benchVisitor(n: number): string {
  const v = n % BENCH_VISITORS;
  return `10.${(v >> 16) & 255}.${(v >> 8) & 255}.${v & 255}`;
}

/**
 * Loads one server with autocannon; each call continues where the last one left the paths.
 * With `everyPath`, a call runs until each path has been requested once, however long.
 */
export function loader(
  baseUrl: string,
  paths: string[],
  clients: number,
  headers: Record<string, string> = {},
): Loader {
  let next = 0;
  return (seconds, { everyPath = false } = {}) =>
    autocannon({
      url: baseUrl,
      connections: clients,
      duration: seconds,
      headers,
      ...(everyPath && paths.length > 1 ? { amount: paths.length } : {}),
      requests: [
        {
          setupRequest: (request) => {
            request.headers = { ...request.headers, "x-forwarded-for": benchVisitor(next) };
            request.path = paths[next++ % paths.length]!;
            return request;
          },
        },
      ],
    });
}

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

// This VM's speed drifts by ±20% over a minute, so one baseline reading at the start would
// skew every later ratio: each endpoint is measured in ROUNDS slices alternating with slices
// of the baseline, and compared with those.
export const ROUNDS = 3;

export async function compare(
  name: string,
  runEndpoint: Loader,
  runBaseline: Loader,
  options: {
    duration: number;
    warmUp: (run: Loader) => Promise<unknown>;
    /** The processes answering, to read their CPU time around each slice. */
    pids?: { endpoint?: number; baseline?: number };
  },
): Promise<Figures> {
  await options.warmUp(runEndpoint);
  const slice = options.duration / ROUNDS;
  const rounds: { endpoint: autocannon.Result; baseline: autocannon.Result }[] = [];
  const cpu = { endpoint: 0, baseline: 0 };
  const measured = async (run: Loader, pid: number | undefined, side: keyof typeof cpu) => {
    const before = cpuSeconds(pid);
    const result = await run(slice);
    const after = cpuSeconds(pid);
    if (before !== undefined && after !== undefined) cpu[side] += after - before;
    return result;
  };
  for (let i = 0; i < ROUNDS; i++) {
    const baseline = await measured(runBaseline, options.pids?.baseline, "baseline");
    const endpoint = await measured(runEndpoint, options.pids?.endpoint, "endpoint");
    rounds.push({ baseline, endpoint });
  }
  const answered = (side: "endpoint" | "baseline") =>
    rounds.reduce((sum, r) => sum + r[side].requests.total, 0);
  const p99s = rounds.map((r) => r.endpoint.latency.p99);
  return {
    name,
    rps: mean(rounds.map((r) => r.endpoint.requests.average)),
    p50: median(rounds.map((r) => r.endpoint.latency.p50)),
    p99: median(p99s),
    p99Worst: Math.max(...p99s),
    errors: rounds.reduce((sum, r) => sum + r.endpoint.non2xx + r.endpoint.errors, 0),
    baselineRps: mean(rounds.map((r) => r.baseline.requests.average)),
    baselineP99: median(rounds.map((r) => r.baseline.latency.p99)),
    ...(cpu.endpoint > 0 && cpu.baseline > 0
      ? {
          cpuPerRequest: {
            endpoint: (cpu.endpoint / answered("endpoint")) * 1e6,
            baseline: (cpu.baseline / answered("baseline")) * 1e6,
          },
        }
      : {}),
  };
}

export function printFigures(results: Figures[], nameWidth = 56): void {
  console.log(
    "endpoint".padEnd(nameWidth),
    "req/s".padStart(9),
    "p50 ms".padStart(8),
    "p99 ms".padStart(8),
    "p99 max".padStart(8),
    "baseline".padStart(9),
    "base p99".padStart(9),
    "vs base".padStart(8),
    "errors".padStart(7),
    "CPU µs/req".padStart(11),
    "base µs".padStart(8),
    "CPU vs base".padStart(12),
  );
  for (const r of results) {
    console.log(
      r.name.padEnd(nameWidth),
      r.rps.toFixed(0).padStart(9),
      r.p50.toFixed(1).padStart(8),
      r.p99.toFixed(1).padStart(8),
      r.p99Worst.toFixed(1).padStart(8),
      r.baselineRps.toFixed(0).padStart(9),
      r.baselineP99.toFixed(1).padStart(9),
      `${((r.rps / r.baselineRps) * 100).toFixed(0)}%`.padStart(8),
      String(r.errors).padStart(7),
      (r.cpuPerRequest?.endpoint.toFixed(0) ?? "").padStart(11),
      (r.cpuPerRequest?.baseline.toFixed(0) ?? "").padStart(8),
      (r.cpuPerRequest
        ? `${((r.cpuPerRequest.baseline / r.cpuPerRequest.endpoint) * 100).toFixed(0)}%`
        : ""
      ).padStart(12),
    );
  }
  const baselines = results.map((r) => r.baselineRps);
  console.log(
    `\nBaseline node:http over the run: ${Math.min(...baselines).toFixed(0)}-${Math.max(...baselines).toFixed(0)} req/s ` +
      `(each ratio is against the baseline slices run alternately with that row, ${ROUNDS} per row; ` +
      "p50 and p99 are medians of the slices, p99 max the worst slice). CPU vs base is the baseline's " +
      "server CPU time per request over the row's: the share if both were CPU-bound on a core of their own.",
  );
}

/** One request URL's figures from `measureSequential`: latencies in ms, CPU in µs per request. */
export interface SequentialRow {
  name: string;
  latencies: number[];
  baseline: number[];
  errors: number;
  cpuUs?: number;
  baselineCpuUs?: number;
  /** The latency this row must stay under at a percentile, printed with PASS or MISS. */
  target?: { percentile: 95 | 99; ms: number };
}

/** Slices of one-at-a-time requests: each row's requests, and the baseline's before each slice. */
export const SEQUENTIAL = { rounds: 3, requests: 200, baselineRequests: 100, warmUp: 100 } as const;

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

export const verdict = (ok: boolean) => (ok ? "PASS" : "MISS");

/**
 * Times `url` one request at a time in SEQUENTIAL.rounds slices, each after a slice of the
 * bare baseline, after a warm-up (the JIT and the database pages warm, as on a server up a
 * while); CPU time is read from /proc around the slices where the processes are known.
 */
export async function measureSequential(
  name: string,
  url: string,
  headers: Record<string, string>,
  servers: { pid?: number; baselineUrl: string; baselinePid?: number },
  target?: SequentialRow["target"],
): Promise<SequentialRow> {
  await sequential(url, headers, SEQUENTIAL.warmUp);
  const row: SequentialRow = { name, latencies: [], baseline: [], errors: 0, target };
  const cpu = { endpoint: 0, baseline: 0 };
  for (let round = 0; round < SEQUENTIAL.rounds; round++) {
    let before = cpuSeconds(servers.baselinePid);
    const base = await sequential(servers.baselineUrl, {}, SEQUENTIAL.baselineRequests);
    cpu.baseline += (cpuSeconds(servers.baselinePid) ?? NaN) - (before ?? NaN);
    row.baseline.push(...base.latencies);
    before = cpuSeconds(servers.pid);
    const run = await sequential(url, headers, SEQUENTIAL.requests);
    cpu.endpoint += (cpuSeconds(servers.pid) ?? NaN) - (before ?? NaN);
    row.latencies.push(...run.latencies);
    row.errors += run.errors;
  }
  if (Number.isFinite(cpu.endpoint)) row.cpuUs = (cpu.endpoint / row.latencies.length) * 1e6;
  if (Number.isFinite(cpu.baseline)) row.baselineCpuUs = (cpu.baseline / row.baseline.length) * 1e6;
  return row;
}

/**
 * Prints the rows of `measureSequential` with their targets; true when every row with a
 * target met it without errors. `baselineBody` says what the baseline answered.
 */
export function printSequentialRows(rows: SequentialRow[], baselineBody: string, nameWidth = 52): boolean {
  console.log(
    "request".padEnd(nameWidth),
    "n".padStart(5),
    "p50 ms".padStart(7),
    "p95 ms".padStart(7),
    "p99 ms".padStart(7),
    "max ms".padStart(7),
    "base p50".padStart(9),
    "base p95".padStart(9),
    "base p99".padStart(9),
    "CPU µs".padStart(7),
    "base µs".padStart(8),
    "errors".padStart(7),
    "  target",
  );
  let ok = true;
  for (const row of rows) {
    const at = row.target ? percentile(row.latencies, row.target.percentile) : NaN;
    const pass = row.errors === 0 && (row.target === undefined || at < row.target.ms);
    if (row.target !== undefined) ok &&= pass;
    console.log(
      row.name.padEnd(nameWidth),
      String(row.latencies.length).padStart(5),
      ...[50, 95, 99].map((p) => percentile(row.latencies, p).toFixed(2).padStart(7)),
      Math.max(...row.latencies)
        .toFixed(1)
        .padStart(7),
      ...[50, 95, 99].map((p) => percentile(row.baseline, p).toFixed(2).padStart(9)),
      (row.cpuUs?.toFixed(0) ?? "").padStart(7),
      (row.baselineCpuUs?.toFixed(0) ?? "").padStart(8),
      String(row.errors).padStart(7),
      row.target ? `  p${row.target.percentile} < ${row.target.ms} ms: ${verdict(pass)}` : "",
    );
  }
  console.log(
    `\nOne request at a time; ${SEQUENTIAL.rounds} slices of ${SEQUENTIAL.requests} requests per row, each ` +
      `after ${SEQUENTIAL.baselineRequests} requests to the bare node:http baseline (answering ${baselineBody}): ` +
      "its figures are the floor this client, host and load put under every row. CPU µs is the server's " +
      "CPU time per request, read from /proc around the slices.",
  );
  return ok;
}
