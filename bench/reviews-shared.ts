// The pieces every part of the reviews bench shares (reviews.ts runs the parts): a private copy
// of the seeded database, verified posters with tokens, the review forms and their photos, the
// server as production runs it, the read stream, and targets printed with the host's load.
import { spawnSync, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { copyFileSync, existsSync, mkdtempSync, readdirSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import type { Client } from "@libsql/client";
import sharp from "sharp";
import { issueToken } from "../src/server/api/auth/tokens.ts";
import autocannon from "autocannon";
import { benchVisitor, ROOT, startApp } from "./harness.ts";
import { mixWorkload } from "./workload.ts";

export interface ReviewsOptions {
  dataDir: string;
  databaseUrl: string;
  siteDir?: string;
  parts: string[];
}

export const SECRET = "bench-reviews-secret-bench-reviews-secret-0123";

// The read mix beside the writers: a steady rate, not a flood. Saturating the one core with
// reads would make p99 a queue length, whatever the writes do.
export const READ_RATE = 300;
export const READ_CONNECTIONS = 8;
// Issue 23's target for the read mix beside the posters.
export const READ_P99_TARGET_MS = 50;

// The spec's limits: 20 reviews a day and 60 photos an hour per user.
export const POSTS_PER_USER = 20;

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
export const ms = (v: number) => `${v.toFixed(1)} ms`;
export const verdict = (ok: boolean) => (ok ? "PASS" : "MISS");

/** A private copy of the seeded database (and the built site stays shared: read only). */
export function workCopy(options: ReviewsOptions): { dataDir: string; databaseUrl: string } {
  const dataDir = mkdtempSync(join(tmpdir(), "dishcovery-bench-reviews-"));
  const source = options.databaseUrl.replace(/^file:/, "");
  // Checkpoint first, so the copy holds every committed row.
  const checkpoint = spawnSync(
    process.execPath,
    [
      "-e",
      `const {createClient}=require("@libsql/client");const c=createClient({url:${JSON.stringify(options.databaseUrl)}});c.execute("PRAGMA wal_checkpoint(TRUNCATE)").then(()=>c.close())`,
    ],
    { cwd: ROOT, stdio: "inherit" },
  );
  if (checkpoint.status !== 0) throw new Error("could not checkpoint the bench database");
  copyFileSync(source, join(dataDir, "dishcovery.db"));
  return { dataDir, databaseUrl: `file:${join(dataDir, "dishcovery.db")}` };
}

export interface Catalogue {
  restaurants: { id: number; dishes: number[] }[];
  dishIds: number[];
}

export async function readCatalogue(db: Client): Promise<Catalogue> {
  const rows = (await db.execute("SELECT id, restaurant_id FROM dishes ORDER BY id")).rows;
  const byRestaurant = new Map<number, number[]>();
  for (const row of rows) {
    const list = byRestaurant.get(Number(row.restaurant_id)) ?? [];
    list.push(Number(row.id));
    byRestaurant.set(Number(row.restaurant_id), list);
  }
  return {
    restaurants: [...byRestaurant].filter(([, d]) => d.length >= 2).map(([id, dishes]) => ({ id, dishes })),
    dishIds: rows.map((r) => Number(r.id)),
  };
}

/** Verified bench users straight into the database, and their tokens. */
export async function createPosters(
  db: Client,
  count: number,
  tag: string,
): Promise<{ id: number; token: string }[]> {
  const users: { id: number; token: string }[] = [];
  const now = Date.now();
  for (let i = 0; i < count; i++) {
    const name = `benchposter${tag}${i}`;
    const inserted = await db.execute({
      sql: "INSERT INTO users (username, email, password_hash, email_verified, created_at) VALUES (?, ?, 'x', 1, ?) RETURNING id",
      args: [name, `${name}@bench.invalid`, now],
    });
    const id = Number(inserted.rows[0]!.id);
    await db.execute({ sql: "INSERT INTO profiles (user_id, name) VALUES (?, ?)", args: [id, name] });
    users.push({ id, token: await issueToken({ userId: id, tokenVersion: 0 }, SECRET, now) });
  }
  return users;
}

/** Hands out users so that none passes the spec's per-user limits. */
export function userPool(users: { id: number; token: string }[]) {
  let used = 0;
  return () => {
    const user = users[Math.floor(used / POSTS_PER_USER)];
    used++;
    if (!user) throw new Error("the bench ran out of users");
    return user;
  };
}

export interface SentReview {
  key: string;
  restaurantId?: number;
  dishIds: number[];
  /** Photos sent with the main review (issue 23: each must be there, encoded, once acknowledged). */
  photos: number;
}

export function reviewForm(
  catalogue: Catalogue,
  n: number,
  user: { id: number },
  photos: Buffer[],
): { form: FormData; sent: SentReview } {
  const form = new FormData();
  form.append("authId", String(user.id));
  form.append("content", `Bench review ${n}: crisp, generous and good value.`);
  form.append("rating", ((n % 40) / 10 + 1).toFixed(1));
  for (const [i, photo] of photos.entries())
    form.append("images", new File([new Uint8Array(photo)], `photo-${i}.jpg`, { type: "image/jpeg" }));
  const key = randomUUID();
  // Two in three are restaurant reviews with two dish reviews: the all-or-nothing case.
  if (n % 3 !== 2) {
    const restaurant = catalogue.restaurants[(n * 7919) % catalogue.restaurants.length]!;
    const dishIds = restaurant.dishes.slice(0, 2);
    form.append("restaurantId", String(restaurant.id));
    form.append(
      "dishReviews",
      JSON.stringify(
        dishIds.map((dishId, i) => ({ dishId, content: `Dish ${i + 1} of review ${n}`, rating: 4 })),
      ),
    );
    return { form, sent: { key, restaurantId: restaurant.id, dishIds, photos: photos.length } };
  }
  const dishId = catalogue.dishIds[(n * 104729) % catalogue.dishIds.length]!;
  form.append("dishId", String(dishId));
  return { form, sent: { key, dishIds: [], photos: photos.length } };
}

export async function post(url: string, token: string, form: FormData, key: string) {
  const started = performance.now();
  const res = await fetch(`${url}/api/posts/save`, {
    method: "POST",
    body: form,
    headers: { authorization: `Bearer ${token}`, "idempotency-key": key },
  });
  const text = await res.text();
  return { status: res.status, text, ms: performance.now() - started };
}

/** Three 12-megapixel JPEGs (4000 × 3000) with a photo's texture, made once and kept. */
export async function twelveMegapixelPhotos(dataDir: string): Promise<Buffer[]> {
  const photos: Buffer[] = [];
  for (let i = 0; i < 3; i++) {
    const noise = Buffer.alloc(500 * 375 * 3);
    for (let j = 0; j < noise.length; j++)
      noise[j] = (Math.sin(j * (0.001 + i * 0.0003)) * 90 + 128 + ((j * 2654435761) % 37)) & 255;
    photos.push(
      await sharp(noise, { raw: { width: 500, height: 375, channels: 3 } })
        .resize(4000, 3000, { kernel: "cubic" })
        .jpeg({ quality: 88 })
        .toBuffer(),
    );
  }
  void dataDir;
  return photos;
}

export async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 2048, height: 1536, channels: 3, background: "#b86" } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

export function stopServer(
  server: { process: ChildProcess },
  signal: NodeJS.Signals = "SIGTERM",
): Promise<void> {
  return new Promise((done) => {
    if (server.process.exitCode !== null || server.process.signalCode !== null) return done();
    server.process.once("exit", () => done());
    server.process.kill(signal);
  });
}

export function serve(work: { dataDir: string; databaseUrl: string }, siteDir?: string) {
  // Production wants the site's public address for its links; the bench follows none.
  const env = { JWT_SECRET: SECRET, SITE_REFRESH_MINUTES: "0", PUBLIC_ORIGIN: "http://127.0.0.1" };
  return startApp({ ...work, siteDir, env });
}

export function dbCheck(databaseUrl: string): { ok: boolean; output: string } {
  const run = spawnSync(process.execPath, ["scripts/db-check.ts"], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: "utf8",
  });
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}`.trim() };
}

/** Prints a target beside its figure, met or missed, with the host's load then. */
export function target(name: string, figure: number, limit: number, failures: number, unit = "ms"): boolean {
  const met = failures === 0 && figure <= limit;
  const shown = unit === "ms" ? ms(figure) : `${figure.toFixed(1)} ${unit}`;
  console.log(
    `target: ${name} <= ${limit} ${unit}: ${shown}${failures ? ` (${failures} failures)` : ""} — ${met ? "met" : "MISSED"} (${hostLoad()})`,
  );
  return met;
}

/** The host's load average over 1, 5 and 15 minutes, and its cores (not this process's share). */
export function hostLoad(): string {
  return `load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")} on ${cpus().length} cores`;
}

