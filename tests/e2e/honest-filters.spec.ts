// Issue 30, "Filters that tell the truth": the seed gives about a third of its restaurants
// owner-declared menus, so a free-from search finds declared dishes; the page says how many
// dishes it left out for having no declaration, "Show them" lists those marked "Not declared"
// (the choice in the address), and a diet narrows restaurants too. At 390 and 1280 px.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { tagSlug } from "../../src/domain/tag-slug.ts";
import { seriousViolations } from "./a11y-helpers.ts";
import { useSite } from "./harness.ts";
import { sessionHelpersFor } from "./session.ts";

const shared = useSite();
const helpers = sessionHelpersFor(shared);

const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** A dish name some restaurants declared (without peanuts) and others did not. */
let keyword: string;
const DISHES = 'section[aria-labelledby="result-dishes-heading"]';

beforeAll(async () => {
  const rows = (await shared.database.db.all(sql`
    SELECT dish_name AS name FROM dishes WHERE removed_at IS NULL GROUP BY dish_name
    HAVING sum(allergens_mask IS NOT NULL AND (allergens_mask & 1024) = 0) > 0 AND sum(allergens_mask IS NULL) > 0
    ORDER BY count(*) DESC LIMIT 1`)) as { name: string }[];
  keyword = rows[0]!.name;
});

async function open(path: string, viewport: { width: number; height: number }) {
  const opened = await helpers.newPage(null, { forAxe: true });
  await opened.page.setViewportSize(viewport);
  await opened.page.goto(shared.site.baseUrl + path);
  return opened;
}

describe("diet and free-from filters", () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`find declared dishes, say how many were hidden and show them marked, at ${viewport.width} px`, async () => {
      const { context, page, problems } = await open(
        `/search?keyword=${encodeURIComponent(keyword)}&freeFrom=peanuts`,
        viewport,
      );
      try {
        await eventually(() => page.locator(".search-summary").textContent()).toMatch(
          /^(No|\d+\+?) dish(es)? and (no|\d+\+?) restaurants? match(es)? “/,
        );
        const note = page.locator("[data-undeclared-note]");
        await eventually(() => note.textContent()).toMatch(
          /^\d+ dish(es)? hidden: (their restaurants have|its restaurant has) not declared allergens · Show them$/,
        );
        const declared = await page.locator(`${DISHES} .dish-card`).count();
        expect(declared).toBeGreaterThan(0);
        expect(await page.locator(`${DISHES} .card-flag`, { hasText: "Not declared" }).count()).toBe(0);
        const hidden = Number((await note.textContent())!.match(/^\d+/)![0]);

        await note.getByRole("link", { name: "Show them" }).click();
        await page.waitForURL(/undeclared=true/);
        const flags = page.locator(`${DISHES} .card-flag`, { hasText: "Not declared" });
        await eventually(() => flags.count()).toBeGreaterThan(0);
        expect(await flags.count()).toBeLessThanOrEqual(hidden);
        await eventually(() => note.textContent()).toMatch(/marked “Not declared”.* · Hide them$/);
        expect(await seriousViolations(page)).toEqual([]);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it("say the same on a tag page's filtered lists, on a phone", async () => {
    let tag: string | undefined;
    for (const name of ["Italian", "Indian", "Japanese", "Chinese", "Thai", "Café"]) {
      const loose = await helpers.api<{ allergens: unknown }[]>(
        null,
        `/dishes/top/filter?tagName=${encodeURIComponent(name)}&topNum=10&freeFrom=peanuts&undeclared=true`,
      );
      if (loose.body.data.some((d) => d.allergens === null)) {
        tag = name;
        break;
      }
    }
    expect(tag, "a tag with undeclared dishes").toBeDefined();
    const { context, page, problems } = await open(`/tag/${tagSlug(tag!)}?freeFrom=peanuts`, PHONE);
    try {
      const note = page.locator(".filtered-lists [data-undeclared-note]");
      await eventually(() => note.textContent()).toMatch(/hidden: .* not declared allergens · Show them$/);
      await note.getByRole("link", { name: "Show them" }).click();
      await page.waitForURL(/undeclared=true/);
      await eventually(() =>
        page.locator(".filtered-lists .card-flag", { hasText: "Not declared" }).count(),
      ).toBeGreaterThan(0);
      expect(await seriousViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("narrows restaurants by diet to those declaring such dishes", async () => {
    const vegan = await helpers.api<{ id: number }[]>(null, "/restaurants/trending?topNum=50&diet=vegan");
    const all = await helpers.api<{ id: number }[]>(null, "/restaurants/trending?topNum=50");
    expect(vegan.body.data.length).toBeGreaterThan(0);
    expect(vegan.body.data.length).toBeLessThan(all.body.data.length);
    const ids = vegan.body.data.map((r) => r.id);
    const declaring = (await shared.database.db.all(sql`
      SELECT DISTINCT restaurant_id AS id FROM dishes WHERE diets_mask & 1 <> 0`)) as { id: number }[];
    expect(ids.every((id) => declaring.some((d) => d.id === id))).toBe(true);
  });
});
