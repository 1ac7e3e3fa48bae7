// Trust basics in Chromium against the built site (issue 15): the review policy and the
// ranking method are reachable from the footer and free of serious axe violations, the
// method page shows ranking.ts's constants and the seeded catalogue's real numbers, every
// ranked list links to it, and special offers sit only in slots labelled as offers.
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRIOR_MEAN, PRIOR_WEIGHT, TRENDING_HALF_LIFE_DAYS } from "../../src/domain/ranking.ts";
import { tagSlug } from "../../src/domain/tag-slug.ts";
import { seriousViolations } from "./a11y-helpers.ts";
import { useSite } from "./harness.ts";

const shared = useSite();
let context: BrowserContext;

beforeAll(async () => {
  // bypassCSP only so the test can inject axe; the pages' own scripts are unchanged.
  context = await shared.browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
});

afterAll(async () => {
  await context?.close();
});

async function open(path: string): Promise<Page> {
  const page = await context.newPage();
  const response = await page.goto(`${shared.site.baseUrl}${path}`, { waitUntil: "load" });
  expect(response?.status(), path).toBe(200);
  return page;
}

async function one<T>(sql: string): Promise<T> {
  const row = (await shared.database.client.execute(sql)).rows[0];
  if (!row) throw new Error(`No row for ${sql}`);
  return row as T;
}

/** Headings of the page's ranked sections and whether each has a "How we rank" link. */
function rankedSectionLinks(page: Page, selector: string) {
  return page.$$eval(selector, (sections) =>
    sections.map((section) => {
      const link = section.querySelector<HTMLAnchorElement>("a.how-we-rank");
      return {
        heading: section.querySelector("h2")?.textContent?.trim() ?? "",
        link: link ? `${link.textContent?.trim()} -> ${link.getAttribute("href")}` : null,
      };
    }),
  );
}

/** Each offer card with the heading of the section it sits in, and whether that section is ranked. */
function offerSlots(page: Page) {
  return page.$$eval(".offer-card", (cards) =>
    cards.map((card) => {
      const section = card.closest("section");
      return {
        heading: section?.querySelector("h2")?.textContent?.trim() ?? "(no section)",
        ranked: section?.querySelector("a.how-we-rank") !== null,
      };
    }),
  );
}

const HOW_WE_RANK = "How we rank -> /how-rankings-work";

