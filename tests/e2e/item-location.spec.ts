// Issue 31, "On every page people use": a restaurant page and a dish page show the postcode
// district, the nearest stations with their lines and walking minutes, and a Directions link
// with the coordinates for the phone's map app; a restaurant a member adds sits at its district's
// centre and says so. The seeded pages are prerendered, the added one is rendered on demand:
// the same component draws both. At 390 and 1280 px; screenshots go to the system's temporary
// folder for a person to look at.
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./a11y-helpers.ts";
import { useSite } from "./harness.ts";
import { sessionHelpersFor } from "./session.ts";

const shared = useSite();
const helpers = sessionHelpersFor(shared);
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

let restaurant: { id: number; lat: number; lng: number; district: string };
let dishId: number;
let addedId: number;

beforeAll(async () => {
  const rows = (await shared.database.db.all(
    sql`SELECT id, lat, lng, postcode_district AS district FROM restaurants
        WHERE listing_state = 'approved' AND removed_at IS NULL AND pin_source = 'exact'
          AND postcode_district = 'N1' ORDER BY id LIMIT 1`,
  )) as (typeof restaurant)[];
  restaurant = rows[0]!;
  const dishes = (await shared.database.db.all(
    sql`SELECT id FROM dishes WHERE restaurant_id = ${restaurant.id} AND listing_state = 'approved'
        AND removed_at IS NULL ORDER BY id LIMIT 1`,
  )) as { id: number }[];
  dishId = dishes[0]!.id;
  const adder = await helpers.signedInSession("iloc");
  addedId = await helpers.addRestaurant(adder, {
    name: "Pin Test Kitchen",
    address: "1 Upper Street",
    postCode: "N1 0NY",
    tags: ["Ramen"],
  });
});

describe("where a restaurant is (issue 31)", () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`a restaurant page shows its district, nearest stations and Directions at ${viewport.width} px`, async () => {
      expect(restaurant).toBeDefined();
      await helpers.withPage(null, { forAxe: true }, async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.goto(helpers.url(`/restaurant/${restaurant.id}`));
        const block = page.getByRole("region", { name: "Getting there" });
        await expect.poll(() => block.getByText(restaurant.district, { exact: true }).isVisible()).toBe(true);
        const stations = block.getByRole("list", { name: "Nearest stations" }).getByRole("listitem");
        const count = await stations.count();
        expect(count).toBeGreaterThan(0);
        expect(count).toBeLessThanOrEqual(3);
        expect(await stations.first().innerText()).toMatch(/\d+ min walk/);
        // Angel, King's Cross and the like serve at least one named line.
        expect(await stations.first().locator(".item-location__lines").innerText()).not.toBe("");
        expect(await block.getByText("Pin at the district's centre").count()).toBe(0);
        const directions = block.getByRole("link", { name: /^Directions/ });
        expect(await directions.getAttribute("href")).toBe(
          `https://www.google.com/maps/dir/?api=1&destination=${restaurant.lat},${restaurant.lng}`,
        );
        expect(await seriousViolations(page, "section.item-location")).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        await block.scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(tmpdir(), `item-location-restaurant-${viewport.width}.png`) });
      });
    });
  }

  it("a dish page shows where its restaurant is", async () => {
    await helpers.withPage(null, async ({ page }) => {
      await page.setViewportSize(PHONE);
      await page.goto(helpers.url(`/dish/${dishId}`));
      const block = page.getByRole("region", { name: "Getting there" });
      await expect.poll(() => block.getByText(restaurant.district, { exact: true }).isVisible()).toBe(true);
      expect(await block.getByRole("listitem").count()).toBeGreaterThan(0);
      await block.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(tmpdir(), "item-location-dish-390.png") });
    });
  });

  it("a restaurant a member added is pinned at its district's centre, and says so", async () => {
    await helpers.withPage(null, async ({ page }) => {
      await page.setViewportSize(PHONE);
      await page.goto(helpers.url(`/restaurant/${addedId}`));
      const block = page.getByRole("region", { name: "Getting there" });
      await expect.poll(() => block.getByText("Pin at the district's centre").isVisible()).toBe(true);
      expect(await block.getByText("N1", { exact: true }).isVisible()).toBe(true);
    });
  });

  it("/about credits the open data as its licences ask", async () => {
    await helpers.withPage(null, { forAxe: true }, async ({ page }) => {
      await page.setViewportSize(PHONE);
      await page.goto(helpers.url("/about"));
      const credits = page.getByRole("region", { name: "Where London's places come from" });
      expect(await credits.innerText()).toContain("Powered by TfL Open Data");
      expect(await credits.innerText()).toContain("Contains Royal Mail data © Royal Mail copyright and database right 2014");
      expect(await seriousViolations(page, "#open-data")).toEqual([]);
      await credits.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(tmpdir(), "about-open-data-390.png") });
    });
  });
});
