// Issue 24, "Your own changes show at once": an author edits their review on the restaurant
// page and reloads: the new text is there (review lists are kept where a write purges them,
// never in the browser), and so it is for a visitor who had the list before. Editing the
// restaurant part leaves the dish review posted with it unmarked.
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { useSite } from "./harness.ts";
import { seedSession, type Session, sessionHelpersFor } from "./session.ts";

const shared = useSite();
const { url, signedInSession, postReview } = sessionHelpersFor(shared);

const FIRST = "First visit: the broth was thin and the noodles soft.";
const EDITED = "Second visit: a rich broth and noodles with real bite.";
const DISH_TEXT = "The gyoza were crisp underneath.";

let author: Session;
let restaurantId: number;

async function openReviews(page: Page, reload = false): Promise<Locator> {
  if (reload) await page.reload({ waitUntil: "load" });
  else await page.goto(url(`/restaurant/${restaurantId}`), { waitUntil: "load" });
  await page.locator("#reviews").scrollIntoViewIfNeeded();
  const section = page.getByRole("region", { name: "Reviews" });
  await section.getByText("Loading reviews…").waitFor({ state: "detached" });
  return section;
}

const reviewOf = (section: Locator, username: string) =>
  section.getByRole("article").filter({ has: section.page().getByRole("heading", { name: username, exact: true }) }).first();

/**
 * A tab with the browser's HTTP cache on. The shared newPage routes requests to block other
 * hosts, and Playwright turns the HTTP cache off while a context routes: a list the browser
 * kept (max-age) would never be seen. Nothing here leaves 127.0.0.1 anyway.
 */
async function cachingPage(session: Session | null) {
  const context = await shared.browser.newContext({ viewport: { width: 1280, height: 900 } });
  if (session) await seedSession(context, session);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  return { context, page, problems };
}

/** How many "· edited" marks the review shows: its own and those of the dish reviews inside it. */
const editedMarks = (review: Locator) =>
  review.evaluate((el) => [...el.querySelectorAll("span")].filter((s) => s.textContent?.trim() === "· edited").length);

beforeAll(async () => {
  author = await signedInSession("own");
  const rows = await shared.database.client.execute(
    `SELECT r.id AS restaurant, (SELECT d.id FROM dishes d WHERE d.restaurant_id = r.id ORDER BY d.id LIMIT 1) AS dish
     FROM restaurants r WHERE EXISTS (SELECT 1 FROM dishes d WHERE d.restaurant_id = r.id) ORDER BY r.id DESC LIMIT 1`,
  );
  restaurantId = Number(rows.rows[0]!.restaurant);
  await postReview(author, restaurantId, FIRST, {
    rating: "3",
    dishReviews: [{ dishId: Number(rows.rows[0]!.dish), rating: 4, content: DISH_TEXT }],
  });
}, 120_000);

describe("your own changes show at once", () => {
  it("the author edits, reloads and sees the new text; so does a visitor who had the list; the dish review is not marked edited", async () => {
    const visitor = await cachingPage(null);
    const writer = await cachingPage(author);
    try {
      // The visitor reads the list first, so their browser holds it.
      const seen = await openReviews(visitor.page);
      await reviewOf(seen, author.username).getByText(FIRST).waitFor();

      const section = await openReviews(writer.page);
      const review = reviewOf(section, author.username);
      await review.getByText(FIRST).waitFor();
      await review.getByRole("button", { name: "Edit your review" }).first().click();
      const form = review.getByRole("form", { name: "Edit your review" });
      await form.getByLabel("Your review").fill(EDITED);
      // The incentive answer covers the dish review too; it is still not an edit of it.
      await form.getByRole("checkbox").check();
      await form.getByRole("button", { name: "Save changes" }).click();
      await section.getByText("Your review has been updated.").waitFor({ state: "attached" });

      const reloaded = await openReviews(writer.page, true);
      const after = reviewOf(reloaded, author.username);
      await after.getByText(EDITED).waitFor();
      expect(await after.getByText(FIRST).count()).toBe(0);
      await after.getByText(DISH_TEXT).waitFor();
      expect(await editedMarks(after)).toBe(1);

      const visitorReloaded = await openReviews(visitor.page, true);
      await reviewOf(visitorReloaded, author.username).getByText(EDITED).waitFor();
      expect(await reviewOf(visitorReloaded, author.username).getByText(FIRST).count()).toBe(0);
      expect([...visitor.problems, ...writer.problems]).toEqual([]);
    } finally {
      await visitor.context.close();
      await writer.context.close();
    }
  });
});
