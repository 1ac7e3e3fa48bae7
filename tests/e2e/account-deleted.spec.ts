// After deleting the account (issue 24): the person lands on a public page in the signed-out
// layout (Log In and Sign Up in the header, no signed-in sidebar or tab bar), and this browser
// has forgotten everything it kept for them: the session, the remembered address, recent
// searches and anything else in local or session storage. At 390 and 1280 px, axe clean.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./a11y-helpers.ts";
import { openBrowser, startSite, type Site } from "./harness.ts";
import { PASSWORD, sessionHelpers } from "./session.ts";

let site: Site;
let browser: Browser;

const { url, signedInSession, api, newPage } = sessionHelpers(
  () => site.baseUrl,
  () => browser,
);

beforeAll(async () => {
  site = startSite();
  browser = await openBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const storedKeys = () => [Object.keys(localStorage).sort(), Object.keys(sessionStorage).sort()];

describe("a deleted account", () => {
  it.each([390, 1280])("leaves the device signed out, remembering nothing, at %i px", async (width) => {
    const me = await signedInSession("gone");
    const { context, page, problems } = await newPage(me, { forAxe: true });
    try {
      await page.setViewportSize({ width, height: width < 400 ? 844 : 900 });
      await page.goto(url("/settings"), { waitUntil: "load" });
      // What a person's use leaves behind: the login address, people searches, a carried status.
      await page.evaluate((email) => {
        localStorage.setItem("rememberedEmail", email);
        localStorage.setItem("recentPeopleSearches", JSON.stringify(["ann", "bob"]));
        sessionStorage.setItem("carriedStatus", JSON.stringify({ text: "x", tone: "success" }));
      }, me.email);
      await page.getByRole("button", { name: "Delete my account" }).click();
      await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: "Delete my account for good" }).click();

      await page.waitForURL(url("/account-deleted"));
      await page.getByRole("heading", { name: "Account deleted", level: 1 }).waitFor();
      await page.getByText("Your account and everything you posted have been deleted.").waitFor();
      expect(await page.evaluate(storedKeys)).toEqual([[], []]);
      // The public, signed-out layout.
      const account = page.getByRole("navigation", { name: "Account" });
      await account.getByRole("link", { name: "Log In" }).waitFor();
      expect(await account.getByRole("link", { name: "Sign Up" }).isVisible()).toBe(true);
      expect(await page.getByRole("button", { name: "Log Out" }).count()).toBe(0);
      expect(await page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);

      // The login form no longer offers the deleted address, and Back does not reopen Settings.
      await page.goto(url("/sign-in-users"), { waitUntil: "load" });
      await page.getByLabel("E-mail or phone number").waitFor();
      expect(await page.getByLabel("E-mail or phone number").inputValue()).toBe("");
      await page.goBack();
      await page.waitForURL(url("/account-deleted"));
      expect((await api(me, `/users/${me.userId}`)).status).toBe(401);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
