// The checks of docs/accessibility.md beyond axe, on the signed-in social screens (issue 16:
// "the same browser tests run on them"): focus never ends under a sticky header, no text is
// cut under the WCAG text-spacing overrides at 1280 and 320 px, and nothing moves by itself
// under reduced motion.
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyTextSpacing, clippedText, focusStopsUnderHeader, watchMotion } from "./a11y-helpers.ts";
import { openBrowser, startSite, type Site } from "./harness.ts";
import { sessionHelpers as socialHelpers, type Session } from "./session.ts";

let site: Site;
let browser: Browser;
let session: Record<string, string>;

const url = (path: string) => `${site.baseUrl}${path}`;
const SCREENS = ["/home", "/profile", "/social-search", "/notifications", "/settings"];

async function codeFromOutbox(to: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const body = (await (await fetch(url("/api/dev/outbox"))).json()) as {
      data: { to: string; text: string }[];
    };
    const code = body.data
      .filter((m) => m.to === to)
      .map((m) => /^([A-Z0-9]{6})$/m.exec(m.text)?.[1])
      .find(Boolean);
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code for ${to}`);
}

beforeAll(async () => {
  site = startSite();
  browser = await openBrowser();
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const person = {
    username: `a11y_${stamp}`.slice(0, 30),
    email: `a11y.${stamp}@example.com`,
    firstName: "Ada",
    lastName: "Okafor",
    phoneNumber: `+4477${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`,
    password: "a long unusual passphrase",
  };
  const post = (path: string, init: RequestInit) => fetch(url(`/api${path}`), { method: "POST", ...init });
  expect((await post(`/users/sendEmail?to=${encodeURIComponent(person.email)}`, {})).status).toBe(200);
  const code = await codeFromOutbox(person.email);
  const form = { "Content-Type": "application/x-www-form-urlencoded" };
  expect(
    (
      await post("/users/verifyEmailCode1", {
        headers: form,
        body: new URLSearchParams({ email: person.email, code }).toString(),
      })
    ).status,
  ).toBe(200);
  const json = { "Content-Type": "application/json" };
  expect((await post("/users/signup", { headers: json, body: JSON.stringify(person) })).status).toBe(201);
  const login = await post("/users/login", {
    headers: json,
    body: JSON.stringify({ emailOrPhoneNumber: person.email, password: person.password }),
  });
  const { data } = (await login.json()) as { data: { token: string; userId: number; username: string } };
  session = { token: data.token, userId: String(data.userId), username: data.username, email: person.email };
  // Someone blocked, so /settings shows a row of its Blocked accounts list, not only its empty state.
  const h = socialHelpers(site.baseUrl, () => browser);
  const blocked = await h.signedInSession("a11y_blocked_with_a_long_name");
  expect((await h.api(session as Session, `/users/${blocked.userId}/block`, { method: "POST" })).status).toBe(200);
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
  await page.waitForLoadState("networkidle");
  return page;
}

describe.each([1280, 320])("social screens at %i px", (width) => {
  it.each(SCREENS)("%s: focus never ends under a sticky header, both ways", async (path) => {
    const context = await signedInContext(width);
    try {
      const page = await openScreen(context, path);
      const { covered } = await focusStopsUnderHeader(page, { header: ".social-sidebar" });
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
      await page.waitForLoadState("networkidle");
      const report = await motion.report(3500);
      expect(report).toEqual({ smoothScrolls: [], runningAnimations: [], movedOnTheirOwn: [] });
    } finally {
      await context.close();
    }
  });
});
