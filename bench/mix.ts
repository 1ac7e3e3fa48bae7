// npm run bench -- --mix [--scale N --duration S --connections C --data-dir DIR --site-dir DIR]
// The realistic workload of issue 10: Zipf-like popularity over every dish and restaurant,
// 40% item reads, 30% lists, 20% searches, 10% page GETs (workload.ts mixWorkload),
// sent as one stream to the Node entry as `npm start` serves it (built site, API, response
// cache with its production TTL), beside the bare node:http baseline in alternating slices.
// Rows: the hot lists alone, the mix, and each kind of the mix alone, all continuing the
// same stream, so the response cache sees what it would in production: a popular head it
// keeps and a tail it does not.
//
// The site is built from the bench database into DIR/site the first time (DIR/site-cap-N with
// PRERENDER_CAP=N), at any scale: the build prerenders a bounded set (PRERENDER_CAP, default
// 12,000 item pages; every item at scale 1) and the Node entry renders every other item page
// on demand (docs/decisions/011). Half of the page GETs are /dish/{id} and /restaurant/{id}
// (three dishes to one restaurant) drawn over the whole catalogue by the same Zipf popularity
// as the item reads, so at scale 100 most of them fall outside the prerendered set and are
// rendered on demand; the other half are the site's other built pages (home, tags, areas,
// offers, content pages). The bench prints how many page GETs were on demand.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import autocannon from "autocannon";
import { createClient } from "@libsql/client";
import {
  benchVisitor,
  compare,
  loader,
  printFigures,
  ROOT,
  startApp,
  startBaseline,
  type Figures,
  type Loader,
} from "./harness.ts";
import { MIX_SHARES, mixWorkload, ZIPF_S, type MixKind, type MixRequest } from "./workload.ts";

export interface MixOptions {
  scale: number;
  duration: number;
  connections: number;
  dataDir: string;
  databaseUrl: string;
  siteDir?: string;
}

// Long enough that the stream never wraps within a run, so the tail stays a tail.
const STREAM_LENGTH = 600_000;
/** Seconds of the mix sent before the first measured slice: a server that has been up a while. */
const MIX_WARM_UP_SECONDS = 6;
// What a browser sends; the static host answers pages compressed, the API does not compress.
const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br" };

/**
 * The site's HTML pages as paths, "/" first, without the item pages (the workload draws those
 * over the whole catalogue), the on-demand templates and the 404 page.
 */
function sitePages(siteDir: string): string[] {
  const pages: string[] = [];
  for (const entry of readdirSync(siteDir, { recursive: true, withFileTypes: true })) {
    if (entry.name !== "index.html") continue;
    const folder = relative(siteDir, entry.parentPath).split(sep).filter(Boolean);
    if (folder.some((segment) => segment.startsWith("_template"))) continue;
    if (ITEM_PAGE_KINDS.has(folder[0]!) && folder.length === 2) continue;
    pages.push(`/${folder.join("/")}`);
  }
  return pages.sort((a, b) => (a === "/" ? -1 : b === "/" ? 1 : a.localeCompare(b)));
}

// The kinds whose pages mixWorkload draws by item popularity.
const ITEM_PAGE_KINDS = new Set(["dish", "restaurant"]);

/** The built site a bench uses when none is given: one per PRERENDER_CAP, beside the database. */
export function benchSiteDir(dataDir: string): string {
  const cap = process.env.PRERENDER_CAP?.trim();
  return join(dataDir, cap ? `site-cap-${cap}` : "site");
}

