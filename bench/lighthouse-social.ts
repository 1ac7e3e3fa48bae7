// npx node bench/lighthouse-social.ts [--runs 3] [--pages /home,/profile,/review/{review},/restaurant/{restaurant}]
//   [--scale 1] [--reports DIR]
// Issues 12 and 24's Lighthouse check: mobile Lighthouse on the signed-in social pages, with a
// session, and on a review's own page and its restaurant's page ({review} and {restaurant}
// stand for the first review this script posts and the restaurant it is about).
// Not run by CI (scores move with the machine's load); the figures are in docs/perf/social.md.
//
// It seeds London into a temporary DATA_DIR, builds the site and starts the Node entry as
// `npm start` does, signs a person up through the API and the development outbox, has them
// follow the authors of recent reviews (so the feed has posts) and post two reviews with a
// photo (so the profile has posts), then starts Debian's chromium with a remote-debugging
// port, writes the session into localStorage on the site's origin (the session lives there:
// src/islands/accounts/session.ts) and runs Lighthouse's Node API on that port with
// disableStorageReset, which keeps the session. The HTTP cache is cleared before each run,
// so every run is a first visit.
//
// Lighthouse is not a dependency of the project: it is installed once with npm into
// $TMPDIR/dishcovery-lighthouse (or LIGHTHOUSE_DIR), outside the repo.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import sharp from "sharp";

const LIGHTHOUSE_VERSION = "13.5.0";
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const ROOT = resolve(import.meta.dirname, "..");
const NODE = process.execPath;
const PASSWORD = "charred leeks with romesco";
/** How many authors of recent reviews the person follows: enough for a full first feed page. */
const FOLLOWS = 8;

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    pages: { type: "string", default: "/home,/profile,/review/{review},/restaurant/{restaurant}" },
    scale: { type: "string", default: "1" },
    reports: { type: "string" },
    keep: { type: "boolean", default: false },
  },
});
const runs = Number(values.runs);
const pages = values.pages
  .split(",")
  .map((p) => p.trim())
  .filter(Boolean);
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`--runs must be a positive whole number, got "${values.runs}"`);
if (pages.some((p) => !p.startsWith("/")))
  throw new Error(`--pages must be paths starting with "/", got "${values.pages}"`);

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address
          ? resolvePort(address.port)
          : reject(new Error("no free port")),
      );
    });
  });
}

