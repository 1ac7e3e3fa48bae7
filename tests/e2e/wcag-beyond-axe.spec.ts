// WCAG 2.2 AA where axe-core sees nothing (issue 16), in Chromium against the built site:
// focus hidden under the sticky header, suggestions left open, errors that vanish, text over
// photos, text spacing, reflow at 320px, focus dropped by busy buttons, moving on too fast,
// motion under reduced motion, and the smaller points (rank badges, hero link names, the 404
// heading, the header's Change link). The checks themselves are in a11y-helpers.ts, for the
// screens still to come (docs/accessibility.md).
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  applyTextSpacing,
  clippedText,
  focusStopsUnderHeader,
  textsOverImageContrast,
  watchMotion,
} from "./a11y-helpers.ts";
import { hydrateIslands, pageSettled, useSite } from "./harness.ts";

const shared = useSite();

const url = (path: string) => `${shared.site.baseUrl}${path}`;

/** expect.poll with room for a busy machine (its default gives up after one second). */
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });

async function firstId(table: "dishes" | "restaurants" | "areas"): Promise<number> {
  const result = await shared.database.client.execute(`SELECT id FROM ${table} ORDER BY id LIMIT 1`);
  const id = result.rows[0]?.["id"];
  if (id === undefined || id === null) throw new Error(`The seeded catalogue has no ${table}`);
  return Number(id);
}

/** Every distinct image name in a JSON list column (dish photos) or a plain column (areas). */
async function seededImages(query: string): Promise<string[]> {
  const result = await shared.database.client.execute(query);
  return [...new Set(result.rows.map((row) => String(Object.values(row)[0] ?? "")).filter(Boolean))];
}

async function openPage(
  path: string,
  options: { width?: number; height?: number; reducedMotion?: "reduce" | "no-preference"; bypassCSP?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await shared.browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    reducedMotion: options.reducedMotion ?? "no-preference",
    bypassCSP: options.bypassCSP ?? false,
  });
  // Booking and social links point at other sites; nothing leaves the machine.
  await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
  const page = await context.newPage();
  if (path) {
    await page.goto(url(path), { waitUntil: "load" });
    await hydrateIslands(page);
  }
  return { context, page };
}

const isFocused = (page: Page, selector: string) =>
  page.evaluate((s) => document.activeElement !== null && document.activeElement === document.querySelector(s), selector);

