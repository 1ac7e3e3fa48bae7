// Content pages in Chromium against the built site on the Node entry: a legal page rendered
// from its Markdown, the influencer and early-access forms (validation, then stored through
// the API), the security headers and a page that reports no CSP violation.
import { readFileSync } from "node:fs";
import { and, eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { earlyAccessRegistrations } from "../../src/server/api/db/schema.ts";
import { hydrateIslands, pageSettled, useSite } from "./harness.ts";

const shared = useSite();

async function newPage(): Promise<Page> {
  const context = await shared.browser.newContext({ viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

/** Islands hydrate when visible; Astro drops the `ssr` attribute once a component is live. */
async function waitForIslands(page: Page) {
  await hydrateIslands(page);
}

/** Records CSP violations (the securitypolicyviolation event and console reports). */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const consoleReports: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply|evaluate)/i.test(message.text())) {
      consoleReports.push(message.text());
    }
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.violatedDirective} blocked ${event.blockedURI || "inline"} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return async () => [
    ...consoleReports,
    ...(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)),
  ];
}

function frontmatterTitle(file: string): string {
  const text = readFileSync(new URL(`../../src/content/legal/${file}.md`, import.meta.url), "utf8");
  const title = /^title:\s*(.+)$/m.exec(text)?.[1];
  if (!title) throw new Error(`${file}.md has no title`);
  return title.trim();
}

describe("legal pages", () => {
  it("render their Markdown: the title as the heading, the sections as subheadings", async () => {
    const page = await newPage();
    const response = await page.goto(`${shared.site.baseUrl}/privacy-policy`);
    expect(response?.status()).toBe(200);
    await page.getByRole("heading", { level: 1, name: frontmatterTitle("privacy-policy") }).waitFor();
    await page.getByRole("heading", { level: 2, name: "Your rights" }).waitFor();
    await page.getByRole("link", { name: "ico.org.uk/make-a-complaint" }).waitFor();
    expect(await page.title()).toBe("Privacy Policy | Dishcovery");

    await page.goto(`${shared.site.baseUrl}/terms-and-conditions`);
    await page.getByRole("heading", { level: 1, name: frontmatterTitle("terms-and-conditions") }).waitFor();
    const text = await page.locator("main").innerText();
    expect(text).toContain("at least 18 years old");
    expect(text).toContain("200% of the purchase price");
    await page.context().close();
  });
});

describe("influencer application", () => {
  it("shows an error on every required field when Apply is pressed empty, and stores nothing", async () => {
    const page = await newPage();
    await page.goto(`${shared.site.baseUrl}/become-influencer`);
    const form = page.getByRole("form", { name: "Influencer application" });
    await form.scrollIntoViewIfNeeded();
    await waitForIslands(page);
    await form.getByRole("button", { name: "Apply" }).click();

    for (const message of [
      "First name is required.",
      "Last name is required.",
      "Please enter a valid email address.",
      "Please enter the address of your main social media profile.",
    ]) {
      await form.getByText(message).waitFor();
    }
    const firstName = form.getByLabel("First name");
    expect(await firstName.getAttribute("aria-invalid")).toBe("true");
    // Focus moves to the first field to fix, so a keyboard user lands where the work is.
    expect(await firstName.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await form.getByLabel("Phone").getAttribute("aria-invalid")).toBeNull();
    await page.context().close();
  });

  it("accepts valid details by keyboard, says so, and the API stored the application", async () => {
    const email = `creator-${Date.now()}@example.com`;
    const page = await newPage();
    await page.goto(`${shared.site.baseUrl}/become-influencer`);
    const form = page.getByRole("form", { name: "Influencer application" });
    await form.scrollIntoViewIfNeeded();
    await waitForIslands(page);

    await form.getByLabel("First name").fill("Ada");
    await form.getByLabel("Last name").fill("Okafor");
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Phone").fill("+44 7700 900123");
    await form.getByLabel("Main social URL").fill("https://www.instagram.com/ada.eats");
    await form.getByLabel("Main social URL").press("Enter");

    await page.getByRole("status").getByText("Thank you for applying!", { exact: false }).waitFor();
    const rows = await shared.database.db
      .select()
      .from(earlyAccessRegistrations)
      .where(and(eq(earlyAccessRegistrations.kind, "influencer"), eq(earlyAccessRegistrations.email, email)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      firstName: "Ada",
      lastName: "Okafor",
      phone: "+447700900123",
      socialUrl: "https://www.instagram.com/ada.eats",
    });
    await page.context().close();
  });
});

