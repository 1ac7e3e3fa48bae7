// Issue 30, "The content people came for comes first", measured where Chromium lays it out:
// on a 390x844 phone a restaurant's reviews start within two screens (the app promo now
// comes after them), and a tag or area page's first ranked dish is on the first or second
// screen, the tag page's offers taking one compact row while its sections keep the spec's
// order. Screenshots go to the system's temporary folder for a person to look at.
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { tagSlug } from "../../src/domain/tag-slug.ts";
import { seriousViolations } from "./a11y-helpers.ts";
import { useSite } from "./harness.ts";
import { sessionHelpersFor } from "./session.ts";

const shared = useSite();
const helpers = sessionHelpersFor(shared);
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const TWO_SCREENS = 2 * PHONE.height;

let restaurantId: number;
let tag: string;
let areaId: number;

beforeAll(async () => {
  // The restaurant with the longest menu and some offers: the longest page of its kind.
  const [restaurant] = (await shared.database.db.all(
    sql`SELECT d.restaurant_id AS id FROM dishes d
        WHERE d.listing_state = 'approved' AND d.removed_at IS NULL
        GROUP BY d.restaurant_id
        ORDER BY (SELECT count(*) FROM offers o WHERE o.restaurant_id = d.restaurant_id) > 0 DESC, count(*) DESC
        LIMIT 1`,
  )) as { id: number }[];
  restaurantId = restaurant!.id;
  // The tag with the most offers among those with ranked dishes: the longest tag page.
  const tags = await helpers.api<{ tagName: string }[]>(null, "/tags/getLimitedTags?limit=30");
  let most = 0;
  for (const { tagName } of tags.body.data) {
    const name = encodeURIComponent(tagName);
    const [offers, dishes] = await Promise.all([
      helpers.api<unknown[]>(null, `/offers/filter?tagName=${name}&topNum=6`),
      helpers.api<unknown[]>(null, `/dishes/top/filter?tagName=${name}&topNum=1`),
    ]);
    if (offers.body.data.length > most && dishes.body.data.length > 0) {
      tag = tagName;
      most = offers.body.data.length;
    }
  }
  expect(tag, "a seeded tag with offers and ranked dishes").toBeTruthy();
  const [area] = (await shared.database.db.all(
    sql`SELECT area_id AS id FROM dishes WHERE rating_count > 0 AND listing_state = 'approved'
        GROUP BY area_id ORDER BY count(*) DESC LIMIT 1`,
  )) as { id: number }[];
  areaId = area!.id;
});

/** Where an element starts on the page, in CSS pixels from the top of the document. */
async function pageTop(page: Page, locator: Locator): Promise<number> {
  await locator.first().waitFor({ state: "attached" });
  return locator.first().evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
}

async function shot(page: Page, name: string, width: number) {
  await page.screenshot({ path: join(tmpdir(), `content-first-${name}-${width}.png`), fullPage: true });
}

describe("the content people came for comes first (issue 30)", () => {
  it("a restaurant's reviews start within two screens of a phone, before the app promo", async () => {
    await helpers.withPage(null, async ({ page }) => {
      await page.setViewportSize(PHONE);
      await page.goto(helpers.url(`/restaurant/${restaurantId}`));
      await shot(page, "restaurant", PHONE.width);
      const reviews = await pageTop(page, page.locator("#reviews"));
      // Nothing is wider than the phone (a sideways scroller must not widen the page).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      expect(reviews).toBeLessThan(TWO_SCREENS);
      // The menu comes first, folded, and the promo for an app that is coming soon after all of it.
      expect(await pageTop(page, page.locator("#cat-menu-title"))).toBeLessThan(reviews);
      const box = await page.locator("#reviews").boundingBox();
      expect(box?.y).toBeCloseTo(reviews, 0);
      expect(await pageTop(page, page.getByText("The Dishcovery app is coming soon"))).toBeGreaterThan(
        await pageTop(page, page.locator("#top-dishes")),
      );
    });
  });

  for (const viewport of [PHONE, DESKTOP]) {
    it(`a tag page's first ranked dish is on the first or second screen at ${viewport.width} px`, async () => {
      await helpers.withPage(null, { forAxe: true }, async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.goto(helpers.url(`/tag/${tagSlug(tag)}`));
        const firstDish = await pageTop(page, page.locator("#top-dishes article"));
        expect(firstDish).toBeLessThan(2 * viewport.height);
        // The spec's order: offers, top dishes, trending restaurant, top restaurants, trending dish.
        const order = [];
        for (const id of ["special-offers", "top-dishes", "trending-restaurant", "top-restaurants", "trending-dish"])
          order.push(await pageTop(page, page.locator(`#${id}`)));
        expect([...order].sort((a, b) => a - b)).toEqual(order);
        // The offers are one row of small cards that scrolls sideways, not a column of big ones.
        const row = page.getByRole("list", { name: `${tag} special offers` });
        const cards = row.getByRole("listitem");
        const count = await cards.count();
        expect(count).toBeGreaterThan(0);
        const first = (await cards.nth(0).boundingBox())!;
        expect(first.height).toBeLessThan(160);
        if (count > 1) expect((await cards.nth(count - 1).boundingBox())!.y).toBeCloseTo(first.y, 0);
        expect(await seriousViolations(page, "#special-offers")).toEqual([]);
        await shot(page, "tag", viewport.width);
      });
    });
  }

  it("an area page's first ranked dish is on the first or second screen of a phone", async () => {
    await helpers.withPage(null, async ({ page }) => {
      await page.setViewportSize(PHONE);
      await page.goto(helpers.url(`/area/${areaId}`));
      expect(await pageTop(page, page.locator("#area-dishes ~ * article, .cat-related article").first())).toBeLessThan(
        TWO_SCREENS,
      );
      await shot(page, "area", PHONE.width);
    });
  });
});
