// Issue 23: the search box suggests from the live catalogue as you type (dishes, restaurants,
// cuisines and areas, each marked by kind), asks at most once per 150 ms, works as a
// combobox by keyboard, and on a 390 px phone never lies over the Search button. At 390 px
// and 1280 px, axe clean with the suggestions open.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./a11y-helpers.ts";
import { hydrateIslands, useSite } from "./harness.ts";
import { sessionHelpersFor } from "./session.ts";

const shared = useSite();
const helpers = sessionHelpersFor(shared);
let restaurant: { id: number; name: string };

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

beforeAll(async () => {
  const top = await helpers.api<{ id: number; name: string }[]>(null, "/restaurants/top?topNum=1");
  restaurant = top.body.data[0]!;
});

async function openHome(viewport: { width: number; height: number }) {
  const opened = await helpers.newPage(null, { forAxe: true });
  await opened.page.setViewportSize(viewport);
  const asked: string[] = [];
  opened.page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/api/search/suggestions") asked.push(url.searchParams.get("keyword") ?? "");
  });
  await opened.page.goto(shared.site.baseUrl);
  await hydrateIslands(opened.page);
  return { ...opened, asked };
}

const keywordBox = (page: Page) => page.getByRole("combobox", { name: "Dish, restaurant or cuisine" });
const suggestionList = (page: Page) => page.getByRole("listbox", { name: "Suggestions" });

/** Options as "label kind" lines, once some are shown. */
async function options(page: Page): Promise<string[]> {
  await suggestionList(page).getByRole("option").first().waitFor();
  return suggestionList(page)
    .getByRole("option")
    .evaluateAll((items) => items.map((item) => [...item.children].map((c) => c.textContent).join(" ")));
}

const longestWord = (name: string) => name.split(/\s+/).sort((a, b) => b.length - a.length)[0]!;

const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe("search suggestions from the live catalogue", () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`suggest a dish and a restaurant by kind, never over Search, axe clean, at ${viewport.width} px`, async () => {
      const { page, asked, problems } = await openHome(viewport);
      await keywordBox(page).click();
      // Eight keystrokes 30 ms apart: one request per 150 ms of typing, and the last text.
      const typing = Date.now();
      await page.keyboard.type("tonkotsu", { delay: 30 });
      const typedMs = Date.now() - typing;
      expect(await options(page)).toContain("Tonkotsu Ramen Dish");
      // The last text is always asked in the end, whatever was shown before.
      await expect.poll(() => asked.at(-1), { timeout: 5_000 }).toBe("tonkotsu");
      expect(asked.length).toBeLessThanOrEqual(Math.floor(typedMs / 150) + 2);
      expect(asked.length).toBeLessThan(8);

      const search = page.getByRole("button", { name: "Search", exact: true });
      const listBox = (await suggestionList(page).boundingBox())!;
      const buttonBox = (await search.boundingBox())!;
      expect(overlap(listBox, buttonBox), JSON.stringify({ listBox, buttonBox })).toBe(false);
      // What a tap on the button's middle reaches is the button itself.
      const reached = await page.evaluate(
        ({ x, y }) => document.elementFromPoint(x, y)?.closest("button")?.textContent?.trim(),
        { x: buttonBox.x + buttonBox.width / 2, y: buttonBox.y + buttonBox.height / 2 },
      );
      expect(reached).toBe("Search");
      expect(await seriousViolations(page)).toEqual([]);

      await keywordBox(page).fill("");
      await keywordBox(page).pressSequentially(longestWord(restaurant.name), { delay: 20 });
      expect(await options(page)).toContain(`${restaurant.name} Restaurant`);
      expect(problems).toEqual([]);
    });
  }

  it("is a combobox by keyboard: arrows move, Enter on a dish searches, on a restaurant opens it", async () => {
    const { page } = await openHome(DESKTOP);
    const box = keywordBox(page);
    await box.focus();
    await page.keyboard.type("tonkotsu r");
    await suggestionList(page)
      .getByRole("option", { name: /Tonkotsu Ramen/ })
      .waitFor();
    await page.keyboard.press("ArrowDown");
    const active = await box.getAttribute("aria-activedescendant");
    expect(await page.locator(`[id="${active}"]`).getAttribute("aria-selected")).toBe("true");
    expect(await page.locator(`[id="${active}"]`).textContent()).toContain("Tonkotsu Ramen");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/search\?keyword=/);
    expect(new URL(page.url()).searchParams.get("keyword")).toBe("Tonkotsu Ramen");

    const again = await openHome(DESKTOP);
    await keywordBox(again.page).focus();
    // The list is asked again as the name is typed; wait for the answer to the whole name, so
    // the options are not replaced between reading the option's place and pressing Enter.
    const wholeName = again.page.waitForResponse(
      (res) =>
        res.url().includes("/api/search/suggestions") &&
        new URL(res.url()).searchParams.get("keyword") === restaurant.name,
    );
    await again.page.keyboard.type(restaurant.name);
    await wholeName;
    const option = suggestionList(again.page).getByRole("option", { name: new RegExp(restaurant.name) });
    await option.waitFor();
    const count = await suggestionList(again.page).getByRole("option").count();
    // Down until the restaurant is the active option: the arrows walk the list in order.
    const activeText = async () => {
      const id = await keywordBox(again.page).getAttribute("aria-activedescendant");
      if (!id) return "";
      // Its parts joined as options() joins them: "<name> Restaurant".
      return again.page.locator(`[id="${id}"]`).evaluate((item) => [...item.children].map((c) => c.textContent).join(" "));
    };
    let presses = 0;
    while (!(await activeText()).includes(`${restaurant.name} Restaurant`) && presses <= count) {
      await again.page.keyboard.press("ArrowDown");
      presses++;
    }
    expect(await activeText()).toBe(`${restaurant.name} Restaurant`);
    await again.page.keyboard.press("Enter");
    await again.page.waitForURL(`**/restaurant/${restaurant.id}`);
  });
});
