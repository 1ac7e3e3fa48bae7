// npm run bench:build [-- --scale N --runs R --data-dir DIR]
// Builds the site from a seeded database (kept under data/bench-scale-N for reuse, seeded
// when empty) into a temporary folder under data/ and prints pages, whole-build time, the prerender
// phase's time (wall and CPU) and pages per second for both. Each build runs in its own
// process; with --runs R the medians of R builds are printed as well.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";

const ROOT = resolve(import.meta.dirname, "..");
const { values } = parseArgs({
  options: {
    scale: { type: "string", default: "1" },
    runs: { type: "string", default: "1" },
    "data-dir": { type: "string" },
    // Internal: this script re-runs itself with --child to build in a fresh process.
    child: { type: "string" },
  },
});

interface BuildFigures {
  pages: number;
  /** Whole `astro build`, from the call until it returned. */
  buildSeconds: number;
  /** From Astro's "generating static routes" to `astro:build:generated`: getStaticPaths and every page. */
  prerenderSeconds: number;
  prerenderCpuSeconds: number;
}

const RESULT_MARK = "bench-build result: ";

if (values.child !== undefined) {
  // The build runs in-process here so an extra integration can read the clock and the CPU
  // time at the prerender phase's edges.
  const { build } = await import("astro");
  let phaseStart = { wall: 0, cpu: 0 };
  const figures: Partial<BuildFigures> = {};
  const cpuSeconds = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1e6;
  };
  // No integration hook fires where the prerender phase starts, so the phase starts where
  // Astro's log says it does (the same edges as its own "Completed in" line).
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
    if (String(chunk).includes("generating static routes")) {
      phaseStart = { wall: performance.now(), cpu: cpuSeconds() };
      // Unhooked at once: a check on each of the thousands of page lines that follow cost
      // about 2% of the phase it measures.
      process.stdout.write = write;
    }
    return write(chunk, ...rest);
  }) as typeof process.stdout.write;
  const started = performance.now();
  await build({
    root: ROOT,
    outDir: values.child,
    integrations: [
      {
        name: "bench-build",
        hooks: {
          "astro:build:generated": () => {
            figures.prerenderSeconds = (performance.now() - phaseStart.wall) / 1000;
            figures.prerenderCpuSeconds = cpuSeconds() - phaseStart.cpu;
          },
          "astro:build:done": ({ pages }) => {
            figures.pages = pages.length;
          },
        },
      },
    ],
  });
  figures.buildSeconds = (performance.now() - started) / 1000;
  console.log(RESULT_MARK + JSON.stringify(figures));
  // The build's database client keeps the event loop alive.
  process.exit(0);
}

const scale = Number(values.scale);
const runs = Number(values.runs);
if (!(scale > 0) || !(runs >= 1)) {
  console.error("--scale must be positive and --runs at least 1");
  process.exit(1);
}
const dataDir = resolve(ROOT, values["data-dir"] ?? `data/bench-scale-${scale}`);
// DATABASE_URL would point the build somewhere else than the seeded folder.
const { DATABASE_URL: _ignored, ...inherited } = process.env;
const env = { ...inherited, DATA_DIR: dataDir };

// Seeds only when the folder's database is empty (db-seed says so and exits otherwise).
const seed = spawnSync(process.execPath, [join(ROOT, "scripts/db-seed.ts"), "--scale", String(scale)], {
  cwd: ROOT,
  env,
  stdio: ["ignore", "inherit", "inherit"],
});
if (seed.status !== 0) process.exit(seed.status ?? 1);

const fmt = (n: number, digits = 1) => n.toFixed(digits);
const results: BuildFigures[] = [];
/** Each build process from spawn to exit: what a deploy waits for. */
const processTimes: number[] = [];
/** Issue 13, point 5: at scale 100 the build finishes in under 3 minutes on this machine. */
const TARGET_SECONDS = 180;
// Each run's pages are deleted only once every run is done. On this VM's ext4, creating files
// and folders soon after thousands were deleted is slow: the inode allocator skips recently
// freed inodes one by one (in `perf`, 28% of a build's samples sat in ext4's
// recently_deleted() under mkdir and create). Deleting between runs made each run pay for
// the last one's cleanup, which a build on a clean checkout never does.
const outDirs: string[] = [];
process.on("exit", () => {
  for (const dir of outDirs) rmSync(dir, { recursive: true, force: true });
});
for (let run = 1; run <= runs; run++) {
  // Inside the repository (data/ is ignored by git): Astro bundles the pages of a build whose
  // outDir lies outside the working directory into the shared .astro/.prerender/ and deletes
  // it when done, so another session's build there removed this one's chunks mid-run.
  const runDir = mkdtempSync(join(ROOT, "data", "bench-build-"));
  outDirs.push(runDir);
  const outDir = join(runDir, "site");
  const load = loadavg()[0]!;
  const started = performance.now();
  const child = spawnSync(process.execPath, [import.meta.filename, "--child", outDir], {
    cwd: ROOT,
    env,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const processSeconds = (performance.now() - started) / 1000;
  const line = child.stdout.split("\n").find((l) => l.startsWith(RESULT_MARK));
  if (child.status !== 0 || !line) {
    console.error(child.stdout, child.stderr);
    process.exit(child.status ?? 1);
  }
  const figures = JSON.parse(line.slice(RESULT_MARK.length)) as BuildFigures;
  results.push(figures);
  processTimes.push(processSeconds);
  console.log(
    `run ${run}: ${figures.pages} pages; build ${fmt(figures.buildSeconds)} s (process ${fmt(processSeconds)} s); ` +
      `prerender ${fmt(figures.prerenderSeconds)} s wall, ${fmt(figures.prerenderCpuSeconds)} s CPU; ` +
      `${fmt(figures.pages / figures.prerenderSeconds, 0)} pages/s prerendering, ` +
      `${fmt(figures.pages / figures.prerenderCpuSeconds, 0)} per CPU second, ` +
      `${fmt(figures.pages / figures.buildSeconds, 0)} over the whole build; load average ${fmt(load, 2)}`,
  );
}

if (runs > 1) {
  const median = (pick: (f: BuildFigures) => number) => {
    const sorted = results.map(pick).sort((a, b) => a - b);
    const mid = sorted.length >> 1;
    return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  };
  console.log(
    `median of ${runs}: prerender ${fmt(
      median((f) => f.pages / f.prerenderSeconds),
      0,
    )} pages/s ` +
      `(${fmt(
        median((f) => f.pages / f.prerenderCpuSeconds),
        0,
      )} per CPU second), ` +
      `whole build ${fmt(
        median((f) => f.pages / f.buildSeconds),
        0,
      )} pages/s`,
  );
  // Other work on a shared host only ever slows a build down, so the fastest run is the
  // closest to what the build itself costs (the reading timeit recommends); the median shows
  // what a build met on this host at the time.
  const best = (pick: (f: BuildFigures) => number) => Math.max(...results.map(pick));
  console.log(
    `best of ${runs}: prerender ${fmt(
      best((f) => f.pages / f.prerenderSeconds),
      0,
    )} pages/s, ` +
      `whole build ${fmt(
        best((f) => f.pages / f.buildSeconds),
        0,
      )} pages/s`,
  );
}

const slowest = Math.max(...processTimes);
console.log(
  `Target (issue 13): the build finishes in under ${TARGET_SECONDS} s at scale 100; ` +
    `at scale ${scale} the slowest build process took ${fmt(slowest)} s: ` +
    `${slowest < TARGET_SECONDS ? "under" : "over"} the target; load average now ${loadavg()
      .map((n) => fmt(n, 2))
      .join(", ")}.`,
);
