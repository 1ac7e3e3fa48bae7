// The composer (issue 30, "The composer"), in Chromium at 390 and 1280 px against the built
// site: a place the person already reviewed is caught as soon as it is chosen, with an Edit
// that opens their review; the incentive question is asked once per post; "Done" shows what
// will be posted first; and on a phone each star is a target of at least 44 px.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousViolations } from "./a11y-helpers.ts";
import { hydrateIslands, useSite } from "./harness.ts";
import { sessionHelpersFor } from "./session.ts";

const shared = useSite();
const { url, signedInSession, newPage, postReview } = sessionHelpersFor(shared);
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });
const REVIEWER = { firstName: "Ines", lastName: "Duarte", password: "grilled sardines on toast" };
const INCENTIVE = "Did you receive anything for this review (a free meal, a discount, an invitation)?";

async function restaurantWithDishes(offset: number): Promise<{ id: number; name: string }> {
  const result = await shared.database.client.execute({
    sql: `SELECT r.id AS id, r.name AS name FROM restaurants r
          WHERE (SELECT count(*) FROM dishes d WHERE d.restaurant_id = r.id) >= 2 ORDER BY r.id LIMIT 1 OFFSET ?`,
    args: [offset],
  });
  const row = result.rows[0]!;
  return { id: Number(row.id), name: String(row.name) };
}

const dialogOf = (page: Page) => page.getByRole("dialog", { name: "Post a Review" });
const stepHeading = (page: Page) => dialogOf(page).getByRole("heading", { level: 2 });

async function openAtRestaurantStep(page: Page, restaurantId: number, width: number) {
  await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
  await page.goto(url(`/restaurant/${restaurantId}`), { waitUntil: "load" });
  // Live before the click: every island on the page has hydrated.
  await hydrateIslands(page);
  await page.locator("main").getByRole("button", { name: "Post a Review" }).click();
  const dialog = dialogOf(page);
  await dialog.getByRole("button", { name: "Next", exact: true }).click();
  await eventually(() => stepHeading(page).textContent()).toBe("Restaurant review");
  return dialog;
}

describe.each([390, 1280] as const)("the composer at %i px", (width) => {
  it("catches a place already reviewed when it is chosen, and Edit opens that review", async () => {
    const restaurant = await restaurantWithDishes(2);
    const session = await signedInSession(`cm${width}`, REVIEWER);
    await postReview(session, restaurant.id, "First visit: the bread was stale.", { rating: "2.5" });
    const { context, page, problems } = await newPage(session, { forAxe: true });
    try {
      const dialog = await openAtRestaurantStep(page, restaurant.id, width);
      // Before anything is written or posted.
      const notice = dialog.getByRole("status").filter({ hasText: "You have already reviewed this restaurant." });
      await notice.waitFor();
      expect(await seriousViolations(page, "dialog[open]")).toEqual([]);
      await notice.getByRole("button", { name: "Edit your review of this restaurant" }).click();
      await eventually(() => stepHeading(page).textContent()).toBe("You already reviewed this");
      const form = dialog.getByRole("form", { name: "Edit your review of this restaurant" });
      const text = form.getByRole("textbox", { name: "Your review" });
      expect(await text.inputValue()).toBe("First visit: the bread was stale.");
      expect(await form.getByRole("spinbutton", { name: "Exact rating" }).inputValue()).toBe("2.5");
      await text.fill("Second visit: the bread was fresh.");
      await form.getByRole("button", { name: "Save changes" }).click();
      await dialog.getByText("Your review has been updated.").waitFor();
      const rows = await shared.database.client.execute({
        sql: "SELECT content FROM posts WHERE author_id = ?",
        args: [Number(session.userId)],
      });
      expect(rows.rows.map((r) => r.content)).toEqual(["Second visit: the bread was fresh."]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("asks the incentive question once, shows a summary on Done, and posts from it; stars are 44 px targets on a phone", async () => {
    const restaurant = await restaurantWithDishes(3);
    const session = await signedInSession(`cs${width}`, REVIEWER);
    const { context, page, problems } = await newPage(session, { forAxe: true });
    try {
      const dialog = await openAtRestaurantStep(page, restaurant.id, width);
      const stars = dialog.getByRole("radiogroup", { name: "Your rating of the restaurant" });
      if (width < 600) {
        // Each star is one target of at least 44 by 44 px; a second tap takes half a star off.
        const sizes = await stars.locator(".rm-star-half[data-half=right]").evaluateAll((labels) =>
          labels.map((label) => {
            const box = label.getBoundingClientRect();
            return Math.min(box.width, box.height);
          }),
        );
        expect(sizes).toHaveLength(5);
        for (const size of sizes) expect(size).toBeGreaterThanOrEqual(44);
        const box = (await stars.boundingBox())!;
        await page.mouse.click(box.x + 3.5 * 48, box.y + 24);
        expect(await stars.getByRole("radio", { name: "4 stars", exact: true }).isChecked()).toBe(true);
        await page.mouse.click(box.x + 3.5 * 48, box.y + 24);
        expect(await stars.getByRole("radio", { name: "3.5 stars", exact: true }).isChecked()).toBe(true);
      } else {
        await dialog.getByRole("spinbutton", { name: "Exact rating" }).fill("3.5");
      }
      await dialog.getByRole("textbox", { name: "Your Restaurant Review" }).fill("Good chips, slow service.");
      await dialog.getByText(INCENTIVE).waitFor();
      await dialog.getByRole("button", { name: "Add Dish Review", exact: true }).click();
      await eventually(() => stepHeading(page).textContent()).toBe("Dish review 1 of 5");
      expect(await dialog.getByText(INCENTIVE).count()).toBe(0);
      const dish = dialog.getByRole("combobox", { name: `Dish at ${restaurant.name}` });
      await dish.focus();
      await page.keyboard.press("ArrowDown");
      await eventually(() => dish.inputValue()).not.toBe("");
      const dishName = (await dish.locator("option:checked").textContent())!.trim();
      await dialog.getByRole("spinbutton", { name: "Exact rating" }).fill("4.5");

      await dialog.getByRole("button", { name: "Done", exact: true }).click();
      const summary = dialog.getByRole("region", { name: "Check your review before posting" });
      await summary.waitFor();
      await summary.getByText(`${restaurant.name}: 3.5 out of 5, no photos`).waitFor();
      await summary.getByText(`${dishName}: 4.5 out of 5, no photos`).waitFor();
      await summary.getByText("You told us you received nothing for this visit.").waitFor();
      expect(await seriousViolations(page, "dialog[open]")).toEqual([]);
      const count = async () =>
        Number(
          (
            await shared.database.client.execute({
              sql: "SELECT count(*) AS n FROM posts WHERE author_id = ?",
              args: [Number(session.userId)],
            })
          ).rows[0]!.n,
        );
      expect(await count()).toBe(0);
      await summary.getByRole("button", { name: "Post", exact: true }).click();
      await dialog.getByText("Your review has been posted.").waitFor();
      expect(await count()).toBe(2);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
