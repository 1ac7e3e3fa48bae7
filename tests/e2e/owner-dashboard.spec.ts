// The owner dashboard as a product (issue 30, docs/owners.md "Screens"), in Chromium at 390 and
// 1280 px: its reviews come a page at a time ("Show more reviews" asks the API for the next),
// each review has a Reply button that opens its box (no text box under every review), the
// counts agree with the restaurant's page and with what the pages add up to, and a claim page
// reloaded while the mailed code still works comes back to the code step.
import { beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./a11y-helpers.ts";
import { useSite } from "./harness.ts";
import { moderatorSetsContact } from "./owner-listing.ts";
import { type Session, sessionHelpersFor } from "./session.ts";

const shared = useSite();
const helpers = sessionHelpersFor(shared);
const { url, codeFromOutbox, signedInSession, api, postReview, addRestaurant, newPage, withPage } = helpers;

const STAMP = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
const REVIEWERS = 6;
const DAY_MS = 86_400_000;

let owner: Session;
let reviewers: Session[];
let restaurantId: number;

/** As `npm run` tools leave it: the person is the restaurant's verified owner. */
async function makeOwner(id: number, who: Session): Promise<void> {
  await shared.database.client.execute({
    sql: "INSERT INTO restaurant_owners (restaurant_id, user_id, verified_at, method, active) VALUES (?, ?, ?, 'code', 1)",
    args: [id, Number(who.userId), Date.now()],
  });
}

beforeAll(async () => {
  owner = await signedInSession("dash");
  reviewers = await Promise.all(Array.from({ length: REVIEWERS }, (_, i) => signedInSession(`dashr${i}`)));
  // Established accounts: a burst of new ones on one restaurant pauses its reviews (issue 21).
  await shared.database.client.execute({
    sql: `UPDATE users SET created_at = created_at - ${30 * DAY_MS} WHERE id IN (${reviewers.map(() => "?").join(",")})`,
    args: reviewers.map((r) => Number(r.userId)),
  });
  restaurantId = await addRestaurant(owner, {
    name: `Lanternfish Dining ${STAMP}`,
    address: "3 Lantern Row",
    postCode: "N1 9LF",
    tags: ["Japanese"],
  });
  await makeOwner(restaurantId, owner);
  const menu = await api<{ dishes: { id: number }[] }>(owner, `/restaurants/${restaurantId}/menu`, {
    method: "PUT",
    body: JSON.stringify({
      dishes: [{ dishName: `Lantern Udon ${STAMP}`, price: 12, description: "", allergens: null, diets: null }],
    }),
  });
  expect(menu.status, menu.body.message).toBe(200);
  const dishId = menu.body.data.dishes[0]!.id;
  // A restaurant review and a dish review each: 12 reviews, more than one page of 10.
  for (const [i, reviewer] of reviewers.entries()) {
    await postReview(reviewer, restaurantId, `Visit ${i}: warm room, quick service.`, {
      rating: "4.2",
      dishReviews: [{ dishId, rating: 4.5, content: `Udon ${i}: springy noodles.` }],
    });
  }
});

describe("the owner dashboard", () => {
  for (const width of [390, 1280]) {
    it(`pages its reviews, opens a reply box on demand and counts as the restaurant page does at ${width} px`, async () => {
      const { context, page, problems } = await newPage(owner, { forAxe: true });
      try {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(url("/owner"));
        const section = page.getByRole("region", { name: "Reviews" });
        await section.getByText("Showing 10 of 12 reviews").waitFor();
        await section.getByText("12 reviews: 6 of the restaurant (the count on its page) and 6 of its dishes.").waitFor();
        expect(await section.getByRole("article").count()).toBe(10);
        // No reply box until one is asked for.
        expect(await section.getByRole("textbox").count()).toBe(0);
        expect(await section.getByRole("button", { name: /^Reply to / }).count()).toBe(10);
        expect(await seriousViolations(page)).toEqual([]);

        await section.getByRole("button", { name: "Show more reviews" }).click();
        await section.getByText("Showing 12 of 12 reviews").waitFor();
        expect(await section.getByRole("button", { name: "Show more reviews" }).count()).toBe(0);
        const articles = section.getByRole("article");
        expect(await articles.count()).toBe(12);
        // The focus moved to the first review the press brought.
        expect(await articles.nth(10).evaluate((el) => el === document.activeElement)).toBe(true);

        // One reply, posted from the box its own button opened.
        const reviewer = reviewers[width === 390 ? 0 : 1]!;
        const review = section.getByRole("article", { name: `${reviewer.username}'s review of the restaurant` });
        await review.getByRole("button", { name: `Reply to ${reviewer.username}` }).click();
        const box = review.getByRole("textbox", { name: `Reply in public to ${reviewer.username}` });
        await box.waitFor();
        expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
        expect(await section.getByRole("textbox").count()).toBe(1);
        await box.fill(`Thank you for coming, ${reviewer.username}.`);
        await review.getByRole("button", { name: "Post reply" }).click();
        await review.getByText("Your reply", { exact: true }).waitFor();
        expect(await section.getByRole("textbox").count()).toBe(0);

        // The restaurant's page counts what the dashboard says is the restaurant's own.
        await page.goto(url(`/restaurant/${restaurantId}`), { waitUntil: "load" });
        await page.getByText("6 reviews").first().waitFor();
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});

describe("a claim waiting for its code", () => {
  it("comes back to the code step when the claim page is reloaded, at 390 px", async () => {
    const lister = await signedInSession("dashl");
    const contact = `door.${STAMP}@lanternfish.example`;
    const id = await addRestaurant(lister, {
      name: `Lanternfish Corner ${STAMP}`,
      address: "5 Lantern Row",
      postCode: "N1 9LG",
      tags: ["Japanese"],
    });
    await moderatorSetsContact(shared, helpers, id, contact);
    const claimant = await signedInSession("dashc");
    const since = Date.now() - 1000;
    expect((await api(claimant, `/restaurants/${id}/claim`, { method: "POST" })).status).toBe(200);
    const code = await codeFromOutbox(contact, since, /code to claim/i);

    await withPage(claimant, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(url("/claim-my-restaurant"));
      await page.getByRole("heading", { name: "Enter the code we e-mailed" }).waitFor();
      await page.reload();
      await page.getByRole("heading", { name: "Enter the code we e-mailed" }).waitFor();
      await page.getByText(`Lanternfish Corner ${STAMP}`).waitFor();
      await page.getByText(`d***@lanternfish.example`, { exact: false }).waitFor();
      await page.getByRole("textbox", { name: "Character 1 of 6" }).focus();
      await page.keyboard.type(code);
      await page.getByRole("heading", { name: "Claim verified" }).waitFor();
    });

    // Someone else opening the claim page starts at the search: the claim is not theirs.
    await withPage(await signedInSession("dashx"), async ({ page }) => {
      await page.goto(url("/claim-my-restaurant"));
      await page.getByRole("heading", { name: "Find your restaurant" }).waitFor();
    });
  });
});
