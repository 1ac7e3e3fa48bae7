// Issue 31 on tag and area pages, on a phone (390 px): with no place known the prerendered lists
// carry no distance; a station chosen through the header's Change is offered as a link, which
// narrows the lists to a walk of it with each card's distance; the distance filter (< 1 km) and
// nearest first narrow and order them, and the Map view shows the same places. A position in
// the address (a shared "near me" link) does the same on an area page. axe checks each state.
// The data is picked by its properties when the test runs: other files write meanwhile.
import { sql } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { MY_POSITION_LABEL } from "../../src/client/near-place.ts";
import { nearestStations } from "../../src/domain/nearest-stations.ts";
import { tagSlug } from "../../src/domain/tag-slug.ts";
import { LONDON_STATIONS } from "../../src/shared/geo/london-places.ts";
import { seriousViolations } from "./a11y-helpers.ts";
import { useSite } from "./harness.ts";
import { sessionHelpersFor } from "./session.ts";

const shared = useSite();
const helpers = sessionHelpersFor(shared);
const PHONE = { width: 390, height: 844 };
const eventually = <T>(read: () => T | Promise<T>, timeout = 15_000) =>
  expect.poll(read, { timeout, interval: 100 });

/** A listed restaurant with a station within 800 m, one of its tags, and its area. */
let place: {
  id: number;
  name: string;
  lat: number;
  lng: number;
  tag: string;
  areaId: number;
  areaName: string;
  station: { name: string; slug: string; distanceMeters: number };
};

beforeAll(async () => {
  const rows = (await shared.database.db.all(
    sql`SELECT r.id AS id, r.name AS name, r.lat AS lat, r.lng AS lng, r.area_id AS areaId, a.area_name AS areaName,
          (SELECT t.tag_name FROM restaurant_tags rt JOIN tags t ON t.id = rt.tag_id
            WHERE rt.restaurant_id = r.id ORDER BY t.id LIMIT 1) AS tag
        FROM restaurants r JOIN areas a ON a.id = r.area_id
        WHERE r.listing_state = 'approved' AND r.removed_at IS NULL AND r.lat IS NOT NULL
        ORDER BY r.bayes_score DESC, r.id LIMIT 100`,
  )) as Omit<typeof place, "station">[];
  for (const row of rows) {
    const station = nearestStations(row, LONDON_STATIONS)[0];
    // Well inside 1 km, so the < 1 km filter keeps it whatever else moves.
    if (row.tag && station && station.distanceMeters <= 800) {
      place = { ...row, station };
      break;
    }
  }
  expect(place, "a listed restaurant with a tag and a station within 800 m").toBeDefined();
});

const cardsIn = (page: Page, list: "dishes" | "restaurants") =>
  page.locator(`section[aria-labelledby="filtered-${list}"] .card`);
const distancesOf = (cards: Locator) => cards.locator(".card-distance").allInnerTexts();

/** "650 m · 8 min walk" → 650; "1.2 km · 15 min walk" → 1200. */
function meters(text: string): number {
  const match = /^(\d[\d.]*) (m|km) · \d+ min walk$/.exec(text);
  if (!match) throw new Error(`not a distance: "${text}"`);
  return Number(match[1]) * (match[2] === "km" ? 1000 : 1);
}

/** Every card of both lists says how far it is, and none is further than `limit`. */
async function expectDistances(page: Page, limit: number): Promise<number[][]> {
  await eventually(() => cardsIn(page, "restaurants").count()).toBeGreaterThan(0);
  const both: number[][] = [];
  for (const list of ["dishes", "restaurants"] as const) {
    const cards = cardsIn(page, list);
    const shown = await distancesOf(cards);
    expect(shown, `a distance on every ${list} card`).toHaveLength(await cards.count());
    const values = shown.map(meters);
    for (const value of values) expect(value).toBeLessThanOrEqual(limit);
    both.push(values);
  }
  return both;
}

async function narrowToOneKmNearestFirst(page: Page, label: string): Promise<void> {
  const controls = page.getByRole("group", { name: `Near ${label}` });
  await controls.getByLabel("Distance", { exact: true }).selectOption("1");
  await controls.getByLabel("Sort by distance").check();
  await controls.getByRole("button", { name: "Apply" }).click();
  await page.waitForURL(
    (url) => url.searchParams.get("radiusKm") === "1" && url.searchParams.get("sort") === "distance",
  );
}

