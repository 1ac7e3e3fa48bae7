// npm run bench -- --pages [--scale N --connections C --data-dir DIR --site-dir DIR]
// Issue 13: what an item page rendered on demand costs on the Node entry (target: p95 under
// 15 ms, warm). The site is the mix's (DIR/site, built from the bench database the first
// time; with PRERENDER_CAP set, DIR/site-cap-N, so a scale-1 database can have pages outside
// the prerendered set). Against the Node entry as `npm start` serves it, this warms the server
// on pages it will not measure, then requests several hundred distinct dish and restaurant
// pages (and a few offers and areas) the build did not prerender, each once: the server is
// warm, the items' API answers are not in its response cache yet. Then the same pages again
// (kept in memory since, issue 23), prerendered item pages (first read from disk and compressed,
// then from the static host's memory) and the bare node:http baseline, each one request at a
// time and then from a few connections. Rows print wall time per request (p50, p95, p99 and
// the worst, measured by this client) and the server's CPU time per request from /proc.
import { readdirSync, writeFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { join, resolve } from "node:path";
import { loadavg } from "node:os";
import { createClient } from "@libsql/client";
import { cpuSeconds, startApp, startBaseline } from "./harness.ts";
import { benchSiteDir, buildSiteOnce } from "./mix.ts";
import { seededRandom } from "./workload.ts";

export interface PagesOptions {
  scale: number;
  /** Connections of the concurrent pass (the sequential one uses one). */
  connections: number;
  dataDir: string;
  databaseUrl: string;
  siteDir?: string;
}

/** Issue 13, point 5: an on-demand item page in under this p95 on Node, warm. */
const TARGET_P95_MS = 15;
/** Issue 23: an on-demand page neither kept nor with its API answers cached, in server CPU. */
const TARGET_UNCACHED_CPU_MS = 2;
// Distinct on-demand pages measured per pass, by kind: several hundred, mostly dishes and
// restaurants as the catalogue is, and a few of the other kinds.
const MEASURED = { dish: 400, restaurant: 200, offers: 40, area: 20 } as const;
/** Warm-up pages per measured page of the same kind. */
const WARM_UP_SHARE = 0.5;
// A few connections, as a handful of crawlers or visitors at once: not the mix's 32.
const DEFAULT_CONNECTIONS = 4;
const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br" };

type Kind = keyof typeof MEASURED;
const KINDS = Object.keys(MEASURED) as Kind[];
const TABLES: Record<Kind, string> = {
  dish: "dishes",
  restaurant: "restaurants",
  offers: "offers",
  area: "areas",
};

function sample<T>(items: readonly T[], count: number, random: () => number): T[] {
  const copy = [...items];
  const taken: T[] = [];
  while (taken.length < count && copy.length > 0) {
    const at = Math.floor(random() * copy.length);
    taken.push(copy[at]!);
    copy[at] = copy[copy.length - 1]!;
    copy.pop();
  }
  return taken;
}

/** Every catalogue id by kind, split into those the build prerendered and the others. */
async function catalogueSplit(databaseUrl: string, siteDir: string) {
  const db = createClient({ url: databaseUrl });
  try {
    const split = {} as Record<Kind, { prerendered: number[]; onDemand: number[] }>;
    for (const kind of KINDS) {
      const ids = (await db.execute(`SELECT id FROM ${TABLES[kind]} ORDER BY id`)).rows.map((r) =>
        Number(r.id),
      );
      let built: Set<number>;
      try {
        built = new Set(
          readdirSync(join(siteDir, kind))
            .filter((name) => /^[1-9][0-9]*$/.test(name))
            .map(Number),
        );
      } catch {
        built = new Set();
      }
      split[kind] = {
        prerendered: ids.filter((id) => built.has(id)),
        onDemand: ids.filter((id) => !built.has(id)),
      };
    }
    return split;
  } finally {
    db.close();
  }
}

interface Answer {
  status: number;
  cacheControl: string;
  ms: number;
}

/** Sends one GET and reads the whole body (left compressed, as a browser's network layer gets it). */
function get(agent: Agent, base: URL, path: string): Promise<Answer> {
  return new Promise((done, fail) => {
    const started = performance.now();
    const req = request(
      { agent, host: base.hostname, port: base.port, path, headers: BROWSER_HEADERS },
      (res) => {
        res.on("data", () => {});
        res.on("end", () =>
          done({
            status: res.statusCode ?? 0,
            cacheControl: String(res.headers["cache-control"] ?? ""),
            ms: performance.now() - started,
          }),
        );
        res.on("error", fail);
      },
    );
    req.on("error", fail);
    req.end();
  });
}

interface PassFigures {
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Server CPU time per request, ms. */
  cpuMs?: number;
  /** Answers that were not what the row is about (see `expect`). */
  wrong: number;
  /** Wall time of each path's request, ms. */
  samples: { path: string; ms: number }[];
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * Requests every path once, from `connections` clients that each take the next path when
 * their last answer is in; reads the server's CPU time around the whole pass.
 */
async function pass(
  url: string,
  pid: number | undefined,
  paths: string[],
  connections: number,
  expect: (answer: Answer) => boolean,
): Promise<PassFigures> {
  const base = new URL(url);
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const samples: { path: string; ms: number }[] = [];
  let wrong = 0;
  let next = 0;
  const cpuBefore = cpuSeconds(pid);
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < paths.length) {
        const path = paths[next++]!;
        const answer = await get(agent, base, path);
        samples.push({ path, ms: answer.ms });
        if (!expect(answer)) wrong++;
      }
    }),
  );
  const cpuAfter = cpuSeconds(pid);
  agent.destroy();
  return {
    ...spread(samples.map((s) => s.ms)),
    ...(cpuBefore !== undefined && cpuAfter !== undefined
      ? { cpuMs: ((cpuAfter - cpuBefore) / samples.length) * 1000 }
      : {}),
    wrong,
    samples,
  };
}

