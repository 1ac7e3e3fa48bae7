// Moderation end to end in Chromium against the built, seeded site (issue 21,
// docs/moderation.md): a person reports a review; a moderator made with `npm run moderator --
// add` removes it from /moderation with a reason and a note, from the keyboard; the review
// leaves its restaurant's list and count; its author and the reporter are told on
// /notifications; the author appeals there; the first moderator does not get the appeal (and
// the API refuses their decision), a second moderator decides it and the review comes back.
// Plain users and visitors are kept out; admins grant roles and export the log; axe is clean
// at 390 and 1280 px, with no horizontal scroll.
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { promisify } from "node:util";
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { MODERATION_MESSAGES } from "../../src/domain/moderation.ts";
import { applyTextSpacing, clippedText, focusStopsUnderHeader, seriousViolations } from "./a11y-helpers.ts";
import { useSite } from "./harness.ts";
import { type Session, sessionHelpersFor, tabTo } from "./session.ts";

const shared = useSite();

const { url, signedInSession, api, postReview, newPage, withPage } = sessionHelpersFor(shared);
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 200 });
const run = promisify(execFile);
const ROOT = new URL("../..", import.meta.url).pathname;
// A reason no other spec reports with, so the filtered queue holds this spec's item first.
const REASON = { id: "personal-information", label: "Personal information" };
const SHOTS = process.env.MODERATION_SHOTS_DIR;

/**
 * `npm run moderator -- <args>` against the e2e site's database (its DATA_DIR). Not spawnSync:
 * a blocked event loop misses the server closing an idle keep-alive socket, and the next POST
 * is written into it (EPIPE).
 */
async function moderatorCommand(...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ["scripts/moderator.ts", ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: shared.site.dataDir, DATABASE_URL: shared.site.databaseUrl },
    encoding: "utf8",
  });
  return stdout;
}

let author: Session;
let reporter: Session;
let firstModerator: Session;
let secondModerator: Session;
let admin: Session;
let plain: Session;
let restaurant: { id: number; name: string };
let reviewId: number;
let countBefore: number;

const REVIEW_TEXT = "Rang the chef at home to complain; his number is on the receipt if you want it too.";

beforeAll(async () => {
  [author, reporter, firstModerator, secondModerator, admin, plain] = await Promise.all([
    signedInSession("mauth"),
    signedInSession("mrep"),
    signedInSession("mmod"),
    signedInSession("mmodb"),
    signedInSession("madm"),
    signedInSession("mplain"),
  ]);
  expect(await moderatorCommand("add", firstModerator.email)).toMatch(/moderator/);
  await moderatorCommand("add", secondModerator.email);
  await moderatorCommand("add", "--admin", admin.email);
  const rows = await shared.database.client.execute(
    "SELECT id, name FROM restaurants WHERE removed_at IS NULL AND listing_state = 'approved' ORDER BY id DESC LIMIT 1",
  );
  restaurant = rows.rows[0] as unknown as { id: number; name: string };
  reviewId = await postReview(author, restaurant.id, REVIEW_TEXT, { rating: "1.5" });
  countBefore = await reviewCount();
  const reported = await api(reporter, "/posts/report", {
    method: "POST",
    body: JSON.stringify({ postId: reviewId, reason: REASON.id, note: "It shares a phone number." }),
  });
  expect(reported.status, reported.body.message).toBe(200);
}, 120_000);

async function reviewCount(): Promise<number> {
  const { body } = await api<{ reviewCount: number }>(null, `/restaurants/${restaurant.id}`, {
    cache: "no-store",
  });
  return body.data.reviewCount;
}

/** /moderation filtered to this spec's reason, paging on until `title`'s item shows. */
async function openQueue(page: Page): Promise<Locator> {
  await page.goto(url("/moderation"), { waitUntil: "load" });
  const queue = page.getByRole("region", { name: "Queue" });
  const filters = queue.getByRole("form", { name: "Filter the queue" });
  await filters.getByRole("combobox", { name: "What was reported" }).selectOption("review");
  await filters.getByRole("combobox", { name: "Reason" }).selectOption(REASON.id);
  await filters.getByRole("button", { name: "Show" }).click();
  await queue.getByText("Loading the queue…").waitFor({ state: "detached" });
  return queue;
}

