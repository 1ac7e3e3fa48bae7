// Issue 23 in Chromium against the built, seeded site: a review photo whose widths are still
// being encoded shows its tiny preview, blurred, at the photo's own shape, never the upload and
// linking nowhere; once the Node host's worker has encoded it (here: the sweep that resumes a
// staged photo after a restart takes it) the same open page shows the photo with every width.
import { randomUUID } from "node:crypto";
import { writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type OpenedDatabase } from "../../src/server/api/db/node-client.ts";
import { openBrowser, startSite, type Site } from "./harness.ts";
import { sessionHelpers, type Session } from "./session.ts";

let site: Site;
let browser: Browser;
let database: OpenedDatabase;
let author: Session;
let restaurantId: number;
let stagingName: string;

const { url, signedInSession, postReview, newPage } = sessionHelpers(
  () => site.baseUrl,
  () => browser,
);

async function openReviews(page: Page) {
  await page.goto(url(`/restaurant/${restaurantId}`), { waitUntil: "load" });
  await page.locator("#reviews").scrollIntoViewIfNeeded();
  const section = page.getByRole("region", { name: "Reviews" });
  await section.getByText("Loading reviews…").waitFor({ state: "detached" });
  return section
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: author.username, exact: true }) });
}

beforeAll(async () => {
  site = startSite();
  browser = await openBrowser();
  database = await openDatabase(site.databaseUrl);
  author = await signedInSession("ph");
  const [row] = (
    await database.client.execute(
      "SELECT id FROM restaurants WHERE listing_state = 'approved' ORDER BY review_count, id DESC LIMIT 1",
    )
  ).rows as unknown as { id: number }[];
  restaurantId = Number(row!.id);
  const postId = await postReview(author, restaurantId, "Quiet room, bright flavours, a photo on its way.", {
    rating: "4.2",
  });

  // The state a post leaves on Node before its widths are encoded: the upload staged
  // privately, a photo row naming it with a 16 px preview, and an encode job, held (claimed
  // now) so the server's sweep leaves it until the test lets it go.
  const upload = await sharp({ create: { width: 1200, height: 600, channels: 3, background: "#2a7" } })
    .jpeg()
    .toBuffer();
  const preview = await sharp(upload).resize(16, 8).webp({ quality: 40 }).toBuffer();
  stagingName = `private~stage-${randomUUID()}`;
  mkdirSync(join(site.dataDir, "files"), { recursive: true });
  writeFileSync(join(site.dataDir, "files", stagingName), upload);
  const now = Date.now();
  await database.client.batch(
    [
      {
        sql: "INSERT INTO files (name, content_type, width, height, bytes, owner_id, created_at) VALUES (?, 'image/jpeg', 1200, 600, ?, ?, ?)",
        args: [stagingName, upload.length, Number(author.userId), now],
      },
      {
        sql: "INSERT INTO post_images (post_id, file_name, position, variants, placeholder) VALUES (?, ?, 0, '[]', ?)",
        args: [postId, stagingName, `data:image/webp;base64,${preview.toString("base64")}`],
      },
      {
        sql: "INSERT INTO photo_encodes (staging_name, author_id, claimed_at, created_at) VALUES (?, ?, ?, ?)",
        args: [stagingName, Number(author.userId), now, now],
      },
    ],
    "write",
  );
}, 120_000);

afterAll(async () => {
  database?.client.close();
  await browser?.close();
});

describe("a review photo being prepared", () => {
  it("shows a blurred preview of the photo's shape, then the photo once its widths are encoded", async () => {
    const { context, page, problems } = await newPage(null);
    try {
      const review = await openReviews(page);
      const photo = review.locator(".ir-photos img").first();
      await expect(photo.getAttribute("class")).resolves.toContain("photo-preparing");
      await expect(photo.getAttribute("src")).resolves.toMatch(/^data:image\/webp;base64,/);
      await expect(photo.getAttribute("srcset")).resolves.toBeNull();
      // Its own shape (2:1), not a guess; and nothing to open yet.
      await expect(photo.getAttribute("width")).resolves.toBe("1200");
      await expect(photo.getAttribute("height")).resolves.toBe("600");
      await expect(photo.getAttribute("alt")).resolves.toMatch(/being prepared$/);
      await expect(review.locator(".ir-photos a").first().getAttribute("href")).resolves.toBeNull();
      // The staged upload itself is never served.
      expect((await fetch(url(`/api/files/${stagingName}`))).status).toBe(400);

      // Let the job go: the server's sweep (every 10 s) takes it and encodes the widths.
      await database.client.execute({
        sql: "UPDATE photo_encodes SET claimed_at = NULL WHERE staging_name = ?",
        args: [stagingName],
      });
      // The page itself reads the list again while a photo is being prepared: no reload.
      await expect
        .poll(() => review.locator(".ir-photos img").first().getAttribute("srcset"), {
          timeout: 45_000,
          interval: 1_000,
        })
        .toMatch(/ 400w.* 1200w/);
      const ready = review.locator(".ir-photos img").first();
      await expect(ready.getAttribute("class")).resolves.toBeNull();
      await expect(ready.getAttribute("alt")).resolves.toMatch(/full size$/);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);
});
