// Issue 24, "one product": signed in, every page has the same header and account menu (Feed,
// Profile, Notifications with the unread count, Settings, Moderation for moderators, Log Out),
// Sign-In and Sign Up lead to the feed, Log Out returns to where the person was, phones get a
// bottom tab bar with the content first, the ⋯ menus stay on a 390 px screen, and a session
// ended by a password change elsewhere lands on the login page saying so. At 390 and 1280 px,
// axe clean on every changed screen.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD_CHANGED_MESSAGE } from "../../src/shared/session-ended.ts";
import { openDatabase } from "../../src/server/api/db/node-client.ts";
import { seriousViolations } from "./a11y-helpers.ts";
import { openBrowser, pageSettled, startSite, type Site } from "./harness.ts";
import { PASSWORD, sessionHelpers, type Session } from "./session.ts";

let site: Site;
let browser: Browser;
let h: ReturnType<typeof sessionHelpers>;
/** Signed in everywhere below, never logged out (a log out ends every token of the person). */
let me: Session;
let dishPath: string;
/** Restaurants no other spec reviews, one per review: the same text on one place from several
 * new accounts is what review detection holds and pauses (src/domain/review-signals.ts). */
let restaurantIds: number[];

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const WIDTHS = [PHONE, DESKTOP] as const;

async function sql(statement: string, args: (string | number)[] = []) {
  const database = await openDatabase(site.databaseUrl);
  try {
    return (await database.client.execute({ sql: statement, args })).rows;
  } finally {
    database.client.close();
  }
}

beforeAll(async () => {
  site = startSite();
  browser = await openBrowser();
  h = sessionHelpers(site.baseUrl, () => browser);
  // Seeded ones (specs add restaurants of their own at the end, awaiting approval), past the
  // first few that other specs review.
  restaurantIds = (await sql("SELECT id FROM restaurants ORDER BY id LIMIT 8 OFFSET 20")).map((row) => Number(row.id));
  dishPath = `/dish/${Number((await sql("SELECT id FROM dishes ORDER BY id LIMIT 1"))[0]!.id)}`;
  me = await personWithUnread("nav");
}, 60_000);

/** Someone with a review that someone else liked: one unread notification. */
async function personWithUnread(prefix: string): Promise<Session> {
  const [person, fan] = await Promise.all([h.signedInSession(prefix), h.signedInSession(`${prefix}_fan`)]);
  const restaurantId = restaurantIds.shift()!;
  const postId = await h.postReview(person, restaurantId, `${prefix}: crisp edges and a soft middle, table ${restaurantId}.`);
  const liked = await h.api(fan, "/posts/like", { method: "POST", body: JSON.stringify({ postId }) });
  expect(liked.status).toBe(200);
  return person;
}

afterAll(async () => {
  await browser?.close();
});

async function open(session: Session | null, viewport: { width: number; height: number }, forAxe = false) {
  const opened = await h.newPage(session, { forAxe });
  await opened.page.setViewportSize(viewport);
  return opened;
}

const accountMenu = (page: Page) => page.getByRole("navigation", { name: "Account" });
const toggle = (page: Page) => accountMenu(page).getByRole("button", { name: /^Account/ });

async function openMenu(page: Page) {
  // The menu's behaviour is a chunk loaded once the session is read; it marks itself ready.
  await page.locator("[data-account-menu][data-ready]").waitFor();
  await toggle(page).click();
  expect(await toggle(page).getAttribute("aria-expanded")).toBe("true");
  return accountMenu(page).getByRole("list");
}

