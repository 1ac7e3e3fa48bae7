// Issue 31's Map view on a phone: search for something with results, press Map, and the map
// draws the bundled style (every request that leaves the site is blocked here, as offline) with
// the Thames and the results' markers; pick a place with the keyboard, its card shows, follow
// it to the restaurant's page. Escape closes the map and gives the focus back to Map. Tag and
// area pages carry the same view; no page loads MapLibre before Map is pressed, and the CSP
// refuses nothing the map does (withPage fails on any refusal).
import { sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { tagSlug } from "../../src/domain/tag-slug.ts";
import { focusStopsUnderHeader, seriousViolations } from "./a11y-helpers.ts";
import { useSite } from "./harness.ts";
import { sessionHelpersFor, tabTo, type Session } from "./session.ts";

const shared = useSite();
const helpers = sessionHelpersFor(shared);
const PHONE = { width: 390, height: 844 };

/** A tag many positioned restaurants carry, so the search's markers spread across London. */
let tagName: string;
let areaId: number;

beforeAll(async () => {
  const tags = (await shared.database.db.all(
    sql`SELECT t.tag_name AS name, count(*) AS n FROM restaurant_tags rt JOIN tags t ON t.id = rt.tag_id
        JOIN restaurants r ON r.id = rt.restaurant_id
        WHERE r.lat IS NOT NULL AND r.listing_state = 'approved' AND r.removed_at IS NULL
        GROUP BY t.id ORDER BY n DESC, t.id LIMIT 1`,
  )) as { name: string }[];
  tagName = tags[0]!.name;
  const areas = (await shared.database.db.all(
    sql`SELECT area_id AS id FROM restaurants WHERE lat IS NOT NULL AND listing_state = 'approved'
        GROUP BY area_id ORDER BY count(*) DESC LIMIT 1`,
  )) as { id: number }[];
  areaId = areas[0]!.id;
}, 120_000);

/** A public list of the best restaurants, made through the API as a member would. */
async function publicListOfTopRestaurants(): Promise<{ id: number; names: string[] }> {
  const owner: Session = await helpers.signedInSession("mapowner");
  const send = (path: string, body: unknown) =>
    helpers.api<{ id: number }>(owner, path, { method: "POST", body: JSON.stringify(body) });
  const made = await send("/lists", { name: "Map night", visibility: "public" });
  expect(made.status, JSON.stringify(made.body)).toBeLessThan(300);
  const top = (await helpers.api<{ id: number; name: string }[]>(null, "/restaurants/top?topNum=3")).body
    .data;
  for (const restaurant of top) {
    const saved = await send(`/lists/${made.body.data.id}/items`, { kind: "restaurant", id: restaurant.id });
    expect(saved.status, JSON.stringify(saved.body)).toBeLessThan(300);
  }
  return { id: made.body.data.id, names: top.map((r) => r.name) };
}

/**
 * Whether the map's code has been fetched: MapLibre by name, or any script as large as it
 * (MapLibre is about 270 KB gzip; no page loads a script half that size before Map).
 */
const mapCodeLoaded = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .some(
        (entry) =>
          /maplibre/i.test(entry.name) ||
          (/\.m?js(\?|$)/.test(entry.name) &&
            (entry as PerformanceResourceTiming).encodedBodySize > 150 * 1024),
      ),
  );

async function openMap(page: Page) {
  const mapButton = page.getByRole("button", { name: "Map", exact: true });
  await tabTo(page, mapButton);
  await page.keyboard.press("Enter");
  expect(await mapButton.getAttribute("aria-pressed")).toBe("true");
  const canvas = page.locator(".map-view-canvas");
  await canvas.locator("canvas").waitFor();
  await page.waitForFunction(
    () => {
      const element = document.querySelector<HTMLElement>(".map-view-canvas");
      return element?.dataset.mapState === "ready" && Number(element.dataset.mapMarkers ?? 0) > 0;
    },
    undefined,
    { timeout: 30_000 },
  );
  return { mapButton, canvas };
}

