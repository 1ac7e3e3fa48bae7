// Issue 24, discovery: filters on search, tag and area lists (price, open now, diet and
// free-from), with the state in the address and an empty state; search results above the
// fold with a count, at 390 px and 1280 px. The header's location: location.spec.ts.
import { sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WEEKDAYS } from "../../src/domain/owners.ts";
import { tagSlug } from "../../src/domain/tag-slug.ts";
import { holdCatalogueHours } from "./catalogue-hours-lock.ts";
import { applyTextSpacing, clippedText, focusStopsUnderHeader, seriousViolations } from "./a11y-helpers.ts";
import { useSite } from "./harness.ts";
import { press, sessionHelpersFor, tabTo } from "./session.ts";

const shared = useSite();
const helpers = sessionHelpersFor(shared);

interface Dish {
  id: number;
  dishName: string;
  restaurantId: number;
  tags: string[];
  location: { region: string; area: string; areaId: number };
}
/** London's best dish; its restaurant is open all day, every day, and no other place has hours. */
let dish: Dish;
let otherRegion: string;
let otherAreaId: number;

const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

let savedHours: { id: number; hours: string | null }[] = [];
let releaseHours: (() => void) | undefined;

afterAll(async () => {
  try {
    for (const row of savedHours) {
      await shared.database.db.run(sql`UPDATE restaurants SET hours = ${row.hours} WHERE id = ${row.id}`);
    }
  } finally {
    releaseHours?.();
  }
});

beforeAll(async () => {
  const top = await helpers.api<Dish[]>(null, "/dishes/top?topNum=1");
  dish = top.body.data[0]!;
  const allDay = JSON.stringify({
    weekly: Object.fromEntries(WEEKDAYS.map((d) => [d, [{ opens: "00:00", closes: "00:00" }]])),
    closures: [],
  });
  // Every restaurant's hours go for this file's open-now checks; afterAll puts them back, as
  // other files compare item pages with the hours the site was built with (and wait for them
  // meanwhile: catalogue-hours-lock.ts).
  releaseHours = await holdCatalogueHours();
  savedHours = await shared.database.db.all<{ id: number; hours: string | null }>(
    sql`SELECT id, hours FROM restaurants WHERE hours IS NOT NULL`,
  );
  await shared.database.db.run(sql`UPDATE restaurants SET hours = NULL`);
  await shared.database.db.run(sql`UPDATE restaurants SET hours = ${allDay} WHERE id = ${dish.restaurantId}`);
  const regions = await helpers.api<{ regionName: string }[]>(null, "/regions/all");
  otherRegion = regions.body.data.map((r) => r.regionName).find((r) => r !== dish.location.region)!;
  const areas = (await shared.database.db.all(
    sql`SELECT id FROM areas WHERE id <> ${dish.location.areaId} ORDER BY id LIMIT 1`,
  )) as { id: number }[];
  otherAreaId = areas[0]!.id;
}, 180_000);

async function open(path: string, viewport = DESKTOP) {
  const opened = await helpers.newPage(null, { forAxe: true });
  await opened.page.setViewportSize(viewport);
  await opened.page.goto(shared.site.baseUrl + path);
  return opened;
}

const firstWord = () => dish.dishName.split(/\s+/)[0]!;

/** The top of the first result card (a ranked card's link), against the viewport's height. */
async function firstCardTop(page: Page): Promise<number> {
  const card = page.locator(".search-results .card-grid > *").first();
  await card.waitFor();
  return (await card.boundingBox())!.y;
}

