// The review modal in Chromium against the built site (issue 11): a signed-in person opens it
// from a restaurant page, uploads ten photos, rates the restaurant and two dishes and posts;
// adds a restaurant and a dish through steps 7 and 8 and opens their pages; axe finds nothing
// serious in any step; and all of it works from the keyboard alone (the file picker aside:
// the operating system's dialog is not the page's, so the test hands the files to the input).
import sharp from "sharp";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousViolations } from "./a11y-helpers.ts";
import { hydrateIslands, useSite } from "./harness.ts";
import { sessionHelpersFor, tabTo } from "./session.ts";

const shared = useSite();

const { url, signedInSession, newPage, postReview } = sessionHelpersFor(shared);
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });

async function query<T>(sql: string, args: (string | number)[] = []): Promise<T[]> {
  const result = await shared.database.client.execute({ sql, args });
  return result.rows as unknown as T[];
}

/** The reviewer the modal's tests sign in as. */
const REVIEWER = { firstName: "Rosa", lastName: "Lewis", password: "slow roast pork belly with fennel" };

async function pngs(count: number, prefix: string) {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => ({
      name: `${prefix}-${i + 1}.png`,
      mimeType: "image/png",
      buffer: await sharp({ create: { width: 64 + i, height: 48, channels: 3, background: { r: 40 * i, g: 120, b: 200 - 30 * i } } })
        .png()
        .toBuffer(),
    })),
  );
}

async function restaurantWithDishes(): Promise<{ id: number; name: string; dishes: { id: number; name: string }[] }> {
  const [row] = await query<{ id: number; name: string }>(
    `SELECT r.id AS id, r.name AS name FROM restaurants r
     WHERE (SELECT count(*) FROM dishes d WHERE d.restaurant_id = r.id) >= 2 ORDER BY r.id LIMIT 1`,
  );
  if (!row) throw new Error("The seed has no restaurant with two dishes");
  const dishes = await query<{ id: number; name: string }>(
    "SELECT id, dish_name AS name FROM dishes WHERE restaurant_id = ? ORDER BY dish_name COLLATE NOCASE, id",
    [row.id],
  );
  return { id: Number(row.id), name: String(row.name), dishes: dishes.map((d) => ({ id: Number(d.id), name: String(d.name) })) };
}

const dialogOf = (page: Page) => page.getByRole("dialog", { name: "Post a Review" });
const stepHeading = (page: Page) => dialogOf(page).getByRole("heading", { level: 2 });

