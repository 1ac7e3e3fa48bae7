// The local replica of production in CI (issue 13, point 2; decision 011): `npm run
// preview:edge` seeds, builds and starts the site under `wrangler pages dev` in workerd, with
// a local D1 database and R2 bucket and the development outbox. Against it: the API contract
// a client depends on (health, lists, search, a dish by id, sign-up through the outbox, a
// review with a photo stored in R2 and served back, and the cached page purged by it) and a
// browser smoke test (home, search, a dish page rendered on demand by the Function, sign-up,
// a review with a photo posted through the modal).
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Browser } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/server/db/node-client.ts";
import { openBrowser } from "./harness.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const PORT = Number(process.env.EDGE_REPLICA_PORT ?? 8795);
const BASE = `http://127.0.0.1:${PORT}`;
// Where scripts/preview-edge.ts builds the site and keeps the seed it copies into D1.
const SITE_DIR = join(tmpdir(), "dishcovery-preview-edge", "dist");
const SEED_DB = `file:${join(ROOT, ".wrangler/preview-edge/data/dishcovery.db")}`;

let replica: ChildProcess | undefined;
let settings: string;
let log = "";

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

async function api<T>(path: string, init?: RequestInit): Promise<{ status: number; body: Envelope<T> }> {
  const res = await fetch(`${BASE}/api${path}`, init);
  return { status: res.status, body: (await res.json()) as Envelope<T> };
}

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

/** A dish with no built page: its page comes from the Function. */
async function onDemandDish(): Promise<{ id: number; dishName: string }> {
  const { db, client } = await openDatabase(SEED_DB);
  try {
    const rows = await db.all<{ id: number; name: string }>(
      `SELECT id, dish_name AS name FROM dishes ORDER BY id DESC LIMIT 400` as never,
    );
    const row = rows.find((r) => !existsSync(join(SITE_DIR, "dish", String(r.id))));
    if (!row) throw new Error("every dish was prerendered: PRERENDER_CAP did not apply");
    return { id: row.id, dishName: row.name };
  } finally {
    client.close();
  }
}

describe("API contract on the replica", () => {
  it("answers health, lists, search and a dish by id from D1", async () => {
    expect((await api<{ status: string }>("/health")).body).toEqual({
      code: 200,
      message: "success",
      data: { status: "ok" },
    });
    const top = await api<{ id: number; dishName: string }[]>("/dishes/top");
    expect(top.status).toBe(200);
    expect(top.body.data.length).toBeGreaterThan(0);
    const restaurants = await api<{ id: number }[]>("/restaurants/top");
    expect(restaurants.status).toBe(200);
    expect(restaurants.body.data.length).toBeGreaterThan(0);
    // FTS5 on D1: the index the replica built with the app's own code.
    const found = await api<{ dishName: string }[]>("/dishes/searchByKeywordLocationTop?keyword=curry");
    expect(found.status).toBe(200);
    expect(found.body.data.length).toBeGreaterThan(0);
    const dish = await api<{ id: number; dishName: string }>(`/dishes/${top.body.data[0]!.id}`);
    expect(dish.body.data).toMatchObject({ id: top.body.data[0]!.id, dishName: top.body.data[0]!.dishName });
    const missing = await api<null>("/dishes/99999999");
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe(404);
  });

  it("signs up through the outbox and posts a review with a photo stored in R2", async () => {
    const tag = randomUUID().slice(0, 8);
    const email = `edge-${tag}@example.com`;
    const password = `smoked paprika ${tag}`;
    expect((await api(`/users/sendEmail?to=${email}`, { method: "POST" })).status).toBe(200);
    const outbox = await api<{ to: string; text: string }[]>("/dev/outbox");
    const code = /^([A-Z0-9]{6})$/m.exec(outbox.body.data.find((m) => m.to === email)!.text)![1]!;
    const verified = await api("/users/verifyEmailCode1", {
      method: "POST",
      body: new URLSearchParams({ email, code }),
    });
    expect(verified.status).toBe(200);
    const json = (body: unknown): RequestInit => ({
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const signedUp = await api<{ userId: number }>(
      "/users/signup",
      json({
        email,
        password,
        firstName: "Edge",
        lastName: "Replica",
        username: `edge_${tag}`,
        phoneNumber: `+4477${String(Date.now()).slice(-8)}`,
        registrationMethod: "email",
      }),
    );
    expect(signedUp.status, signedUp.body.message).toBe(201);
    const login = await api<{ token: string }>("/users/login", json({ emailOrPhoneNumber: email, password }));
    expect(login.status).toBe(200);

    // What the review modal sends: a JPEG the browser already resized.
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#c84" } })
      .jpeg()
      .toBuffer();
    const dish = await onDemandDish();
    // The Function renders the page and Cloudflare's cache (miniflare's, here) keeps it.
    const countOnPage = async () => {
      const res = await fetch(`${BASE}/dish/${dish.id}`);
      expect(res.headers.get("cache-control")).toContain("s-maxage");
      return /class="cat-rating__count">([^<]+)</.exec(await res.text())?.[1];
    };
    const reviewCount = async () =>
      (await api<{ reviewCount: number }>(`/dishes/${dish.id}`)).body.data.reviewCount;
    const countBefore = await reviewCount();
    await countOnPage();
    const form = new FormData();
    form.append("dishId", String(dish.id));
    form.append("content", "Tried at the edge");
    form.append("rating", "4");
    form.append("images", new File([new Uint8Array(photo)], "dinner.jpg", { type: "image/jpeg" }));
    const posted = await api<{ postId: number }>("/posts/save", {
      method: "POST",
      body: form,
      headers: { authorization: `Bearer ${login.body.data.token}` },
    });
    // The replica's log says why, a moment after the answer.
    if (posted.status !== 200) await new Promise((r) => setTimeout(r, 1500));
    expect(posted.status, `${posted.body.message}\n${log.slice(-4000)}`).toBe(200);
    const reviews = await api<{ reviews: { content: string; photos: { name: string }[] }[] }>(
      `/reviews/dish/${dish.id}`,
    );
    const mine = reviews.body.data.reviews.find((r) => r.content === "Tried at the edge")!;
    expect(mine).toBeDefined();
    const image = await fetch(`${BASE}/api/files/${mine.photos[0]!.name}`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/jpeg");
    expect(image.headers.get("x-content-type-options")).toBe("nosniff");
    expect(image.headers.get("content-security-policy")).toContain("sandbox");
    expect(Buffer.from(await image.arrayBuffer()).equals(photo)).toBe(true);

    // The write purged the cached page: it shows the new review at once, not after s-maxage.
    expect(await reviewCount()).toBe(countBefore + 1);
    expect(await countOnPage()).toBe(`${countBefore + 1} ${countBefore + 1 === 1 ? "review" : "reviews"}`);
  });
});

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
    await page.waitForURL(/\/sign-in-users\/?$/, { timeout: 10_000 });

    // Then log in and post a review with a photo from a page the Function rendered on demand:
    // the modal resizes the photo to a JPEG in the browser, the Function stores it in R2.
    await page.getByLabel("Password", { exact: true }).fill(`grilled halloumi ${tag}`);
    await page.getByRole("button", { name: "Log In" }).click();
    await page.waitForURL(/\/home\/?$/);
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
    const rating = dialog.getByRole("slider", { name: "Your rating of the restaurant" });
    await rating.focus();
    await page.keyboard.press("End");
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
    expect(image.headers.get("content-type")).toBe("image/jpeg");
    await page.close();
  });
});
