// Issue 30, "Facts that are current": a write never leaves an item's own page contradicting it.
// The dish's page was prerendered without allergens; its verified owner declares them; within
// seconds the page the Node host serves is rendered on demand with them, not the stale file
// (decision 011), and a reload at 390 and 1280 px shows them.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { useSite } from "./harness.ts";
import { type Session, sessionHelpersFor } from "./session.ts";

const shared = useSite();
const helpers = sessionHelpersFor(shared);

const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 5_000, interval: 100 });
const NOT_PROVIDED = "Allergen information has not been provided";
/** The prerendered page's Cache-Control (static-site.ts CACHE_HTML); an on-demand page's differs. */
const PRERENDERED = "no-cache";

interface Dish {
  id: number;
  restaurantId: number;
  dishName: string;
  price: number | null;
  description: string;
  allergens: unknown;
}

let owner: Session;
let dish: Dish;

const served = async (path: string) => {
  const res = await fetch(shared.site.baseUrl + path);
  return { cacheControl: res.headers.get("cache-control"), html: await res.text() };
};

beforeAll(async () => {
  owner = await helpers.signedInSession("fresh-owner");
  const top = await helpers.api<Dish[]>(null, "/dishes/top?topNum=40");
  const candidates = top.body.data.filter((d) => d.allergens === null);
  for (const candidate of candidates) {
    const page = await served(`/dish/${candidate.id}`);
    const owned = await shared.database.db.all(
      sql`SELECT 1 FROM restaurant_owners WHERE restaurant_id = ${candidate.restaurantId} AND active = 1`,
    );
    if (page.cacheControl === PRERENDERED && owned.length === 0) {
      dish = candidate;
      break;
    }
  }
  expect(dish, "a prerendered dish nobody declared, of a restaurant with no owner").toBeDefined();
  // The claim itself is owners.spec.ts's: here the owner is made directly.
  await shared.database.db
    .run(sql`INSERT INTO restaurant_owners (restaurant_id, user_id, verified_at, method, active)
    VALUES (${dish.restaurantId}, ${Number(owner.userId)}, ${Date.now()}, 'code', 1)`);
});

describe("an item's own page after a write", () => {
  it("shows the owner's allergens within seconds, rendered instead of the stale prerendered file", async () => {
    const before = await served(`/dish/${dish.id}`);
    expect(before.cacheControl).toBe(PRERENDERED);
    expect(before.html).toContain(NOT_PROVIDED);

    const saved = await helpers.api(owner, `/restaurants/${dish.restaurantId}/menu`, {
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
    expect(saved.status, saved.body.message).toBe(200);

    await eventually(async () => (await served(`/dish/${dish.id}`)).html).toContain("Sesame");
    const after = await served(`/dish/${dish.id}`);
    expect(after.html).not.toContain(NOT_PROVIDED);
    expect(after.cacheControl).not.toBe(PRERENDERED);
    // The restaurant's own page was named by the write too.
    expect((await served(`/restaurant/${dish.restaurantId}`)).cacheControl).not.toBe(PRERENDERED);

    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      const { context, page, problems } = await helpers.newPage(null);
      try {
        await page.setViewportSize(viewport);
        await page.goto(`${shared.site.baseUrl}/dish/${dish.id}`);
        await page.reload();
        await eventually(() => page.getByText("Sesame").first().isVisible()).toBe(true);
        expect(await page.getByText(NOT_PROVIDED).count()).toBe(0);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });
});
