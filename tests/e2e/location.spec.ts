// Issue 24: the header's Change sets the location label, the device remembers it
// (localStorage), and "Explore near me" on home starts with that region's areas. Issue 31:
// Change opens the location picker (a station, postcode district or area, suggested as you
// type); an area chosen there brings its region first.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./a11y-helpers.ts";
import { openBrowser, startSite, type Site } from "./harness.ts";
import { sessionHelpers } from "./session.ts";

let site: Site;
let browser: Browser;
let helpers: ReturnType<typeof sessionHelpers>;
let region: string;
let area: string;
let dishId: number;

const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });

beforeAll(async () => {
  site = startSite();
  browser = await openBrowser();
  helpers = sessionHelpers(site.baseUrl, () => browser);
  const regions = await helpers.api<{ regionName: string }[]>(null, "/regions/all");
  // Not the first region, so "first in Explore near me" is the choice's doing.
  region = regions.body.data.at(-1)!.regionName;
  const areas = await helpers.api<{ areaName: string; regionName: string | null }[]>(null, "/areas/all");
  area = areas.body.data.find((a) => a.regionName === region)!.areaName;
  dishId = (await helpers.api<{ id: number }[]>(null, "/dishes/top?topNum=1")).body.data[0]!.id;
});

afterAll(async () => {
  await browser?.close();
});
describe("the header's location", () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    it(`Change sets the label, is remembered, and Explore near me starts there, at ${viewport.width} px`, async () => {
      const { context, page, problems } = await helpers.newPage(null, { forAxe: true });
      await page.setViewportSize(viewport);
      await page.goto(`${site.baseUrl}/`);
      try {
        const change = page.getByRole("link", { name: /^Change location/ });
        expect(await change.getAttribute("aria-label")).toBe("Change location (currently London, Islington)");
        await change.click();
        const box = page
          .locator(".site-header")
          .getByRole("combobox", { name: "Station, postcode district or area" });
        await box.fill(area);
        await page
          .getByRole("option", { name: new RegExp(`^${area}\\b`) })
          .first()
          .click();
        const label = page.locator(".site-header .location-label");
        await eventually(() => label.textContent()).toBe(area);
        expect(await change.getAttribute("aria-label")).toBe(`Change location (currently ${area})`);

        // Remembered on this device: after a reload and on another page.
        await page.reload();
        await eventually(() => label.textContent()).toBe(area);
        const explore = page.locator("[data-explore-locations]");
        expect(await explore.getAttribute("open")).not.toBeNull();
        const firstGroup = explore.locator("[data-explore-region]").first();
        expect(await firstGroup.getAttribute("data-explore-region")).toBe(region);
        expect(await firstGroup.getByText("your location").isVisible()).toBe(true);
        // The opened list, in view: axe checks what is on screen, not what lies under the phone's tab bar.
        await firstGroup.scrollIntoViewIfNeeded();
        const violations = [
          ...(await seriousViolations(page, ".site-header")),
          ...(await seriousViolations(page, "#explore")),
        ];
        expect(violations).toEqual([]);

        await page.goto(`${site.baseUrl}/dish/${dishId}`);
        await eventually(() => label.textContent()).toBe(area);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