function run(args: string[], env: NodeJS.ProcessEnv): void {
  const result = spawnSync(NODE, args, { cwd: ROOT, env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0)
    throw new Error(
      `${args.join(" ")} exited ${result.status}\n${(result.stdout + result.stderr).slice(-4000)}`,
    );
}

async function waitFor(url: string, child: ChildProcess, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not answer at ${url}`);
}

// The part of Lighthouse's result we read (it is not a dependency, so its types are not here).
interface LighthouseAudit {
  id: string;
  score: number | null;
  scoreDisplayMode: string;
  numericValue?: number;
  details?: { items?: { resourceType?: string; transferSize?: number }[] };
}
interface LighthouseResult {
  finalDisplayedUrl: string;
  runtimeError?: { code: string; message: string };
  categories: Record<
    string,
    { id: string; score: number | null; auditRefs: { id: string; weight: number }[] }
  >;
  audits: Record<string, LighthouseAudit>;
}
type Lighthouse = (
  url: string,
  flags: { port: number; output: "json"; logLevel: "error"; disableStorageReset: boolean },
) => Promise<{ lhr: LighthouseResult } | undefined>;

/** Lighthouse's Node API, installed outside the repo on first use. */
async function loadLighthouse(): Promise<Lighthouse> {
  const dir = resolve(process.env.LIGHTHOUSE_DIR ?? join(tmpdir(), "dishcovery-lighthouse"));
  const entry = join(dir, "node_modules", "lighthouse", "core", "index.js");
  if (!existsSync(entry)) {
    console.log(`Installing lighthouse@${LIGHTHOUSE_VERSION} into ${dir}…`);
    mkdirSync(dir, { recursive: true });
    if (!existsSync(join(dir, "package.json")))
      writeFileSync(join(dir, "package.json"), '{"private":true}\n');
    // npm runs under the same Node as this script (lighthouse 13 needs Node 22 or later).
    const npm = spawnSync("npm", ["install", "--no-audit", "--no-fund", `lighthouse@${LIGHTHOUSE_VERSION}`], {
      cwd: dir,
      stdio: "inherit",
      env: { ...process.env, PATH: `${dirname(NODE)}:${process.env.PATH}` },
    });
    if (npm.status !== 0) throw new Error("npm could not install lighthouse");
  }
  return ((await import(pathToFileURL(entry).href)) as { default: Lighthouse }).default;
}

// --- the site --------------------------------------------------------------------------

const lighthouse = await loadLighthouse();
const dataDir = mkdtempSync(join(tmpdir(), "dishcovery-lighthouse-site-"));
const sitePort = await freePort();
const origin = `http://127.0.0.1:${sitePort}`;
const env = {
  ...process.env,
  NODE_ENV: "development",
  DATA_DIR: dataDir,
  SITE_DIR: join(dataDir, "dist"),
  PORT: String(sitePort),
  HOST: "127.0.0.1",
  PUBLIC_ORIGIN: origin,
  // The measured pages are the same at any cap; a small one keeps the build short.
  PRERENDER_CAP: "200",
};
const children: ChildProcess[] = [];
const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;
/** Stops the server and chromium, waits for them (chromium writes its profile until it exits), removes the folder. */
async function shutDown(code: number): Promise<never> {
  const exits = children.filter(running).map((child) => new Promise((done) => child.once("exit", done)));
  for (const child of children.filter(running)) child.kill("SIGTERM");
  await Promise.race([Promise.all(exits), new Promise((done) => setTimeout(done, 10_000))]);
  if (!values.keep) rmSync(dataDir, { recursive: true, force: true });
  process.exit(code);
}
process.on("uncaughtException", (error) => {
  console.error(error);
  void shutDown(1);
});
process.on("SIGINT", () => void shutDown(130));

console.log(`Seeding (scale ${values.scale}) and building into ${dataDir}…`);
run(["scripts/db-seed.ts", "--scale", values.scale], env);
// Built as `npm start` builds on a fresh clone, where NODE_ENV is unset: Vite's production
// mode. Built under NODE_ENV=development, the islands would ship React's development build
// (about four times the JavaScript, and slower), which no visitor gets.
const { NODE_ENV: _serverOnly, ...buildEnv } = env;
run([join(ROOT, "node_modules/astro/bin/astro.mjs"), "build", "--outDir", env.SITE_DIR], buildEnv);
const server = spawn(NODE, ["src/server/hosts/node.ts"], { cwd: ROOT, env, stdio: "ignore" });
children.push(server);
await waitFor(`${origin}/api/health`, server, "the Node entry");

// --- a person with a feed and a profile --------------------------------------------------

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

async function api<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
  if (typeof init.body === "string") headers.set("Content-Type", "application/json");
  const response = await fetch(`${origin}/api${path}`, { ...init, headers });
  const body = (await response.json()) as Envelope<T>;
  if (!response.ok) throw new Error(`${init.method ?? "GET"} ${path}: ${response.status} ${body.message}`);
  return body.data;
}

async function codeFromOutbox(to: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const mail = await api<{ to: string; subject: string; text: string }[]>("/dev/outbox");
    const code = mail
      .filter((m) => m.to === to && /code/i.test(m.subject))
      .map((m) => /^([A-Z0-9]{6})$/m.exec(m.text)?.[1])
      .find(Boolean);
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no verification code for ${to} in the outbox`);
}

const person = {
  username: "lighthouse_reader",
  email: "lighthouse.reader@example.com",
  firstName: "Ada",
  lastName: "Okafor",
  phoneNumber: "+447700900123",
  password: PASSWORD,
};
await api(`/users/sendEmail?to=${encodeURIComponent(person.email)}`, { method: "POST" });
const { signupTicket } = await api<{ signupTicket: string }>("/users/verifyEmailCode1", {
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams({ email: person.email, code: await codeFromOutbox(person.email) }),
});
await api("/users/signup", { method: "POST", body: JSON.stringify({ ...person, signupTicket }) });
const login = await api<{
  token: string;
  userId: number;
  username: string;
  email: string;
  profileId: number | null;
}>("/users/login", {
  method: "POST",
  body: JSON.stringify({ emailOrPhoneNumber: person.email, password: PASSWORD }),
});
const token = login.token;

const { suggestions: suggested } = await api<{ suggestions: { userId: number }[] }>(
  `/people/suggestions?limit=${FOLLOWS}`,
  { token },
);
for (const { userId } of suggested.slice(0, FOLLOWS)) {
  await api("/follower/follow", {
    method: "POST",
    token,
    body: JSON.stringify({ followerId: login.userId, followingId: userId }),
  });
}

// A photo as a phone would send one: 1600×1200 JPEG.
const photo = await sharp({
  create: { width: 1600, height: 1200, channels: 3, background: { r: 196, g: 120, b: 60 } },
})
  .composite([
    {
      input: Buffer.from(
        '<svg width="1600" height="1200"><circle cx="800" cy="600" r="420" fill="#f3e3c3"/></svg>',
      ),
    },
  ])
  .jpeg({ quality: 80 })
  .toBuffer();
const restaurants = await api<{ id: number }[]>("/restaurants/top?topNum=2");
for (const [index, restaurant] of restaurants.entries()) {
  const form = new FormData();
  form.set("restaurantId", String(restaurant.id));
  form.set(
    "content",
    `Lighthouse review ${index + 1}: crisp edges, a generous sauce and a room that hums on a Friday night.`,
  );
  form.set("rating", "4.5");
  form.append("images", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "plate.jpg");
  const saved = await api<{ postId: number }>("/posts/save", {
    method: "POST",
    token,
    body: form,
    headers: { "Idempotency-Key": crypto.randomUUID() },
  });
  if (index === 0) {
    for (const [at, path] of pages.entries())
      pages[at] = path.replace("{review}", String(saved.postId)).replace("{restaurant}", String(restaurant.id));
  }
}
console.log(
  `Signed up ${login.username} (user ${login.userId}), following ${suggested.length}, 2 reviews posted.`,
);

// --- chromium with the session, then Lighthouse ----------------------------------------

const debugPort = await freePort();
const profileDir = join(dataDir, "chromium-profile");
const browserProcess = spawn(
  CHROMIUM_PATH,
  [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    `--remote-debugging-port=${debugPort}`,
    `--user-data-dir=${profileDir}`,
    "about:blank",
  ],
  { stdio: "ignore" },
);
children.push(browserProcess);
await waitFor(`http://127.0.0.1:${debugPort}/json/version`, browserProcess, "chromium");
const browser = await chromium.connectOverCDP(`http://127.0.0.1:${debugPort}`);
const context = browser.contexts()[0]!;
const setup = await context.newPage();
await setup.goto(`${origin}/robots.txt`);
await setup.evaluate(
  (session) => {
    for (const [key, value] of Object.entries(session))
      if (value !== null) localStorage.setItem(key, String(value));
  },
  { token, userId: login.userId, username: login.username, email: login.email, profileId: login.profileId },
);
const cdp = await context.newCDPSession(setup);

interface Row {
  page: string;
  run: number;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsKb: number;
  load: string;
  failing: string[];
}
const rows: Row[] = [];
const reportsDir = values.reports ? resolve(values.reports) : null;
if (reportsDir) mkdirSync(reportsDir, { recursive: true });
const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);
const loadAverage = () =>
  (spawnSync("cat", ["/proc/loadavg"], { encoding: "utf8" }).stdout ?? "").split(" ").slice(0, 3).join(" ");

for (let attempt = 1; attempt <= runs; attempt += 1) {
  for (const path of pages) {
    // disableStorageReset keeps the session but also the HTTP cache: clear it so every run loads cold.
    await cdp.send("Network.clearBrowserCache");
    const load = loadAverage();
    let lhr: LighthouseResult | undefined;
    // Lighthouse now and then loses the trace (NO_NAVSTART, "Please run Lighthouse again"):
    // such a run is run again, up to twice, with the cache cleared again.
    for (let tries = 1; !lhr; tries += 1) {
      const result = await lighthouse(`${origin}${path}`, {
        port: debugPort,
        output: "json",
        logLevel: "error",
        disableStorageReset: true,
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
      const error = result.lhr.runtimeError;
      if (!error) lhr = result.lhr;
      else if (tries < 3) {
        console.log(`${path} run ${attempt}: ${error.code}, running it again`);
        await cdp.send("Network.clearBrowserCache");
      } else throw new Error(`${path}: ${error.code} ${error.message}`);
    }
    if (new URL(lhr.finalDisplayedUrl).pathname !== path)
      throw new Error(`${path} ended at ${lhr.finalDisplayedUrl}: the session was not kept`);
    const requests = lhr.audits["network-requests"]?.details?.items ?? [];
    const failing = Object.values(lhr.categories)
      .filter((category) => category.id !== "performance" && (category.score ?? 0) < 1)
      .flatMap((category) => category.auditRefs.filter((ref) => ref.weight > 0))
      .map((ref) => lhr.audits[ref.id]!)
      .filter(
        (audit) =>
          audit.score !== null &&
          audit.score < 1 &&
          audit.scoreDisplayMode !== "informative" &&
          audit.scoreDisplayMode !== "manual",
      )
      .map((audit) => audit.id);
    rows.push({
      page: path,
      run: attempt,
      performance: score(lhr.categories.performance?.score),
      accessibility: score(lhr.categories.accessibility?.score),
      bestPractices: score(lhr.categories["best-practices"]?.score),
      seo: score(lhr.categories.seo?.score),
      lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN),
      tbtMs: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? NaN),
      cls: Number((lhr.audits["cumulative-layout-shift"]?.numericValue ?? NaN).toFixed(3)),
      jsKb: Math.round(
        requests
          .filter((r) => r.resourceType === "Script")
          .reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024,
      ),
      load,
      failing: [...new Set(failing)],
    });
    const row = rows.at(-1)!;
    console.log(
      `${path} run ${attempt}: perf ${row.performance}, a11y ${row.accessibility}, best ${row.bestPractices}, seo ${row.seo}; LCP ${row.lcpMs} ms, TBT ${row.tbtMs} ms, CLS ${row.cls}, JS ${row.jsKb} KB; load ${load}${row.failing.length ? `; failing: ${row.failing.join(", ")}` : ""}`,
    );
    if (reportsDir)
      writeFileSync(
        join(reportsDir, `${path.slice(1).replaceAll("/", "_") || "root"}-${attempt}.json`),
        JSON.stringify(lhr, null, 1),
      );
  }
}

await browser.close().catch(() => {});
console.log(
  "\n| page | run | performance | accessibility | best practices | SEO | LCP | TBT | CLS | JS (transfer) | load average |",
);
console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
for (const r of rows)
  console.log(
    `| ${r.page} | ${r.run} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.lcpMs} ms | ${r.tbtMs} ms | ${r.cls} | ${r.jsKb} KB | ${r.load} |`,
  );
if (values.keep) console.log(`\nKept ${dataDir} (${readdirSync(dataDir).length} entries).`);
await shutDown(0);
