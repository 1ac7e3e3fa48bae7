// Issue 30, "Facts that are current": a write never leaves an item's own page contradicting it.
// A dish and its restaurant were prerendered without the facts their verified owner then saves
// (allergens, hours); within seconds the pages the Node host serves are rendered on demand
// with them, not the stale files (decision 011), and a browser at 390 and 1280 px shows them.
// A review that moves the dish's rating shows its new rating and count on the page as soon.
// Cloudflare's side (caches.default, purged by the write) is the API contract's
// (api-contract.ts, run against the workerd replica by edge-replica.spec.ts).
import { join } from "node:path";
import { sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { WEEKDAYS, type OpeningHours } from "../../src/domain/owners.ts";
import { prerenderedDish } from "./api-contract.ts";
import { useSite } from "./harness.ts";
import { type Session, sessionHelpersFor } from "./session.ts";

const shared = useSite();
const helpers = sessionHelpersFor(shared);

const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 5_000, interval: 100 });
const NOT_PROVIDED = "Allergen information has not been provided";
/** The prerendered page's Cache-Control (static-site.ts CACHE_HTML); an on-demand page's differs. */
const PRERENDERED = "no-cache";
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];
/** Hours nobody else sets, so the page can only show them after this owner's save. */
const BREAKFAST = { opens: "07:15", closes: "11:45" };
const BREAKFAST_TEXT = `${BREAKFAST.opens}-${BREAKFAST.closes}`;

interface Dish {
  id: number;
  restaurantId: number;
  dishName: string;
  price: number | null;
  description: string;
  allergens: unknown;
  rating: number;
  reviewCount: number;
}

let owner: Session;
let reviewer: Session;
let dish: Dish;

const served = async (path: string) => {
  const res = await fetch(shared.site.baseUrl + path);
  return { cacheControl: res.headers.get("cache-control"), html: await res.text() };
};

/** The API contract reads this dish's built page and never writes to it: neither does this file. */
const contractsDish = () => prerenderedDish({ siteDir: join(shared.site.dataDir, "dist") });

beforeAll(async () => {
  [owner, reviewer] = await Promise.all([
    helpers.signedInSession("fresh-owner"),
    helpers.signedInSession("fresh-reviewer"),
  ]);
  const top = await helpers.api<Dish[]>(null, "/dishes/top?topNum=40");
  const candidates = top.body.data.filter((d) => d.allergens === null && d.id !== contractsDish());
  for (const candidate of candidates) {
    const [dishPage, restaurantPage] = await Promise.all([
      served(`/dish/${candidate.id}`),
      served(`/restaurant/${candidate.restaurantId}`),
    ]);
    const owned = await shared.database.db.all(
      sql`SELECT 1 FROM restaurant_owners WHERE restaurant_id = ${candidate.restaurantId} AND active = 1`,
    );
    if (dishPage.cacheControl === PRERENDERED && restaurantPage.cacheControl === PRERENDERED && owned.length === 0) {
      dish = candidate;
      break;
    }
  }
  expect(dish, "a prerendered dish nobody declared, of a prerendered restaurant with no owner").toBeDefined();
  // The claim itself is owners.spec.ts's: here the owner is made directly.
  await shared.database.db
    .run(sql`INSERT INTO restaurant_owners (restaurant_id, user_id, verified_at, method, active)
    VALUES (${dish.restaurantId}, ${Number(owner.userId)}, ${Date.now()}, 'code', 1)`);
});

/** Opens `path` at each viewport (a reload, as a returning visitor) and runs `check` on it. */
async function inBrowser(path: string, check: (page: Page) => Promise<void>) {
  for (const viewport of VIEWPORTS) {
    const { context, page, problems } = await helpers.newPage(null);
    try {
      await page.setViewportSize(viewport);
      await page.goto(`${shared.site.baseUrl}${path}`);
      await page.reload();
      await check(page);
      expect(problems, `${viewport.width} px`).toEqual([]);
    } finally {
      await context.close();
    }
  }
}

