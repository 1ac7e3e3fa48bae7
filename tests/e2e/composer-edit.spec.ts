// Editing and posting as a person would (issue 30, "The composer"), in Chromium at 390 and
// 1280 px against the built site: editing a review on its item page uses the same stars as
// posting (each star at least 44 px on a phone) and can take a photo off and add one; a post
// refused because the write queue is full (503 with Retry-After, produced here by answering the
// first request in the browser's network layer, as a full queue would) says so, keeps the
// draft and is sent again once after the given seconds.
import sharp from "sharp";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./a11y-helpers.ts";
import { hydrateIslands, useSite } from "./harness.ts";
import { sessionHelpersFor } from "./session.ts";

const shared = useSite();
const { url, signedInSession, newPage, postReview, api } = sessionHelpersFor(shared);

let first: Buffer;
let second: Buffer;

beforeAll(async () => {
  const png = (background: string) =>
    sharp({ create: { width: 320, height: 240, channels: 3, background } }).png().toBuffer();
  [first, second] = await Promise.all([png("#c84"), png("#48c")]);
});

async function restaurantAt(offset: number): Promise<{ id: number; name: string }> {
  const result = await shared.database.client.execute({
    sql: `SELECT r.id AS id, r.name AS name FROM restaurants r WHERE r.removed_at IS NULL
          AND (SELECT count(*) FROM dishes d WHERE d.restaurant_id = r.id) >= 1 ORDER BY r.id DESC LIMIT 1 OFFSET ?`,
    args: [offset],
  });
  const row = result.rows[0]!;
  return { id: Number(row.id), name: String(row.name) };
}

/** The review's photos by their stored file (a card names a photo still encoding by its position). */
async function photoFiles(postId: number): Promise<string[]> {
  const rows = await shared.database.client.execute({
    sql: "SELECT file_name FROM post_images WHERE post_id = ? ORDER BY position",
    args: [postId],
  });
  return rows.rows.map((r) => String(r.file_name));
}

async function countPosts(userId: string): Promise<number> {
  const rows = await shared.database.client.execute({
    sql: "SELECT count(*) AS n FROM posts WHERE author_id = ?",
    args: [Number(userId)],
  });
  return Number(rows.rows[0]!.n);
}

const dialogOf = (page: Page) => page.getByRole("dialog", { name: "Post a Review" });

describe.each([390, 1280] as const)("the composer at %i px", (width) => {
  it("edits a review on its page with the same stars, taking a photo off and adding one", async () => {
    const restaurant = await restaurantAt(width === 390 ? 5 : 6);
    const session = await signedInSession(`ce${width}`);
    const postId = await postReview(session, restaurant.id, "Crisp batter, soft chips.", {
      rating: "3.5",
      images: [new Blob([new Uint8Array(first)], { type: "image/png" })],
    });
    const [before] = await photoFiles(postId);
    const { context, page, problems } = await newPage(session, { forAxe: true });
    try {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await page.goto(url(`/restaurant/${restaurant.id}`), { waitUntil: "load" });
      await page.locator("#reviews").scrollIntoViewIfNeeded();
      const card = page.locator("article").filter({ hasText: "Crisp batter, soft chips." }).first();
      await card.getByRole("button", { name: "Edit your review" }).click();
      const form = page.getByRole("form", { name: "Edit your review" });
      const stars = form.getByRole("radiogroup", { name: "Your rating" });
      await stars.waitFor();
      expect(await stars.getByRole("radio", { name: "3.5 stars", exact: true }).isChecked()).toBe(true);
      if (width < 600) {
        const sizes = await stars.locator(".rm-star-half[data-half=right]").evaluateAll((labels) =>
          labels.map((label) => Math.min(label.getBoundingClientRect().width, label.getBoundingClientRect().height)),
        );
        expect(sizes).toHaveLength(5);
        for (const size of sizes) expect(size).toBeGreaterThanOrEqual(44);
      }
      await form.getByRole("spinbutton", { name: "Exact rating" }).fill("4.5");
      await form.getByText("1 of 10 photos").waitFor();
      await form.getByRole("button", { name: "Remove photo 1" }).click();
      await form.locator('input[type="file"]').setInputFiles({
        name: "second.png",
        mimeType: "image/png",
        buffer: second,
      });
      await form.getByText("1 of 10 photos").waitFor();
      expect(await seriousViolations(page, "main")).toEqual([]);
      await form.getByRole("button", { name: "Save changes" }).click();
      await form.waitFor({ state: "detached" });

      const after = await photoFiles(postId);
      expect(after).toHaveLength(1);
      expect(after[0]).not.toBe(before);
      const read = await api<{ rating: number }>(session, `/posts/${postId}`);
      expect(read.body.data.rating).toBe(4.5);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("says when the write queue is full, keeps the draft and sends it again after Retry-After", async () => {
    const restaurant = await restaurantAt(width === 390 ? 7 : 8);
    const session = await signedInSession(`cq${width}`);
    const { context, page, problems } = await newPage(session);
    try {
      let refused = 0;
      await page.route("**/api/posts/save", async (route) => {
        if (refused > 0) return route.continue();
        refused += 1;
        await route.fulfill({
          status: 503,
          headers: { "Content-Type": "application/json", "Retry-After": "2" },
          body: JSON.stringify({ code: 503, message: "Too many changes are being saved right now.", data: null }),
        });
      });
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await page.goto(url(`/restaurant/${restaurant.id}`), { waitUntil: "load" });
      await hydrateIslands(page);
      await page.locator("main").getByRole("button", { name: "Post a Review" }).click();
      const dialog = dialogOf(page);
      await dialog.getByRole("button", { name: "Next", exact: true }).click();
      await dialog.getByRole("spinbutton", { name: "Exact rating" }).fill("4");
      await dialog.getByRole("textbox", { name: "Your Restaurant Review" }).fill("Busy night, kind staff.");
      await dialog.getByRole("button", { name: "Post Without Dish Review" }).click();
      await dialog.getByText("we will try again in 2 seconds", { exact: false }).waitFor();
      expect(await countPosts(session.userId)).toBe(0);
      await dialog.getByText("Your review has been posted.").waitFor({ timeout: 20_000 });
      expect(refused).toBe(1);
      expect(await countPosts(session.userId)).toBe(1);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