export function sitePages(siteDir: string | undefined): string[] {
  if (!siteDir || !existsSync(join(siteDir, "index.html"))) return ["/api/health"];
  const pages: string[] = [];
  for (const entry of readdirSync(siteDir, { recursive: true, withFileTypes: true })) {
    if (entry.name !== "index.html") continue;
    const folder = relative(siteDir, entry.parentPath).split(sep).filter(Boolean);
    if (folder.some((f) => f.startsWith("_template"))) continue;
    pages.push(`/${folder.join("/")}`);
  }
  return pages;
}

export async function readStream(db: Client, siteDir: string | undefined) {
  const column = async (sql: string) => (await db.execute(sql)).rows.map((row) => Object.values(row)[0]);
  const words = new Set<string>();
  for (const name of await column("SELECT dish_name FROM dishes LIMIT 3000"))
    for (const w of String(name)
      .toLowerCase()
      .match(/\p{L}{3,}/gu) ?? [])
      words.add(w);
  return mixWorkload(
    {
      dishIds: (await column("SELECT id FROM dishes ORDER BY id")).map(Number),
      restaurantIds: (await column("SELECT id FROM restaurants ORDER BY id")).map(Number),
      tagNames: (await column("SELECT tag_name FROM tags ORDER BY id")).map(String),
      placeNames: (await column("SELECT area_name FROM areas UNION ALL SELECT region_name FROM regions")).map(
        String,
      ),
      searchWords: [...words],
      pagePaths: sitePages(siteDir),
    },
    200_000,
  ).map((r) => r.path);
}

/** The read mix at READ_RATE for `seconds`, each read from one of the bench's visitors. */
export function readMix(url: string, stream: string[], seconds: number) {
  let next = 0;
  return autocannon({
    url,
    connections: READ_CONNECTIONS,
    overallRate: READ_RATE,
    duration: seconds,
    headers: { "accept-encoding": "gzip, deflate, br" },
    // From one address the read mix's searches meet the per-client search limit and answer 429.
    requests: [
      {
        setupRequest: (r) => {
          const n = next++;
          return {
            ...r,
            path: stream[n % stream.length]!,
            headers: { ...r.headers, "x-forwarded-for": benchVisitor(n) },
          };
        },
      },
    ],
  });
}