describe("near on tag and area pages (issue 31)", () => {
  it("a tag page: no distances until a station is chosen in the header, then within a walk of it, < 1 km nearest first, and the map agrees", async () => {
    await helpers.withPage(null, { forAxe: true }, async ({ page }) => {
      await page.setViewportSize(PHONE);
      await page.goto(helpers.url(`/tag/${tagSlug(place.tag)}`));
      await page.getByRole("heading", { level: 1 }).waitFor();
      // Nothing known yet: the prerendered lists, with no distance and no offer.
      expect(await page.locator(".card-distance").count()).toBe(0);
      expect(await page.locator(".near-offer").count()).toBe(0);

      // The header's Change: the station, by typing its name.
      await page.getByRole("link", { name: /^Change location/ }).click();
      const box = page
        .locator(".site-header")
        .getByRole("combobox", { name: "Station, postcode district or area" });
      await eventually(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
      await box.pressSequentially(place.station.name, { delay: 10 });
      const option = page.getByRole("option", {
        name: new RegExp(`^${escapeRegExp(place.station.name)}.*Station$`),
      });
      await option.first().click();
      await eventually(() => page.locator(".site-header .location-label").textContent()).toBe(
        place.station.name,
      );

      // The page offers the lists near it, without leaving the page on its own.
      const offer = page.getByRole("link", {
        name: `Show what's within 2 km of ${place.station.name}, with distances`,
      });
      await offer.waitFor();
      await offer.click();
      await page.waitForURL((url) => url.searchParams.get("station") === place.station.slug);
      await eventually(() => page.getByRole("status").first().innerText()).toContain(
        `(within 2 km of ${place.station.name})`,
      );
      await expectDistances(page, 2000);
      expect(await seriousViolations(page, ".filtered-lists"), "tag page near a station").toEqual([]);

      await narrowToOneKmNearestFirst(page, place.station.name);
      await eventually(() => page.getByRole("status").first().innerText()).toContain(
        `(within 1 km of ${place.station.name})`,
      );
      const [dishes, restaurants] = await expectDistances(page, 1000);
      for (const values of [dishes!, restaurants!]) expect(values).toEqual([...values].sort((a, b) => a - b));
      const names = (await cardsIn(page, "restaurants").locator(".card-title").allInnerTexts()).map((t) =>
        t.trim(),
      );
      expect(names).toContain(place.name);
      expect(await seriousViolations(page, ".filtered-lists"), "tag page within 1 km").toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );

      // The Map view narrows its markers as the lists are narrowed: the same places.
      await page.getByRole("button", { name: "Map", exact: true }).click();
      await eventually(() => page.locator(".map-view-canvas").getAttribute("data-map-state"), 30_000).toBe(
        "ready",
      );
      const onMap = page.getByRole("list", { name: "Places on the map" }).locator(".map-view-place-name");
      await onMap.first().waitFor();
      expect((await onMap.allInnerTexts()).map((t) => t.trim()).sort()).toEqual([...names].sort());
    });
  });

  it("an area page with a position in its address: distances from it, and nearest first", async () => {
    // A shared "near me" link: the position as the device rounds it.
    const lat = Math.round((place.lat + 0.002) * 1000) / 1000;
    const lng = Math.round((place.lng - 0.002) * 1000) / 1000;
    await helpers.withPage(null, { forAxe: true }, async ({ page }) => {
      await page.setViewportSize(PHONE);
      await page.goto(helpers.url(`/area/${place.areaId}`));
      await page.getByRole("heading", { level: 1 }).waitFor();
      expect(await page.locator(".card-distance").count()).toBe(0);

      await page.goto(helpers.url(`/area/${place.areaId}?lat=${lat}&lng=${lng}`));
      await eventually(() => page.getByRole("status").first().innerText()).toContain(
        `in ${place.areaName} (within 2 km of ${MY_POSITION_LABEL})`,
      );
      await expectDistances(page, 2000);
      expect(await seriousViolations(page, ".filtered-lists"), "area page near a position").toEqual([]);

      await narrowToOneKmNearestFirst(page, MY_POSITION_LABEL);
      // The address keeps the rounded position and nothing finer.
      const address = new URL(page.url()).searchParams;
      expect([address.get("lat"), address.get("lng")]).toEqual([String(lat), String(lng)]);
      const [dishes, restaurants] = await expectDistances(page, 1000);
      for (const values of [dishes!, restaurants!]) expect(values).toEqual([...values].sort((a, b) => a - b));
      const names = (await cardsIn(page, "restaurants").locator(".card-title").allInnerTexts()).map((t) =>
        t.trim(),
      );
      expect(names).toContain(place.name);
      expect(await seriousViolations(page, ".filtered-lists"), "area page within 1 km").toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
    });
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