describe("the review policy", () => {
  it("is linked from the footer and says what the issue asks", async () => {
    const page = await open("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Review Policy" }).click();
    await page.waitForURL(/\/review-policy$/);
    await page.getByRole("heading", { level: 1, name: "Review Policy" }).waitFor();
    expect(await page.title()).toBe("Review Policy | Dishcovery");
    const headings = await page.getByRole("heading", { level: 2 }).allTextContents();
    for (const heading of [
      "What a genuine review is",
      "What is not allowed",
      "Incentives: disclose, and we label",
      "How reviews are checked",
      "Negative reviews are never held back",
      "What happens after a report",
      "How owners can respond",
    ]) {
      expect(headings).toContain(heading);
    }
    // Markdown sets apostrophes typographically (’); the words are the issue's.
    const text = (await page.locator("article").innerText()).replace(/[‘’]/g, "'");
    expect(text).toContain("Thanks, we'll review this");
    expect(text).toMatch(/AI-written reviews presented as experience/);
    expect(text).toMatch(/not\s+in the scores that decide rankings/);
    await page.getByRole("link", { name: "How rankings work" }).first().click();
    await page.waitForURL(/\/how-rankings-work$/);
    await page.close();
  });

  it("has no serious or critical axe violations", async () => {
    const page = await open("/review-policy");
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});

describe("how rankings work", () => {
  it("is linked from the footer and states ranking.ts's constants", async () => {
    const page = await open("/about");
    await page.getByRole("contentinfo").getByRole("link", { name: "How Rankings Work" }).click();
    await page.waitForURL(/\/how-rankings-work$/);
    await page.getByRole("heading", { level: 1, name: "How rankings work" }).waitFor();
    const text = await page.locator("main").innerText();
    expect(text).toContain(`starts with ${PRIOR_WEIGHT} imaginary reviews of ${PRIOR_MEAN}`);
    expect(text).toContain(`that weight halves every ${TRENDING_HALF_LIFE_DAYS} days`);
    await page.getByRole("heading", { level: 2, name: "Changelog" }).waitFor();
    await page.close();
  });

  // The page states the numbers as they were at build; other browser tests share the site and
  // post reviews meanwhile, so the database can only have moved on from them, never back.
  it("works through the seeded catalogue's real top dish", async () => {
    const page = await open("/how-rankings-work");
    const example = await page.locator("#worked-example").innerText();
    const built = /([\d,]+) dishes have at least one rating/.exec(example);
    const rated = await one<{ n: number }>("SELECT count(*) AS n FROM dishes WHERE bayes_score > 0");
    expect(built, example).not.toBeNull();
    const builtRated = Number(built![1]!.replaceAll(",", ""));
    expect(builtRated).toBeGreaterThan(0);
    expect(builtRated).toBeLessThanOrEqual(Number(rated.n));
    const stated = /(.+) at (.+) is the top dish in London\. It has (\d+) ratings adding up to ([\d.]+)/.exec(
      example,
    );
    expect(stated, example).not.toBeNull();
    const [, name, restaurant, count, sum] = stated!;
    const dish = await one<{ count: number }>(
      `SELECT d.rating_count AS count FROM dishes d JOIN restaurants r ON r.id = d.restaurant_id
       WHERE d.dish_name = '${name!.replaceAll("'", "''")}' AND r.name = '${restaurant!.replaceAll("'", "''")}'`,
    );
    expect(Number(dish.count)).toBeGreaterThanOrEqual(Number(count));
    expect(example).toContain(`(${PRIOR_WEIGHT} × ${PRIOR_MEAN} + ${sum}) ÷ (${PRIOR_WEIGHT} + ${count})`);
    // The worked example's table is a real table with headers.
    await page.getByRole("table", { name: "The worked example's numbers" }).waitFor();
    await page.close();
  });

  it("has no serious or critical axe violations", async () => {
    const page = await open("/how-rankings-work");
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});

describe("every ranked list links to the method", () => {
  it("on the home page: every ranked section, and no script added for it", async () => {
    const page = await open("/");
    const sections = await rankedSectionLinks(page, "section.home-section:not(:has(.empty-state))");
    expect(sections.length).toBeGreaterThan(5);
    for (const section of sections)
      expect(section, section.heading).toEqual({ heading: section.heading, link: HOW_WE_RANK });
    expect(await page.locator("astro-island a.how-we-rank").count()).toBe(0);
    await page.close();
  });

  it("on a tag page", async () => {
    const tag = await one<{ name: string }>(
      "SELECT t.tag_name AS name FROM tags t JOIN dish_tags dt ON dt.tag_id = t.id WHERE dt.bayes_score > 0 GROUP BY t.id ORDER BY count(*) DESC LIMIT 1",
    );
    const page = await open(`/tag/${tagSlug(tag.name)}`);
    const sections = await rankedSectionLinks(page, "section.home-section:not(:has(.empty-state))");
    expect(sections.map((s) => s.heading)).toContain("Top Dishes");
    for (const section of sections) expect(section.link, section.heading).toBe(HOW_WE_RANK);
    await page.close();
  });

  it("on an area page", async () => {
    const area = await one<{ id: number }>(
      "SELECT area_id AS id FROM dishes WHERE bayes_score > 0 GROUP BY area_id ORDER BY count(*) DESC LIMIT 1",
    );
    const page = await open(`/area/${area.id}`);
    const sections = await rankedSectionLinks(page, "section.cat-related");
    expect(sections.length).toBe(2);
    for (const section of sections) expect(section.link, section.heading).toBe(HOW_WE_RANK);
    await page.close();
  });

  it("in search results, on Top and Trending but not on Special Offers", async () => {
    const dish = await one<{ name: string }>(
      "SELECT dish_name AS name FROM dishes WHERE bayes_score > 0 ORDER BY bayes_score DESC LIMIT 1",
    );
    const keyword = dish.name.split(/\s+/)[0]!;
    const page = await open(`/search?keyword=${encodeURIComponent(keyword)}`);
    await page.getByRole("heading", { level: 2, name: "Top Dishes" }).waitFor();
    const sections = await rankedSectionLinks(page, ".search-results section");
    expect(sections.length).toBeGreaterThan(0);
    for (const section of sections) {
      expect(section.link, section.heading).toBe(/offer/i.test(section.heading) ? null : HOW_WE_RANK);
    }
    await page.close();
  });
});

describe("special offers are labelled as offers and never sit in a ranked list", () => {
  it.each([
    ["home", async () => "/"],
    [
      "a restaurant with offers",
      async () =>
        `/restaurant/${(await one<{ id: number }>("SELECT restaurant_id AS id FROM offers ORDER BY id LIMIT 1")).id}`,
    ],
    [
      "an offer",
      async () => `/offers/${(await one<{ id: number }>("SELECT id FROM offers ORDER BY id LIMIT 1")).id}`,
    ],
  ])("%s", async (_name, pathOf) => {
    const page = await open(await pathOf());
    const slots = await offerSlots(page);
    expect(slots.length).toBeGreaterThan(0);
    for (const slot of slots)
      expect(slot).toEqual({ heading: expect.stringMatching(/special offers/i), ranked: false });
    await page.close();
  });
});
