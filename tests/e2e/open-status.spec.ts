// Issue 30, "Facts that are current": restaurant and dish pages say "Open now · closes 21:00" or
// "Closed · opens 12:00" in London time, with today's line of the hours marked, worked out in
// the browser, so a page built hours ago is right. The browser's clock is set to moments
// chosen from the restaurant's own hours. At 390 and 1280 px.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WEEKDAYS, type OpeningHours } from "../../src/domain/owners.ts";
import { seriousViolations } from "./a11y-helpers.ts";
import { holdCatalogueHours } from "./catalogue-hours-lock.ts";
import { useSite } from "./harness.ts";
import { sessionHelpersFor } from "./session.ts";

const shared = useSite();
const helpers = sessionHelpersFor(shared);

const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
/** Monday 7 December 2026; London keeps GMT in December, so these UTC times are London's. */
const MONDAY = Date.UTC(2026, 11, 7);

const LUNCH: OpeningHours = {
  weekly: Object.fromEntries(
    WEEKDAYS.map((d) => [d, [{ opens: "12:00", closes: "15:00" }]]),
  ) as OpeningHours["weekly"],
  closures: [],
};

let restaurantId: number;
let dishId: number;
let releaseHours: (() => void) | undefined;

afterAll(() => releaseHours?.());

beforeAll(async () => {
  // The pages must show the hours they were built with, which discovery.spec.ts clears while it runs.
  releaseHours = await holdCatalogueHours();
  // Not London's top restaurant: other specs post reviews to it (so it is served on demand,
  // with live data) while discovery.spec.ts clears every restaurant's hours in the database.
  // A place further down keeps its prerendered page and the hours it was built with.
  const top = await helpers.api<{ id: number }[]>(null, "/restaurants/top?topNum=15");
  restaurantId = top.body.data.at(-1)!.id;
  const dishes = await helpers.api<{ id: number }[]>(
    null,
    `/dishes/top?restaurantId=${restaurantId}&topNum=1`,
  );
  dishId = dishes.body.data[0]!.id;
}, 180_000);

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

const daytime = (r: { opens: string; closes: string }) => r.opens < r.closes && r.opens > "01:00";

/** The first day of the week with a daytime range, and the instants inside and before it. */
function momentsOf(hours: OpeningHours) {
  const index = WEEKDAYS.findIndex((d) => hours.weekly[d].some(daytime));
  const day = WEEKDAYS[index]!;
  const range = hours.weekly[day].find(daytime)!;
  const midnight = MONDAY + index * 86_400_000;
  return {
    day,
    range,
    open: midnight + (minutes(range.opens) + 30) * 60_000,
    before: midnight + (minutes(range.opens) - 30) * 60_000,
  };
}

async function openAt(path: string, viewport: { width: number; height: number }, time: number) {
  const opened = await helpers.newPage(null, { forAxe: true });
  await opened.context.clock.setFixedTime(time);
  await opened.page.setViewportSize(viewport);
  await opened.page.goto(shared.site.baseUrl + path);
  return opened;
}

describe("open now on item pages", () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`a restaurant page says whether it is open, by the browser's clock, at ${viewport.width} px`, async () => {
      const probe = await openAt(`/restaurant/${restaurantId}`, viewport, MONDAY);
      const hours = JSON.parse(
        (await probe.page.locator("[data-open-status]").getAttribute("data-hours"))!,
      ) as OpeningHours;
      await probe.context.close();
      const { day, range, open, before } = momentsOf(hours);

      const { context, page, problems } = await openAt(`/restaurant/${restaurantId}`, viewport, open);
      try {
        const status = page.locator(".cat-venue-head [data-open-status]");
        await eventually(() => status.textContent()).toMatch(/^Open now · closes \d\d:\d\d$/);
        expect(await status.isVisible()).toBe(true);
        const today = page.locator(".cat-hours li[aria-current=date]");
        await eventually(() => today.getAttribute("data-day")).toBe(day);
        expect(await today.textContent()).toContain("Today");
        expect(await page.locator(".cat-hours li[aria-current]").count()).toBe(1);
        expect(await seriousViolations(page)).toEqual([]);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }

      const closed = await openAt(`/restaurant/${restaurantId}`, viewport, before);
      try {
        await eventually(() => closed.page.locator("[data-open-status]").textContent()).toBe(
          `Closed · opens ${range.opens}`,
        );
      } finally {
        await closed.context.close();
      }
    });
  }

  it("a dish page says whether its restaurant is open", async () => {
    // The hours the restaurant was built with; set again, as another spec may clear every
    // restaurant's hours (discovery.spec.ts) and the dish page reads them live.
    const hours = JSON.parse(
      (
        await shared.database.db.all<{ hours: string }>(
          sql`SELECT hours FROM restaurants WHERE id = ${restaurantId}`,
        )
      )[0]!.hours ?? "null",
    ) as OpeningHours | null;
    const lunch = hours && WEEKDAYS.some((d) => hours.weekly[d].some(daytime)) ? hours : LUNCH;
    await shared.database.db.run(
      sql`UPDATE restaurants SET hours = ${JSON.stringify(lunch)} WHERE id = ${restaurantId}`,
    );
    const { before, range } = momentsOf(lunch);
    const { context, page, problems } = await openAt(`/dish/${dishId}`, PHONE, before);
    try {
      await eventually(() => page.locator("[data-open-status]").textContent()).toBe(
        `Closed · opens ${range.opens}`,
      );
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