describe("the Map view (issue 31)", () => {
  it("maps a list's own places from its page (issue 32's /list/{id})", async () => {
    const list = await publicListOfTopRestaurants();
    await helpers.withPage(null, async ({ page }) => {
      await page.setViewportSize(PHONE);
      await page.goto(helpers.url(`/list/${list.id}`), { waitUntil: "networkidle" });
      expect(await mapCodeLoaded(page)).toBe(false);
      await openMap(page);
      const shown = await page
        .getByRole("list", { name: "Places on the map" })
        .locator(".map-view-place-name")
        .allInnerTexts();
      expect(shown.sort()).toEqual([...list.names].sort());
    });
  });

  it("on a phone: the search's places on the bundled map, one picked by keyboard, then its page", async () => {
    await helpers.withPage(null, async ({ page }) => {
      await page.setViewportSize(PHONE);
      await page.goto(helpers.url(`/search?keyword=${encodeURIComponent(tagName)}`), {
        waitUntil: "networkidle",
      });
      await page.getByRole("heading", { level: 2, name: "Top Restaurants" }).waitFor();
      expect(await mapCodeLoaded(page)).toBe(false);

      const { canvas } = await openMap(page);
      // The configured basemap is unreachable here: the bundled style draws our own open data.
      expect(await canvas.getAttribute("data-map-style")).toBe("bundled");
      await expect
        .poll(() => canvas.getAttribute("data-map-layers"), { timeout: 15_000 })
        .toMatch(/\bthames\b/);
      expect(await canvas.getAttribute("data-map-layers")).toMatch(/\bplace-(points|clusters)\b/);
      expect(await mapCodeLoaded(page)).toBe(true);

      // A keyboard user picks a marker from the list of what the map shows.
      const list = page.getByRole("list", { name: "Places on the map" });
      const first = list.getByRole("button").first();
      const name = (await first.locator(".map-view-place-name").innerText()).trim();
      await tabTo(page, first);
      await page.keyboard.press("Enter");
      expect(await first.getAttribute("aria-pressed")).toBe("true");
      const card = page.getByRole("article", { name });
      await card.waitFor();
      // The map eased to it and rings its marker.
      await expect
        .poll(() => canvas.getAttribute("data-map-layers"), { timeout: 15_000 })
        .toMatch(/\bplace-selected\b/);

      const open = card.getByRole("link", { name: `Open ${name}` });
      await tabTo(page, open);
      await page.keyboard.press("Enter");
      await page.waitForURL(/\/restaurant\/\d+$/);
      await page.getByRole("heading", { level: 1, name }).waitFor();
    });
  });

  it("open, with a place chosen: no serious axe finding and no focus stop under the header, at 390 and 1280 px", async () => {
    for (const width of [390, 1280]) {
      await helpers.withPage(null, { forAxe: true }, async ({ page }) => {
        await page.setViewportSize({ width, height: 844 });
        await page.goto(helpers.url(`/search?keyword=${encodeURIComponent(tagName)}`));
        await openMap(page);
        await page.getByRole("list", { name: "Places on the map" }).getByRole("button").first().click();
        await page.locator("[data-map-card]").waitFor();
        expect(await seriousViolations(page, ".map-view"), `${width} px`).toEqual([]);
        expect((await focusStopsUnderHeader(page)).covered, `${width} px`).toEqual([]);
      });
    }
  });

  it("closes with Escape and gives the focus back to the Map button; List closes it too", async () => {
    await helpers.withPage(null, async ({ page }) => {
      await page.setViewportSize(PHONE);
      await page.goto(helpers.url(`/search?keyword=${encodeURIComponent(tagName)}`));
      const { mapButton } = await openMap(page);
      await tabTo(page, page.getByRole("list", { name: "Places on the map" }).getByRole("button").first());
      await page.keyboard.press("Escape");
      expect(await mapButton.getAttribute("aria-pressed")).toBe("false");
      expect(await page.locator("[data-map-panel]").isHidden()).toBe(true);
      expect(await mapButton.evaluate((el) => el === document.activeElement)).toBe(true);

      await page.keyboard.press("Enter");
      await page.locator(".map-view-canvas canvas").waitFor();
      const listButton = page.getByRole("button", { name: "List", exact: true });
      await listButton.click();
      expect(await listButton.getAttribute("aria-pressed")).toBe("true");
      expect(await page.locator("[data-map-panel]").isHidden()).toBe(true);
    });
  });

  it("maps a tag page's and an area page's places, and item pages never load the map", async () => {
    await helpers.withPage(null, async ({ page }) => {
      await page.setViewportSize(PHONE);
      await page.goto(helpers.url(`/tag/${tagSlug(tagName)}`), { waitUntil: "networkidle" });
      expect(await mapCodeLoaded(page)).toBe(false);
      await openMap(page);

      await page.goto(helpers.url(`/area/${areaId}`), { waitUntil: "networkidle" });
      expect(await mapCodeLoaded(page)).toBe(false);
      await openMap(page);

      const [restaurant] = (await shared.database.db.all(
        sql`SELECT id FROM restaurants WHERE listing_state = 'approved' ORDER BY bayes_score DESC LIMIT 1`,
      )) as { id: number }[];
      await page.goto(helpers.url(`/restaurant/${restaurant!.id}`), { waitUntil: "networkidle" });
      expect(await mapCodeLoaded(page)).toBe(false);
      expect(await page.getByRole("button", { name: "Map", exact: true }).count()).toBe(0);
    });
  });
});
