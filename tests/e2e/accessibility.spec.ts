// axe-core in Chromium on one page of every kind a visitor sees: no serious or critical
// violations (issue 3, "Quality bars: Accessibility"). Each failure names the rule and the
// elements, so the owner of the page can fix it.
import { describe, expect, it } from "vitest";
import { seriousViolations } from "./a11y-helpers.ts";
import { hydrateIslands, pageSettled, useSite } from "./harness.ts";

const shared = useSite();

async function firstId(table: "dishes" | "restaurants" | "offers" | "areas"): Promise<number> {
  const result = await shared.database.client.execute(`SELECT id FROM ${table} ORDER BY id LIMIT 1`);
  const id = result.rows[0]?.["id"];
  if (id === undefined || id === null) throw new Error(`The seeded catalogue has no ${table}`);
  return Number(id);
}

async function audit(path: string, viewport = { width: 1280, height: 900 }): Promise<string[]> {
  // axe is injected as an inline script, which the site's CSP rightly blocks; this context
  // lets the test's own script in without changing what the page itself may run.
  const context = await shared.browser.newContext({ viewport, bypassCSP: true });
  // External booking links are never followed here; keep every request on this machine.
  await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
  const page = await context.newPage();
  try {
    const response = await page.goto(`${shared.site.baseUrl}${path}`, { waitUntil: "load" });
    expect(response?.status(), path).toBeLessThan(400);
    // Scroll through so lazy islands hydrate and are audited as users meet them.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await pageSettled(page);
    await hydrateIslands(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    return await seriousViolations(page);
  } finally {
    await context.close();
  }
}

async function firstTagPath(): Promise<string> {
  const context = await shared.browser.newContext();
  const page = await context.newPage();
  await page.goto(`${shared.site.baseUrl}/`);
  const href = await page.locator('a[href^="/tag/"], a[href^="/?tag="]').first().getAttribute("href");
  await context.close();
  if (!href) throw new Error("The home page links to no tag page");
  return href;
}

describe("axe-core: no serious or critical violations", () => {
  it.each([
    ["home", async () => "/"],
    ["a tag page", firstTagPath],
    ["search results", async () => "/search?keyword=curry"],
    ["a dish", async () => `/dish/${await firstId("dishes")}`],
    ["a restaurant", async () => `/restaurant/${await firstId("restaurants")}`],
    ["an offer", async () => `/offers/${await firstId("offers")}`],
    ["an area", async () => `/area/${await firstId("areas")}`],
    ["a legal page", async () => "/privacy-policy"],
    ["a form page", async () => "/become-influencer"],
  ])("%s", async (_name, pathOf) => {
    const path = await pathOf();
    expect({ path, violations: await audit(path) }).toEqual({ path, violations: [] });
  });

  it("the content pages", async () => {
    const found: Record<string, string[]> = {};
    for (const path of ["/about", "/career", "/get-app", "/open-dish", "/advertise-on-dishcovery", "/landing", "/terms-and-conditions"]) {
      const violations = await audit(path);
      if (violations.length > 0) found[path] = violations;
    }
    expect(found).toEqual({});
  });

  it("a form showing its validation errors", async () => {
    const context = await shared.browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${shared.site.baseUrl}/become-influencer`);
    const form = page.getByRole("form", { name: "Influencer application" });
    await form.scrollIntoViewIfNeeded();
    await hydrateIslands(page);
    await form.getByRole("button", { name: "Apply" }).click();
    await form.getByText("First name is required.").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it("home on a phone", async () => {
    expect(await audit("/", { width: 390, height: 844 })).toEqual([]);
  });
});
