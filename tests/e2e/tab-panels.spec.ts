// Every tab panel in the product is hidden when its tab is not selected, as the eye sees it
// (computed style), not only by its `hidden` attribute: a stylesheet's `display: grid` once
// overrode `hidden` on /social-search, leaving the Users panel 5,700 px below the posts.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openBrowser, startSite, type Site } from "./harness.ts";
import { sessionHelpers, type Session } from "./session.ts";

let site: Site;
let browser: Browser;
let session: Session;
let helpers: ReturnType<typeof sessionHelpers>;

beforeAll(async () => {
  site = startSite();
  browser = await openBrowser();
  helpers = sessionHelpers(site.baseUrl, () => browser);
  session = await helpers.signedInSession("tabs");
});

afterAll(async () => {
  await browser?.close();
});

/** Each tabpanel's visibility, as rendered, beside whether its tab is selected. */
async function panelStates(page: Page) {
  return page.$$eval('[role="tabpanel"]', (panels) =>
    panels.map((panel) => {
      const tab = document.getElementById(panel.getAttribute("aria-labelledby") ?? "");
      const style = getComputedStyle(panel);
      return {
        id: panel.id,
        selected: tab?.getAttribute("aria-selected") === "true",
        shown: style.display !== "none" && style.visibility !== "hidden" && panel.getClientRects().length > 0,
      };
    }),
  );
}

describe("tab panels", () => {
  for (const path of ["/social-search", "/profile"]) {
    it(`${path}: only the selected tab's panel shows, before and after switching tabs`, async () => {
      const { context, page } = await helpers.newPage(session);
      try {
        await page.goto(site.baseUrl + path);
        const tabs = page.getByRole("tab");
        await tabs.first().waitFor();
        const count = await tabs.count();
        expect(count).toBeGreaterThan(1);
        for (let i = 0; i < count; i += 1) {
          await tabs.nth(i).click();
          await expect.poll(async () => (await tabs.nth(i).getAttribute("aria-selected")) === "true").toBe(true);
          const states = await panelStates(page);
          expect(states.length).toBeGreaterThan(0);
          for (const state of states) expect(state.shown, `${state.id} shown`).toBe(state.selected);
        }
      } finally {
        await context.close();
      }
    });
  }

  it("/social-search: the Users tab shows people search at the top, not below the posts", async () => {
    const { context, page } = await helpers.newPage(session);
    try {
      await page.goto(site.baseUrl + "/social-search");
      await page.getByRole("tab", { name: "Users" }).click();
      const panel = page.getByRole("tabpanel", { name: "Users" });
      await expect.poll(() => panel.isVisible()).toBe(true);
      expect(await page.getByRole("tabpanel", { name: "Posts" }).isVisible()).toBe(false);
      const box = await panel.boundingBox();
      expect(box?.y ?? Infinity).toBeLessThan(800);
    } finally {
      await context.close();
    }
  });
});