function spread(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1)!,
  };
}

function printRows(rows: [string, Omit<PassFigures, "samples" | "wrong"> & { wrong?: number }][]): void {
  const width = Math.max(...rows.map(([name]) => name.length)) + 2;
  console.log(
    "row".padEnd(width),
    "requests".padStart(8),
    "p50 ms".padStart(8),
    "p95 ms".padStart(8),
    "p99 ms".padStart(8),
    "max ms".padStart(8),
    "CPU ms/req".padStart(11),
    "wrong".padStart(6),
  );
  for (const [name, f] of rows) {
    console.log(
      name.padEnd(width),
      String(f.requests).padStart(8),
      f.p50.toFixed(2).padStart(8),
      f.p95.toFixed(2).padStart(8),
      f.p99.toFixed(2).padStart(8),
      f.max.toFixed(1).padStart(8),
      (f.cpuMs?.toFixed(2) ?? "").padStart(11),
      String(f.wrong ?? "").padStart(6),
    );
  }
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(", ");

export async function runPages(options: PagesOptions): Promise<void> {
  const { dataDir, databaseUrl } = options;
  // npm run bench's own default (32, for autocannon) is far more than "a few" clients.
  const connections = options.connections === 32 ? DEFAULT_CONNECTIONS : options.connections;
  const siteDir = resolve(options.siteDir ?? benchSiteDir(dataDir));
  buildSiteOnce(siteDir, dataDir, databaseUrl);

  const split = await catalogueSplit(databaseUrl, siteDir);
  const random = seededRandom(13);
  const measured: string[] = [];
  const warmUp: string[] = [];
  const prerendered: string[] = [];
  for (const kind of KINDS) {
    const { onDemand, prerendered: built } = split[kind];
    // Every kind warms up, even where few of its pages are on demand (at scale 1 under a
    // small PRERENDER_CAP): its first pages pay for loading and compiling its code.
    const drawn = sample(onDemand, Math.round(MEASURED[kind] * (1 + WARM_UP_SHARE)), random);
    const warm = Math.min(Math.round(MEASURED[kind] * WARM_UP_SHARE), Math.ceil(drawn.length / 3));
    warmUp.push(...drawn.slice(0, warm).map((id) => `/${kind}/${id}`));
    measured.push(...drawn.slice(warm).map((id) => `/${kind}/${id}`));
    if (kind === "dish" || kind === "restaurant")
      prerendered.push(...sample(built, MEASURED[kind], random).map((id) => `/${kind}/${id}`));
  }
  // Kinds interleaved, as visitors and crawlers would ask for them.
  const shuffled = (paths: string[]) => sample(paths, paths.length, random);
  const onDemandPaths = shuffled(measured);
  const prerenderedPaths = shuffled(prerendered);

  console.log(`Site ${siteDir}; load average ${load()}`);
  for (const kind of KINDS) {
    const { onDemand, prerendered: built } = split[kind];
    console.log(
      `  ${kind.padEnd(10)} ${built.length.toLocaleString("en").padStart(7)} prerendered, ` +
        `${onDemand.length.toLocaleString("en").padStart(7)} on demand; measuring ${onDemandPaths.filter((p) => p.startsWith(`/${kind}/`)).length}`,
    );
  }
  if (onDemandPaths.length === 0) {
    console.error(
      "\nThe build prerendered every item (the catalogue is under PRERENDER_CAP): nothing is rendered on demand. " +
        "Build a smaller set, e.g. PRERENDER_CAP=1500 npm run bench -- --pages (its site goes to DIR/site-cap-1500).",
    );
    process.exit(1);
  }

  const app = await startApp({ dataDir, databaseUrl, siteDir });
  const baselineBodyFile = resolve(dataDir, "baseline-body.json");
  writeFileSync(baselineBodyFile, await (await fetch(`${app.url}/api/dishes/top?topNum=5`)).text());
  const baseline = await startBaseline(baselineBodyFile);
  const appPid = app.process.pid;
  const baselinePaths = Array.from({ length: onDemandPaths.length }, () => "/");

  const rendered = (a: Answer) => a.status === 200 && a.cacheControl.includes("s-maxage");
  const fromFile = (a: Answer) => a.status === 200 && a.cacheControl === "no-cache";
  const ok = (a: Answer) => a.status === 200;
  try {
    // The JIT, the renderer's modules, the templates and the database file's hot pages, on
    // pages and paths this run does not measure.
    console.log(`\nWarming up on ${warmUp.length} other on-demand pages and the baseline…`);
    await pass(app.url, appPid, warmUp, 1, rendered);
    await pass(app.url, appPid, shuffled(warmUp), connections, ok);
    await pass(baseline.url, baseline.process.pid, baselinePaths, connections, ok);

    const rows: [string, PassFigures][] = [];
    for (const clients of [1, connections]) {
      const label = clients === 1 ? "one at a time" : `${clients} connections`;
      console.log(`Measuring ${label}; load average ${load()}`);
      // Each pass over the on-demand set needs pages it has not seen: the first half of the
      // measured set goes to one client, the second to several.
      const half = Math.ceil(onDemandPaths.length / 2);
      const fresh = clients === 1 ? onDemandPaths.slice(0, half) : onDemandPaths.slice(half);
      const freshPrerendered =
        clients === 1 ? prerenderedPaths.slice(0, half) : prerenderedPaths.slice(half, 2 * half);
      rows.push([
        `on-demand pages, first request (${label})`,
        await pass(app.url, appPid, fresh, clients, rendered),
      ]);
      rows.push([
        `on-demand pages again, kept in memory (${label})`,
        await pass(app.url, appPid, fresh, clients, rendered),
      ]);
      rows.push([
        `prerendered pages, first request: read + compress (${label})`,
        await pass(app.url, appPid, freshPrerendered, clients, fromFile),
      ]);
      rows.push([
        `prerendered pages again, from memory (${label})`,
        await pass(app.url, appPid, freshPrerendered, clients, fromFile),
      ]);
      rows.push([
        `baseline node:http, 2.7 KB JSON (${label})`,
        await pass(baseline.url, baseline.process.pid, baselinePaths.slice(0, fresh.length), clients, ok),
      ]);
    }
    console.log("");
    printRows(rows);

    // The first on-demand row by kind (wall time only: CPU is read per pass).
    const first = rows[0]![1];
    console.log("");
    printRows(
      KINDS.flatMap((kind) => {
        const times = first.samples.filter((s) => s.path.startsWith(`/${kind}/`)).map((s) => s.ms);
        return times.length > 0
          ? [[`  ${kind} pages on demand, first request (one at a time)`, spread(times)]]
          : [];
      }),
    );

    console.log(
      [
        "",
        `wrong: answers that were not the row's kind (an on-demand page is 200 with s-maxage, a prerendered one 200 with no-cache).`,
        `Target (issue 13): an on-demand item page in under ${TARGET_P95_MS} ms p95 on Node, warm: ` +
          `${first.p95.toFixed(1)} ms one at a time (first request of each page), ` +
          `${first.p95 < TARGET_P95_MS ? "met" : "missed"}.`,
        `Target (issue 23): an uncached on-demand page (first request) costs <= ${TARGET_UNCACHED_CPU_MS} ms of server CPU: ` +
          `${first.cpuMs?.toFixed(2) ?? "?"} ms, ${(first.cpuMs ?? Infinity) <= TARGET_UNCACHED_CPU_MS ? "met" : "missed"}; ` +
          `kept (second request) ${rows[1]![1].cpuMs?.toFixed(2) ?? "?"} ms.`,
        `Load average at the end ${load()}.`,
      ].join("\n"),
    );
  } finally {
    baseline.process.kill();
    app.process.kill();
  }
}
