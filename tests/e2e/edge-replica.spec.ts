// The local replica of production in CI (issue 13, point 2; decision 011): `npm run
// preview:edge` seeds, builds and starts the site under `wrangler pages dev` in workerd, with
// a local D1 database and R2 bucket and the development outbox. Against it: the API contract
// suite the Node entry answers too (api-contract.ts; here the photo is stored in R2, and the
// Function's cached page, of a prerendered dish too, is purged by the review) and a browser
// smoke test (home, search, a dish page rendered on demand by the Function, sign-up, a review
// with a photo posted through the modal).
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Browser } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiContract, clientOf, onDemandDish as onDemandDishOf, type ContractHost } from "./api-contract.ts";
import { openBrowser } from "./harness.ts";
import { nearContract } from "./near-contract.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const PORT = Number(process.env.EDGE_REPLICA_PORT ?? 8795);
const BASE = `http://127.0.0.1:${PORT}`;
// Where scripts/preview-edge.ts builds the site and keeps the seed it copies into D1.
const SITE_DIR = join(tmpdir(), "dishcovery-preview-edge", "dist");
const SEED_DB = `file:${join(ROOT, ".wrangler/preview-edge/data/dishcovery.db")}`;

let replica: ChildProcess | undefined;
let settings: string;
let log = "";

const REPLICA: ContractHost = {
  base: BASE,
  databaseUrl: SEED_DB,
  siteDir: SITE_DIR,
  sendsHsts: true,
  // The Function renders every dish, restaurant and offer page into caches.default, which
  // writes purge (issue 30, decision 011).
  builtItemPages: "edge-cache",
  log: () => log.slice(-4000),
};
const { api } = clientOf(REPLICA);
const onDemandDish = () => onDemandDishOf(REPLICA);

async function waitForHealth(deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    if (replica?.exitCode != null)
      throw new Error(`preview:edge exited ${replica.exitCode}:\n${log.slice(-3000)}`);
    try {
      const res = await fetch(`${BASE}/api/health`, { signal: AbortSignal.timeout(5000) });
      if (res.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`the replica did not answer /api/health in time:\n${log.slice(-3000)}`);
}

beforeAll(async () => {
  const folder = mkdtempSync(join(tmpdir(), "dishcovery-edge-replica-"));
  settings = join(folder, "dev.vars");
  // What .dev.vars.example asks for, with a fresh secret: nothing of it is kept.
  writeFileSync(
    settings,
    `NODE_ENV=development\nJWT_SECRET=${randomBytes(36).toString("base64url")}\nDEV_OUTBOX=1\n`,
  );
  replica = spawn(process.execPath, ["scripts/preview-edge.ts", "--env-file", settings], {
    cwd: ROOT,
    // A small prerendered set, so most items are rendered on demand by the Function.
    env: { ...process.env, PORT: String(PORT), PRERENDER_CAP: "150" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const keep = (chunk: Buffer) => void (log = (log + chunk.toString()).slice(-20_000));
  replica.stdout!.on("data", keep);
  replica.stderr!.on("data", keep);
  await waitForHealth(Date.now() + 280_000);
}, 300_000);

afterAll(async () => {
  if (replica && replica.exitCode === null) {
    const exited = new Promise((r) => replica!.once("exit", r));
    replica.kill("SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  }
  if (settings) rmSync(resolve(settings, ".."), { recursive: true, force: true });
});

apiContract("the workerd replica", () => REPLICA);
nearContract("the workerd replica", () => REPLICA);

describe("browser smoke test on the replica", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("shows home, search results and a dish page rendered on demand", async () => {
    const page = await browser.newPage();
    const home = await page.goto(`${BASE}/`);
    expect(home!.status()).toBe(200);
    await page.getByRole("heading", { level: 1 }).first().waitFor();

    await page.goto(`${BASE}/search?keyword=curry`);
    await page.getByRole("link", { name: /curry/i }).first().waitFor();

    const dish = await onDemandDish();
    const response = await page.goto(`${BASE}/dish/${dish.id}`);
    expect(response!.status()).toBe(200);
    expect(response!.headers()["cache-control"]).toContain("s-maxage");
    await page.getByRole("heading", { level: 1, name: dish.dishName }).waitFor();
    const missing = await page.goto(`${BASE}/dish/99999999`);
    expect(missing!.status()).toBe(404);
    await page.close();
  });

  it("signs up in the browser with the code from the outbox, then posts a review with a photo", async () => {
    const tag = randomUUID().slice(0, 8);
    const email = `edge-browser-${tag}@example.com`;
    const page = await browser.newPage();
    await page.goto(`${BASE}/email-verification-users`);
    await page.getByLabel("Username").fill(`edge_b_${tag}`);
    await page.getByLabel("E-mail address").fill(email);
    await page.getByRole("button", { name: "Next" }).click();
    // Pages serves directory pages at /path/ (it redirects /path there).
    await page.waitForURL(/\/verification\/?$/);
    const outbox = await api<{ to: string; text: string }[]>("/dev/outbox");
    const code = /^([A-Z0-9]{6})$/m.exec(outbox.body.data.findLast((m) => m.to === email)!.text)![1]!;
    await page.getByRole("textbox", { name: "Character 1 of 6" }).focus();
    await page.keyboard.type(code);
    await page.waitForURL(/\/sign-up-users\/?$/, { timeout: 10_000 });
    await page.getByLabel("First name").fill("Edge");
    await page.getByLabel("Last name").fill("Browser");
    await page.getByLabel("Phone number").fill(`+4477${String(Date.now()).slice(-8)}`);
    await page.getByLabel("Password", { exact: true }).fill(`grilled halloumi ${tag}`);
    await page.getByRole("button", { name: "Sign Up" }).click();
    await page.getByText("Signup successful!").waitFor();

    // Signed in by sign-up itself (issue 24), then post a review with a photo from a page the
    // Function rendered on demand: the modal resizes the photo to a JPEG in the browser, the
    // Function stores it in R2.
    await page.waitForURL(/\/home\/?$/, { timeout: 10_000 });
    const dish = await onDemandDish();
    await page.goto(`${BASE}/dish/${dish.id}`);
    await page.locator("main").getByRole("button", { name: "Post a Review" }).click();
    const dialog = page.getByRole("dialog", { name: "Post a Review" });
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#4a8" } })
      .png()
      .toBuffer();
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: "plate.png", mimeType: "image/png", buffer: photo });
    await dialog.getByRole("button", { name: /photo 1: / }).waitFor();
    await dialog.getByRole("button", { name: "Next", exact: true }).click();
    await dialog.getByRole("spinbutton", { name: "Exact rating" }).fill("5");
    const text = `Posted in the browser at the edge ${tag}`;
    await dialog.getByRole("textbox", { name: "Your Restaurant Review" }).fill(text);
    await dialog.getByRole("button", { name: "Post Without Dish Review" }).click();
    await dialog.getByText("Your review has been posted.").waitFor();

    const restaurantId = (await api<{ restaurantId: number }>(`/dishes/${dish.id}`)).body.data.restaurantId;
    const reviews = await api<{ reviews: { content: string; photos: { name: string }[] }[] }>(
      `/reviews/restaurant/${restaurantId}`,
    );
    const mine = reviews.body.data.reviews.find((r) => r.content === text);
    expect(mine?.photos).toHaveLength(1);
    const image = await fetch(`${BASE}/api/files/${mine!.photos[0]!.name}`);
    expect(image.status).toBe(200);
    // The modal's JPEG, decoded and re-encoded by the Function's codecs (decision 011).
    expect(image.headers.get("content-type")).toBe("image/webp");
    await page.close();
  });
});