/** Builds the site from the bench database into `siteDir` unless a build is there already. */
export function buildSiteOnce(siteDir: string, dataDir: string, databaseUrl: string): void {
  if (existsSync(join(siteDir, "index.html"))) return;
  console.log(`Building the site from the bench database into ${siteDir}…`);
  const started = performance.now();
  const built = spawnSync(
    process.execPath,
    [join(ROOT, "node_modules/astro/bin/astro.mjs"), "build", "--outDir", siteDir],
    {
      cwd: ROOT,
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, ASTRO_TELEMETRY_DISABLED: "1" },
    },
  );
  if (built.status !== 0) process.exit(built.status ?? 1);
  console.log(`Built in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
}

/** Whether the built site lacks this item page, so the Node entry renders it on demand. */
function onDemandIn(siteDir: string): (path: string) => boolean {
  const known = new Map<string, boolean>();
  return (path) => {
    const [, kind, id] = path.split("/");
    if (!ITEM_PAGE_KINDS.has(kind!) || id === undefined) return false;
    let onDemand = known.get(path);
    if (onDemand === undefined)
      known.set(path, (onDemand = !existsSync(join(siteDir, kind!, id, "index.html"))));
    return onDemand;
  };
}

/** Words of dish names and tags, most frequent first: what people type into search. */
async function searchWords(databaseUrl: string) {
  const db = createClient({ url: databaseUrl });
  try {
    const names = await db.execute(
      "SELECT dish_name AS name FROM dishes UNION ALL SELECT tag_name FROM tags",
    );
    const counts = new Map<string, number>();
    for (const row of names.rows) {
      for (const word of String(row.name)
        .toLowerCase()
        .match(/\p{L}{3,}/gu) ?? [])
        counts.set(word, (counts.get(word) ?? 0) + 1);
    }
    return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([word]) => word);
  } finally {
    db.close();
  }
}

async function readCatalogue(databaseUrl: string) {
  const db = createClient({ url: databaseUrl });
  try {
    const column = async (sql: string) => (await db.execute(sql)).rows.map((row) => Object.values(row)[0]);
    return {
      dishIds: (await column("SELECT id FROM dishes ORDER BY id")).map(Number),
      restaurantIds: (await column("SELECT id FROM restaurants ORDER BY id")).map(Number),
      tagNames: (await column("SELECT tag_name FROM tags ORDER BY id")).map(String),
      placeNames: (await column("SELECT area_name FROM areas UNION ALL SELECT region_name FROM regions")).map(
        String,
      ),
    };
  } finally {
    db.close();
  }
}

/**
 * One stream of requests: the mix's loader takes its next requests; a loader of one kind
 * takes that kind's next requests, starting where the stream stood when it began, so each
 * row continues the same traffic rather than replaying what the cache has just seen.
 */
function streamLoader(
  baseUrl: string,
  stream: MixRequest[],
  cursor: { next: number },
  connections: number,
  kind?: MixKind,
  onSend?: (request: MixRequest) => void,
): Loader {
  const positions = kind ? stream.flatMap((r, i) => (r.kind === kind ? [i] : [])) : [];
  let own: number | undefined;
  return (seconds) => {
    own ??= Math.max(
      0,
      positions.findIndex((i) => i >= cursor.next),
    );
    return autocannon({
      url: baseUrl,
      connections,
      duration: seconds,
      headers: BROWSER_HEADERS,
      requests: [
        {
          setupRequest: (request) => {
            const at = kind ? positions[own!++ % positions.length]! : cursor.next++ % stream.length;
            onSend?.(stream[at]!);
            request.headers = { ...request.headers, "x-forwarded-for": benchVisitor(at) };
            request.path = stream[at]!.path;
            return request;
          },
        },
      ],
    });
  };
}

function describeStream(stream: MixRequest[], sample: number, onDemand: (path: string) => boolean): string {
  const lines = (Object.keys(MIX_SHARES) as MixKind[]).map((kind) => {
    const paths = stream
      .slice(0, sample)
      .filter((r) => r.kind === kind)
      .map((r) => r.path);
    const distinct = new Set(paths);
    const line = `  ${kind.padEnd(7)} ${((paths.length / sample) * 100).toFixed(0).padStart(3)}% of requests, ${distinct.size} distinct targets among ${paths.length}`;
    if (kind !== "page") return line;
    const rendered = paths.filter(onDemand).length;
    const renderedDistinct = [...distinct].filter(onDemand).length;
    return `${line}; ${rendered} of them (${renderedDistinct} distinct) rendered on demand`;
  });
  return [`In the first ${sample.toLocaleString("en")} requests of the stream:`, ...lines].join("\n");
}

export async function runMix(options: MixOptions): Promise<void> {
  const { scale, duration, connections, dataDir, databaseUrl } = options;
  const siteDir = resolve(options.siteDir ?? benchSiteDir(dataDir));
  buildSiteOnce(siteDir, dataDir, databaseUrl);
  const onDemand = onDemandIn(siteDir);

  const catalogue = await readCatalogue(databaseUrl);
  const stream = mixWorkload(
    { ...catalogue, searchWords: await searchWords(databaseUrl), pagePaths: sitePages(siteDir) },
    STREAM_LENGTH,
  );
  console.log(
    `Catalogue: ${catalogue.restaurantIds.length} restaurants, ${catalogue.dishIds.length} dishes; ` +
      `site ${siteDir}; Zipf s = ${ZIPF_S}; ${connections} connections, ${duration} s per row\n`,
  );
  console.log(`${describeStream(stream, 100_000, onDemand)}\n`);

  const app = await startApp({ dataDir, databaseUrl, siteDir });
  // The baseline answers the bytes of a real 'top dishes' answer, as in the endpoint bench.
  const baselineBodyFile = resolve(dataDir, "baseline-body.json");
  writeFileSync(baselineBodyFile, await (await fetch(`${app.url}/api/dishes/top?topNum=5`)).text());
  const baseline = await startBaseline(baselineBodyFile);
  try {
    const runBaseline = loader(baseline.url, ["/"], connections);
    await runBaseline(2);
    const cursor = { next: 0 };
    // Page GETs each row sent (its warm-up included), and how many the host rendered on demand.
    let pagesSent = { pages: 0, onDemand: 0 };
    const countPage = (request: MixRequest) => {
      if (request.kind !== "page") return;
      pagesSent.pages++;
      if (onDemand(request.path)) pagesSent.onDemand++;
    };
    const hotLists = [
      "/api/dishes/top?topNum=5",
      "/api/restaurants/trending",
      "/api/tags/getLimitedTags?limit=30",
      "/api/regions/all",
      "/api/areas/all",
    ];
    const rows: [string, Loader, (run: Loader) => Promise<unknown>][] = [
      [
        "hot lists (top, trending, tags, regions, areas)",
        loader(app.url, hotLists, connections),
        (run) => run(2),
      ],
      // The stream's first seconds fill the response cache and the static host's memory
      // as a server that has been up a while would have them.
      [
        "the mix",
        streamLoader(app.url, stream, cursor, connections, undefined, countPage),
        (run) => run(MIX_WARM_UP_SECONDS),
      ],
      ...(Object.keys(MIX_SHARES) as MixKind[]).map(
        (kind): [string, Loader, (run: Loader) => Promise<unknown>] => [
          `  its ${kind} requests alone`,
          streamLoader(app.url, stream, cursor, connections, kind, countPage),
          (run) => run(1),
        ],
      ),
    ];
    const results: Figures[] = [];
    const pids = { endpoint: app.process.pid, baseline: baseline.process.pid };
    const pageLines: string[] = [];
    for (const [name, run, warmUp] of rows) {
      pagesSent = { pages: 0, onDemand: 0 };
      results.push(await compare(name, run, runBaseline, { duration, warmUp, pids }));
      if (pagesSent.pages > 0)
        pageLines.push(
          `${name.trim()}: ${pagesSent.pages.toLocaleString("en")} page GETs, ` +
            `${pagesSent.onDemand.toLocaleString("en")} (${((pagesSent.onDemand / pagesSent.pages) * 100).toFixed(0)}%) rendered on demand`,
        );
    }
    printFigures(results, 48);
    console.log(`\nPage GETs sent, warm-up included:\n  ${pageLines.join("\n  ")}`);

    const share = (r: Figures) => r.rps / r.baselineRps;
    const cpuShare = (r: Figures) =>
      r.cpuPerRequest
        ? ` (by CPU time per request: ${((r.cpuPerRequest.baseline / r.cpuPerRequest.endpoint) * 100).toFixed(0)}%)`
        : "";
    const [lists, mix] = results as [Figures, Figures];
    const mixTarget = scale >= 100 ? 0.25 : 0.45;
    const verdict = (met: boolean) => (met ? "met" : "missed");
    const cpuRatio = (r: Figures) => (r.cpuPerRequest ? r.cpuPerRequest.baseline / r.cpuPerRequest.endpoint : 0);
    console.log(
      [
        "",
        `Targets (issues 10 and 23), by requests/s and by CPU time per request:`,
        `hot lists >= 80% of the baseline: ${(share(lists) * 100).toFixed(0)}%${cpuShare(lists)}: ${verdict(share(lists) >= 0.8)} by requests/s, ${verdict(cpuRatio(lists) >= 0.8)} by CPU`,
        `the mix, page GETs included, >= ${mixTarget * 100}% at scale ${scale}: ${(share(mix) * 100).toFixed(0)}%${cpuShare(mix)}: ${verdict(share(mix) >= mixTarget)} by requests/s, ${verdict(cpuRatio(mix) >= mixTarget)} by CPU`,
        `the mix's p99 < 25 ms: ${mix.p99.toFixed(1)} ms (worst slice ${mix.p99Worst.toFixed(1)}; the baseline's ${mix.baselineP99.toFixed(1)}): ${verdict(mix.p99 < 25)}`,
        `The mix row sent requests up to ${cursor.next.toLocaleString("en")} of the stream's ${STREAM_LENGTH.toLocaleString("en")}.`,
      ].join("\n"),
    );
  } finally {
    baseline.process.kill();
    app.process.kill();
  }
}
