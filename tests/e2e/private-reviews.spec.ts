// A private account's review on item pages in Chromium against the built, seeded site (issue 20,
// docs/social.md "Privacy of reviews"): the restaurant and dish pages never show its text or its
// author, to a visitor or to a signed-in stranger; the reviews list says
// "1 of these reviews is from a private account"; the page's rating still counts it.
import { beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./a11y-helpers.ts";
import { useSite } from "./harness.ts";
import { type Session, sessionHelpersFor } from "./session.ts";

const shared = useSite();

const { signedInSession, api, postReview, openReviews, newPage } = sessionHelpersFor(shared);

const PRIVATE_TEXT = "Candied pecans on the pork, a table by the kitchen, worth every minute of the wait.";
const PRIVATE_DISH_TEXT = "The candied glaze cracks like glass.";
const ONE_PRIVATE = "1 of these reviews is from a private account";

let author: Session;
let stranger: Session;
let restaurant: { id: number };
let dish: { id: number };

beforeAll(async () => {
  [author, stranger] = await Promise.all([signedInSession("prv"), signedInSession("prvx")]);
  // A restaurant no other spec picks (they take the most reviewed), with a dish, and no
  // private account's review yet, so the count line below is this spec's alone.
  const rows = await shared.database.client.execute(
    `SELECT r.id AS restaurantId, (SELECT min(d.id) FROM dishes d WHERE d.restaurant_id = r.id) AS dishId
     FROM restaurants r
     WHERE EXISTS (SELECT 1 FROM dishes d WHERE d.restaurant_id = r.id)
       AND NOT EXISTS (SELECT 1 FROM posts p JOIN profiles pr ON pr.user_id = p.author_id
         WHERE pr.is_private = 1 AND (p.restaurant_id = r.id OR p.dish_id IN (SELECT id FROM dishes WHERE restaurant_id = r.id)))
     ORDER BY r.id DESC LIMIT 1 OFFSET 3`,
  );
  const row = rows.rows[0] as unknown as { restaurantId: number; dishId: number };
  restaurant = { id: Number(row.restaurantId) };
  dish = { id: Number(row.dishId) };
  const privacy = await api(author, `/profiles/updatePrivacy/${author.userId}`, {
    method: "POST",
    body: JSON.stringify({ isPrivate: true }),
  });
  expect(privacy.status).toBe(200);
  await postReview(author, restaurant.id, PRIVATE_TEXT, {
    rating: "4.8",
    dishReviews: [{ dishId: dish.id, rating: 4.6, content: PRIVATE_DISH_TEXT }],
  });
}, 120_000);

describe("a private account's review on item pages", () => {
  it("is not shown on the restaurant or dish page; the list says one review is from a private account", async () => {
    for (const who of [null, stranger]) {
      const { context, page, problems } = await newPage(who, { forAxe: true });
      try {
        for (const path of [`/restaurant/${restaurant.id}`, `/dish/${dish.id}`]) {
          const section = await openReviews(page, path);
          await section.getByText(ONE_PRIVATE, { exact: true }).waitFor();
          const text = await page.locator("body").innerText();
          for (const mark of [PRIVATE_TEXT, PRIVATE_DISH_TEXT, author.username]) {
            expect(text, `${path} shows ${mark}`).not.toContain(mark);
          }
          expect(await page.content()).not.toContain("Candied pecans");
          expect(await seriousViolations(page, "#reviews")).toEqual([]);
        }
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  it("still counts it in the rating the page shows", async () => {
    const { body } = await api<{ reviewCount: number }>(null, `/restaurants/${restaurant.id}`, {
      cache: "no-store",
    });
    const { context, page } = await newPage(null);
    try {
      await openReviews(page, `/restaurant/${restaurant.id}`);
      await expect
        .poll(async () => {
          const count = await page.locator(".cat-detail .cat-rating__count").textContent();
          return Number((count ?? "").replace(/[^0-9]/g, ""));
        })
        .toBe(body.data.reviewCount);
      const reviews = await api<{ privateReviewCount: number }>(null, `/reviews/restaurant/${restaurant.id}`);
      expect(reviews.body.data.privateReviewCount).toBe(1);
    } finally {
      await context.close();
    }
  });
});
