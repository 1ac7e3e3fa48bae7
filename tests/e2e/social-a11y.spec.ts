// The checks of docs/accessibility.md beyond axe, on the signed-in social screens (issue 16:
// "the same browser tests run on them"): focus never ends under a sticky header, no text is
// cut under the WCAG text-spacing overrides at 1280 and 320 px, and nothing moves by itself
// under reduced motion.
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyTextSpacing, clippedText, focusStopsUnderHeader, watchMotion } from "./a11y-helpers.ts";
import { openBrowser, pageSettled, startSite, type Site } from "./harness.ts";
import { sessionHelpers, type Session } from "./session.ts";

let site: Site;
let browser: Browser;
let session: Session;

const url = (path: string) => `${site.baseUrl}${path}`;
const SCREENS = ["/home", "/profile", "/social-search", "/notifications", "/settings"];

beforeAll(async () => {
  site = startSite();
  browser = await openBrowser();
  const h = sessionHelpers(site.baseUrl, () => browser);
  // Someone blocked, so /settings shows a row of its Blocked accounts list, not only its empty state.
  let blocked: Session;
  [session, blocked] = await Promise.all([h.signedInSession("a11y"), h.signedInSession("a11y_blocked_with_a_long_name")]);
  expect((await h.api(session, `/users/${blocked.userId}/block`, { method: "POST" })).status).toBe(200);
});

afterAll(async () => {
  await browser?.close();
});

async function signedInContext(
  width: number,
  options: { reducedMotion?: "reduce" } = {},
): Promise<BrowserContext> {
  // bypassCSP: the text-spacing overrides are an injected style, as a reader's extension adds them.
  const context = await browser.newContext({
    viewport: { width, height: width < 400 ? 640 : 800 },
    bypassCSP: true,
    ...options,
  });
  await context.addInitScript((stored) => {
    for (const [key, value] of Object.entries(stored)) window.localStorage.setItem(key, value);
  }, session);
  return context;
}

async function openScreen(context: BrowserContext, path: string) {
  const page = await context.newPage();
  await page.goto(url(path));
  await page.waitForURL(url(path));
  await page.locator("main").waitFor();
  // The island has loaded what it shows first (a heading, a list or an empty state).
  await pageSettled(page);
  return page;
}

describe.each([1280, 320])("social screens at %i px", (width) => {
  it.each(SCREENS)("%s: focus never ends under a sticky header, both ways", async (path) => {
    const context = await signedInContext(width);
    try {
      const page = await openScreen(context, path);
      const { covered } = await focusStopsUnderHeader(page);
      expect(covered).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it.each(SCREENS)("%s: no text is cut under the text-spacing overrides", async (path) => {
    const context = await signedInContext(width);
    try {
      const page = await openScreen(context, path);
      await applyTextSpacing(page);
      expect(await clippedText(page, "body")).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe("social screens under reduced motion", () => {
  it.each(SCREENS)("%s: nothing moves by itself", async (path) => {
    const context = await signedInContext(1280, { reducedMotion: "reduce" });
    try {
      const page = await context.newPage();
      const motion = await watchMotion(page);
      await page.goto(url(path));
      await page.locator("main").waitFor();
      await pageSettled(page);
      const report = await motion.report(3500);
      expect(report).toEqual({ smoothScrolls: [], runningAnimations: [], movedOnTheirOwn: [] });
    } finally {
      await context.close();
    }
  });
});
