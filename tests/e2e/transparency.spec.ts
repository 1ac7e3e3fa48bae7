// /transparency in Chromium (issue 21, docs/moderation.md "Transparency"): the page is
// prerendered, so this spec runs a Node entry of its own over the shared site's database with
// the site refresh on (SITE_DIR a link, as `npm start` makes it). A moderator made with `npm run
// moderator -- add` removes a reported review; the refresh rebuilds the page, which then shows
// the quarter's removal, passes axe, and is linked from the footer and the review policy.
// The people, the review and the report are made through the shared site's server (same
// database, same token secret, no refresh): the decision alone reaches this spec's server, so
// the test waits for one rebuild, not for the review's rebuild and then the decision's.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./a11y-helpers.ts";
import { openBrowser, startSite, type Site } from "./harness.ts";
import { sessionHelpers } from "./session.ts";

const ROOT = new URL("../..", import.meta.url).pathname;

let site: Site;
let browser: Browser;
let server: ChildProcess;
let serverUrl: string;
let folder: string;

const { url, api, newPage } = sessionHelpers(
  () => serverUrl,
  () => browser,
);
const shared = sessionHelpers(
  () => site.baseUrl,
  () => browser,
);

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? done(address.port) : fail(new Error("no port")),
      );
    });
  });
}

async function waitForHealth(): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${serverUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the spec's Node entry never answered");
}

/** The figure in the row named `label` of the first quarter's table, as a number (0 when absent). */
async function figure(page: Page, label: string): Promise<number> {
  const table = page.getByRole("table").first();
  const row = table.getByRole("row", { name: new RegExp(`^${label}`) });
  if ((await row.count()) === 0) return 0;
  return Number((await row.getByRole("cell").first().textContent())!.split(",")[0]!.replace(/\D/g, ""));
}

beforeAll(async () => {
  site = startSite();
  browser = await openBrowser();
  folder = mkdtempSync(join(tmpdir(), "dishcovery-transparency-"));
  // The refresh swaps this link to each new build beside it, and leaves the shared build alone.
  symlinkSync(join(site.dataDir, "dist"), join(folder, "site"), "dir");
  const port = await freePort();
  serverUrl = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ["src/server/hosts/node.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "development",
      CLIENT_IP_HEADER: "X-Test-Client",
      // As the shared site's server (global-setup.ts): cheap hashing for the spec's sign-ups.
      PASSWORD_COST: "test",
      DATA_DIR: site.dataDir,
      DATABASE_URL: site.databaseUrl,
      SITE_DIR: join(folder, "site"),
      SITE_REFRESH_MINUTES: "0.05",
      PRERENDER_CAP: "200",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_ORIGIN: serverUrl,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await waitForHealth();
});

// The server ends a refresh build under way before it exits: on a loaded machine, minutes.
afterAll(async () => {
  await browser?.close();
  if (server && server.exitCode === null) {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
  }
  if (folder) rmSync(folder, { recursive: true, force: true });
}, 240_000);

describe("/transparency", () => {
  it(
    "shows the quarter's removal once the refresh has rebuilt it, and passes axe",
    { timeout: 420_000 },
    async () => {
      const { context, page, problems } = await newPage(null, { forAxe: true });
      await page.goto(url("/transparency"), { waitUntil: "load" });
      await page.getByRole("heading", { level: 1, name: "Transparency report" }).waitFor();
      const generatedBefore = await page.locator(".generated time").getAttribute("datetime");
      const removedBefore = await figure(page, "Removed: Spam or fake");
      const reportsBefore = await figure(page, "Reports received");

      const author = await shared.signedInSession("tauthor");
      const reporter = await shared.signedInSession("treport");
      const moderator = await shared.signedInSession("tmod");
      const made = spawnSync(process.execPath, ["scripts/moderator.ts", "add", moderator.email], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: site.dataDir, DATABASE_URL: site.databaseUrl },
        encoding: "utf8",
      });
      expect(made.status, made.stderr).toBe(0);
      const restaurants = await shared.api<{ id: number }[]>(null, "/restaurants/top?topNum=3");
      const postId = await shared.postReview(author, restaurants.body.data[2]!.id, "Bought this review, honestly");
      const reported = await shared.api(reporter, "/posts/report", {
        method: "POST",
        body: JSON.stringify({ postId, reason: "spam-or-fake" }),
      });
      expect(reported.status, reported.body.message).toBe(200);
      const removed = await api(moderator, "/moderation/actions", {
        method: "POST",
        body: JSON.stringify({
          kind: "review",
          id: postId,
          action: "remove",
          reason: "spam-or-fake",
          note: "Paid for",
        }),
      });
      expect(removed.status, removed.body.message).toBe(200);

      // The decision named the report: the refresh rebuilds the page in the background.
      // Polled over HTTP (a quarter of a second apart), then opened once it has changed.
      const deadline = Date.now() + 400_000;
      const generatedOf = (html: string) => /class="generated[^"]*"[^>]*>[^]*?<time[^>]*datetime="([^"]*)"/.exec(html)?.[1];
      while (generatedOf(await (await fetch(url("/transparency"))).text()) === generatedBefore) {
        if (Date.now() > deadline) throw new Error("/transparency was not rebuilt after the decision");
        await new Promise((r) => setTimeout(r, 250));
      }
      await page.goto(url("/transparency"), { waitUntil: "load" });
      expect(await page.locator(".generated time").getAttribute("datetime")).not.toBe(generatedBefore);
      const table = page.getByRole("table").first();
      await expect(table.locator("caption").textContent()).resolves.toMatch(
        /^Reviews, reports, removals and appeals, /,
      );
      expect(await table.getByRole("columnheader").allTextContents()).toEqual(["Figure", "Number"]);
      expect(await figure(page, "Removed: Spam or fake")).toBeGreaterThanOrEqual(removedBefore + 1);
      expect(await figure(page, "Reports received")).toBeGreaterThanOrEqual(reportsBefore + 1);
      // The same figures the API answers for the quarter.
      const { body } = await api<{ quarters: { label: string }[] }>(null, "/transparency");
      await page
        .getByRole("heading", { level: 2, name: new RegExp(`^${body.data.quarters[0]!.label}`) })
        .waitFor();
      expect(await seriousViolations(page, "main")).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    },
  );

  it("is linked from the footer and from the review policy", async () => {
    const { context, page } = await newPage(null);
    await page.goto(url("/"), { waitUntil: "load" });
    await page
      .getByRole("contentinfo")
      .getByRole("link", { name: "Transparency Report", exact: true })
      .click();
    await page.waitForURL(/\/transparency$/);
    await page.goto(url("/review-policy"), { waitUntil: "load" });
    await page.getByRole("main").getByRole("link", { name: "transparency report", exact: true }).click();
    await page.waitForURL(/\/transparency$/);
    await context.close();
  });
});
