// npm run bench -- --reviews [--scale N --data-dir DIR --site-dir DIR --parts photos,load,readers,queue,kill]
// Issues 11, 23 and 33: (photos) posting a review with three 12-megapixel photos and without
// photos, one request at a time, server on one core; (load) 50 concurrent posters for 30 s
// beside the read mix, then db:check; (readers) the read mix alone, then beside three-photo
// posts (reviews-readers.ts); (queue) the write queue's cost, fairness and cap
// (reviews-queue.ts); (kill) the same write load while the server is killed with SIGKILL 20
// times and restarted, then every acknowledged review, no half-review, integrity_check and
// db:check. Each part prints its figures and its targets, met or missed, with the host's load;
// the figures are in docs/perf/reviews.md. Every part works on a copy of the seeded database.
// The pieces the parts share are in reviews-shared.ts.
import { existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { createClient, type Client } from "@libsql/client";
import { buildSite } from "../src/server/hosts/site-refresh.ts";
import { cpuSeconds } from "./harness.ts";
import { queuePart } from "./reviews-queue.ts";
import { readersPart } from "./reviews-readers.ts";
import {
  createPosters,
  dbCheck,
  ms,
  percentile,
  phonePhoto,
  post,
  POSTS_PER_USER,
  READ_P99_TARGET_MS,
  READ_RATE,
  readMix,
  readCatalogue,
  readStream,
  reviewForm,
  serve,
  stopServer,
  target,
  twelveMegapixelPhotos,
  userPool,
  verdict,
  workCopy,
  type Catalogue,
  type ReviewsOptions,
  type SentReview,
} from "./reviews-shared.ts";

const POSTERS = 50;
const LOAD_SECONDS = 30;
const KILLS = 20;
const PHOTO_POSTS = 40;
const TEXT_POSTS = 400;
// Issue 33's targets for posting, one request at a time on a core of its own.
const TEXT_CPU_TARGET_MS = 5;
const PHOTOS_MEDIAN_TARGET_MS = 400;

// ---------------------------------------------------------------------------------------------

async function photosPart(options: ReviewsOptions): Promise<boolean> {
  console.log("\n## Posting one review at a time (server on CPU 0)");
  const work = workCopy(options);
  const db = createClient({ url: work.databaseUrl });
  const catalogue = await readCatalogue(db);
  const textUser = userPool(await createPosters(db, TEXT_POSTS / POSTS_PER_USER + 2, "t"));
  // Three photos each: a user per post keeps far inside 60 photos an hour.
  const photoUsers = await createPosters(db, PHOTO_POSTS + 5, "p");
  const photoUser = () => photoUsers.shift()!;
  const photos = await twelveMegapixelPhotos(work.dataDir);
  console.log(
    `Photos: 3 × 4000×3000 JPEG, ${photos.map((p) => `${(p.length / 1e6).toFixed(1)} MB`).join(", ")}`,
  );
  const server = await serve(work);
  try {
    const run = async (count: number, withPhotos: boolean, warmUp: number) => {
      const times: number[] = [];
      const visible: number[] = [];
      let failures = 0;
      let cpuBefore = 0;
      for (let n = 0; n < count + warmUp; n++) {
        if (n === warmUp) cpuBefore = cpuSeconds(server.process.pid) ?? NaN;
        const user = withPhotos ? photoUser() : textUser();
        const { form, sent } = reviewForm(
          catalogue,
          n + (withPhotos ? 0 : 10_000),
          user,
          withPhotos ? photos : [],
        );
        const started = performance.now();
        const answer = await post(server.url, user.token, form, sent.key);
        if (answer.status !== 200) {
          failures++;
          if (failures <= 3) console.log(`  ${answer.status}: ${answer.text.slice(0, 200)}`);
        } else if (n >= warmUp) {
          times.push(answer.ms);
          if (withPhotos) {
            const { postId } = (JSON.parse(answer.text) as { data: { postId: number } }).data;
            visible.push((await photosVisibleAt(db, postId)) - started);
          }
        }
      }
      // The server's CPU time per post: what this shared host's other work cannot inflate.
      const cpuMs = (((cpuSeconds(server.process.pid) ?? NaN) - cpuBefore) * 1000) / count;
      return { times, visible, failures, cpuMs };
    };
    const text = await run(TEXT_POSTS, false, 20);
    const withPhotos = await run(PHOTO_POSTS, true, 3);
    const report = (name: string, r: { times: number[]; failures: number; cpuMs: number }) =>
      console.log(
        `${name.padEnd(30)} n=${r.times.length} p50 ${ms(percentile(r.times, 50))} p95 ${ms(percentile(r.times, 95))} max ${ms(Math.max(...r.times))} server CPU ${ms(r.cpuMs)}/post failures ${r.failures}`,
      );
    report("without photos", text);
    report("with three 12 MP photos", withPhotos);
    console.log(
      `photos visible after posting: p50 ${ms(percentile(withPhotos.visible, 50))} p95 ${ms(percentile(withPhotos.visible, 95))} max ${ms(Math.max(...withPhotos.visible))}`,
    );
    // Issue 33's targets (CPU without photos, the median with them) and issue 23's (photos visible).
    const a = target("post without photos: server CPU", text.cpuMs, TEXT_CPU_TARGET_MS, text.failures);
    const b = target(
      "post with three 12 MP photos: median answer",
      percentile(withPhotos.times, 50),
      PHOTOS_MEDIAN_TARGET_MS,
      withPhotos.failures,
    );
    const c = target("its photos visible: p95", percentile(withPhotos.visible, 95), 5000, 0);
    return a && b && c;
  } finally {
    db.close();
    await stopServer(server);
    rmSync(work.dataDir, { recursive: true, force: true });
  }
}

/** When a post's photos have their widths (issue 23: encoded after the answer), polled every 20 ms. */
async function photosVisibleAt(db: Client, postId: number): Promise<number> {
  for (;;) {
    const pending = await db.execute({
      sql: `SELECT count(*) AS n FROM post_images WHERE file_name LIKE 'private~%'
              AND post_id IN (SELECT id FROM posts WHERE id = ? OR review_group_id = ?)`,
      args: [postId, postId],
    });
    if (Number(pending.rows[0]!.n) === 0) return performance.now();
    await new Promise((r) => setTimeout(r, 20));
  }
}

interface WriteLoad {
  acked: Map<string, { postId: number; dishPostIds: number[]; sent: SentReview }>;
  statuses: Map<number | string, number>;
  times: number[];
}

/** 50 posters, each posting one review after another until `until()` says stop. */
function writers(
  url: () => string,
  catalogue: Catalogue,
  nextUser: () => { id: number; token: string },
  photo: Buffer,
  until: () => boolean,
  load: WriteLoad,
  counter: { n: number },
) {
  return Array.from({ length: POSTERS }, async () => {
    // A post the connection dropped is sent again, same user and Idempotency-Key, as a client
    // retries: the server was restarting, and the user's daily limit is not spent on it.
    let retry: { user: { id: number; token: string }; n: number; key?: string } | undefined;
    while (!until()) {
      const n = retry?.n ?? counter.n++;
      const user = retry?.user ?? nextUser();
      // One post in ten carries a photo as the review modal uploads it (at most 2048 px).
      const { form, sent } = reviewForm(catalogue, n, user, n % 10 === 0 ? [photo] : []);
      if (retry?.key) sent.key = retry.key;
      try {
        const answer = await post(url(), user.token, form, sent.key);
        retry = undefined;
        load.statuses.set(answer.status, (load.statuses.get(answer.status) ?? 0) + 1);
        if (answer.status === 200) {
          const data = (JSON.parse(answer.text) as { data: { postId: number; dishPostIds: number[] } }).data;
          load.acked.set(sent.key, { ...data, sent });
          load.times.push(answer.ms);
        }
      } catch {
        retry = { user, n, key: sent.key };
        load.statuses.set("connection", (load.statuses.get("connection") ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  });
}

async function loadPart(options: ReviewsOptions): Promise<boolean> {
  console.log(`\n## ${POSTERS} posters for ${LOAD_SECONDS} s beside the read mix (${READ_RATE} req/s)`);
  const work = workCopy(options);
  const db = createClient({ url: work.databaseUrl });
  const catalogue = await readCatalogue(db);
  const users = await createPosters(db, 1500, "l");
  const stream = await readStream(db, options.siteDir);
  db.close();
  const photo = await phonePhoto();
  const server = await serve(work, options.siteDir);
  try {
    const reads = readMix(server.url, stream, LOAD_SECONDS);
    const end = Date.now() + LOAD_SECONDS * 1000;
    const load: WriteLoad = { acked: new Map(), statuses: new Map(), times: [] };
    await Promise.all([
      ...writers(
        () => server.url,
        catalogue,
        userPool(users),
        photo,
        () => Date.now() > end,
        load,
        { n: 0 },
      ),
      reads,
    ]);
    const read = await reads;
    await stopServer(server);
    const check = dbCheck(work.databaseUrl);
    const writeErrors = [...load.statuses].filter(([s]) => s !== 200).reduce((sum, [, c]) => sum + c, 0);
    const readErrors = read.errors + read.non2xx + read.timeouts;
    console.log(
      `writes: ${load.acked.size} acknowledged (${(load.acked.size / LOAD_SECONDS).toFixed(0)}/s), statuses ${JSON.stringify(Object.fromEntries(load.statuses))}, p50 ${ms(percentile(load.times, 50))} p95 ${ms(percentile(load.times, 95))} p99 ${ms(percentile(load.times, 99))}`,
    );
    console.log(
      `reads: ${read.requests.total} (${read.requests.average}/s), errors ${read.errors}, non-2xx ${read.non2xx}, timeouts ${read.timeouts}, p50 ${read.latency.p50} ms p99 ${read.latency.p99} ms max ${read.latency.max} ms`,
    );
    console.log(
      check.output
        .split("\n")
        .map((l) => `db:check ${l}`)
        .join("\n"),
    );
    const p99 = target("read mix beside the posters: p99", read.latency.p99, READ_P99_TARGET_MS, readErrors);
    console.log(
      `verdict: no write error ${verdict(writeErrors === 0)}, no read error ${verdict(readErrors === 0)}, db:check ${verdict(check.ok)}`,
    );
    return writeErrors === 0 && p99 && check.ok;
  } finally {
    await stopServer(server);
    rmSync(work.dataDir, { recursive: true, force: true });
  }
}

async function killPart(options: ReviewsOptions): Promise<boolean> {
  console.log(`\n## ${KILLS} SIGKILLs during the write load`);
  const work = workCopy(options);
  let db = createClient({ url: work.databaseUrl });
  const catalogue = await readCatalogue(db);
  const users = await createPosters(db, 2500, "k");
  const benchUserFloor = users[0]!.id;
  db.close();
  const photo = await phonePhoto();
  const load: WriteLoad = { acked: new Map(), statuses: new Map(), times: [] };
  const counter = { n: 0 };
  const nextUser = userPool(users);
  let server = await serve(work);
  let url = server.url;
  let stop = false;
  const running = writers(
    () => url,
    catalogue,
    nextUser,
    photo,
    () => stop,
    load,
    counter,
  );
  for (let kill = 0; kill < KILLS; kill++) {
    await new Promise((r) => setTimeout(r, 700 + ((kill * 389) % 900)));
    await stopServer(server, "SIGKILL");
    server = await serve(work);
    url = server.url;
  }
  await new Promise((r) => setTimeout(r, 1000));
  stop = true;
  await Promise.all(running);
  // Issue 23: photos staged before a kill are encoded after the restart; give them a minute.
  const pendingAfter = await waitForEncodes(work.databaseUrl, 60_000);
  await stopServer(server);

  db = createClient({ url: work.databaseUrl });
  try {
    const integrity = (await db.execute("PRAGMA integrity_check")).rows.map((r) =>
      String(Object.values(r)[0]),
    );
    let missing = 0;
    let photosLost = 0;
    for (const { postId, dishPostIds, sent } of load.acked.values()) {
      const ids = [postId, ...dishPostIds];
      const found = await db.execute({
        sql: `SELECT count(*) AS n FROM posts WHERE id IN (${ids.map(() => "?").join(",")})`,
        args: ids,
      });
      if (Number(found.rows[0]!.n) !== ids.length || dishPostIds.length !== sent.dishIds.length) missing++;
      if (sent.photos > 0) {
        const shown = await db.execute({
          sql: "SELECT count(*) AS n FROM post_images WHERE post_id = ? AND file_name NOT LIKE 'private~%' AND variants <> '[]'",
          args: [postId],
        });
        if (Number(shown.rows[0]!.n) !== sent.photos) photosLost++;
      }
    }
    // Every bench restaurant review has its two dish reviews; no dish review lost its parent.
    const half = await db.execute({
      sql: `SELECT count(*) AS n FROM posts p WHERE p.author_id >= ? AND p.restaurant_id IS NOT NULL AND p.review_group_id IS NULL
              AND (SELECT count(*) FROM posts d WHERE d.review_group_id = p.id) <> 2`,
      args: [benchUserFloor],
    });
    const orphans = await db.execute({
      sql: `SELECT count(*) AS n FROM posts d WHERE d.author_id >= ? AND d.review_group_id IS NOT NULL
              AND NOT EXISTS (SELECT 1 FROM posts p WHERE p.id = d.review_group_id)`,
      args: [benchUserFloor],
    });
    const stored = await db.execute({
      sql: "SELECT count(*) AS n FROM posts WHERE author_id >= ? AND review_group_id IS NULL",
      args: [benchUserFloor],
    });
    const rows = await bytesLess(db, work, benchUserFloor);
    db.close();
    const check = dbCheck(work.databaseUrl);
    const halfReviews = Number(half.rows[0]!.n) + Number(orphans.rows[0]!.n);
    const files = await fileOrphans(work, benchUserFloor);
    console.log(
      `writes: ${load.acked.size} acknowledged, ${Number(stored.rows[0]!.n)} reviews stored, statuses ${JSON.stringify(Object.fromEntries(load.statuses))}`,
    );
    console.log(
      `acknowledged but missing: ${missing}; half reviews: ${halfReviews}; integrity_check: ${integrity.join("; ")}`,
    );
    console.log(
      check.output
        .split("\n")
        .map((l) => `db:check ${l}`)
        .join("\n"),
    );
    console.log(
      `photos: ${files.staged} staged files left, ${pendingAfter} encodes pending a minute after the last restart; orphan files ${files.orphans.length}${files.orphans.length ? ` (${files.orphans.slice(0, 3).join(", ")})` : ""}; bench files rows without bytes ${rows}`,
    );
    const integrityOk = integrity.length === 1 && integrity[0] === "ok";
    const acknowledgedPhotos = [...load.acked.values()].filter((a) => a.sent.photos > 0).length;
    console.log(
      `acknowledged reviews with a photo: ${acknowledgedPhotos}, whose photo is not shown encoded: ${photosLost}`,
    );
    const filesOk = files.orphans.length === 0 && pendingAfter === 0 && rows === 0 && photosLost === 0;
    console.log(
      `verdict: every acknowledged review present ${verdict(missing === 0)}, no half review ${verdict(halfReviews === 0)}, no orphan file and no photo left staged ${verdict(filesOk)}, integrity_check ${verdict(integrityOk)}, db:check ${verdict(check.ok)}`,
    );
    return missing === 0 && halfReviews === 0 && filesOk && integrityOk && check.ok;
  } finally {
    rmSync(work.dataDir, { recursive: true, force: true });
  }
}

/** Polls until no photo waits for its encode, or the time is up: how many still wait. */
async function waitForEncodes(databaseUrl: string, withinMs: number): Promise<number> {
  const db = createClient({ url: databaseUrl });
  try {
    const until = Date.now() + withinMs;
    for (;;) {
      const n = Number((await db.execute("SELECT count(*) AS n FROM photo_encodes")).rows[0]!.n);
      if (n === 0 || Date.now() > until) return n;
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    db.close();
  }
}

/** Files on disk that no files row names (the work copy's folder holds only the bench's). */
async function fileOrphans(work: { dataDir: string; databaseUrl: string }, _floor: number) {
  const folder = join(work.dataDir, "files");
  const onDisk = existsSync(folder) ? readdirSync(folder) : [];
  const db = createClient({ url: work.databaseUrl });
  try {
    const orphans: string[] = [];
    for (const name of onDisk) {
      const row = await db.execute({ sql: "SELECT 1 FROM files WHERE name = ?", args: [name] });
      if (row.rows.length === 0) orphans.push(name);
    }
    return { orphans, staged: onDisk.filter((n) => n.startsWith("private~")).length };
  } finally {
    db.close();
  }
}

/** The bench users' files rows whose bytes are not on disk. */
async function bytesLess(db: Client, work: { dataDir: string }, floor: number): Promise<number> {
  const names = await db.execute({ sql: "SELECT name FROM files WHERE owner_id >= ?", args: [floor] });
  return names.rows.filter((r) => !existsSync(join(work.dataDir, "files", String(r.name)))).length;
}

export async function runReviews(options: ReviewsOptions): Promise<void> {
  let siteDir = options.siteDir && resolve(options.siteDir);
  if ((options.parts.includes("load") || options.parts.includes("readers")) && !siteDir) {
    siteDir = join(options.dataDir, "site");
    if (!existsSync(join(siteDir, "index.html"))) {
      console.log(`Building the site from the bench database into ${siteDir}…`);
      mkdirSync(siteDir, { recursive: true });
      await buildSite(siteDir, {
        quiet: true,
        env: { ...process.env, DATA_DIR: options.dataDir, DATABASE_URL: options.databaseUrl },
      });
    }
  }
  const results: [string, boolean][] = [];
  if (options.parts.includes("photos")) results.push(["posting", await photosPart(options)]);
  if (options.parts.includes("load")) results.push(["write load", await loadPart({ ...options, siteDir })]);
  if (options.parts.includes("readers"))
    results.push(["readers beside photo posts", await readersPart({ ...options, siteDir })]);
  if (options.parts.includes("queue")) results.push(["write queue", await queuePart(options)]);
  if (options.parts.includes("kill")) results.push(["SIGKILL", await killPart(options)]);
  console.log(`\n${results.map(([name, ok]) => `${name}: ${verdict(ok)}`).join(", ")}`);
}
