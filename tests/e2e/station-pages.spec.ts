// Issue 31, station pages: a restaurant page links a station within a walk to the station's
// page, which lists the best places within a walk of it with their distances; a slug no
// station has is the 404 page; and the header's Change picks a station by typing its name.
// At 390 and 1280 px, axe clean; screenshots go to the system's temporary folder. The Node host
// renders a station page the built site lacks on demand (a station that gained its first place
// after the build), and a station with no place within a walk is no page.
import { existsSync } from "node:fs";
import { readdir, readFile, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { distanceMeters } from "../../src/domain/geo-distance.ts";
import { nearestStations } from "../../src/domain/nearest-stations.ts";
import { isWithinStationWalk, STATION_WALK_METERS } from "../../src/domain/station-pages.ts";
import { LONDON_STATIONS } from "../../src/shared/geo/london-places.ts";
import { seriousViolations } from "./a11y-helpers.ts";
import { PAGE_SECURITY_HEADERS } from "./api-contract.ts";
import { useSite } from "./harness.ts";
import { sessionHelpersFor } from "./session.ts";

const shared = useSite();
const helpers = sessionHelpersFor(shared);
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });

let restaurantId: number;
let station: { slug: string; name: string };

beforeAll(async () => {
  const rows = (await shared.database.db.all(
    sql`SELECT id, lat, lng FROM restaurants WHERE listing_state = 'approved' AND removed_at IS NULL
        AND lat IS NOT NULL ORDER BY bayes_score DESC, id LIMIT 100`,
  )) as { id: number; lat: number; lng: number }[];
  for (const row of rows) {
    const near = nearestStations(row, LONDON_STATIONS)[0];
    if (near && isWithinStationWalk(near.distanceMeters)) {
      restaurantId = row.id;
      station = near;
      break;
    }
  }
});

