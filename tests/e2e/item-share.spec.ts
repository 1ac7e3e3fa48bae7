// Issue 30: dish and restaurant pages have the review page's Share button. Where the browser
// has a share sheet (a phone) it gets the page's canonical link, from the public origin; else
// the link is copied and the page says "Link copied". At 390 and 1280 px.
import { beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./a11y-helpers.ts";
import { useSite } from "./harness.ts";
import { sessionHelpersFor } from "./session.ts";

const shared = useSite();
const helpers = sessionHelpersFor(shared);

const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

let paths: string[];

beforeAll(async () => {
  const top = await helpers.api<{ id: number; restaurantId: number }[]>(null, "/dishes/top?topNum=1");
  const dish = top.body.data[0]!;
  paths = [`/dish/${dish.id}`, `/restaurant/${dish.restaurantId}`];
});

describe("Share on item pages", () => {
  it("copies the canonical link and says so, at 1280 px", async () => {
    for (const path of paths) {
      const { context, page, problems } = await helpers.newPage(null, { forAxe: true });
      try {
        await context.grantPermissions(["clipboard-read", "clipboard-write"], {
          origin: shared.site.baseUrl,
        });
        await page.setViewportSize(DESKTOP);
        await page.addInitScript(() => {
          // A desktop without a share sheet.
          Object.defineProperty(navigator, "share", { value: undefined });
        });
        await page.goto(shared.site.baseUrl + path);
        const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
        expect(canonical).toMatch(new RegExp(`^https?://[^/]+${path}$`));
        await page.getByRole("button", { name: "Share" }).click();
        await eventually(() => page.locator("[data-item-share-status]").textContent()).toBe("Link copied");
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(canonical);
        expect(await seriousViolations(page)).toEqual([]);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  it("hands the canonical link to the phone's share sheet, at 390 px", async () => {
    for (const path of paths) {
      const { context, page, problems } = await helpers.newPage(null, { forAxe: true });
      try {
        await page.setViewportSize(PHONE);
        await page.addInitScript(() => {
          const shared: unknown[] = [];
          Object.assign(window, { sharedLinks: shared });
          Object.defineProperty(navigator, "share", {
            value: (data: unknown) => {
              shared.push(data);
              return Promise.resolve();
            },
          });
        });
        await page.goto(shared.site.baseUrl + path);
        const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
        const button = page.getByRole("button", { name: "Share" });
        const box = (await button.boundingBox())!;
        expect(box.height).toBeGreaterThanOrEqual(44);
        await button.click();
        await eventually(() =>
          page.evaluate(() => (window as unknown as { sharedLinks: { url: string }[] }).sharedLinks),
        ).toEqual([expect.objectContaining({ url: canonical })]);
        expect(await page.locator("[data-item-share-status]").textContent()).toBe("");
        expect(await seriousViolations(page)).toEqual([]);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });
});