describe("early-access form", () => {
  it("joins the list from /get-app", async () => {
    const email = `early-${Date.now()}@example.com`;
    const page = await newPage();
    await page.goto(`${shared.site.baseUrl}/get-app`);
    const form = page.getByRole("form", { name: "Early access sign-up" });
    await form.scrollIntoViewIfNeeded();
    await waitForIslands(page);
    await form.getByLabel("First name").fill("Sam");
    await form.getByLabel("Last name").fill("Lee");
    await form.getByLabel("Email").fill("not-an-email");
    await form.getByRole("button", { name: "Join" }).click();
    await form.getByText("Please enter a valid email address.").waitFor();

    await form.getByLabel("Email").fill(email);
    await form.getByRole("button", { name: "Join" }).click();
    await page.getByRole("status").getByText("Thank you for joining!", { exact: false }).waitFor();
    const rows = await shared.database.db
      .select()
      .from(earlyAccessRegistrations)
      .where(and(eq(earlyAccessRegistrations.kind, "early-access"), eq(earlyAccessRegistrations.email, email)));
    expect(rows).toHaveLength(1);
    await page.context().close();
  });
});

describe("landing page", () => {
  it("advances its progress bar by 10s up to 90 while images load, then completes", async () => {
    const page = await newPage();
    // Images are held until we let them through, so the page is still loading meanwhile.
    // Playwright's clock lets the test fast-forward the page's timers (it also keeps running
    // on its own, so values are checked as bounds, not exact readings).
    await page.clock.install();
    let releaseImages!: () => void;
    const imagesHeld = new Promise<void>((resolve) => (releaseImages = resolve));
    await page.route(/\.(png|webp|jpe?g|svg)(\?|$)/, async (route) => {
      await imagesHeld;
      await route.continue();
    });
    await page.goto(`${shared.site.baseUrl}/landing`, { waitUntil: "commit" });
    const bar = page.getByRole("progressbar", { name: "Loading page" });
    await bar.waitFor();
    const value = async () => Number(await bar.getAttribute("aria-valuenow"));
    const start = await value();
    expect(start % 10).toBe(0);
    await page.clock.runFor(800);
    const later = await value();
    expect(later % 10).toBe(0);
    expect(later).toBeGreaterThanOrEqual(Math.min(start + 40, 90));
    expect(later).toBeLessThanOrEqual(90);
    await page.clock.runFor(5000);
    // Capped at 90 for as long as the page is still loading.
    await expect.poll(value).toBe(90);
    await page.clock.runFor(2000);
    expect(await value()).toBe(90);
    releaseImages();
    await page.waitForLoadState("load");
    await page.waitForFunction(() => document.querySelector("[data-loading-progress]")?.getAttribute("aria-valuenow") === "100");
    await page.context().close();
  });
});

describe("security headers", () => {
  it("come with every page response, with a strict script policy", async () => {
    const page = await newPage();
    for (const path of ["/", "/about", "/no-such-page"]) {
      const response = await page.goto(`${shared.site.baseUrl}${path}`);
      const headers = response?.headers() ?? {};
      const csp = headers["content-security-policy"] ?? "";
      const scriptSrc = csp.split(";").map((d) => d.trim()).find((d) => d.startsWith("script-src")) ?? "";
      expect(scriptSrc).toMatch(/^script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')*$/);
      // Inline styles are hashed too; the build only falls back to this when they cannot be.
      expect(csp).not.toContain("'unsafe-inline'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(headers["permissions-policy"]).toBeTruthy();
    }
    await page.context().close();
  });

  it("block nothing the site itself runs: no CSP violation on home, a dish, /landing and a form page", async () => {
    const dishRow = await shared.database.client.execute("SELECT id FROM dishes ORDER BY id LIMIT 1");
    const dishId = dishRow.rows[0]?.["id"];
    const page = await newPage();
    const violations = await watchCsp(page);
    for (const path of ["/", `/dish/${dishId}`, "/landing", "/become-influencer"]) {
      await page.goto(`${shared.site.baseUrl}${path}`, { waitUntil: "load" });
      // Bring every lazy island and image into view so they load under the policy too.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await pageSettled(page);
      await page.waitForFunction(() =>
        [...document.images]
          .filter((img) => {
            const box = img.getBoundingClientRect();
            return box.bottom > 0 && box.top < window.innerHeight && box.width > 0;
          })
          .every((img) => img.complete),
      );
      await waitForIslands(page);
      expect({ path, violations: await violations() }).toEqual({ path, violations: [] });
    }
    await page.context().close();
  });
});
