// Home, tag view, search and the shared header in Chromium against the built site on the
// Node entry: every home section in the spec's order, search for a dish and open it, filter
// by a tag and clear it, keyboard-only use of the search island, the app banner, Log Out.
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hydrateIslands, openBrowser, type Site, startSite } from "./harness.ts";

let site: Site;
let browser: Browser;

beforeAll(async () => {
  site = startSite();
  browser = await openBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** The element's scrollLeft once it has stopped changing (a smooth scroll has ended). */
async function scrollSettled(element: Locator): Promise<number> {
  let last = await element.evaluate((el) => el.scrollLeft);
  for (;;) {
    // Two frames apart: a smooth scroll moves every frame until it ends.
    const now = await element.evaluate(
      (el) =>
        new Promise<number>((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(el.scrollLeft))),
        ),
    );
    if (now === last) return now;
    last = now;
  }
}

async function newPage(options: { reducedMotion?: "reduce" | "no-preference"; width?: number } = {}): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 900 },
    reducedMotion: options.reducedMotion ?? "no-preference",
  });
  return context.newPage();
}

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${site.baseUrl}/api${path}`);
  const body = (await response.json()) as { data: T };
  return body.data;
}

/** A chip's tag name: its text without the decorative emoji. */
function chipNames(links: ReturnType<Page["locator"]>): Promise<string[]> {
  return links.evaluateAll((elements) =>
    elements.map((a) =>
      [...a.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent)
        .join("")
        .trim(),
    ),
  );
}

const HOME_SECTIONS = [
  "Special Offers",
  "Top Dishes",
  "Top Restaurants",
  "Trending Restaurant",
  "Top 5 Burgers",
  "Top Japanese Restaurants",
  "Top Italian Restaurants",
  "Top Chinese Restaurants",
  "Top Indian Restaurants",
  "Top Dumplings",
  "Top Tacos",
  "Trending Dish",
  "Top Coffees",
  "Dishcovery in your pocket",
  "Explore near me",
];

describe("home", () => {
  it("shows the headline, search, tag chips and every section in the spec's order, labelled London", async () => {
    const page = await newPage();
    const response = await page.goto(site.baseUrl);
    expect(response?.status()).toBe(200);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.getByRole("search", { name: "Search dishes and restaurants" }).waitFor();
    await page.getByRole("navigation", { name: "Cuisines and dishes" }).waitFor();

    // Text content, not innerText: sections below the fold are laid out only when scrolled
    // near (content-visibility: auto), and innerText reads nothing from an unrendered box.
    const headings = await page.getByRole("main").getByRole("heading", { level: 2 }).allTextContents();
    expect(headings.map((text) => text.trim())).toEqual(HOME_SECTIONS);
    for (const name of HOME_SECTIONS.filter((title) => title !== "Dishcovery in your pocket")) {
      const section = page.locator("section", { has: page.getByRole("heading", { level: 2, name, exact: true }) }).last();
      expect(await section.locator(".eyebrow").first().textContent()).toMatch(/london/i);
    }
    // Tag chips are alphabetical.
    const names = await chipNames(page.getByRole("navigation", { name: "Cuisines and dishes" }).getByRole("link"));
    expect(names.length).toBeGreaterThan(0);
    expect(names.length).toBeLessThanOrEqual(30);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en-GB", { sensitivity: "base" })));
  });

  it("loads at most 75 KB gzip of JavaScript until someone reaches the search bar, and keeps what they type meanwhile", async () => {
    const page = await newPage();
    await page.goto(site.baseUrl, { waitUntil: "networkidle" });
    const scriptBytes = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType("resource")
          .filter((entry) => entry.name.endsWith(".js"))
          .reduce((sum, entry) => sum + (entry as PerformanceResourceTiming).encodedBodySize, 0),
      );
    const beforeUse = await scriptBytes();
    expect(beforeUse).toBeGreaterThan(0);
    expect(beforeUse).toBeLessThanOrEqual(75 * 1024);
    expect(await page.locator("astro-island[ssr]").count()).toBeGreaterThan(0);

    // Typing straight away: the island goes live while the letters arrive, and keeps them.
    const keyword = page.getByRole("combobox", { name: "Dish, restaurant or cuisine" });
    await keyword.click();
    await page.keyboard.type("ramen");
    await page.waitForFunction(() => document.querySelectorAll("astro-island[ssr]").length === 0);
    await expect.poll(() => keyword.inputValue()).toBe("ramen");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL(/\/search\?/);
    expect(new URL(page.url()).searchParams.get("keyword")).toBe("ramen");
  });

  it("links every area from the Explore near me accordion", async () => {
    const areas = await api<{ id: number; areaName: string }[]>("/areas/all");
    const page = await newPage();
    await page.goto(site.baseUrl);
    await page.locator("summary", { hasText: "Locations" }).click();
    const area = areas[0]!;
    const link = page.getByRole("link", { name: area.areaName, exact: true }).first();
    expect(await link.getAttribute("href")).toBe(`/area/${area.id}`);
    expect(await page.locator('a[href^="/area/"]').count()).toBe(areas.length);
  });

  it("signs up for app news from the banner with the spec's messages", async () => {
    const page = await newPage();
    await page.goto(site.baseUrl);
    const email = page.getByRole("textbox", { name: "Email address" });
    const button = page.getByRole("button", { name: "Notify me" });
    await button.click();
    await page.getByText("Please enter a valid email address.").waitFor();
    await email.fill("not-an-address");
    await button.click();
    await page.getByText("Please enter a valid email address.").waitFor();
    await email.fill(`banner-${Date.now()}@example.com`);
    await button.click();
    await page.getByText("Thank you for registering!").waitFor();
  });

  it("keeps the offers carousel still under reduced motion and moves it otherwise", async () => {
    // The pages' clocks are Playwright's: running them past an autoplay interval (3 s) fires
    // what would fire in that time at once, instead of the test sitting through it.
    const idle = 3600;
    const still = await newPage({ reducedMotion: "reduce", width: 390 });
    await still.clock.install();
    await still.goto(site.baseUrl);
    const track = still.locator("#special-offers [data-carousel-track]");
    await track.scrollIntoViewIfNeeded();
    await still.clock.runFor(idle);
    // Under reduced motion a move would be an instant scroll, seen at once.
    expect(await track.evaluate((el) => el.scrollLeft)).toBe(0);
    expect(await still.getByRole("button", { name: "Pause automatic scrolling" }).isVisible()).toBe(false);

    const moving = await newPage({ width: 390 });
    await moving.clock.install();
    await moving.goto(site.baseUrl);
    const movingTrack = moving.locator("#special-offers [data-carousel-track]");
    await movingTrack.scrollIntoViewIfNeeded();
    await moving.mouse.move(0, 0);
    await moving.clock.runFor(idle);
    await moving.waitForFunction(
      () => (document.querySelector("#special-offers [data-carousel-track]")?.scrollLeft ?? 0) > 0,
      undefined,
      { timeout: 15_000 },
    );
    // The pause button stops it where it is.
    const pause = moving.getByRole("button", { name: "Pause automatic scrolling" });
    await pause.click();
    await moving.getByRole("button", { name: "Start automatic scrolling" }).waitFor();
    // Leave hover and focus, so only the pause button holds it still.
    await moving.mouse.move(0, 0);
    await moving.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    // A smooth scroll that was under way when the button was pressed ends where it stops.
    const position = await scrollSettled(movingTrack);
    await moving.clock.runFor(idle);
    expect(await scrollSettled(movingTrack)).toBe(position);
  });
});

describe("search", () => {
  it("searches for a dish and opens it", async () => {
    const [dish] = await api<{ id: number; dishName: string }[]>("/dishes/top?topNum=1");
    expect(dish).toBeDefined();
    const page = await newPage();
    await page.goto(site.baseUrl);
    await hydrateIslands(page);
    const keyword = page.getByRole("combobox", { name: "Dish, restaurant or cuisine" });
    await keyword.fill(dish!.dishName);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL(/\/search\?keyword=/);
    expect(new URL(page.url()).searchParams.get("keyword")).toBe(dish!.dishName);
    await page.getByRole("heading", { level: 2, name: "Top Dishes" }).waitFor();
    await page.getByRole("link", { name: dish!.dishName, exact: true }).first().click();
    await page.waitForURL(`**/dish/${dish!.id}`);
    await page.getByRole("heading", { level: 1, name: dish!.dishName }).waitFor();
  });

  it("shows an empty state that suggests what to try", async () => {
    const page = await newPage();
    await page.goto(`${site.baseUrl}/search?keyword=zzqqxxnothing&location=`);
    await page.getByText(/No results for “zzqqxxnothing”/).waitFor();
    await page.getByRole("heading", { name: "Popular cuisines" }).waitFor();
    expect(await page.locator(".search-suggest").getByRole("link", { name: "Burgers" }).getAttribute("href")).toBe("/tag/burgers");
  });

  it("asks what to search for when there is no keyword", async () => {
    const page = await newPage();
    await page.goto(`${site.baseUrl}/search`);
    await page.getByRole("heading", { name: "What are you hungry for?" }).waitFor();
  });
});

describe("tag view", () => {
  it("filters by a tag from the home chips and clears it again", async () => {
    const page = await newPage();
    await page.goto(site.baseUrl);
    // The chips are the most-used tags of the seeded data, so take the first one shown.
    const chip = page.getByRole("navigation", { name: "Cuisines and dishes" }).getByRole("link").first();
    // Its own text, without the emoji (aria-hidden) or the clear icon.
    const tagName = await chip.evaluate((el) =>
      [...el.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE).map((node) => node.textContent).join("").trim(),
    );
    await chip.click();
    await page.waitForURL("**/tag/**");
    await page.getByRole("heading", { level: 1, name: `Best ${tagName} in London` }).waitFor();
    for (const name of ["Special Offers", "Top Dishes", "Trending Restaurant", "Top Restaurants", "Trending Dish"]) {
      await page.getByRole("heading", { level: 2, name, exact: true }).waitFor();
    }
    const selected = page.getByRole("navigation", { name: "Filter by tag" }).getByRole("link", { name: tagName, exact: true });
    expect(await selected.getAttribute("aria-current")).toBe("page");
    await selected.click();
    await page.waitForURL((url) => url.pathname === "/search");
  });

  it("keeps /?tag={tagName} working by landing on the tag page", async () => {
    const page = await newPage();
    await page.goto(`${site.baseUrl}/?tag=Burgers`);
    await page.waitForURL("**/tag/burgers");
    await page.getByRole("heading", { level: 1, name: /Best Burgers in London/ }).waitFor();
  });
});

describe("search island by keyboard only", () => {
  it("reaches the keyword, picks a suggestion and a region, and searches", async () => {
    const [region] = await api<{ regionName: string }[]>("/regions/all");
    const page = await newPage();
    await page.goto(site.baseUrl);
    await hydrateIslands(page);

    // Tab from the top of the page to the keyword box.
    const focusedRole = () => page.evaluate(() => document.activeElement?.getAttribute("role") ?? document.activeElement?.tagName);
    let reached = false;
    for (let presses = 0; presses < 20 && !reached; presses++) {
      await page.keyboard.press("Tab");
      reached = (await focusedRole()) === "combobox";
    }
    expect(reached).toBe(true);

    // An empty keyword is refused with a message.
    await page.keyboard.press("Enter");
    await page.getByRole("alert").filter({ hasText: "Please enter a dish, restaurant or cuisine to search for." }).waitFor();

    const keyword = page.getByRole("combobox", { name: "Dish, restaurant or cuisine" });
    await page.keyboard.type("burg");
    await page.getByRole("listbox", { name: "Suggestions" }).waitFor();
    expect(await keyword.getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("ArrowDown");
    const active = await keyword.getAttribute("aria-activedescendant");
    expect(active).toBeTruthy();
    expect(await page.locator(`[id="${active}"]`).getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("Escape");
    expect(await keyword.getAttribute("aria-expanded")).toBe("false");

    // Tab to the region dropdown; open it, Escape closes it and returns focus.
    await page.keyboard.press("Tab");
    const regionButton = page.getByRole("button", { name: /^Region:/ });
    expect(await regionButton.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    expect(await regionButton.getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("Escape");
    expect(await regionButton.getAttribute("aria-expanded")).toBe("false");
    expect(await regionButton.evaluate((el) => el === document.activeElement)).toBe(true);

    // Open again and choose the first region with the arrow keys.
    await page.keyboard.press("ArrowDown");
    await page.getByRole("listbox", { name: "Region" }).waitFor();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    expect(await regionButton.getAttribute("aria-label")).toBe(`Region: ${region!.regionName}`);
    expect(await regionButton.getAttribute("aria-expanded")).toBe("false");

    // Tab to Search and press it.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe("Search");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/search\?/);
    const params = new URL(page.url()).searchParams;
    expect(params.get("keyword")).toBe("burg");
    expect(params.get("location")).toBe(region!.regionName);
  });

  it("closes the region dropdown on an outside click", async () => {
    const page = await newPage();
    await page.goto(site.baseUrl);
    await hydrateIslands(page);
    const regionButton = page.getByRole("button", { name: /^Region:/ });
    await regionButton.click();
    expect(await regionButton.getAttribute("aria-expanded")).toBe("true");
    await page.getByRole("heading", { level: 1 }).click();
    expect(await regionButton.getAttribute("aria-expanded")).toBe("false");
  });
});

describe("header", () => {
  it("shows Log In and Sign Up signed out, and Log Out clears the session and stays on the page", async () => {
    const page = await newPage();
    await page.goto(site.baseUrl);
    const account = page.getByRole("navigation", { name: "Account" });
    expect(await account.getByRole("link", { name: "Log In" }).getAttribute("href")).toBe("/sign-in-users");
    expect(await account.getByRole("link", { name: "Sign Up" }).getAttribute("href")).toBe("/email-verification-users");
    expect(await page.getByRole("link", { name: "Claim My Restaurant", exact: true }).getAttribute("href")).toBe("/open-dish");

    await page.evaluate(() => {
      localStorage.setItem("token", "t");
      localStorage.setItem("userId", "1");
      localStorage.setItem("rememberedEmail", "a@example.com");
    });
    await page.reload();
    await page.locator("[data-account-menu][data-ready]").waitFor();
    await account.getByRole("button", { name: "Account" }).click();
    await account.getByRole("button", { name: "Log Out" }).click();
    // Issue 24: back on the same page, signed out.
    await account.getByRole("link", { name: "Log In" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/");
    const stored = await page.evaluate(() => [localStorage.getItem("token"), localStorage.getItem("userId"), localStorage.getItem("rememberedEmail")]);
    expect(stored).toEqual([null, null, "a@example.com"]);
  });
});
