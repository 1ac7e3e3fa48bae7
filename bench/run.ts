// npm run bench [-- --scale N --duration S --connections C --only dishes/{id},restaurants/{id}]
// npm run bench -- --mix [--scale N --site-dir DIR]: the realistic mix (mix.ts).
// npm run bench -- --pages [--scale N --site-dir DIR]: item pages rendered on demand (pages.ts).
// npm run bench -- --reviews [--parts photos,load,readers,queue,kill]: posting reviews, a write
// load beside the read mix, readers beside photo posts, the write queue, and SIGKILLs during a
// write load (reviews.ts, docs/perf/reviews.md).
// npm run bench -- --search [--db SCALE_100_DB --before CHECKOUT]: uncached search, one client,
// CPU per request and p99 beside the issue 23 targets (search.ts, docs/perf/search.md).
// npm run bench -- --social: follow lists and their search at 10,000 followers, the feed deep
// by cursor, parallel likes and follows of one pair (social.ts, docs/perf/social.md).
// npm run bench -- --lists: a list of 500 items and the friend signal for a member following
// 1,000 people (lists.ts, issue 32).
// npm run bench -- --moderation --scale 100: the moderation queue with 10,000 open reports
// (moderation.ts, docs/perf/moderation.md).
// Seeds a scaled database (kept under data/bench-scale-N, or --data-dir, for reuse), starts
// the Node entry, a bare node:http baseline and a bare by-id reader
// (point-read-server.ts), all pinned to CPU 0, loads each endpoint from CPU 1 with
// autocannon, and prints requests/s, p50, p99 and throughput as a share of the baseline.
// --only keeps the endpoints whose name or path contains one of its comma-separated words
// (the baseline always runs, so the ratios stay comparable).
import { spawnSync } from "node:child_process";
import { existsSync, statSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { createClient } from "@libsql/client";
import {
  compare,
  freePort,
  loader,
  pinnedToCpu0,
  printFigures,
  ROOT,
  seedOnce,
  startApp,
  startBaseline,
  waitFor,
  type Figures,
  type Loader,
} from "./harness.ts";
import { benchWorkload } from "./workload.ts";

// npm run bench -- --near: near reads at scale 100, both plans (near.ts, docs/perf/near.md).
if (process.argv.includes("--near")) await import("./near.ts");

const { values } = parseArgs({
  options: {
    scale: { type: "string", default: "1" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "32" },
    pinned: { type: "boolean", default: false },
    only: { type: "string" },
    mix: { type: "boolean", default: false },
    pages: { type: "boolean", default: false },
    reviews: { type: "boolean", default: false },
    social: { type: "boolean", default: false },
    moderation: { type: "boolean", default: false },
    lists: { type: "boolean", default: false },
    search: { type: "boolean", default: false },
    db: { type: "string" },
    before: { type: "string" },
    parts: { type: "string", default: "photos,load,readers,queue,kill" },
    "data-dir": { type: "string" },
    "site-dir": { type: "string" },
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
const dataDir = resolve(ROOT, values["data-dir"] ?? `data/bench-scale-${scale}`);
const databaseUrl = seedOnce(dataDir, scale);

if (values.reviews) {
  const { runReviews } = await import("./reviews.ts");
  await runReviews({ dataDir, databaseUrl, siteDir: values["site-dir"], parts: values.parts.split(",") });
  process.exit(0);
}

if (values.search) {
  const { runSearch } = await import("./search.ts");
  await runSearch({ databaseUrl, scale100Db: values.db, before: values.before });
  process.exit(0);
}

if (values.social) {
  const { runSocial } = await import("./social.ts");
  await runSocial({ dataDir, databaseUrl });
  process.exit(0);
}

if (values.lists) {
  const { runLists } = await import("./lists.ts");
  await runLists({ dataDir, databaseUrl });
  process.exit(process.exitCode ?? 0);
}

if (values.moderation) {
  const { runModeration } = await import("./moderation.ts");
  await runModeration({ dataDir, databaseUrl });
  process.exit(process.exitCode ?? 0);
}

if (values.pages) {
  const { runPages } = await import("./pages.ts");
  await runPages({ scale, connections, dataDir, databaseUrl, siteDir: values["site-dir"] });
  process.exit(0);
}

if (values.mix) {
  const { runMix } = await import("./mix.ts");
  await runMix({ scale, duration, connections, dataDir, databaseUrl, siteDir: values["site-dir"] });
  process.exit(0);
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
const app = await startApp({ dataDir, databaseUrl });
const uncached = await startApp({ dataDir, databaseUrl, env: { CACHE_TTL_SECONDS: "0" } });
// The baseline answers the very bytes of a real 'top dishes' answer, so the ratio measures
// what our stack costs per request rather than the size of the payload.
const baselineBodyFile = resolve(dataDir, "baseline-body.json");
writeFileSync(baselineBodyFile, await (await fetch(`${app.url}/api/dishes/top?topNum=5`)).text());
const baseline = await startBaseline(baselineBodyFile);

// What an uncached by-id read costs with none of our stack (point-read-server.ts).
const pointReadPort = await freePort();
const pointRead = pinnedToCpu0(["bench/point-read-server.ts"], {
  ...process.env,
  PORT: String(pointReadPort),
  DATABASE_URL: databaseUrl,
});

try {
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
  const runBaseline = loader(baseline.url, ["/"], connections);
  await runBaseline(2);
  // Warm the JIT, and for the by-id rows the database file's pages: a server that has run for
  // a while has them mapped, and a fresh one sped up for ~10 s as it faulted them in, so
  // each of an endpoint's paths is requested once first.
  const warmUp = (run: Loader) => run(2, { everyPath: true });
  const pidOf = new Map([
    [api, app.process.pid],
    [uncached.url, uncached.process.pid],
    [pointReadUrl, pointRead.pid],
  ]);
  const results: Figures[] = [];
  for (const [name, paths, clients = connections, target = api] of endpoints) {
    if (only && !only.some((word) => name.includes(word) || paths[0]!.includes(word))) continue;
    const pids = { endpoint: pidOf.get(target), baseline: baseline.process.pid };
    results.push(
      await compare(name, loader(target, paths, clients), runBaseline, { duration, warmUp, pids }),
    );
  }
  printFigures(results);
} finally {
  baseline.process.kill();
  pointRead.kill();
  app.process.kill();
  uncached.process.kill();
}
