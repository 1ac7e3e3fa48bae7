// Catalogue pages in Chromium against the built site on the Node entry: restaurant with
// Book Online, offer, area, a dish added after the build, a bogus id and an unknown route.
import { sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { insertDishes } from "../../src/server/api/db/queries/catalogue-writes.ts";
import { useSite } from "./harness.ts";

const shared = useSite();

async function firstRow<T>(query: ReturnType<typeof sql>): Promise<T> {
  const rows = (await shared.database.db.all(query)) as T[];
  if (!rows[0]) throw new Error("The seeded catalogue has no row for this test");
  return rows[0];
}

async function newPage(): Promise<Page> {
  const context = await shared.browser.newContext({ viewport: { width: 1280, height: 900 } });
  // Booking links point at other sites; answer them in the browser so nothing leaves the machine.
  await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<title>Booking</title><h1>Booking page</h1>" }),
  );
  return context.newPage();
}

describe("catalogue pages", () => {
  it("opens a restaurant and follows Book Online to its first booking link in a new tab", async () => {
    const restaurant = await firstRow<{ id: number; name: string; booking_links: string }>(
      sql`SELECT id, name, booking_links FROM restaurants WHERE json_array_length(booking_links) > 0 ORDER BY id LIMIT 1`,
    );
    const firstLink = (JSON.parse(restaurant.booking_links) as string[])[0]!;
    const page = await newPage();
    const response = await page.goto(`${shared.site.baseUrl}/restaurant/${restaurant.id}`);
    expect(response?.status()).toBe(200);
    await page.getByRole("heading", { level: 1, name: restaurant.name }).waitFor();
    await page.getByRole("heading", { name: "Opening hours" }).waitFor();
    await page.getByRole("heading", { name: "Today's Special Offers" }).waitFor();
    await page.getByRole("heading", { name: "Top Dishes" }).waitFor();

    const book = page.getByRole("link", { name: /Book Online/ });
    expect(await book.getAttribute("href")).toBe(firstLink);
    expect(await book.getAttribute("target")).toBe("_blank");
    expect(await book.getAttribute("rel")).toContain("noopener");
    const [popup] = await Promise.all([page.context().waitForEvent("page"), book.click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(new URL(firstLink).href);
    await page.context().close();
  });

  it("opens an offer with its badge, spend line and a working Claim Offer link", async () => {
    const offer = await firstRow<{ id: number; title: string; restaurant_id: number }>(
      sql`SELECT id, title, restaurant_id FROM offers ORDER BY id LIMIT 1`,
    );
    const page = await newPage();
    await page.goto(`${shared.site.baseUrl}/offers/${offer.id}`);
    await page.getByRole("heading", { level: 1, name: offer.title }).waitFor();
    expect(await page.getByText(/^Spend .+ & Receive .+ In Food & Drink$/).first().isVisible()).toBe(true);
    expect(await page.getByText(/^(\d+% OFF|No Discount)$/).first().isVisible()).toBe(true);
    await page.getByRole("heading", { name: "Terms and conditions" }).waitFor();
    await page.getByRole("heading", { name: "Other special offers" }).waitFor();
    const claim = page.getByRole("link", { name: /Claim Offer/ });
    const href = (await claim.getAttribute("href"))!;
    expect(href.startsWith("http") || href === `/restaurant/${offer.restaurant_id}#booking`).toBe(true);
    await page.context().close();
  });

  it("opens an area with its breadcrumb and top dishes and restaurants", async () => {
    const area = await firstRow<{ id: number; area_name: string; region_name: string }>(
      sql`SELECT a.id, a.area_name, r.region_name FROM areas a JOIN regions r ON r.id = a.region_id
          ORDER BY (SELECT count(*) FROM restaurants x WHERE x.area_id = a.id) DESC, a.id LIMIT 1`,
    );
    const page = await newPage();
    await page.goto(`${shared.site.baseUrl}/area/${area.id}`);
    const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
    expect(await breadcrumb.getByRole("listitem").allInnerTexts()).toEqual(["Home", area.region_name, area.area_name]);
    expect(await breadcrumb.getByRole("link", { name: "Home" }).getAttribute("href")).toBe("/");
    expect(await breadcrumb.getByRole("listitem").last().getAttribute("aria-current")).toBe("page");
    await page.getByRole("heading", { level: 1, name: area.area_name }).waitFor();
    await page.getByRole("heading", { name: `Top Dishes in ${area.area_name}` }).waitFor();
    await page.getByRole("heading", { name: `Top Restaurants in ${area.area_name}` }).waitFor();
    // The busiest area has restaurants, so its list shows cards rather than the empty text.
    expect(await page.getByText("No restaurants found in this area").count()).toBe(0);
    await page.context().close();
  });

  it("opens a dish added to the database after the build at its own URL", async () => {
    const restaurant = await firstRow<{ id: number; name: string }>(sql`SELECT id, name FROM restaurants ORDER BY id LIMIT 1`);
    const [dishId] = await insertDishes(shared.database.db, [
      {
        restaurantId: restaurant.id,
        dishName: "Late Night Test Dumplings",
        priceMinor: 1234,
        currency: "GBP",
        description: "Added after the site was built.",
        tagIds: [],
      },
    ]);
    const page = await newPage();
    const response = await page.goto(`${shared.site.baseUrl}/dish/${dishId}`);
    expect(response?.status()).toBe(200);
    // Rendered on demand by the server (decision 011): the dish is in the HTML itself.
    expect(await response?.text()).toContain("<h1 id=\"cat-title\">Late Night Test Dumplings</h1>");
    await page.getByRole("heading", { level: 1, name: "Late Night Test Dumplings" }).waitFor();
    expect(await page.getByText("£12.34").isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: restaurant.name }).first().getAttribute("href")).toBe(`/restaurant/${restaurant.id}`);
    await page.waitForFunction(() => document.title.startsWith("Late Night Test Dumplings"));
    await page.context().close();
  });

  it("shows the no-data state with status 404 for a dish id that does not exist", async () => {
    const page = await newPage();
    const response = await page.goto(`${shared.site.baseUrl}/dish/99999999`);
    expect(response?.status()).toBe(404);
    await page.getByRole("status").filter({ hasText: "No dish data found" }).waitFor();
    expect(await page.getByRole("link", { name: "Back to home" }).getAttribute("href")).toBe("/");
    await page.context().close();
  });

  it("shows the 404 page with status 404 for an unknown route", async () => {
    const page = await newPage();
    const response = await page.goto(`${shared.site.baseUrl}/no-such-page-here`);
    expect(response?.status()).toBe(404);
    await page
      .getByRole("heading", { level: 1, name: "404 Page not found. The page you are looking for does not exist." })
      .waitFor();
    expect(await page.getByText("Page not found. The page you are looking for does not exist.").isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Go to the home page" }).getAttribute("href")).toBe("/");
    await page.context().close();
  });
});