describe("review modal", () => {
  it("posts a restaurant review with photos and two dish reviews, by keyboard, from the restaurant page", async () => {
    const restaurant = await restaurantWithDishes();
    const session = await signedInSession("rm", REVIEWER);
    const { context, page, problems } = await newPage(session);
    try {
      // Nothing of the modal loads before it is opened.
      const scripts: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "script") scripts.push(request.url());
      });
      await page.goto(url(`/restaurant/${restaurant.id}`), { waitUntil: "load" });
      // Every island live: the page's own scripts are in before the count.
      await hydrateIslands(page);
      const before = scripts.length;

      const opener = page.locator("main").getByRole("button", { name: "Post a Review" });
      await tabTo(page, opener);
      await page.keyboard.press("Enter");
      const dialog = dialogOf(page);
      await dialog.waitFor();
      expect(scripts.length).toBeGreaterThan(before);
      expect(await dialog.getAttribute("aria-modal")).toBe("true");
      await eventually(() => stepHeading(page).textContent()).toBe("Add photos");

      // Step 0: three photos, then a batch that would pass ten adds as many as fit (issue 24).
      const fileInput = dialog.locator('input[type="file"]');
      await fileInput.setInputFiles(await pngs(3, "table"));
      await dialog.getByText("3 images uploaded successfully.").waitFor();
      await eventually(() => dialog.getByRole("button", { name: /photo \d+: table-\d\.jpg$/ }).count()).toBe(3);
      await fileInput.setInputFiles(await pngs(8, "more"));
      await dialog.getByText("You can upload a maximum of 10 images. 7 of the 8 photos you chose were added.").waitFor();
      await eventually(() => dialog.getByRole("button", { name: /photo \d+: / }).count()).toBe(10);

      await tabTo(page, dialog.getByRole("button", { name: "Next", exact: true }));
      await page.keyboard.press("Enter");
      await eventually(() => stepHeading(page).textContent()).toBe("Restaurant review");
      // The restaurant page's restaurant is already chosen.
      expect(await dialog.getByRole("combobox", { name: "Restaurant", exact: true }).inputValue()).toBe(restaurant.name);

      // Tap-to-rate (issue 24): nothing chosen until the person chooses; arrows move through
      // the half stars, then the exact box takes it to the tenth.
      const stars = dialog.getByRole("radiogroup", { name: "Your rating of the restaurant" });
      expect(await stars.getByRole("radio", { checked: true }).count()).toBe(0);
      await tabTo(page, stars.getByRole("radio", { name: "0.5 stars", exact: true }));
      for (let i = 0; i < 8; i += 1) await page.keyboard.press("ArrowRight");
      expect(await stars.getByRole("radio", { name: "4.5 stars", exact: true }).isChecked()).toBe(true);
      const exact = dialog.getByRole("spinbutton", { name: "Exact rating" });
      await tabTo(page, exact);
      for (let i = 0; i < 3; i += 1) await page.keyboard.press("ArrowDown");
      expect(await exact.getAttribute("aria-valuetext")).toBe("4.2 out of 5, Very Good");
      await dialog.getByText("Very Good").waitFor();

      const text = dialog.getByRole("textbox", { name: "Your Restaurant Review" });
      expect(await text.getAttribute("placeholder")).toBe("Tell us about your experience at the restaurant");
      expect(await text.getAttribute("aria-required")).toBe("true");
      await tabTo(page, text);
      await page.keyboard.type("Warm service and a <b>proper</b> black daal.");

      await dialog.getByText("Did you receive anything for this review (a free meal, a discount, an invitation)?").waitFor();
      expect(await dialog.getByRole("link", { name: /review policy/ }).getAttribute("href")).toBe("/review-policy");

      // Two dish reviews, each a different dish.
      const chosenDishes: number[] = [];
      for (const [n, tenths] of [
        [1, 45],
        [2, 30],
      ] as const) {
        await tabTo(page, dialog.getByRole("button", { name: "Add Dish Review", exact: true }));
        await page.keyboard.press("Enter");
        await eventually(() => stepHeading(page).textContent()).toBe(`Dish review ${n} of 5`);
        const dish = dialog.getByRole("combobox", { name: `Dish at ${restaurant.name}` });
        await tabTo(page, dish);
        for (let i = 0; i < n; i += 1) await page.keyboard.press("ArrowDown");
        await eventually(() => dish.inputValue()).not.toBe("");
        chosenDishes.push(Number(await dish.inputValue()));
        await tabTo(page, dialog.getByRole("spinbutton", { name: "Exact rating" }));
        await page.keyboard.type((tenths / 10).toFixed(1));
      }

      const [existing] = await query<{ count: number }>("SELECT count(*) AS count FROM posts WHERE author_id = ?", [Number(session.userId)]);
      await tabTo(page, dialog.getByRole("button", { name: "Done", exact: true }));
      await page.keyboard.press("Enter");
      // Issue 30: "Done" shows what will be posted first.
      await dialog.getByRole("heading", { name: "Check your review before posting" }).waitFor();
      await tabTo(page, dialog.getByRole("button", { name: "Post", exact: true }));
      await page.keyboard.press("Enter");
      await dialog.getByText("Your review has been posted.").waitFor();
      await eventually(() => stepHeading(page).textContent()).toBe("Add photos");
      expect(await dialog.getByRole("button", { name: /photo \d+: / }).count()).toBe(0);

      const posted = await query<{ id: number; restaurant_id: number | null; dish_id: number | null; rating_tenths: number; photos: number }>(
        `SELECT id, restaurant_id, dish_id, rating_tenths, (SELECT count(*) FROM post_images i WHERE i.post_id = p.id) AS photos
         FROM posts p WHERE author_id = ? ORDER BY id`,
        [Number(session.userId)],
      );
      expect(Number(existing?.count)).toBe(0);
      expect(new Set(chosenDishes).size).toBe(2);
      expect(posted.map((p) => [p.restaurant_id, p.dish_id, Number(p.rating_tenths), Number(p.photos)])).toEqual([
        [restaurant.id, null, 42, 10],
        [null, chosenDishes[0], 45, 0],
        [null, chosenDishes[1], 30, 0],
      ]);
      expect(await dialog.getByRole("link", { name: "View your review" }).getAttribute("href")).toBe(`/review/${posted[0]!.id}`);

      // Escape closes and gives the focus back to the button that opened the modal.
      await page.keyboard.press("Escape");
      await eventually(() => dialog.count()).toBe(0);
      expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("offers to edit the earlier review of a restaurant reviewed before, and the edit keeps the old text as a version", async () => {
    const restaurant = await restaurantWithDishes();
    const session = await signedInSession("rm", REVIEWER);
    const postId = await postReview(session, restaurant.id, "First visit: the daal was thin.", { rating: "2.5" });
    const { context, page, problems } = await newPage(session, { forAxe: true });
    try {
      await page.goto(url(`/restaurant/${restaurant.id}`), { waitUntil: "load" });
      await hydrateIslands(page);
      await page.locator("main").getByRole("button", { name: "Post a Review" }).click();
      const dialog = dialogOf(page);
      await dialog.getByRole("button", { name: "Next", exact: true }).click();
      await eventually(() => stepHeading(page).textContent()).toBe("Restaurant review");
      await dialog.getByRole("spinbutton", { name: "Exact rating" }).fill("5");
      await dialog.getByRole("textbox", { name: "Your Restaurant Review" }).fill("Second visit: much better.");
      await dialog.getByRole("button", { name: "Post Without Dish Review", exact: true }).click();

      // One voice per person per item (issue 20): the modal offers the earlier review instead.
      await eventually(() => stepHeading(page).textContent()).toBe("You already reviewed this");
      await dialog.getByRole("alert").getByText("You have already reviewed this restaurant.", { exact: false }).waitFor();
      await dialog.getByRole("button", { name: "Edit your review of this restaurant" }).click();
      const form = dialog.getByRole("form", { name: "Edit your review of this restaurant" });
      const text = form.getByRole("textbox", { name: "Your review" });
      expect(await text.inputValue()).toBe("Second visit: much better.");
      await text.fill("Second visit: much better, the daal was rich.");
      expect(await seriousViolations(page, "dialog[open]")).toEqual([]);
      await form.getByRole("button", { name: "Save changes" }).click();
      await dialog.getByText("Your review has been updated.").waitFor();

      const rows = await query<{ content: string; rating_tenths: number }>(
        "SELECT content, rating_tenths FROM posts WHERE author_id = ?",
        [Number(session.userId)],
      );
      expect(rows.map((r) => [r.content, Number(r.rating_tenths)])).toEqual([
        ["Second visit: much better, the daal was rich.", 50],
      ]);
      const versions = await query<{ content: string }>("SELECT content FROM review_versions WHERE post_id = ?", [postId]);
      expect(versions.map((v) => v.content)).toEqual(["First visit: the daal was thin."]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("adds a restaurant and a dish through steps 7 and 8, whose pages open at once", async () => {
    const session = await signedInSession("rm", REVIEWER);
    const { context, page, problems } = await newPage(session);
    const stamp = Date.now().toString(36).toUpperCase();
    const name = `Test Kitchen ${stamp}`;
    try {
      // The header's scripts ran before load; its account menu marks itself ready.
      await page.goto(url("/"), { waitUntil: "load" });
      await page.locator("[data-account-menu][data-ready]").waitFor();
      const opener = page.locator("[data-site-header]").getByRole("button", { name: "Post a Review" });
      await tabTo(page, opener);
      await page.keyboard.press("Enter");
      const dialog = dialogOf(page);
      await tabTo(page, dialog.getByRole("button", { name: "Next", exact: true }));
      await page.keyboard.press("Enter");
      await tabTo(page, dialog.getByRole("button", { name: "Add a Restaurant", exact: true }));
      await page.keyboard.press("Enter");
      await eventually(() => stepHeading(page).textContent()).toBe("Add a Restaurant");

      // Point 5's messages for an empty form, at their fields.
      await tabTo(page, dialog.getByRole("button", { name: "Save Restaurant", exact: true }));
      await page.keyboard.press("Enter");
      for (const message of ["Restaurant Name is required.", "Address is required.", "PostCode is required.", "At least one tag is required."]) {
        await dialog.getByText(message).waitFor();
      }

      await tabTo(page, dialog.getByRole("textbox", { name: "Restaurant Name" }), { backwards: true });
      await page.keyboard.type(name);
      await page.keyboard.press("Tab");
      await page.keyboard.type("1 Upper Street");
      await page.keyboard.press("Tab");
      await page.keyboard.type("N1 1AA");
      await tabTo(page, dialog.getByRole("searchbox", { name: "Find a tag" }));
      await page.keyboard.type("a");
      await page.keyboard.press("Tab");
      await page.keyboard.press("Space");
      await tabTo(page, dialog.getByRole("button", { name: "Save Restaurant", exact: true }));
      await page.keyboard.press("Enter");
      await dialog.getByText("Restaurant saved successfully!").waitFor();
      const restaurantLink = dialog.getByRole("link", { name });
      const restaurantHref = await restaurantLink.getAttribute("href");
      expect(restaurantHref).toMatch(/^\/restaurant\/\d+$/);

      // Back goes to step 1, where the new restaurant is now chosen.
      await tabTo(page, dialog.getByRole("button", { name: "Back", exact: true }), { backwards: true });
      await page.keyboard.press("Enter");
      await eventually(() => stepHeading(page).textContent()).toBe("Restaurant review");
      expect(await dialog.getByRole("combobox", { name: "Restaurant", exact: true }).inputValue()).toBe(name);

      await tabTo(page, dialog.getByRole("button", { name: "Add Dish Review", exact: true }));
      await page.keyboard.press("Enter");
      await tabTo(page, dialog.getByRole("button", { name: "Add a Dish", exact: true }));
      await page.keyboard.press("Enter");
      await eventually(() => stepHeading(page).textContent()).toBe("Add a Dish");
      expect(await dialog.getByRole("combobox", { name: "Restaurant", exact: true }).inputValue()).toBe(name);
      await tabTo(page, dialog.getByRole("textbox", { name: "Dish Name" }), { backwards: true });
      await page.keyboard.type("Smoked eel croquettes");
      await page.keyboard.press("Tab");
      await page.keyboard.type("8.50");
      await tabTo(page, dialog.getByRole("searchbox", { name: "Find a tag" }));
      await page.keyboard.type("a");
      await page.keyboard.press("Tab");
      await page.keyboard.press("Space");
      await tabTo(page, dialog.getByRole("button", { name: "Save Dish", exact: true }));
      await page.keyboard.press("Enter");
      await dialog.getByText("Dish saved successfully!").waitFor();
      const dishHref = await dialog.getByRole("link", { name: "Smoked eel croquettes" }).getAttribute("href");
      expect(dishHref).toMatch(/^\/dish\/\d+$/);
      // The spec's message goes after 5 seconds; the form is already cleared.
      expect(await dialog.getByRole("textbox", { name: "Dish Name" }).inputValue()).toBe("");
      expect(problems).toEqual([]);

      for (const [href, heading] of [
        [restaurantHref!, name],
        [dishHref!, "Smoked eel croquettes"],
      ] as const) {
        const response = await page.goto(url(href));
        expect(response?.status()).toBe(200);
        await eventually(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(heading);
      }
    } finally {
      await context.close();
    }
  });

  it("keeps the focus inside, and axe finds nothing serious in any step", async () => {
    const restaurant = await restaurantWithDishes();
    const session = await signedInSession("rm", REVIEWER);
    const { context, page } = await newPage(session, { forAxe: true });
    try {
      await page.goto(url(`/dish/${restaurant.dishes[0]!.id}`), { waitUntil: "load" });
      await hydrateIslands(page);
      await page.locator("main").getByRole("button", { name: "Post a Review" }).click();
      const dialog = dialogOf(page);
      await dialog.waitFor();
      await dialog.locator('input[type="file"]').setInputFiles(await pngs(2, "axe"));
      await dialog.getByText("2 images uploaded successfully.").waitFor();
      for (let i = 0; i < 40; i += 1) {
        await page.keyboard.press("Tab");
        expect(await page.evaluate(() => Boolean(document.activeElement?.closest("dialog[open]")))).toBe(true);
      }
      const violations: string[] = [];
      const audit = async (step: string) => violations.push(...(await seriousViolations(page, "dialog[open]")).map((v) => `${step}: ${v}`));
      await audit("photos");
      await dialog.getByRole("button", { name: "Next", exact: true }).click();
      await audit("restaurant review");
      await dialog.getByRole("button", { name: "Add Dish Review", exact: true }).click();
      // The dish page's dish is chosen in dish review 1.
      await eventually(() => dialog.getByRole("combobox", { name: /^Dish at / }).inputValue()).toBe(String(restaurant.dishes[0]!.id));
      await audit("dish review");
      await dialog.getByRole("button", { name: "Add a Dish", exact: true }).click();
      await dialog.getByRole("button", { name: "Save Dish", exact: true }).waitFor();
      await audit("add a dish");
      await dialog.getByRole("button", { name: "Back", exact: true }).click();
      await dialog.getByRole("button", { name: "Add a Restaurant", exact: true }).click();
      await dialog.getByRole("button", { name: "Save Restaurant", exact: true }).waitFor();
      await audit("add a restaurant");
      expect(violations).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("asks a signed-out visitor to log in first, with a link back to the page", async () => {
    const restaurant = await restaurantWithDishes();
    const { context, page, problems } = await newPage(null);
    try {
      await page.goto(url(`/restaurant/${restaurant.id}`), { waitUntil: "load" });
      await hydrateIslands(page);
      // The header offers Post a Review only to a signed-in person; the page's button is always there.
      expect(await page.locator("[data-site-header]").getByRole("button", { name: "Post a Review" }).isVisible()).toBe(false);
      await page.locator("main").getByRole("button", { name: "Post a Review" }).click();
      const dialog = dialogOf(page);
      await dialog.getByText("Please login first to post a review.").waitFor();
      expect(await dialog.getByRole("link", { name: "Login" }).getAttribute("href")).toBe(
        `/sign-in-users?next=${encodeURIComponent(`/restaurant/${restaurant.id}`)}`,
      );
      await dialog.getByRole("button", { name: "Close", exact: true }).click();
      await eventually(() => dialog.count()).toBe(0);
      expect(problems).toEqual([]);
      await context.close();

      const axe = await newPage(null, { forAxe: true });
      await axe.page.goto(url(`/restaurant/${restaurant.id}`), { waitUntil: "load" });
      await hydrateIslands(axe.page);
      await axe.page.locator("main").getByRole("button", { name: "Post a Review" }).click();
      await dialogOf(axe.page).getByText("Please login first to post a review.").waitFor();
      expect(await seriousViolations(axe.page)).toEqual([]);
      await axe.context.close();
    } finally {
      await context.close();
    }
  });
});