describe("search results", () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`start above the fold with a count, chips below them, at ${viewport.width} px`, async () => {
      const { context, page, problems } = await open(
        `/search?keyword=${encodeURIComponent(firstWord())}`,
        viewport,
      );
      try {
        const status = page.locator(".search-summary");
        await eventually(() => status.textContent()).toMatch(
          /^(No|\d+\+?) dish(es)? and (no|\d+\+?) restaurants? match(es)? “/,
        );
        // At least 200 px of the first card is on the first screen.
        expect(await firstCardTop(page)).toBeLessThan(viewport.height - 200);
        const chips = page.getByRole("navigation", { name: "Filter by tag" });
        const results = page.locator(".search-results");
        expect((await chips.boundingBox())!.y).toBeGreaterThan((await results.boundingBox())!.y);
        expect(await seriousViolations(page)).toEqual([]);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it("filters by keyboard, keeps the filters in the address, and shows an empty state", async () => {
    const { context, page, problems } = await open(
      `/search?keyword=${encodeURIComponent(firstWord())}`,
      PHONE,
    );
    try {
      const summary = page.locator(".list-filters > summary");
      await press(page, summary, "Enter");
      const openNow = page.getByRole("checkbox", { name: "Open now" });
      await tabTo(page, openNow);
      await page.keyboard.press("Space");
      await press(page, page.getByRole("button", { name: "Apply filters" }), "Enter");
      await page.waitForURL((url) => url.searchParams.get("openNow") === "true");
      expect(new URL(page.url()).searchParams.get("keyword")).toBe(firstWord());
      await eventually(() => page.locator(".search-summary").textContent()).toMatch(/open now\)$/);
      // Only the open restaurant's dishes: London's best dish among them.
      await page.locator(`a[href="/dish/${dish.id}"]`).first().waitFor();
      expect(await openNow.isChecked()).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto(
        `${shared.site.baseUrl}/search?keyword=${encodeURIComponent(firstWord())}&location=${encodeURIComponent(otherRegion)}&openNow=true`,
      );
      const empty = page.getByRole("status").filter({ hasText: "No results for" });
      await empty.waitFor();
      expect(await empty.textContent()).toContain("Nothing matches these filters");
      expect(await page.getByRole("link", { name: "Clear filters" }).getAttribute("href")).not.toContain(
        "openNow",
      );
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe("tag and area lists", () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`a tag page filters to places open now, from its address, at ${viewport.width} px`, async () => {
      const tag = dish.tags[0]!;
      const { context, page, problems } = await open(`/tag/${tagSlug(tag)}?openNow=true`, viewport);
      try {
        const count = page.locator(".filtered-lists .list-count");
        await eventually(() => count.textContent()).toMatch(
          new RegExp(`^\\d+ results? in ${tag} \\(open now\\)`),
        );
        await page.locator(`.filtered-lists a[href="/dish/${dish.id}"]`).first().waitFor();
        expect(await page.locator("[data-unfiltered]").isHidden()).toBe(true);
        expect(await page.getByRole("checkbox", { name: "Open now" }).isChecked()).toBe(true);
        expect(await page.locator(".list-filters").getAttribute("open")).not.toBeNull();
        expect(await seriousViolations(page)).toEqual([]);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it("an area page filters by price and open now, and says when nothing matches", async () => {
    const { context, page, problems } = await open(`/area/${dish.location.areaId}`);
    try {
      // Unfiltered, the lists show and the form is folded away.
      expect(await page.locator("[data-unfiltered]").isVisible()).toBe(true);
      await press(page, page.locator(".list-filters > summary"), "Enter");
      await tabTo(page, page.getByRole("checkbox", { name: "Open now" }));
      await page.keyboard.press("Space");
      await press(page, page.getByRole("button", { name: "Apply filters" }), "Enter");
      await page.waitForURL((url) => url.searchParams.get("openNow") === "true");
      await page.locator(`.filtered-lists a[href="/dish/${dish.id}"]`).first().waitFor();
      expect(await page.locator("[data-unfiltered]").isHidden()).toBe(true);

      await page.goto(`${shared.site.baseUrl}/area/${otherAreaId}?openNow=true&price=2`);
      const empty = page.locator(".filtered-lists .list-count");
      await eventually(() => empty.textContent()).toMatch(
        /^Nothing in .+ matches these filters \(££, open now\)/,
      );
      await page.getByRole("link", { name: "clear them" }).waitFor();
      expect(await page.getByRole("combobox", { name: "Price" }).inputValue()).toBe("2");
      expect(await seriousViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe("the filter form, per docs/accessibility.md", () => {
  it("keeps focus clear of the header, and loses nothing at 320 px with text spacing", async () => {
    const { context, page, problems } = await open(`/area/${dish.location.areaId}?price=2&openNow=true`, {
      width: 320,
      height: 640,
    });
    try {
      await page.locator(".filtered-lists .list-count").waitFor();
      expect((await focusStopsUnderHeader(page)).covered).toEqual([]);
      await applyTextSpacing(page);
      expect(await clippedText(page, ".list-filters")).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
