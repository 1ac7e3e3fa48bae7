// Issue 30, "Find everything that matches": search results say how many dishes and
// restaurants match and page on with Show more, by keyboard, with the focus on the first new
// card, the number of pages kept in the address across a reload, a busy button, an error that
// retries, and no button at the end; at 390 px and 1280 px, and nothing clipped at 320 px.
import type { Page, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { applyTextSpacing, clippedText, seriousViolations } from "./a11y-helpers.ts";
import { useSite } from "./harness.ts";
import { press, sessionHelpersFor } from "./session.ts";

const shared = useSite();
const helpers = sessionHelpersFor(shared);

const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });
// The browser tests' catalogue is the 0.1 seed: 58 dishes and 29 restaurants match "chicken"
// (about 6 and 3 pages), and "pizza" (9 and 3) fits on one page each.
const KEYWORD = "chicken";
const SUMMARY = /^(\d+\+?) dishes and (\d+\+?) restaurants match “chicken” in London$/;

async function open(path: string, viewport: { width: number; height: number }) {
  const opened = await helpers.newPage(null, { forAxe: true });
  await opened.page.setViewportSize(viewport);
  await opened.page.goto(shared.site.baseUrl + path);
  return opened;
}

const dishCards = (page: Page) =>
  page.locator("section[aria-labelledby='result-dishes-heading'] .card-grid > *");
const restaurantCards = (page: Page) =>
  page.locator("section[aria-labelledby='result-restaurants-heading'] .card-grid > *");

/** Holds the next-page requests of `kind` until released, to see the button while it is busy. */
async function holdNextPages(page: Page, path: "dishes" | "restaurants") {
  const held: Route[] = [];
  await page.route(new RegExp(`/api/${path}/search\\?.*cursor=`), (route) => void held.push(route));
  return {
    waiting: () => held.length,
    release: async () => {
      for (const route of held.splice(0)) await route.continue();
      await page.unroute(new RegExp(`/api/${path}/search\\?.*cursor=`));
    },
  };
}

describe("search results page on (issue 30)", () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    it(`${KEYWORD}: the count, Show more by keyboard, the address keeps it, at ${viewport.width} px`, async () => {
      const { context, page, problems } = await open(`/search?keyword=${KEYWORD}`, viewport);
      try {
        const summary = page.locator(".search-summary");
        await eventually(() => summary.textContent()).toMatch(SUMMARY);
        const [, dishCount] = SUMMARY.exec((await summary.textContent())!)!;
        expect(Number(dishCount)).toBeGreaterThan(20);
        await eventually(() => dishCards(page).count()).toBe(10);

        const more = page.getByRole("button", { name: "Show more dishes", exact: true });
        expect((await more.boundingBox())!.height).toBeGreaterThanOrEqual(44);
        const hold = await holdNextPages(page, "dishes");
        await press(page, more);
        await eventually(hold.waiting).toBe(1);
        // Busy, marked and still focused; a second press sends nothing more.
        const busy = page.getByRole("button", { name: "Loading more dishes…" });
        expect(await busy.getAttribute("aria-disabled")).toBe("true");
        expect(await busy.evaluate((el) => el === document.activeElement)).toBe(true);
        await page.keyboard.press("Enter");
        expect(hold.waiting()).toBe(1);
        await hold.release();

        await eventually(() => dishCards(page).count()).toBe(20);
        // The focus is on the first new card's link, and the live region says what came.
        const focused = await page.evaluate(() => {
          const card = document.activeElement?.closest(".card-grid > *");
          return card ? [...card.parentElement!.children].indexOf(card) : -1;
        });
        expect(focused).toBe(10);
        await eventually(() => page.locator(".show-more [role=status]").first().textContent()).toBe(
          `10 more dishes shown, 20 of ${dishCount}`,
        );
        expect(new URL(page.url()).searchParams.get("dishPages")).toBe("2");
        expect(await seriousViolations(page)).toEqual([]);

        // Reload: the same 20 dishes, in the same order, and Show more still there.
        const before = await dishCards(page).locator("a[href]").first().getAttribute("href");
        const names = await dishCards(page).locator("h3, h2").allTextContents();
        await page.reload();
        await eventually(() => dishCards(page).count()).toBe(20);
        expect(await dishCards(page).locator("a[href]").first().getAttribute("href")).toBe(before);
        expect(await dishCards(page).locator("h3, h2").allTextContents()).toEqual(names);
        await expect(more.isVisible()).resolves.toBe(true);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it("a failed page says so and the button tries again; at the end there is no button", async () => {
    const { context, page, problems } = await open(`/search?keyword=${KEYWORD}`, {
      width: 1280,
      height: 800,
    });
    try {
      await eventually(() => restaurantCards(page).count()).toBe(10);
      const more = page.getByRole("button", { name: "Show more restaurants", exact: true });
      await page.route(
        /\/api\/restaurants\/search\?.*cursor=/,
        (route) => route.fulfill({ status: 500, body: "{}" }),
        {
          times: 1,
        },
      );
      await press(page, more);
      await page
        .getByRole("alert")
        .filter({ hasText: "Couldn't load more restaurants. Please try again." })
        .waitFor();
      expect(await restaurantCards(page).count()).toBe(10);
      // Still focused: Enter again tries again.
      await page.keyboard.press("Enter");
      await eventually(() => restaurantCards(page).count()).toBe(20);
      await expect(page.getByRole("alert").count()).resolves.toBe(0);
      // Every restaurant that matches, a page at a time, then no button.
      const [, , restaurantCount] = SUMMARY.exec((await page.locator(".search-summary").textContent())!)!;
      const total = Number(restaurantCount);
      expect(total).toBeGreaterThan(20);
      expect(total).toBeLessThanOrEqual(40);
      for (let shown = 30; shown < total + 10; shown += 10) {
        await press(page, more);
        await eventually(() => restaurantCards(page).count()).toBe(Math.min(shown, total));
      }
      await eventually(() => more.count()).toBe(0);
      await expect(page.locator(".show-more-count").nth(1).textContent()).resolves.toBe(
        `Showing ${total} of ${total} restaurants`,
      );
      expect(new URL(page.url()).searchParams.get("restaurantPages")).toBe(String(Math.ceil(total / 10)));
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("a search that fits on one page says how many and offers no Show more", async () => {
    const { context, page, problems } = await open("/search?keyword=pizza", { width: 390, height: 844 });
    try {
      const summary = page.locator(".search-summary");
      await eventually(() => summary.textContent()).toMatch(
        /^\d dishes and \d restaurants? match(es)? “pizza” in London$/,
      );
      const [shown] = /^\d/.exec((await summary.textContent())!)!;
      await eventually(() => dishCards(page).count()).toBe(Number(shown));
      expect(await page.getByRole("button", { name: /^Show more/ }).count()).toBe(0);
      expect(await page.locator(".show-more-count").first().textContent()).toBe(
        `Showing ${shown} of ${shown} dishes`,
      );
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("nothing is clipped and nothing scrolls sideways at 320 px with text spacing", async () => {
    const { context, page } = await open(`/search?keyword=${KEYWORD}&dishPages=2`, {
      width: 320,
      height: 640,
    });
    try {
      await eventually(() => dishCards(page).count()).toBe(20);
      await applyTextSpacing(page);
      expect(await clippedText(page, ".search-results")).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    } finally {
      await context.close();
    }
  });
});
