// Writing a review (issue 24), in Chromium at 390 and 1280 px against the built site: tap-to-
// rate in half stars beside the exact value, required fields that say what they lack until
// filled, a question before ✕ or Escape throws work away, the unsent review kept across a
// reload, "View your review" after posting, and a photo carousel that stays where the person
// put it while they choose, with a batch larger than the room adding what fits. axe finds
// nothing serious in any of these states.
import sharp from "sharp";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { applyTextSpacing, clippedText, seriousViolations } from "./a11y-helpers.ts";
import { hydrateIslands, useSite } from "./harness.ts";
import { type Session, sessionHelpersFor, tabTo } from "./session.ts";

const shared = useSite();

const { url, signedInSession, newPage } = sessionHelpersFor(shared);
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });
const WIDTHS = [390, 1280] as const;
const REVIEWER = { firstName: "Noor", lastName: "Haddad", password: "lamb shoulder with pomegranate" };

async function aRestaurant(offset: number): Promise<{ id: number; name: string }> {
  const result = await shared.database.client.execute({
    sql: "SELECT id, name FROM restaurants ORDER BY id LIMIT 1 OFFSET ?",
    args: [offset],
  });
  const row = result.rows[0]!;
  return { id: Number(row.id), name: String(row.name) };
}

async function pngs(count: number, prefix: string) {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => ({
      name: `${prefix}-${i + 1}.png`,
      mimeType: "image/png",
      buffer: await sharp({
        create: { width: 60 + i, height: 40, channels: 3, background: { r: 20 * i, g: 90, b: 160 } },
      })
        .png()
        .toBuffer(),
    })),
  );
}

const dialogOf = (page: Page) => page.getByRole("dialog", { name: "Post a Review" });
const stepHeading = (page: Page) => dialogOf(page).getByRole("heading", { level: 2 });
/** The focused control's label, or its own text (a button). */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    return (el?.labels?.[0] ?? el)?.textContent?.trim() ?? "";
  });
/** The text of the elements that describe the focused or given field. */
const description = (page: Page, selector?: string) =>
  page.evaluate((sel) => {
    const el = sel ? document.querySelector(sel) : document.activeElement;
    const ids = el?.getAttribute("aria-describedby")?.split(" ") ?? [];
    return ids.map((id) => document.getElementById(id)?.textContent ?? "").join(" ");
  }, selector);

async function openModal(page: Page, restaurantId: number, width: number) {
  await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
  await page.goto(url(`/restaurant/${restaurantId}`), { waitUntil: "load" });
  // Live before the click (not networkidle's half second of quiet after the last request).
  await hydrateIslands(page);
  await page.locator("main").getByRole("button", { name: "Post a Review" }).click();
  await dialogOf(page).waitFor();
  return dialogOf(page);
}

async function toRestaurantStep(page: Page) {
  await dialogOf(page).getByRole("button", { name: "Next", exact: true }).click();
  await eventually(() => stepHeading(page).textContent()).toBe("Restaurant review");
}

async function person(width: number): Promise<Session> {
  return signedInSession(`rw${width}`, REVIEWER);
}