const itemOf = (queue: Locator, title: string) =>
  queue.getByRole("article").filter({ has: queue.page().getByRole("heading", { name: title, exact: true }) });

async function showItem(queue: Locator, title: string): Promise<Locator> {
  const item = itemOf(queue, title);
  for (let page = 0; page < 20 && (await item.count()) === 0; page += 1) {
    const more = queue.getByRole("button", { name: "Load more" });
    if ((await more.count()) === 0) break;
    const shown = await queue.getByRole("article").count();
    await more.click();
    // The next page is in once the list grows or there is nothing more to load.
    await expect
      .poll(async () => (await queue.getByRole("article").count()) > shown || (await more.count()) === 0)
      .toBe(true);
  }
  await item.waitFor();
  return item;
}

const focusedTag = (page: Page) => page.evaluate(() => document.activeElement?.tagName ?? "");

describe("moderation, end to end", () => {
  const title = () => `Review by @${author.username} of ${restaurant.name}`;

  it("keeps visitors and plain users out", async () => {
    const visitor = await newPage(null);
    await visitor.page.goto(url("/moderation"), { waitUntil: "load" });
    await eventually(() => visitor.page.url()).toBe(
      url(`/sign-in-users?next=${encodeURIComponent("/moderation")}`),
    );
    await visitor.context.close();

    const { context, page, problems } = await newPage(plain);
    await page.goto(url("/moderation"), { waitUntil: "load" });
    await page.getByRole("heading", { level: 1, name: "This page is for moderators" }).waitFor();
    await expect(page.getByRole("link", { name: "Go to the home page" }).getAttribute("href")).resolves.toBe(
      "/",
    );
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a moderator removes the reported review with a reason and a note, from the keyboard", () =>
    withPage(firstModerator, async ({ page }) => {
      const queue = await openQueue(page);
      const item = await showItem(queue, title());
      await item.getByText(`${REASON.label} × 1`).waitFor();
      await item.getByText("“It shares a phone number.”", { exact: false }).waitFor();
      await item.getByText(REVIEW_TEXT).waitFor();
      await item.getByText(/account less than a day old, 1 review\./).waitFor();
      const form = item.getByRole("form");
      // Sending with nothing chosen names each missing part and sends nothing.
      await tabTo(page, form.getByRole("button", { name: "Apply decision" }));
      await page.keyboard.press("Enter");
      await form.getByText(MODERATION_MESSAGES.noteRequired).waitFor();
      await expect(
        form.getByRole("textbox", { name: "Note (required)" }).getAttribute("aria-invalid"),
      ).resolves.toBe("true");

      // Shift+Tab enters the action group, none chosen, at its last option; Up moves and chooses.
      await tabTo(page, form.getByRole("radio", { name: "Suspend the author" }), { backwards: true });
      await page.keyboard.press("ArrowUp");
      await page.keyboard.press("ArrowUp");
      await expect(form.getByRole("radio", { name: "Remove" }).isChecked()).resolves.toBe(true);
      await tabTo(page, form.getByRole("combobox", { name: "Reason" }));
      await form.getByRole("combobox", { name: "Reason" }).selectOption(REASON.id);
      await tabTo(page, form.getByRole("textbox", { name: "Note (required)" }));
      await page.keyboard.type("Shares a private phone number.");
      await tabTo(page, form.getByRole("button", { name: "Apply decision" }));
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: "Remove this review?" });
      await dialog
        .getByText("The author and 1 reporter will be told, with the reason “Personal information”.")
        .waitFor();
      await expect(focusedTag(page)).resolves.toBe("BUTTON");
      await tabTo(page, dialog.getByRole("button", { name: "Remove", exact: true }), { backwards: true });
      await page.keyboard.press("Enter");
      await queue.getByRole("status").getByText("Removed. The author and 1 reporter were told.").waitFor();
      await expect(itemOf(queue, title()).count()).resolves.toBe(0);
      // The focus moves on to the next item's heading, or the queue's when none is left.
      await eventually(() => focusedTag(page)).toMatch(/^H[24]$/);
    }));

  it("the removed review leaves the restaurant's list and its count", async () => {
    await eventually(reviewCount).toBe(countBefore - 1);
    const { context, page } = await newPage(null);
    try {
      await page.goto(url(`/restaurant/${restaurant.id}`), { waitUntil: "load" });
      await page.locator("#reviews").scrollIntoViewIfNeeded();
      const section = page.getByRole("region", { name: "Reviews" });
      await section.getByText("Loading reviews…").waitFor({ state: "detached" });
      await expect(section.getByText(REVIEW_TEXT).count()).resolves.toBe(0);
      const shown = async () => {
        const text = await page
          .locator(".cat-detail .cat-rating__count")
          .textContent()
          .catch(() => null);
        return text ? Number(text.replace(/[^0-9]/g, "")) : null;
      };
      await eventually(shown).toBe(countBefore - 1);
    } finally {
      await context.close();
    }
  });

  it("the reporter and the author are told; the author appeals from the notification", async () => {
    const told = await newPage(reporter);
    await told.page.goto(url("/notifications"), { waitUntil: "load" });
    // Issue 30: the notification names the item and the outcome and links to it; the decision
    // went the reporter's way, so they are not offered an appeal.
    const toldRow = told.page.getByRole("listitem").filter({ hasText: "removed the review you reported" }).first();
    await toldRow.waitFor();
    expect(await toldRow.getByRole("link", { name: /removed the review you reported/ }).getAttribute("href")).toBe(
      `/review/${reviewId}`,
    );
    expect(await toldRow.getByRole("button", { name: "Appeal this decision" }).count()).toBe(0);
    await told.context.close();

    const { context, page, problems } = await newPage(author);
    try {
      await page.goto(url("/notifications"), { waitUntil: "load" });
      const row = page
        .getByRole("listitem")
        .filter({ hasText: "removed your review" })
        .first();
      await row.waitFor();
      await tabTo(page, row.getByRole("button", { name: "Appeal this decision" }));
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: "Appeal this decision" });
      const note = dialog.getByRole("textbox", { name: "Why should the decision change?" });
      await expect(note.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
      await dialog.getByRole("button", { name: "Send appeal" }).click();
      await dialog.getByText(MODERATION_MESSAGES.appealNoteRequired).waitFor();
      await note.fill("That number is the restaurant's public booking line, printed on its menu.");
      await dialog.getByRole("button", { name: "Send appeal" }).click();
      const sent = row.getByText(`Appeal sent. ${MODERATION_MESSAGES.appealReceived}`);
      await sent.waitFor();
      await eventually(() => sent.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("the moderator who decided does not get the appeal, and the API refuses them", async () => {
    const { context, page } = await newPage(firstModerator);
    try {
      const queue = await openQueue(page);
      await queue
        .getByText("Appeals of decisions you made go to another moderator, so they are not shown to you.")
        .waitFor();
      await expect(itemOf(queue, `Appeal: ${title()}`).count()).resolves.toBe(0);
      const refused = await api(firstModerator, "/moderation/actions", {
        method: "POST",
        body: JSON.stringify({
          kind: "review",
          id: reviewId,
          action: "keep",
          reason: "no-violation",
          note: "Mine.",
        }),
      });
      expect({ status: refused.status, message: refused.body.message }).toEqual({
        status: 403,
        message: MODERATION_MESSAGES.ownDecisionAppeal,
      });
    } finally {
      await context.close();
    }
  });

  it("a second moderator decides the appeal; the review comes back", () =>
    withPage(secondModerator, async ({ page }) => {
      const queue = await openQueue(page);
      const item = await showItem(queue, `Appeal: ${title()}`);
      await item.getByText("Appeal by the author").waitFor();
      await item
        .getByText("That number is the restaurant's public booking line, printed on its menu.")
        .waitFor();
      const form = item.getByRole("form");
      await form.getByRole("radio", { name: "Keep" }).check();
      await form.getByRole("combobox", { name: "Reason" }).selectOption("no-violation");
      await form
        .getByRole("textbox", { name: "Note (required)" })
        .fill("A public booking number, not personal.");
      await form.getByRole("button", { name: "Decide the appeal" }).click();
      await queue
        .getByRole("status")
        .getByText(/^Kept\. The author and 1 reporter were told\.$/)
        .waitFor();
      await eventually(reviewCount).toBe(countBefore);
    }));

  it("an admin grants the role and downloads the log as CSV", () =>
    withPage(admin, async ({ page }) => {
      await page.goto(url("/moderation"), { waitUntil: "load" });
      const panel = page.getByRole("region", { name: "Moderators" });
      await panel.getByRole("textbox", { name: "The account's e-mail address" }).fill(plain.email);
      await panel.getByRole("button", { name: "Save role" }).click();
      await panel.getByText(`${plain.email} is now a moderator.`).waitFor();
      await panel.getByRole("textbox", { name: "The account's e-mail address" }).fill(plain.email);
      await panel.getByRole("radio", { name: "Revoke the moderator role" }).check();
      await panel.getByRole("button", { name: "Save role" }).click();
      await panel.getByText(`${plain.email} is no longer a moderator.`).waitFor();

      const log = page.getByRole("region", { name: "Log" });
      await log
        .getByText(/decision:keep review/)
        .first()
        .waitFor();
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        log.getByRole("button", { name: "Download CSV" }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^moderation-log-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = await readFile((await download.path())!, "utf8");
      expect(csv.split("\n")[0]).toMatch(/action/);
      expect(csv).toContain("decision:remove");
    }));

  it("says when nothing is waiting, and offers a retry when the queue cannot be read", () =>
    withPage(secondModerator, async ({ page }) => {
      let failOnce = true;
      await page.route("**/api/moderation/queue**", async (route) => {
        if (!failOnce) return route.continue();
        failOnce = false;
        await route.fulfill({
          status: 500,
          contentType: "application/json",
          body: JSON.stringify({ code: 500, message: "Boom", data: null }),
        });
      });
      await page.goto(url("/moderation"), { waitUntil: "load" });
      const queue = page.getByRole("region", { name: "Queue" });
      const retry = queue.getByRole("alert").getByRole("button", { name: "Try again" });
      await retry.click();
      await queue.getByText("Loading the queue…").waitFor({ state: "detached" });
      await expect(retry.count()).resolves.toBe(0);
      const filters = queue.getByRole("form", { name: "Filter the queue" });
      await filters.getByRole("combobox", { name: "What was reported" }).selectOption("dish");
      await filters.getByRole("combobox", { name: "Reason" }).selectOption("hate");
      await filters.getByRole("button", { name: "Show" }).click();
      await queue.getByText("Nothing waiting. Reports and flagged reviews will appear here.").waitFor();
    }));

  it("passes axe and fits 390 px and 1280 px without scrolling sideways", async () => {
    // An open item to show: another report of another review.
    const writer = await signedInSession("mauthb");
    const second = await postReview(
      writer,
      restaurant.id,
      "A second review with a long word: Supercalifragilisticexpialidociously.",
      {
        rating: "2.0",
      },
    );
    const reported = await api(reporter, "/posts/report", {
      method: "POST",
      body: JSON.stringify({ postId: second, reason: REASON.id, note: "Another one." }),
    });
    expect(reported.status).toBe(200);
    const { context, page } = await newPage(admin, { forAxe: true });
    try {
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        const queue = await openQueue(page);
        const item = await showItem(queue, `Review by @${writer.username} of ${restaurant.name}`);
        await item.getByRole("radio", { name: "Suspend the author" }).check();
        await item.getByRole("combobox", { name: "Suspend for" }).waitFor();
        await page
          .getByRole("region", { name: "Log" })
          .getByRole("list")
          .or(page.getByText("Nothing logged yet."))
          .waitFor();
        expect(await seriousViolations(page, "main"), `${width} px`).toEqual([]);
        const sideways = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(sideways, `${width} px`).toBeLessThanOrEqual(0);
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/moderation-${width}.png`, fullPage: true });
        expect((await focusStopsUnderHeader(page)).covered, `${width} px`).toEqual([]);
      }
      // Text spacing (WCAG 1.4.12) loses nothing, at either width.
      await applyTextSpacing(page);
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        expect(await clippedText(page, "main"), `${width} px`).toEqual([]);
      }
    } finally {
      await context.close();
    }
  });
});
