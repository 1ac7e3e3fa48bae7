// Issue 30, "Find everything that matches": a restaurant page lists its whole menu (every
// listed dish, rated or not, with its price and its rating when it has one), a long menu folds
// behind "Show all N dishes", and the reviews stay within two screens of a 390 px phone. At
// 390 and 1280 px; screenshots go to the system's temporary folder for a person to look at.
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { MENU_FOLD } from "../../src/components/catalogue/RestaurantMenu.tsx";
import { seriousViolations } from "./a11y-helpers.ts";
import { useSite } from "./harness.ts";
import { sessionHelpersFor } from "./session.ts";

const shared = useSite();
const helpers = sessionHelpersFor(shared);
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** The seeded restaurant with the longest menu, and its listed dishes. */
let restaurantId: number;
let dishCount: number;
let unratedName: string | undefined;

beforeAll(async () => {
  const rows = (await shared.database.db.all(
    sql`SELECT restaurant_id AS id, count(*) AS n FROM dishes
        WHERE listing_state = 'approved' AND removed_at IS NULL
        GROUP BY restaurant_id ORDER BY n DESC, restaurant_id LIMIT 1`,
  )) as { id: number; n: number }[];
  restaurantId = rows[0]!.id;
  dishCount = rows[0]!.n;
  const unrated = (await shared.database.db.all(
    sql`SELECT dish_name AS name FROM dishes WHERE restaurant_id = ${restaurantId}
        AND listing_state = 'approved' AND removed_at IS NULL AND rating_count = 0 LIMIT 1`,
  )) as { name: string }[];
  unratedName = unrated[0]?.name;
});

describe("a restaurant page's menu (issue 30)", () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`lists every dish, folded after the first ${MENU_FOLD}, at ${viewport.width} px`, async () => {
      expect(dishCount).toBeGreaterThan(MENU_FOLD);
      await helpers.withPage(null, { forAxe: true }, async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.goto(helpers.url(`/restaurant/${restaurantId}`));
        const menu = page.getByRole("region", { name: "Menu" });
        // Every row is in the page, the folded ones too (a search engine and Find in page see them).
        await expect.poll(() => menu.locator(".cat-menu__row").count()).toBe(dishCount);
        await expect.poll(() => menu.locator(".cat-menu__row:visible").count()).toBe(MENU_FOLD);
        await expect.poll(() => menu.getByText(`${dishCount} dishes`, { exact: true }).isVisible()).toBe(true);
        const reviewsBelowMenu = () =>
          page.evaluate(
            () =>
              document.querySelector("#reviews")!.getBoundingClientRect().top -
              document.querySelector("#cat-menu-title")!.getBoundingClientRect().top,
          );
        const before = await reviewsBelowMenu();

        await menu.getByText(`Show all ${dishCount} dishes`).click();
        await expect.poll(() => menu.locator(".cat-menu__row:visible").count()).toBe(dishCount);
        if (unratedName) {
          // A dish nobody rated is on the menu too, without a rating.
          const row = menu.locator(".cat-menu__row", { hasText: unratedName }).first();
          expect(await row.isVisible()).toBe(true);
          expect(await row.locator(".cat-menu__rating").count()).toBe(0);
        }
        const first = menu.locator(".cat-menu__row").first();
        expect(await first.locator(".cat-menu__price").innerText()).toMatch(/£\d|Price not listed/);
        expect(await seriousViolations(page, "section.cat-menu")).toEqual([]);
        await page.screenshot({ path: join(tmpdir(), `restaurant-menu-${viewport.width}.png`), fullPage: true });

        await menu.getByText("Show fewer dishes").click();
        await expect.poll(() => menu.locator(".cat-menu__row:visible").count()).toBe(MENU_FOLD);
        // Folded again, the reviews are back where they were, just under the menu.
        expect(await reviewsBelowMenu()).toBe(before);
      });
    });
  }
});