describe.each(WIDTHS)("signed in at $width px", (viewport) => {
  it("the account menu reaches Feed, Profile, Notifications (with the unread count) and Settings from public and social pages", async () => {
    // Their own person: opening Notifications below reads the count.
    const reader = await personWithUnread(`nav_menu${viewport.width}`);
    const { context, page, problems } = await open(reader, viewport);
    try {
      for (const path of ["/", dishPath, "/home"]) {
        await page.goto(h.url(path));
        // The count shows on the button once the menu's script has asked for it.
        await accountMenu(page).getByRole("button", { name: "Account 1 unread notifications", exact: true }).waitFor();
        const menu = await openMenu(page);
        const entries = [
          ["Feed", "/home"],
          ["Profile", "/profile"],
          ["Notifications 1 unread", "/notifications"],
          ["Settings", "/settings"],
        ];
        for (const [name, href] of entries) {
          expect(await menu.getByRole("link", { name, exact: true }).getAttribute("href")).toBe(href);
        }
        expect(await menu.getByRole("link", { name: "Moderation" }).count()).toBe(0);
        expect(await menu.getByRole("button", { name: "Log Out" }).isVisible()).toBe(true);
        const box = await menu.boundingBox();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
        // Escape closes it and gives the focus back to the button.
        await menu.getByRole("link", { name: "Feed" }).focus();
        await page.keyboard.press("Escape");
        expect(await menu.isVisible()).toBe(false);
        expect(await toggle(page).evaluate((el) => el === document.activeElement)).toBe(true);
        // A click elsewhere closes it too.
        await openMenu(page);
        await page.mouse.click(4, viewport.height / 2);
        expect(await toggle(page).getAttribute("aria-expanded")).toBe("false");
      }
      // Each entry goes where it says.
      for (const [from, entry, to] of [
        ["/", "Feed", "/home"],
        [dishPath, "Profile", "/profile"],
        ["/home", "Notifications", "/notifications"],
        ["/notifications", "Settings", "/settings"],
      ] as const) {
        await page.goto(h.url(from));
        await (await openMenu(page)).getByRole("link", { name: entry }).first().click();
        await page.waitForURL(h.url(to));
      }
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);

  it("the keyboard opens the menu with Down and walks it with the arrows", async () => {
    const { context, page } = await open(me, viewport);
    try {
      await page.goto(h.url(dishPath));
      // As openMenu: the keys do nothing until the menu's chunk has loaded and marked it ready.
      await page.locator("[data-account-menu][data-ready]").waitFor();
      await toggle(page).focus();
      await page.keyboard.press("ArrowDown");
      const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim());
      expect(await focused()).toBe("Feed");
      await page.keyboard.press("ArrowUp");
      expect(await focused()).toBe("Log Out");
      // Tab out of it: it closes.
      await page.keyboard.press("Tab");
      expect(await toggle(page).getAttribute("aria-expanded")).toBe("false");
    } finally {
      await context.close();
    }
  }, 120_000);

  it("Sign-In and Sign Up lead to the feed, links and pages alike", async () => {
    const { context, page, problems } = await open(me, viewport);
    try {
      await page.goto(h.url("/"));
      const footerSignIn = page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Sign-In", exact: true });
      await expect.poll(() => footerSignIn.getAttribute("href"), { timeout: 5000 }).toBe("/home");
      // The footer is reached by scrolling past islands that render as they come near; a click
      // aimed while they still grow the page lands where the link was, not where it is.
      await footerSignIn.scrollIntoViewIfNeeded();
      await pageSettled(page);
      await footerSignIn.click();
      await page.waitForURL(h.url("/home"));
      for (const path of ["/sign-in-users", "/email-verification-users"]) {
        await page.goto(h.url(path));
        await page.waitForURL(h.url("/home"));
      }
      // Signed out, the same links lead to the forms.
      const visitor = await open(null, viewport);
      await visitor.page.goto(h.url("/"));
      expect(
        await visitor.page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Sign-In", exact: true }).getAttribute("href"),
      ).toBe("/sign-in-users");
      await visitor.context.close();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it("Log Out stays on a public page, signed out; from a signed-in-only page it goes to discovery", async () => {
    for (const [from, to] of [
      [dishPath, dishPath],
      ["/home", "/"],
    ] as const) {
      const leaving = await h.signedInSession("nav_out");
      const { context, page, problems } = await open(leaving, viewport);
      try {
        await page.goto(h.url(from));
        await (await openMenu(page)).getByRole("button", { name: "Log Out" }).click();
        await accountMenu(page).getByRole("link", { name: "Log In" }).waitFor();
        expect(new URL(page.url()).pathname).toBe(to);
        expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
        expect(await page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(false);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    }
  }, 120_000);

  it("a moderator's menu has Moderation; a plain user's does not", async () => {
    const moderator = await h.signedInSession("nav_mod");
    await sql("UPDATE users SET role = 'moderator' WHERE id = ?", [Number(moderator.userId)]);
    const { context, page } = await open(moderator, viewport);
    try {
      await page.goto(h.url("/"));
      const menu = await openMenu(page);
      await menu.getByRole("link", { name: "Moderation" }).waitFor();
      expect(await menu.getByRole("link", { name: "Moderation" }).getAttribute("href")).toBe("/moderation");
      expect(await menu.getByRole("link", { name: "Owner dashboard" }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("axe finds nothing serious on the changed screens, the menu open", async () => {
    const { context, page } = await open(me, viewport, true);
    const found: string[] = [];
    try {
      for (const path of ["/", dishPath, "/home", "/profile", "/notifications"]) {
        await page.goto(h.url(path));
        await pageSettled(page);
        await openMenu(page);
        found.push(...(await seriousViolations(page)).map((v) => `${path}: ${v}`));
      }
      const visitor = await open(null, viewport, true);
      await visitor.page.goto(h.url("/sign-in-users?signedOut=password-changed&next=%2Fhome"));
      await visitor.page.getByText(PASSWORD_CHANGED_MESSAGE).waitFor();
      found.push(...(await seriousViolations(visitor.page)).map((v) => `sign-in: ${v}`));
      await visitor.context.close();
      expect(found).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});

describe("phones (390 px)", () => {
  it("/home starts with the content and the bottom tab bar, not the sidebar", async () => {
    const { context, page, problems } = await open(await personWithUnread("nav_phone"), PHONE);
    try {
      await page.goto(h.url("/home"));
      const tabs = page.getByRole("navigation", { name: "Main" });
      await tabs.waitFor();
      expect(await page.getByRole("navigation", { name: "Social" }).isVisible()).toBe(false);
      expect(await page.getByRole("link", { name: /Book/ }).isVisible()).toBe(false);
      const heading = await page.getByRole("heading", { name: "Your feed" }).boundingBox();
      expect(heading!.y).toBeLessThan(150);
      const firstPost = page.locator("main article").first();
      await firstPost.waitFor();
      expect((await firstPost.boundingBox())!.y).toBeLessThan(PHONE.height / 2);
      // The bar: at the bottom edge, five 44 px targets, Post opens the review form.
      const bar = (await tabs.boundingBox())!;
      expect(Math.round(bar.y + bar.height)).toBe(PHONE.height);
      await tabs.getByRole("link", { name: "Notifications 1 unread", exact: true }).waitFor();
      expect(await tabs.getByRole("listitem").count()).toBe(5);
      for (const name of ["Discover", "Search", "Profile"]) await tabs.getByRole("link", { name, exact: true }).waitFor();
      await tabs.getByRole("button", { name: "Post", exact: true }).waitFor();
      for (const target of await tabs.locator("a, button").all()) {
        const box = (await target.boundingBox())!;
        expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
      }
      await page.goto(h.url("/profile"));
      expect(await tabs.getByRole("link", { name: "Profile" }).getAttribute("aria-current")).toBe("page");
      await page.getByRole("tab", { name: "Posts" }).waitFor();
      // Nothing hides under it: scrolled to the end, the last line sits above the bar.
      // (Measured again until the profile's posts have loaded and the page stopped growing.)
      const lastLink = page.getByRole("navigation", { name: "About Dishcovery" }).getByRole("link").last();
      await expect
        .poll(
          async () => {
            await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }));
            const box = (await lastLink.boundingBox())!;
            return box.y + box.height;
          },
          { timeout: 10_000 },
        )
        .toBeLessThanOrEqual(bar.y);
      await tabs.getByRole("button", { name: "Post" }).click();
      await page.getByRole("dialog", { name: "Post a Review" }).waitFor();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it("public pages get the bar when signed in, and not when signed out", async () => {
    const signedIn = await open(me, PHONE);
    const visitor = await open(null, PHONE);
    try {
      await signedIn.page.goto(h.url(dishPath));
      await signedIn.page.getByRole("navigation", { name: "Main" }).waitFor();
      await visitor.page.goto(h.url(dishPath));
      await visitor.page.getByRole("link", { name: "Log In" }).waitFor();
      expect(await visitor.page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(false);
      // The footer's last line is above the bar.
      await signedIn.page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }));
      const legal = signedIn.page.locator(".site-footer .legal");
      const bar = (await signedIn.page.getByRole("navigation", { name: "Main" }).boundingBox())!;
      const box = (await legal.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(bar.y);
    } finally {
      await signedIn.context.close();
      await visitor.context.close();
    }
  });

  it("the ⋯ menu on a profile stays inside the screen", async () => {
    const other = await h.signedInSession("nav_other");
    const { context, page } = await open(me, PHONE);
    try {
      await page.goto(h.url(`/user/${other.userId}`));
      await page.getByRole("button", { name: `More actions for @${other.username}` }).click();
      const menu = page.getByRole("menu");
      await menu.waitFor();
      const box = (await menu.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    } finally {
      await context.close();
    }
  });
});

describe("a session ended by a password change elsewhere", () => {
  it("sends the other browser to the login page saying why, on its next action", async () => {
    const person = await h.signedInSession("nav_pw");
    // A second device: its own login, its own token.
    const login = await h.api<{ token: string }>(null, "/users/login", {
      method: "POST",
      body: JSON.stringify({ emailOrPhoneNumber: person.email, password: PASSWORD }),
    });
    const laptop = await open({ ...person, token: login.body.data.token }, DESKTOP);
    const phone = await open(person, PHONE);
    try {
      await laptop.page.goto(h.url("/home"));
      await laptop.page.getByRole("heading", { name: "Your feed" }).waitFor();
      const like = laptop.page.locator("main article").first().getByRole("button", { name: /Like/ });
      await like.waitFor();

      // The phone changes the password in Settings.
      await phone.page.goto(h.url("/settings"));
      await phone.page.getByLabel("Current password").fill(PASSWORD);
      await phone.page.getByLabel("New password (at least 8 characters)").fill(`${PASSWORD} and capers`);
      await phone.page.getByRole("button", { name: "Change password" }).click();
      await expect
        .poll(() => phone.page.evaluate(() => localStorage.getItem("token")), { timeout: 15_000 })
        .not.toBe(person.token);

      // The laptop's next action: a like. It lands on the login page, signed out, told why.
      await like.click();
      await laptop.page.waitForURL(/\/sign-in-users\?signedOut=password-changed&next=%2Fhome$/);
      await laptop.page.getByText(PASSWORD_CHANGED_MESSAGE).waitFor();
      expect(await laptop.page.evaluate(() => localStorage.getItem("token"))).toBeNull();
      expect(await accountMenu(laptop.page).getByRole("link", { name: "Log In" }).isVisible()).toBe(true);
      // The phone, which changed it, is still signed in.
      await phone.page.goto(h.url("/home"));
      await phone.page.getByRole("heading", { name: "Your feed" }).waitFor();
      expect(phone.page.url()).toBe(h.url("/home"));
      expect(laptop.problems).toEqual([]);
    } finally {
      await laptop.context.close();
      await phone.context.close();
    }
  }, 60_000);
});
