// Issue 31, "Done when": on a phone, allow location (emulated), see distances on the results,
// narrow to < 1 km sorted by distance; deny location and choose King's Cross instead. The
// position leaves the page rounded to 3 decimals, and only as query parameters. Screenshots go
// to the system's temporary folder for a person to look at.
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./a11y-helpers.ts";
import { useSite } from "./harness.ts";
import { sessionHelpersFor } from "./session.ts";

const shared = useSite();
const helpers = sessionHelpersFor(shared);
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** A word of a dish at a restaurant pinned in N1, and that restaurant's position. */
let keyword: string;
let position: { latitude: number; longitude: number };

beforeAll(async () => {
  const rows = (await shared.database.db.all(
    sql`SELECT d.dish_name AS name, r.lat AS lat, r.lng AS lng FROM dishes d JOIN restaurants r ON r.id = d.restaurant_id
        WHERE r.postcode_district = 'N1' AND r.pin_source = 'exact' AND r.listing_state = 'approved'
          AND d.listing_state = 'approved' AND d.removed_at IS NULL AND r.removed_at IS NULL
        ORDER BY d.rating_count DESC, d.id LIMIT 1`,
  )) as { name: string; lat: number; lng: number }[];
  keyword = rows[0]!.name.split(/\s+/)[0]!;
  // Unrounded on purpose: the page must round it before it goes anywhere.
  position = { latitude: rows[0]!.lat + 0.000_123_4, longitude: rows[0]!.lng - 0.000_234_5 };
});

/** Every query the page sends to the API with a position in it. */
function positionsSent(page: Page): string[] {
  const sent: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.searchParams.has("lat")) sent.push(`${url.searchParams.get("lat")},${url.searchParams.get("lng")}`);
  });
  return sent;
}

const distances = (page: Page) =>
  page.locator('section[aria-labelledby="result-dishes-heading"] .card-distance').allInnerTexts();

const meters = (text: string) => {
  const match = /^([\d.]+) (m|km)/.exec(text)!;
  return Number(match[1]) * (match[2] === "km" ? 1000 : 1);
};

describe("near me on the search results (issue 31)", () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`allowed: distances on the cards, then < 1 km nearest first, at ${viewport.width} px`, async () => {
      await helpers.withPage(null, { forAxe: true }, async ({ page, context }) => {
        await context.grantPermissions(["geolocation"]);
        await context.setGeolocation(position);
        await page.setViewportSize(viewport);
        const sent = positionsSent(page);
        await page.goto(helpers.url(`/search?keyword=${encodeURIComponent(keyword)}`));
        const near = page.getByRole("group", { name: "Near a place" });
        await near.getByRole("button", { name: "Near me" }).click();
        await page.waitForURL(/lat=/);
        const url = new URL(page.url());
        expect(url.searchParams.get("lat")).toBe(String(Math.round(position.latitude * 1000) / 1000));
        expect(url.searchParams.get("lng")).toBe(String(Math.round(position.longitude * 1000) / 1000));
        await expect.poll(() => distances(page).then((d) => d.length)).toBeGreaterThan(0);
        expect((await distances(page))[0]).toMatch(/^\d[\d.]* (m|km) · \d+ min walk$/);
        await expect.poll(() => page.getByRole("status").first().innerText()).toContain("near your location");

        const controls = page.getByRole("group", { name: "Near your location" });
        await controls.getByLabel("Distance", { exact: true }).selectOption("1");
        await controls.getByLabel("Sort by distance").check();
        await controls.getByRole("button", { name: "Apply" }).click();
        await page.waitForURL(/radiusKm=1/);
        expect(new URL(page.url()).searchParams.get("sort")).toBe("distance");
        await expect.poll(() => distances(page).then((d) => d.length)).toBeGreaterThan(0);
        const shown = (await distances(page)).map(meters);
        for (const m of shown) expect(m).toBeLessThanOrEqual(1000);
        expect(shown).toEqual([...shown].sort((a, b) => a - b));
        // Every position sent was rounded to 3 decimals.
        expect(sent.length).toBeGreaterThan(0);
        for (const pair of sent) expect(pair).toMatch(/^-?\d+(\.\d{1,3})?,-?\d+(\.\d{1,3})?$/);
        expect(await seriousViolations(page, ".near-controls")).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        await page.screenshot({ path: join(tmpdir(), `near-me-${viewport.width}.png`), fullPage: true });
      });
    });
  }

  it("refused: says so, and King's Cross can be chosen instead from the suggestions", async () => {
    await helpers.withPage(null, async ({ page, context }) => {
      await context.clearPermissions();
      await page.setViewportSize(PHONE);
      await page.goto(helpers.url(`/search?keyword=${encodeURIComponent(keyword)}`));
      const near = page.getByRole("group", { name: "Near a place" });
      await near.getByRole("button", { name: "Near me" }).click();
      await expect.poll(() => near.getByRole("alert").innerText()).toContain("Choose a station, postcode district or area instead");
      const box = near.getByRole("combobox");
      await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
      await box.pressSequentially("King's Cross", { delay: 30 });
      const option = near.getByRole("option", { name: /King's Cross/ }).first();
      expect(await option.getAttribute("aria-selected")).toBe("false");
      await option.waitFor();
      await page.screenshot({ path: join(tmpdir(), "near-me-refused-390.png"), fullPage: true });
      // The area "King's Cross" comes first; the station is chosen from the keyboard.
      const isStation = (text: string) => /King's Cross/.test(text) && /station/i.test(text);
      await expect.poll(() => near.getByRole("option").allInnerTexts().then((texts) => texts.some(isStation))).toBe(true);
      for (let presses = 0; presses < 8; presses++) {
        await box.press("ArrowDown");
        const selected = await near.getByRole("option", { selected: true }).allInnerTexts();
        if (selected.some(isStation)) break;
      }
      expect(await near.getByRole("option", { selected: true }).innerText()).toMatch(/station/i);
      await box.press("Enter");
      await page.waitForURL(/station=/);
      await expect.poll(() => page.getByRole("status").first().innerText()).toMatch(/near King's Cross/);
      expect(new URL(page.url()).searchParams.get("keyword")).toBe(keyword);
    });
  });
});