describe("focus is never hidden under the sticky header (2.4.11)", () => {
  // 1280x800 a laptop; 320x640 a small phone; 320x256 is 1280x1024 at 400% zoom.
  const viewports = [
    [1280, 800],
    [320, 640],
    [320, 256],
  ] as const;
  it.each(viewports.flatMap(([width, height]) => [
    ["home", width, height],
    ["a restaurant", width, height],
  ] as const))("tabbing both ways through %s at %ix%i", async (name, width, height) => {
    const path = name === "home" ? "/" : `/restaurant/${await firstId("restaurants")}`;
    const { context, page } = await openPage(path, { width, height });
    try {
      const { covered, presses } = await focusStopsUnderHeader(page);
      expect(presses).toBeGreaterThan(20);
      expect(covered).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});

describe("search suggestions (2.4.11, 1.4.13)", () => {
  it("close when the focus leaves the keyword box, either way", async () => {
    const { context, page } = await openPage("/");
    try {
      const keyword = page.getByRole("combobox", { name: "Dish, restaurant or cuisine" });
      const suggestions = page.getByRole("listbox", { name: "Suggestions" });
      await keyword.focus();
      await page.keyboard.type("b");
      await suggestions.waitFor();
      await page.keyboard.press("Tab");
      expect(await keyword.getAttribute("aria-expanded")).toBe("false");
      expect(await suggestions.isVisible()).toBe(false);

      await page.keyboard.press("Shift+Tab");
      await suggestions.waitFor();
      await page.keyboard.press("Shift+Tab");
      expect(await keyword.getAttribute("aria-expanded")).toBe("false");
      expect(await suggestions.isVisible()).toBe(false);
    } finally {
      await context.close();
    }
  });

  it("still take a click on a suggestion", async () => {
    const { context, page } = await openPage("/");
    try {
      await page.getByRole("combobox", { name: "Dish, restaurant or cuisine" }).fill("burg");
      await page.getByRole("option").first().click();
      await page.waitForURL(/\/search\?keyword=/);
    } finally {
      await context.close();
    }
  });
});

describe("errors stay until the input changes (2.2.1, 3.3.1)", () => {
  it("on /verification: the error outlasts 5 s, describes the code boxes, and goes when they change", async () => {
    const { context, page } = await openPage("", { width: 390, height: 844 });
    try {
      await context.clock.install();
      await page.goto(url("/sign-in-users"));
      await page.evaluate(() => {
        localStorage.setItem("signupEmail", `stays-${Date.now()}@example.com`);
        localStorage.setItem("signupUsername", "stays_user");
        localStorage.setItem("signupCodeSentAt", String(Date.now()));
      });
      await page.goto(url("/verification"));
      const box = (n: number) => page.getByRole("textbox", { name: `Character ${n} of 6` });
      await eventually(() => box(1).evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.type("ZZZZZ9");
      const error = page.locator(".acct-status--error");
      await error.waitFor();
      const message = (await error.textContent())?.replace(/^!/, "").trim();
      expect(message).toBeTruthy();

      await context.clock.fastForward(6000);
      await page.waitForTimeout(200);
      expect(await error.isVisible()).toBe(true);
      expect(await box(1).getAttribute("aria-invalid")).toBe("true");
      const description = await page
        .getByRole("group", { name: "Verification code" })
        .evaluate((group) =>
          (group.getAttribute("aria-describedby") ?? "")
            .split(/\s+/)
            .map((id) => document.getElementById(id)?.textContent ?? "")
            .join(" "),
        );
      expect(description).toContain(message!);

      await box(1).focus();
      await page.keyboard.type("A");
      await eventually(() => error.count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("on /sign-in-users: the refusal outlasts 5 s and goes when a field changes", async () => {
    const { context, page } = await openPage("");
    try {
      await context.clock.install();
      await page.goto(url("/sign-in-users"));
      await hydrateIslands(page);
      await page.getByLabel("E-mail or phone number").fill("nobody-stays@example.com");
      await page.getByLabel("Password", { exact: true }).fill("not the password");
      await page.getByRole("button", { name: "Log In" }).click();
      const error = page.getByText("Invalid email or password. Please try again.");
      await error.waitFor();
      await context.clock.fastForward(6000);
      await page.waitForTimeout(200);
      expect(await error.isVisible()).toBe(true);
      await page.getByLabel("Password", { exact: true }).fill("another try");
      await eventually(() => error.count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe("text over photos has 4.5:1, measured on rendered pixels (1.4.3)", () => {
  it("the home hero's captions over every dish photo in the seed, and over white", async () => {
    const photos = await seededImages("SELECT DISTINCT json_extract(images, '$[0]') FROM dishes WHERE images != '[]'");
    expect(photos.length).toBeGreaterThan(0);
    const { context, page } = await openPage("/");
    const lowest: Record<string, number> = {};
    try {
      const photo = page.locator(".hero-photo").first();
      const image = photo.locator("img");
      const texts = { name: photo.locator(".hero-caption strong"), restaurant: photo.locator(".hero-caption > span") };
      for (const name of [...photos, "white"]) {
        if (name === "white") {
          // The worst photo there could be: the scrim alone must keep the ratio.
          await image.evaluate((img) => (img.style.visibility = "hidden"));
          await photo.evaluate((a) => (a.style.background = "#fff"));
        } else {
          await image.evaluate(async (img: HTMLImageElement, src) => {
            img.src = src;
            await img.decode();
          }, `/api/files/${encodeURIComponent(name)}`);
        }
        const measured = await textsOverImageContrast(Object.values(texts));
        Object.keys(texts).forEach((part, i) => {
          if (measured[i]!.lowest < 4.5) lowest[`${part} over ${name}`] = measured[i]!.lowest;
        });
      }
    } finally {
      await context.close();
    }
    expect(lowest).toEqual({});
  }, 120_000);

  it("the area banner's region and name over every area photo in the seed, and over white", async () => {
    const photos = await seededImages("SELECT DISTINCT image FROM areas WHERE image IS NOT NULL");
    expect(photos.length).toBeGreaterThan(0);
    const { context, page } = await openPage(`/area/${await firstId("areas")}`);
    const lowest: Record<string, number> = {};
    try {
      const banner = page.locator(".cat-area-hero");
      const image = banner.locator("img");
      const texts = { region: banner.locator(".cat-area-hero__region"), name: banner.locator("h1") };
      for (const name of [...photos, "white"]) {
        if (name === "white") {
          await image.evaluate((img) => (img.style.visibility = "hidden"));
          await banner.evaluate((el) => (el.style.background = "#fff"));
        } else {
          await image.evaluate(async (img: HTMLImageElement, src) => {
            img.removeAttribute("srcset");
            img.src = src;
            await img.decode();
          }, `/api/files/${encodeURIComponent(name)}`);
        }
        const measured = await textsOverImageContrast(Object.values(texts));
        Object.keys(texts).forEach((part, i) => {
          if (measured[i]!.lowest < 4.5) lowest[`${part} over ${name}`] = measured[i]!.lowest;
        });
      }
    } finally {
      await context.close();
    }
    expect(lowest).toEqual({});
  }, 120_000);
});

describe("text spacing (1.4.12) and reflow at 320px (1.4.10)", () => {
  const pages: [string, () => Promise<string>][] = [
    ["home", async () => "/"],
    ["a tag page", async () => "/tag/burgers"],
    ["search results", async () => "/search?keyword=curry"],
    ["a restaurant", async () => `/restaurant/${await firstId("restaurants")}`],
    ["a dish", async () => `/dish/${await firstId("dishes")}`],
    ["an area", async () => `/area/${await firstId("areas")}`],
    ["the 404 page", async () => "/no-such-page-here"],
    ["log in", async () => "/sign-in-users"],
  ];
  it.each(pages.flatMap(([name, path]) => [[name, 1280, path] as const, [name, 320, path] as const]))(
    "no text cut off on %s at %ipx under the overrides",
    async (_name, width, pathOf) => {
      const { context, page } = await openPage(await pathOf(), { width, height: 800, bypassCSP: true });
      try {
        await pageSettled(page);
        await applyTextSpacing(page);
        expect(await clippedText(page)).toEqual([]);
      } finally {
        await context.close();
      }
    },
    60_000,
  );

  it("keeps the header whole at 320px: the logo unsquashed, the location and region read in full", async () => {
    const { context, page } = await openPage("/", { width: 320, height: 640 });
    try {
      const logo = await page.locator(".site-header .brand-mark").boundingBox();
      expect(logo).toMatchObject({ width: 32, height: 32 });
      const cut = await page.evaluate(() =>
        [".location-label", ".search-region-label"].filter((selector) => {
          const el = document.querySelector(selector);
          return !el || el.scrollWidth > el.clientWidth || getComputedStyle(el).textOverflow === "ellipsis";
        }),
      );
      expect(cut).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    } finally {
      await context.close();
    }
  });
});

describe("focus stays where the person acts (2.4.3)", () => {
  it("Notify me keeps the focus while it sends and after it succeeds", async () => {
    const { context, page } = await openPage("/");
    try {
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      // Answered by the test: what matters here is the focus around the call, not the call.
      await page.route("**/api/register", async (route) => {
        await held;
        await route.fulfill({ status: 200, json: { code: 200, message: "OK", data: null } });
      });
      await page.getByRole("textbox", { name: "Email address" }).fill(`focus-${Date.now()}@example.com`);
      await page.getByRole("button", { name: "Notify me" }).focus();
      const sent = page.waitForRequest("**/api/register");
      await page.keyboard.press("Enter");
      // While it sends: the request is out and held.
      await sent;
      expect(await isFocused(page, "[data-app-banner-form] button")).toBe(true);
      release();
      await page.getByText("Thank you for registering!").waitFor();
      expect(await isFocused(page, "[data-app-banner-form] button")).toBe(true);
    } finally {
      await context.close();
    }
  });

  it("sign-up Next keeps the focus while the code is being sent", async () => {
    const { context, page } = await openPage("/email-verification-users", { width: 390, height: 844 });
    try {
      await page.route("**/api/users/sendEmail**", () => {
        // Never answered: the screen stays busy while the focus is checked.
      });
      await page.getByLabel("Username").fill(`focus_${Date.now().toString(36)}`);
      await page.getByLabel("E-mail address").fill(`focus-${Date.now()}@example.com`);
      await page.getByRole("button", { name: "Next" }).focus();
      await page.keyboard.press("Enter");
      const busy = page.getByRole("button", { name: "Sending code..." });
      await busy.waitFor();
      expect(await busy.evaluate((el) => el === document.activeElement)).toBe(true);
    } finally {
      await context.close();
    }
  });

  it("Log Out keeps the focus while it signs out", async () => {
    const { context, page } = await openPage("/");
    try {
      await page.evaluate(() => {
        localStorage.setItem("token", "t");
        localStorage.setItem("userId", "1");
      });
      await page.route("**/api/users/logout**", () => {
        // Never answered: logOut waits for it up to its bound, long enough to look.
      });
      await page.reload();
      await page.locator("[data-account-menu][data-ready]").waitFor();
      await page.getByRole("button", { name: "Account" }).click();
      const logOut = page.getByRole("button", { name: "Log Out" });
      await logOut.focus();
      const sent = page.waitForRequest("**/api/users/logout**");
      await page.keyboard.press("Enter");
      // While logOut waits for the server: the request is out and never answered.
      await sent;
      expect(await logOut.evaluate((el) => el === document.activeElement)).toBe(true);
      // Issue 24: Log Out stays on a public page, signed out.
      await page.getByRole("link", { name: "Log In" }).waitFor();
    } finally {
      await context.close();
    }
  });
});

describe("nothing moves on too fast (4.1.3, 3.2.2)", () => {
  it("the code boxes say beforehand that the sixth character submits the code", async () => {
    const { context, page } = await openPage("", { width: 390, height: 844 });
    try {
      await page.goto(url("/sign-in-users"));
      await page.evaluate(() => {
        localStorage.setItem("signupEmail", "notice@example.com");
        localStorage.setItem("signupUsername", "notice_user");
        localStorage.setItem("signupCodeSentAt", String(Date.now()));
      });
      await page.goto(url("/verification"));
      const group = page.getByRole("group", { name: "Verification code" });
      await group.waitFor();
      const description = await group.evaluate((el) =>
        (el.getAttribute("aria-describedby") ?? "")
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent ?? "")
          .join(" "),
      );
      expect(description).toMatch(/checked as soon as the sixth character is in/);
    } finally {
      await context.close();
    }
  });
});

describe("reduced motion stops every animation, scripted ones included (2.3.3, 2.2.2)", () => {
  it.each([
    ["home", 390, "/"],
    ["home", 1280, "/"],
    ["a tag page", 390, "/tag/burgers"],
  ] as const)("%s at %ipx, using the chip arrows and the carousel", async (_name, width, path) => {
    const { context, page } = await openPage("", { width, height: 800, reducedMotion: "reduce" });
    try {
      const motion = await watchMotion(page);
      await page.goto(url(path));
      await pageSettled(page);
      const right = page.getByRole("button", { name: "Scroll tags right" });
      if (await right.isVisible()) await right.click();
      const next = page.getByRole("button", { name: "Next slide" });
      if (await next.isVisible()) await next.click();
      expect(await motion.report()).toEqual({ smoothScrolls: [], runningAnimations: [], movedOnTheirOwn: [] });
    } finally {
      await context.close();
    }
  }, 60_000);
});

describe("smaller points (issue 16, point 9)", () => {
  it("rank badges are read as 'Number 1', not '#1'", async () => {
    const { context, page } = await openPage("/");
    try {
      const ranked = page.locator("#top-dishes article").first();
      const snapshot = await ranked.ariaSnapshot();
      expect(snapshot).toContain("Number 1");
      expect(snapshot).not.toContain("#1");
    } finally {
      await context.close();
    }
  });

  it("hero photo links say their dish and restaurant once", async () => {
    const { context, page } = await openPage("/");
    try {
      const link = page.locator(".hero-photo").first();
      const [dish, restaurant] = await Promise.all([
        link.locator(".hero-caption strong").textContent(),
        link.locator(".hero-caption > span").evaluate((el) => el.lastChild?.textContent ?? ""),
      ]);
      const name = `${dish} at ${restaurant}`;
      expect(await page.getByRole("link", { name, exact: true }).count()).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });

  it("the 404 page's heading says what happened", async () => {
    const { context, page } = await openPage("/no-such-page-here");
    try {
      const heading = page.getByRole("heading", { level: 1 });
      expect(await heading.textContent()).toMatch(/404/);
      expect(await page.getByRole("heading", { level: 1, name: /^404 Page not found\./ }).count()).toBe(1);
    } finally {
      await context.close();
    }
  });

  // Issue 31: Change opens the location picker in place, on every page, its box focused.
  for (const path of ["/", "dish"]) {
    it(`the header's Change opens the location picker where it is (${path === "/" ? "home" : "a dish page"}), and Escape gives the focus back`, async () => {
      const { context, page } = await openPage(path === "/" ? "/" : `/dish/${await firstId("dishes")}`);
      try {
        const before = page.url();
        await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
        const change = page.getByRole("link", { name: /^Change location/ });
        await change.click();
        const box = page
          .locator(".site-header")
          .getByRole("group", { name: "Choose your location" })
          .getByRole("combobox", { name: "Station, postcode district or area" });
        await box.waitFor();
        await eventually(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
        expect(await change.getAttribute("aria-expanded")).toBe("true");
        expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
        expect(page.url()).toBe(before);
        await page.keyboard.press("Escape");
        await eventually(() => change.evaluate((el) => el === document.activeElement)).toBe(true);
        expect(await change.getAttribute("aria-expanded")).toBe("false");
        expect(await box.isVisible()).toBe(false);
      } finally {
        await context.close();
      }
    });
  }
});