describe("an item's own page after a write", () => {
  it("shows the owner's allergens and hours within seconds, rendered instead of the stale prerendered files", async () => {
    const dishBefore = await served(`/dish/${dish.id}`);
    expect(dishBefore.cacheControl).toBe(PRERENDERED);
    expect(dishBefore.html).toContain(NOT_PROVIDED);
    const restaurantBefore = await served(`/restaurant/${dish.restaurantId}`);
    expect(restaurantBefore.cacheControl).toBe(PRERENDERED);
    expect(restaurantBefore.html).not.toContain(BREAKFAST_TEXT);

    const menu = await helpers.api(owner, `/restaurants/${dish.restaurantId}/menu`, {
      method: "PUT",
      body: JSON.stringify({
        dishes: [
          {
            id: dish.id,
            dishName: dish.dishName,
            price: dish.price,
            description: dish.description,
            allergens: ["sesame", "soya"],
            diets: ["vegan"],
          },
        ],
      }),
    });
    expect(menu.status, menu.body.message).toBe(200);
    const hours: OpeningHours = {
      weekly: Object.fromEntries(WEEKDAYS.map((d) => [d, [BREAKFAST]])) as OpeningHours["weekly"],
      closures: [],
    };
    const facts = await helpers.api(owner, `/restaurants/${dish.restaurantId}/facts`, {
      method: "PUT",
      body: JSON.stringify({ hours, bookingLinks: [], orderingLinks: [], description: "Breakfast only, from today." }),
    });
    expect(facts.status, facts.body.message).toBe(200);

    await eventually(async () => (await served(`/dish/${dish.id}`)).html).toContain("Sesame");
    const dishAfter = await served(`/dish/${dish.id}`);
    expect(dishAfter.html).not.toContain(NOT_PROVIDED);
    expect(dishAfter.cacheControl).not.toBe(PRERENDERED);
    await eventually(async () => (await served(`/restaurant/${dish.restaurantId}`)).html).toContain(BREAKFAST_TEXT);
    expect((await served(`/restaurant/${dish.restaurantId}`)).cacheControl).not.toBe(PRERENDERED);

    await inBrowser(`/dish/${dish.id}`, async (page) => {
      await eventually(() => page.getByText("Sesame").first().isVisible()).toBe(true);
      expect(await page.getByText(NOT_PROVIDED).count()).toBe(0);
    });
    await inBrowser(`/restaurant/${dish.restaurantId}`, async (page) => {
      const hoursBlock = page.getByRole("region", { name: "Opening hours" });
      await eventually(() => hoursBlock.getByText(BREAKFAST_TEXT).first().isVisible()).toBe(true);
      expect(await hoursBlock.getByText(BREAKFAST_TEXT).count()).toBe(WEEKDAYS.length);
    });
  });

  it("shows the rating and count a review moved to within seconds", async () => {
    const before = (await helpers.api<Dish>(null, `/dishes/${dish.id}`)).body.data;
    const form = new FormData();
    form.set("dishId", String(dish.id));
    form.set("content", "Cold, and the sesame was burnt. Not what the page promised.");
    // The lowest rating moves any mean above it.
    form.set("rating", "1");
    const posted = await helpers.api<{ postId: number }>(reviewer, "/posts/save", {
      method: "POST",
      body: form,
      headers: { "Idempotency-Key": crypto.randomUUID() },
    });
    expect(posted.status, posted.body.message).toBe(200);
    const after = (await helpers.api<Dish>(null, `/dishes/${dish.id}`)).body.data;
    expect(after.reviewCount).toBe(before.reviewCount + 1);
    expect(after.rating).not.toBe(before.rating);
    const value = after.rating.toFixed(1);
    const count = `${after.reviewCount} ${after.reviewCount === 1 ? "review" : "reviews"}`;

    await eventually(async () => (await served(`/dish/${dish.id}`)).html).toContain(
      `<span class="cat-rating__count">${count}</span>`,
    );
    await inBrowser(`/dish/${dish.id}`, async (page) => {
      const rating = page.locator("main .cat-rating").first();
      await eventually(() => rating.locator(".cat-rating__count").textContent()).toBe(count);
      expect(await rating.locator(".cat-rating__value").textContent()).toBe(`Rated ${value} out of 5`);
      expect(await rating.isVisible()).toBe(true);
    });
  });
});