describe.each(WIDTHS)("writing a review at %i px", (width) => {
  it("rates by tapping half stars or with the keyboard, beside the exact value, and nothing is rated until chosen", async () => {
    const restaurant = await aRestaurant(1);
    const { context, page, problems } = await newPage(await person(width), { forAxe: true });
    try {
      const dialog = await openModal(page, restaurant.id, width);
      await toRestaurantStep(page);
      expect(await dialog.getByRole("slider").count()).toBe(0);
      const stars = dialog.getByRole("radiogroup", { name: "Your rating of the restaurant" });
      const exact = dialog.getByRole("spinbutton", { name: "Exact rating" });
      expect(await stars.getByRole("radio").count()).toBe(10);
      expect(await stars.getByRole("radio", { checked: true }).count()).toBe(0);
      expect(await exact.inputValue()).toBe("");
      expect(await exact.getAttribute("aria-valuetext")).toBe("Not rated yet");
      await dialog.getByText("Not rated yet").waitFor();

      // A tap on the right half of the fourth star: four stars.
      const box = (await stars.boundingBox())!;
      await page.mouse.click(box.x + 7.5 * 24, box.y + box.height / 2);
      expect(await stars.getByRole("radio", { name: "4 stars", exact: true }).isChecked()).toBe(true);
      expect(await exact.inputValue()).toBe("4.0");
      await dialog.getByText("Very Good").waitFor();

      // The keyboard: arrows move half a star; the exact box steps a tenth or takes a number.
      await page.keyboard.press("ArrowLeft");
      expect(await stars.getByRole("radio", { name: "3.5 stars", exact: true }).isChecked()).toBe(true);
      expect(await exact.inputValue()).toBe("3.5");
      await exact.fill("4.7");
      expect(await exact.getAttribute("aria-valuetext")).toBe("4.7 out of 5, Excellent");
      expect(await stars.getByRole("radio", { checked: true }).count()).toBe(0);
      const filled = await dialog
        .locator(".rm-stars__fill")
        .evaluate((el) => el.getBoundingClientRect().width);
      expect(filled).toBeCloseTo(240 * 0.94, 0);
      // The filled stars lie exactly on the outlined ones, so 4.7 shows 0.7 of the fifth star.
      const layers = await stars
        .locator("svg")
        .evaluateAll((svgs) =>
          svgs.map((svg) => svg.getBoundingClientRect().x + ":" + svg.getBoundingClientRect().width),
        );
      expect(layers).toEqual([layers[0], layers[0]]);
      expect(layers[0]).toMatch(/:240$/);
      await exact.press("ArrowUp");
      expect(await exact.inputValue()).toBe("4.8");

      await exact.fill("7");
      expect(await exact.getAttribute("aria-invalid")).toBe("true");
      await exact.focus();
      expect(await description(page)).toBe("Enter a rating from 0.1 to 5.0, with one decimal at most.");
      await exact.fill("4.5");
      expect(await exact.getAttribute("aria-invalid")).toBeNull();
      expect(await stars.getByRole("radio", { name: "4.5 stars", exact: true }).isChecked()).toBe(true);

      // The stars and the exact box fit a phone's width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await dialog.locator(".rm-body").evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      expect(await seriousViolations(page, "dialog[open]")).toEqual([]);

      // Posting without a rating says so at the stars, and the focus goes there.
      await exact.fill("");
      await dialog.getByRole("textbox", { name: "Your Restaurant Review" }).fill("Good bread.");
      await dialog.getByRole("button", { name: "Post Without Dish Review" }).click();
      await eventually(() => focusedName(page)).toBe("0.5 stars");
      expect(await stars.getAttribute("aria-invalid")).toBe("true");
      expect(await description(page, ".rm-stars")).toBe(
        "A rating is required: tap the stars or enter a number from 0.1 to 5.0.",
      );
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("marks the required fields, names each missing one at its field until it is filled, and never asks a signed-in person to log in", async () => {
    const restaurant = await aRestaurant(2);
    const { context, page, problems } = await newPage(await person(width), { forAxe: true });
    try {
      await page.clock.install();
      const dialog = await openModal(page, restaurant.id, width);
      await toRestaurantStep(page);
      const combobox = dialog.getByRole("combobox", { name: "Restaurant", exact: true });
      const stars = dialog.getByRole("radiogroup", { name: "Your rating of the restaurant" });
      const text = dialog.getByRole("textbox", { name: "Your Restaurant Review" });
      await dialog.getByText("To post, choose the restaurant, rate it and write your review.").waitFor();
      for (const field of [combobox, stars, text])
        expect(await field.getAttribute("aria-required")).toBe("true");

      await combobox.fill("");
      await dialog.getByRole("button", { name: "Post Without Dish Review" }).click();
      // The first field that lacks something has the focus, and says what it lacks.
      await eventually(() => page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe(
        "combobox",
      );
      expect(await description(page)).toContain("Restaurant is required: choose it from the list.");
      expect(await description(page, ".rm-stars")).toBe(
        "A rating is required: tap the stars or enter a number from 0.1 to 5.0.",
      );
      expect(await text.getAttribute("aria-invalid")).toBe("true");
      await text.focus();
      expect(await description(page)).toBe(
        "Your Restaurant Review is required: write a few words about your visit.",
      );
      expect(await seriousViolations(page, "dialog[open]")).toEqual([]);

      // The messages stay as long as they are true (docs/accessibility.md point 3)...
      await page.clock.fastForward(6000);
      expect(await dialog.locator(".rm-error").count()).toBe(3);
      // ...and each goes when its field is filled.
      await text.fill("The lamb was perfect.");
      expect(await text.getAttribute("aria-invalid")).toBeNull();
      expect(await dialog.getByText("Your Restaurant Review is required", { exact: false }).count()).toBe(0);
      await dialog.getByRole("spinbutton", { name: "Exact rating" }).fill("4.4");
      expect(await stars.getAttribute("aria-invalid")).toBeNull();
      await combobox.fill(restaurant.name);
      await dialog.getByText(`Chosen: ${restaurant.name}`).waitFor();
      expect(await combobox.getAttribute("aria-invalid")).toBeNull();
      expect(await dialog.locator(".rm-error").count()).toBe(0);

      // In the dish flow, "Done" says what the restaurant review still lacks, and leads there.
      await text.fill("");
      await dialog.getByRole("button", { name: "Add Dish Review", exact: true }).click();
      await eventually(() => stepHeading(page).textContent()).toBe("Dish review 1 of 5");
      await dialog.getByRole("button", { name: "Done", exact: true }).click();
      const unfinished = dialog.getByRole("alert").filter({ hasText: "Finish the restaurant review first:" });
      await unfinished
        .getByText("Your Restaurant Review is required: write a few words about your visit.")
        .waitFor();
      expect(await dialog.getByText("Please login", { exact: false }).count()).toBe(0);
      await unfinished.getByRole("button", { name: "Go to the restaurant review" }).click();
      await eventually(() => stepHeading(page).textContent()).toBe("Restaurant review");
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("asks before ✕ or Escape discards photos or text, keeps the draft across a reload, and forgets it when discarded", async () => {
    const restaurant = await aRestaurant(3);
    const session = await person(width);
    const { context, page, problems } = await newPage(session, { forAxe: true });
    const storedDraft = () =>
      page.evaluate((key) => localStorage.getItem(key), `reviewDraft:${session.userId}`);
    try {
      const dialog = await openModal(page, restaurant.id, width);
      await dialog.locator('input[type="file"]').setInputFiles(await pngs(1, "draft"));
      await dialog.getByText("1 image uploaded successfully.").waitFor();
      await toRestaurantStep(page);
      const text = dialog.getByRole("textbox", { name: "Your Restaurant Review" });
      await text.fill("Half-written: the kofte were");
      await dialog.getByRole("spinbutton", { name: "Exact rating" }).fill("3.5");

      // Escape asks; Escape again keeps editing, with the focus back where it was.
      await text.focus();
      await page.keyboard.press("Escape");
      const confirm = page.getByRole("alertdialog", { name: "Discard this review?" });
      await confirm.waitFor();
      await confirm.getByText("Your photos and text will be lost.").waitFor();
      expect(await focusedName(page)).toBe("Keep editing");
      for (let i = 0; i < 3; i += 1) {
        await page.keyboard.press("Tab");
        expect(await page.evaluate(() => Boolean(document.activeElement?.closest(".rm-confirm")))).toBe(true);
      }
      expect(await seriousViolations(page, "dialog.rm-confirm")).toEqual([]);
      await page.keyboard.press("Escape");
      await eventually(() => confirm.count()).toBe(0);
      expect(await dialog.isVisible()).toBe(true);
      expect(await text.evaluate((el) => el === document.activeElement)).toBe(true);

      // ✕ asks too; "Keep editing" gives the focus back to ✕.
      const close = dialog.getByRole("button", { name: "Close", exact: true });
      await close.click();
      await confirm.getByRole("button", { name: "Keep editing" }).click();
      expect(await close.evaluate((el) => el === document.activeElement)).toBe(true);

      // A reload keeps the draft: words, rating, restaurant, step and the photo.
      await eventually(storedDraft).toContain("Half-written");
      await page.reload({ waitUntil: "load" });
      await hydrateIslands(page);
      await page.locator("main").getByRole("button", { name: "Post a Review" }).click();
      await dialog.getByText("We kept the review you had not posted yet.").waitFor();
      expect(await stepHeading(page).textContent()).toBe("Restaurant review");
      expect(await text.inputValue()).toBe("Half-written: the kofte were");
      expect(await dialog.getByRole("spinbutton", { name: "Exact rating" }).inputValue()).toBe("3.5");
      expect(await dialog.getByRole("combobox", { name: "Restaurant", exact: true }).inputValue()).toBe(
        restaurant.name,
      );
      expect(await dialog.getByRole("button", { name: /photo 1: draft-1\.jpg$/ }).count()).toBe(1);
      expect(await seriousViolations(page, "dialog[open]")).toEqual([]);

      // Discard: the modal closes, the focus returns to the opener, the draft is gone.
      await close.click();
      await confirm.getByRole("button", { name: "Discard" }).click();
      await eventually(() => dialog.count()).toBe(0);
      const opener = page.locator("main").getByRole("button", { name: "Post a Review" });
      expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await storedDraft()).toBeNull();
      await opener.click();
      await eventually(() => stepHeading(page).textContent()).toBe("Add photos");
      expect(await dialog.getByText("We kept the review", { exact: false }).count()).toBe(0);
      // Nothing to lose: ✕ closes at once.
      await dialog.getByRole("button", { name: "Close", exact: true }).click();
      await eventually(() => dialog.count()).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("after posting, View your review takes the person to it and the modal closes", async () => {
    const restaurant = await aRestaurant(4);
    const session = await person(width);
    const { context, page, problems } = await newPage(session);
    try {
      const dialog = await openModal(page, restaurant.id, width);
      await toRestaurantStep(page);
      // From the keyboard: on a phone the half star lies under the whole star's target (issue 30).
      await dialog
        .getByRole("radiogroup", { name: "Your rating of the restaurant" })
        .getByRole("radio", { name: "4.5 stars", exact: true })
        .focus();
      await page.keyboard.press("Space");
      const words = `Flaky paratha, posted at ${width} px ${Date.now()}`;
      await dialog.getByRole("textbox", { name: "Your Restaurant Review" }).fill(words);
      await dialog.getByRole("button", { name: "Post Without Dish Review" }).click();
      const view = dialog.getByRole("link", { name: "View your review" });
      await view.waitFor();
      await dialog.getByText("Your review has been posted.").waitFor();
      expect(
        await page.evaluate((key) => localStorage.getItem(key), `reviewDraft:${session.userId}`),
      ).toBeNull();
      await tabTo(page, view);
      await page.keyboard.press("Enter");
      await eventually(() => dialog.count()).toBe(0);
      const [row] = (
        await shared.database.client.execute({
          sql: "SELECT id FROM posts WHERE author_id = ? AND content = ?",
          args: [Number(session.userId), words],
        })
      ).rows;
      await eventually(() => new URL(page.url()).pathname).toBe(`/review/${Number(row!.id)}`);
      await page.getByText(words).first().waitFor();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("keeps the photo the person is looking at while they choose, and a batch larger than the room adds what fits", async () => {
    const restaurant = await aRestaurant(5);
    const { context, page, problems } = await newPage(await person(width), { forAxe: true });
    try {
      await page.clock.install();
      const dialog = await openModal(page, restaurant.id, width);
      const fileInput = dialog.locator('input[type="file"]');
      await fileInput.setInputFiles(await pngs(12, "stall"));
      await dialog
        .getByText("You can upload a maximum of 10 images. 10 of the 12 photos you chose were added.")
        .waitFor();
      await eventually(() => dialog.getByRole("button", { name: /photo \d+: stall-\d+\.jpg$/ }).count()).toBe(
        10,
      );
      await dialog.getByRole("group", { name: "1 of 10" }).waitFor();
      expect(await dialog.getByRole("button", { name: /slide show/ }).count()).toBe(0);

      // The spec's carousels move every 3 s; this one stays while the person chooses.
      await page.clock.fastForward(10_000);
      expect(await dialog.getByRole("group", { name: "1 of 10" }).count()).toBe(1);
      await dialog
        .getByRole("button", { name: "Use for the restaurant review: photo 3: stall-3.jpg" })
        .click();
      await page.clock.fastForward(10_000);
      expect(await dialog.getByRole("group", { name: "3 of 10" }).count()).toBe(1);
      await dialog.getByRole("button", { name: "Next photo" }).click();
      await dialog.getByRole("group", { name: "4 of 10" }).waitFor();

      // Full: another photo is refused with the spec's words, and nothing is added.
      await fileInput.setInputFiles(await pngs(1, "late"));
      await dialog.getByText("You can upload a maximum of 10 images.", { exact: true }).waitFor();
      expect(await dialog.getByRole("button", { name: /photo \d+: / }).count()).toBe(10);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await seriousViolations(page, "dialog[open]")).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe("the rating, the messages and the discard question under text spacing (WCAG 1.4.12, 1.4.10)", () => {
  it.each([320, 1280])("lose nothing at %i px", async (width) => {
    const restaurant = await aRestaurant(6);
    const { context, page, problems } = await newPage(await person(width), { forAxe: true });
    try {
      const dialog = await openModal(page, restaurant.id, width);
      await toRestaurantStep(page);
      await dialog.getByRole("combobox", { name: "Restaurant", exact: true }).fill("");
      await dialog.getByRole("button", { name: "Post Without Dish Review" }).click();
      await dialog.getByText("A rating is required", { exact: false }).waitFor();
      await applyTextSpacing(page);
      expect(await clippedText(page, "dialog[open]")).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await dialog.locator(".rm-body").evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

      await dialog.getByRole("spinbutton", { name: "Exact rating" }).fill("3.9");
      await dialog.getByRole("button", { name: "Close", exact: true }).click();
      await page.getByRole("alertdialog", { name: "Discard this review?" }).waitFor();
      expect(await clippedText(page, "dialog.rm-confirm")).toEqual([]);
      expect(
        await page
          .locator("dialog.rm-confirm")
          .evaluate((el) => el.getBoundingClientRect().right <= window.innerWidth),
      ).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
