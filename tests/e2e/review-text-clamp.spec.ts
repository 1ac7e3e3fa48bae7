// Review text is cut by the lines that fit the card, not at 100 characters (issue 24), in
// Chromium against the built, seeded site at 390 and 1280 px: a long review shows four lines
// and More, which shows it all (and Less cuts it again); a review of 170 characters shows
// whole on a wide screen, with no More. axe finds nothing serious with either state shown.
import type { Locator } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./a11y-helpers.ts";
import { useSite } from "./harness.ts";
import { type Session, sessionHelpersFor } from "./session.ts";

const shared = useSite();
const { signedInSession, api, postReview, openReviews, newPage, withPage } = sessionHelpersFor(shared);

const SENTENCES = [
  "The lamb shoulder arrived glossy and falling apart, with a crust of cumin and chilli that crackled.",
  "Flatbreads came blistered from the oven and were gone before the pickles reached the table.",
  "The dal was slow-cooked and smoky, finished with a spoon of brown butter and curry leaves.",
  "Service was warm and quick even on a packed Friday, and the wine list has a few bargains.",
  "Dessert was a cardamom kulfi on a stick, which sounds like a gimmick and is not one at all.",
  "We stayed two hours and nobody hurried us, which in this part of town is a small miracle.",
  "Booking is essential at weekends; walk-ins wait at the bar, which is no hardship.",
];
const LONG_TEXT = SENTENCES.join(" ");
const SHORT_TEXT =
  "Crisp edges, the sauce sings, and the bread is worth the trip on its own. Would queue again, and again, and probably once more after that.";

let longAuthor: Session;
let shortAuthor: Session;
let restaurantId: number;

beforeAll(async () => {
  [longAuthor, shortAuthor] = await Promise.all([signedInSession("clampl"), signedInSession("clamps")]);
  const { body } = await api<{ id: number }[]>(null, "/restaurants/top?topNum=3");
  restaurantId = body.data[2]!.id;
  await postReview(longAuthor, restaurantId, LONG_TEXT, { rating: "4.4" });
  await postReview(shortAuthor, restaurantId, SHORT_TEXT, { rating: "4.1" });
});

const reviewOf = (section: Locator, username: string) =>
  section.getByRole("article").filter({ has: section.page().getByRole("heading", { name: username, exact: true }) });

/** How many lines the paragraph shows, and whether it hides any. */
const shown = (text: Locator) =>
  text.evaluate((p) => {
    const lineHeight = parseFloat(getComputedStyle(p).lineHeight);
    return { lines: Math.round(p.clientHeight / lineHeight), hides: p.scrollHeight > p.clientHeight + 1 };
  });

describe("review text on an item page", () => {
  it.each([390, 1280])("shows four lines of a long review with More, at %i px", async (width) => {
    const { context, page, problems } = await newPage(null, { forAxe: true });
    try {
      await page.setViewportSize({ width, height: width < 400 ? 844 : 900 });
      const section = await openReviews(page, `/restaurant/${restaurantId}`);
      const review = reviewOf(section, longAuthor.username);
      const text = review.locator(".ir-text p").first();
      await review.getByRole("button", { name: "More", exact: true }).waitFor();
      expect(await shown(text)).toEqual({ lines: 4, hides: true });
      // The whole text is in the page: a screen reader and find-in-page get all of it.
      expect(await text.textContent()).toBe(LONG_TEXT);
      const more = review.getByRole("button", { name: "More", exact: true });
      expect(await more.getAttribute("aria-expanded")).toBe("false");
      expect(await more.getAttribute("aria-controls")).toBe(await text.getAttribute("id"));
      await more.click();
      const less = review.getByRole("button", { name: "Less", exact: true });
      expect(await less.getAttribute("aria-expanded")).toBe("true");
      expect((await shown(text)).hides).toBe(false);
      expect((await shown(text)).lines).toBeGreaterThan(4);
      expect(await seriousViolations(page, "#reviews")).toEqual([]);
      await less.click();
      expect(await shown(text)).toEqual({ lines: 4, hides: true });
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("shows a review of 170 characters whole on a wide screen, with no More", () =>
    withPage(null, async ({ page }) => {
      const section = await openReviews(page, `/restaurant/${restaurantId}`);
      const review = reviewOf(section, shortAuthor.username);
      const text = review.locator(".ir-text p").first();
      await text.waitFor();
      expect(Array.from(SHORT_TEXT).length).toBeGreaterThan(100);
      expect((await shown(text)).hides).toBe(false);
      expect(await text.innerText()).toBe(SHORT_TEXT);
      expect(await review.getByRole("button", { name: "More", exact: true }).count()).toBe(0);
    }));
});