describe("station pages (issue 31)", () => {
  for (const viewport of VIEWPORTS) {
    it(`a restaurant page links its station, whose page lists the places within a walk, at ${viewport.width} px`, async () => {
      expect(station).toBeDefined();
      await helpers.withPage(null, { forAxe: true }, async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.goto(helpers.url(`/restaurant/${restaurantId}`));
        const block = page.getByRole("region", { name: "Getting there" });
        const link = block.getByRole("link", { name: station.name, exact: true });
        expect(await link.getAttribute("href")).toBe(`/station/${station.slug}`);
        await link.click();
        await page.waitForURL(
          (address) => address.pathname.replace(/\/$/, "") === `/station/${station.slug}`,
        );

        expect(await page.title()).toBe(`Best dishes near ${station.name} | Dishcovery`);
        const heading = page.getByRole("heading", { level: 1 });
        expect(await heading.innerText()).toBe(`Best dishes near ${station.name}`);
        const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
        expect(new URL(canonical!).pathname).toBe(`/station/${station.slug}`);
        const restaurants = page.getByRole("region", { name: `Top restaurants near ${station.name}` });
        const cards = restaurants.locator(".card");
        expect(await cards.count()).toBeGreaterThan(0);
        for (const text of await restaurants.locator(".card-distance").allInnerTexts()) {
          const [, amount, unit] = /^([\d.]+) (m|km) · \d+ min walk$/.exec(text)!;
          expect(Number(amount) * (unit === "km" ? 1000 : 1)).toBeLessThanOrEqual(STATION_WALK_METERS);
        }
        expect(await page.getByRole("region", { name: `Top dishes near ${station.name}` }).count()).toBe(1);
        expect(await seriousViolations(page)).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        );
        await page.screenshot({ path: join(tmpdir(), `station-page-${viewport.width}.png`), fullPage: true });
      });
    });
  }

  it("a slug no station has is the 404 page, with status 404", async () => {
    await helpers.withPage(null, async ({ page }) => {
      const response = await page.goto(helpers.url("/station/no-such-station-anywhere"));
      expect(response?.status()).toBe(404);
      expect(await page.getByRole("heading", { level: 1, name: /^404 Page not found\./ }).count()).toBe(1);
    });
  });

  for (const viewport of VIEWPORTS) {
    it(`the header's Change picks King's Cross by typing, and the label follows, at ${viewport.width} px`, async () => {
      await helpers.withPage(null, { forAxe: true }, async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.goto(helpers.url(`/restaurant/${restaurantId}`));
        const change = page.getByRole("link", { name: /^Change location/ });
        await change.click();
        const box = page
          .locator(".site-header")
          .getByRole("combobox", { name: "Station, postcode district or area" });
        await eventually(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
        await page.keyboard.type("King's Cross");
        const option = page.getByRole("option", { name: /^King's Cross & St Pancras International/ });
        await option.waitFor();
        expect(await seriousViolations(page, ".site-header")).toEqual([]);
        await page.screenshot({ path: join(tmpdir(), `location-picker-${viewport.width}.png`) });
        await option.click();

        const label = page.locator(".site-header .location-label");
        await eventually(() => label.textContent()).toBe("King's Cross & St Pancras International");
        expect(await change.getAttribute("aria-label")).toBe(
          "Change location (currently King's Cross & St Pancras International)",
        );
        // The picker folds away and the focus is back on Change.
        await eventually(() => change.evaluate((el) => el === document.activeElement)).toBe(true);
        expect(await box.isVisible()).toBe(false);
        // Remembered on this device, as the station the lists measure from.
        const kept = await page.evaluate(() => window.localStorage.getItem("dishcovery.near-place"));
        expect(JSON.parse(kept!)).toMatchObject({
          kind: "station",
          value: "kings-cross-and-st-pancras-international",
        });
        await page.goto(helpers.url("/"));
        await eventually(() => label.textContent()).toBe("King's Cross & St Pancras International");
      });
    });
  }

  it("a station page missing from the built site is rendered on demand by the Node host: the built page's template and headers, a live Map view, axe clean at 390 px", async () => {
    expect(station).toBeDefined();
    const siteDir = join(shared.site.dataDir, "dist");
    const builtPage = join(siteDir, "station", station.slug);
    expect(existsSync(join(builtPage, "index.html")), "the build prerendered the station").toBe(true);
    const builtHtml = await readFile(join(builtPage, "index.html"), "utf8");
    const built = await fetch(helpers.url(`/station/${station.slug}/`));
    expect(built.status).toBe(200);
    // Put aside, as a station that gained its first place after the build has no file; the
    // host then renders it from the same loader into the built template. Put back after.
    const aside = join(shared.site.dataDir, `aside-station-${station.slug}-${process.pid}`);
    await rename(builtPage, aside);
    try {
      const res = await fetch(helpers.url(`/station/${station.slug}`));
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toMatch(/s-maxage=\d+, stale-while-revalidate=\d+/);
      expect(built.headers.get("cache-control")).not.toMatch(/s-maxage/);
      for (const name of PAGE_SECURITY_HEADERS)
        expect(res.headers.get(name), name).toBe(built.headers.get(name));
      const html = await res.text();
      expect(html).not.toContain("@@dishcovery");
      // The built page's stylesheets and scripts: the same template, so the same hashes in the CSP.
      const assets = (page: string) =>
        [...page.matchAll(/(?:href|src)="(\/_astro\/[^"]+)"/g)].map((m) => m[1]).sort();
      expect(assets(html)).toEqual(assets(builtHtml));
      expect(html).toContain(`<link rel="canonical" href="${helpers.url(`/station/${station.slug}`)}">`);

      // In a phone's browser with the site's CSP enforced: the page, and its Map view, work.
      await helpers.withPage(null, async ({ page }) => {
        await page.setViewportSize(VIEWPORTS[0]!);
        const response = await page.goto(helpers.url(`/station/${station.slug}`));
        expect(response?.headers()["cache-control"]).toMatch(/s-maxage/);
        expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(
          `Best dishes near ${station.name}`,
        );
        const restaurants = page.getByRole("region", { name: `Top restaurants near ${station.name}` });
        const distances = await restaurants.locator(".card-distance").allInnerTexts();
        expect(distances.length).toBeGreaterThan(0);
        for (const text of distances) {
          const [, amount, unit] = /^([\d.]+) (m|km) · \d+ min walk$/.exec(text)!;
          expect(Number(amount) * (unit === "km" ? 1000 : 1)).toBeLessThanOrEqual(STATION_WALK_METERS);
        }
        await page.getByRole("button", { name: "Map", exact: true }).click();
        const canvas = page.locator(".map-view-canvas");
        await eventually(() => canvas.getAttribute("data-map-state")).toBe("ready");
        await eventually(async () =>
          Number((await canvas.getAttribute("data-map-markers")) ?? 0),
        ).toBeGreaterThan(0);
      });
      await helpers.withPage(null, { forAxe: true }, async ({ page }) => {
        await page.setViewportSize(VIEWPORTS[0]!);
        await page.goto(helpers.url(`/station/${station.slug}`));
        await page.getByRole("heading", { level: 1 }).waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          VIEWPORTS[0]!.width,
        );
      });
    } finally {
      // A site refresh may have built the page again meanwhile: then its new file stays.
      if (existsSync(builtPage)) await rm(aside, { recursive: true, force: true });
      else await rename(aside, builtPage);
    }
  });

  it("a station with no place within a walk has no page: the 404 page, on demand too", async () => {
    const positions = (await shared.database.db.all(
      sql`SELECT lat, lng FROM restaurants WHERE listing_state = 'approved' AND removed_at IS NULL AND lat IS NOT NULL`,
    )) as { lat: number; lng: number }[];
    const built = new Set(await readdir(join(shared.site.dataDir, "dist", "station")));
    // The station furthest from every listed place: no later write brings one within a walk.
    const lonely = LONDON_STATIONS.filter((candidate) => !built.has(candidate.slug))
      .map((candidate) => ({
        candidate,
        nearest: Math.min(...positions.map((p) => distanceMeters(p, candidate))),
      }))
      .sort((a, b) => b.nearest - a.nearest)[0]!;
    expect(isWithinStationWalk(lonely.nearest)).toBe(false);
    const res = await fetch(helpers.url(`/station/${lonely.candidate.slug}`));
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Page not found.");
  });
});
