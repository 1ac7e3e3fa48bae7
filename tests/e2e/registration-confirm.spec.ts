// The double opt-in link in Chromium against the built site (issue 14): opening the link
// changes nothing, the button confirms, the token leaves the address bar, and the page runs
// its script under the site's CSP without a violation.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { earlyAccessRegistrations } from "../../src/server/api/db/schema.ts";
import { hashRegistrationToken } from "../../src/server/api/services/registrations.ts";
import { hydrateIslands, useSite } from "./harness.ts";

const shared = useSite();

async function newPage(): Promise<{ page: Page; cspViolations: () => Promise<string[]> }> {
  const context = await shared.browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener("securitypolicyviolation", (event) => seen.push(event.violatedDirective));
  });
  return { page, cspViolations: () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp) };
}

/** A pending sign-up as a submission leaves it, and the token its e-mail carries. */
async function pendingSignUp(email: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await shared.database.db.insert(earlyAccessRegistrations).values({
    kind: "early-access",
    email,
    firstName: "Sam",
    lastName: "Lee",
    status: "pending",
    confirmTokenHash: hashRegistrationToken(token),
    confirmExpiresAt: Date.now() + 60 * 60_000,
    createdAt: Date.now(),
  });
  return token;
}

const statusOf = async (email: string) =>
  (
    await shared.database.db
      .select()
      .from(earlyAccessRegistrations)
      .where(eq(earlyAccessRegistrations.email, email))
      .all()
  ).map((row) => row.status);

describe("/confirm-registration", () => {
  it("confirms only when the button is pressed, says so, and drops the token from the address", async () => {
    const email = `confirm-${Date.now()}@example.com`;
    const token = await pendingSignUp(email);
    const { page, cspViolations } = await newPage();
    await page.goto(`${shared.site.baseUrl}/confirm-registration?token=${token}`, { waitUntil: "load" });
    // The button's island is live before it is pressed.
    await hydrateIslands(page);
    const button = page.getByRole("button", { name: "Confirm my email address" });
    await button.waitFor();
    expect(await statusOf(email)).toEqual(["pending"]);

    await button.click();
    await page
      .getByRole("status")
      .getByText("Your email address is confirmed. You are on the early-access list.")
      .waitFor();
    expect(await statusOf(email)).toEqual(["confirmed"]);
    expect(new URL(page.url()).search).toBe("");
    expect(await button.isVisible()).toBe(false);
    expect(await cspViolations()).toEqual([]);
    await page.context().close();
  });

  it("says a link without a token, or with an unknown one, is invalid, and confirms nothing", async () => {
    const invalid =
      "This confirmation link is invalid or has expired. Please sign up again to get a new one.";
    const { page } = await newPage();
    await page.goto(`${shared.site.baseUrl}/confirm-registration`);
    await page.getByRole("status").getByText(invalid).waitFor();
    expect(await page.getByRole("button", { name: "Confirm my email address" }).isVisible()).toBe(false);

    const email = `unknown-${Date.now()}@example.com`;
    await pendingSignUp(email);
    await page.goto(`${shared.site.baseUrl}/confirm-registration?token=${"Q".repeat(43)}`);
    await page.getByRole("button", { name: "Confirm my email address" }).click();
    await page.getByRole("status").getByText(invalid).waitFor();
    expect(await statusOf(email)).toEqual(["pending"]);
    await page.context().close();
  });
});
