// Issue 32 on a phone (390 px): a public list has its own page (/list/{id}), real HTML with Open
// Graph tags and an ItemList in JSON-LD, each item with its owner's note; a visitor opens it in
// a fresh context, sorts it and shares it (the link copied, "Link copied" said politely), axe
// clean; a member copies it into their own lists; a private list's page is the same 404 as
// any missing page and never names the list.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./a11y-helpers.ts";
import { useSite } from "./harness.ts";
import { sessionHelpersFor, type Session } from "./session.ts";

const shared = useSite();
const { url, signedInSession, api, withPage } = sessionHelpersFor(shared);
const PHONE = { width: 390, height: 844 };
const SHOTS = process.env.LISTS_SHOTS; // a folder to keep screenshots in while working on the screens
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });

let owner: Session, reader: Session;
let dishes: { id: number; dishName: string }[];
let publicList: number, privateList: number;

async function expectAxeClean(page: Page, where: string) {
  expect(await seriousViolations(page), where).toEqual([]);
}

async function made<T>(answer: Promise<{ status: number; body: { data: T } }>): Promise<T> {
  const { status, body } = await answer;
  expect(status, JSON.stringify(body)).toBeLessThan(300);
  return body.data;
}
const send = (who: Session, path: string, method: string, body?: unknown) =>
  api<{ id: number }>(who, path, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

beforeAll(async () => {
  [owner, reader] = await Promise.all([signedInSession("lpowner"), signedInSession("lpreader")]);
  dishes = (await api<{ id: number; dishName: string }[]>(null, "/dishes/top?topNum=3")).body.data;
  publicList = (
    await made(
      send(owner, "/lists", "POST", {
        name: "Sunday noodles",
        description: "Where I take visitors.",
        visibility: "public",
      }),
    )
  ).id;
  for (const [i, dish] of dishes.entries()) {
    await made(
      send(owner, `/lists/${publicList}/items`, "POST", {
        kind: "dish",
        id: dish.id,
        note: i === 0 ? "Go before noon." : "",
      }),
    );
  }
  privateList = (
    await made(send(owner, "/lists", "POST", { name: "Secret supper spots", visibility: "private" }))
  ).id;
}, 120_000);

describe("a list's own page", () => {
  it("shows a visitor the list with its notes, Open Graph and JSON-LD, sorts it, shares it, axe clean", () =>
    withPage(null, { forAxe: true }, async ({ context, page }) => {
      await page.setViewportSize(PHONE);
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: shared.site.baseUrl });
      await context.addInitScript(() =>
        Object.defineProperty(Navigator.prototype, "share", { value: undefined }),
      );
      const response = await page.goto(url(`/list/${publicList}`), { waitUntil: "load" });
      expect(response?.status()).toBe(200);
      await page.getByRole("heading", { level: 1, name: "Sunday noodles" }).waitFor();
      await page.getByText("Go before noon.").waitFor();
      expect(await page.locator('meta[property="og:url"]').getAttribute("content")).toBe(
        url(`/list/${publicList}`),
      );
      expect(await page.locator('meta[property="og:title"]').getAttribute("content")).toMatch(
        /^Sunday noodles, a list by /,
      );
      expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(
        url(`/list/${publicList}`),
      );
      const jsonLd = JSON.parse(
        (await page.locator('script[type="application/ld+json"]').first().textContent())!,
      );
      expect(jsonLd["@type"]).toBe("ItemList");
      expect(jsonLd.itemListElement.map((entry: { name: string }) => entry.name).sort()).toEqual(
        dishes.map((dish) => dish.dishName).sort(),
      );
      const items = page.getByRole("list", { name: "Saved in Sunday noodles" }).getByRole("listitem");
      expect(await items.count()).toBe(dishes.length);
      // Newest first; by rating, the best first.
      const names = () => page.locator("[data-list-items] > li h2").allTextContents();
      expect(await names()).toEqual(dishes.map((dish) => dish.dishName).reverse());
      await page.getByLabel("Sort by").selectOption("rating");
      await page.getByRole("status").filter({ hasText: "Sorted by rating, best first" }).waitFor();
      expect(new URL(page.url()).searchParams.get("sort")).toBe("rating");
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/list-page.png`, fullPage: true });
      await page.getByRole("button", { name: "Share" }).click();
      await eventually(() => page.getByRole("status").filter({ hasText: "Link copied" }).count()).toBe(1);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url(`/list/${publicList}`));
      await expectAxeClean(page, "a public list's page to a visitor");
    }));

  it("answers a private list's address with the 404 page, naming nothing of it, to a visitor and another member", async () => {
    const missing = await fetch(url("/list/987654321"));
    const hidden = await fetch(url(`/list/${privateList}`));
    expect([missing.status, hidden.status]).toEqual([404, 404]);
    expect(await hidden.text()).not.toContain("Secret supper");
    for (const who of [null, reader]) {
      await withPage(who, { forAxe: true }, async ({ page }) => {
        await page.setViewportSize(PHONE);
        await page.goto(url(`/list/${privateList}`), { waitUntil: "networkidle" });
        await page.getByRole("heading", { level: 1, name: /Page not found/ }).waitFor();
        expect(await page.getByText("Secret supper").count()).toBe(0);
        expect(await page.title()).toBe("Page not found | Dishcovery");
        await expectAxeClean(page, "a private list's page");
      });
    }
  });

  it("lets a signed-in member copy a public list into their own lists", () =>
    withPage(reader, async ({ page }) => {
      await page.setViewportSize(PHONE);
      await page.goto(url(`/list/${publicList}`));
      await page.getByRole("button", { name: "Copy to my lists" }).click();
      const copied = page.getByRole("status").filter({ hasText: "List copied." });
      await copied.waitFor();
      const href = (await copied.getByRole("link", { name: "Open your copy" }).getAttribute("href"))!;
      const { body } = await api<{ name: string; visibility: string; items: { note: string }[] }>(
        reader,
        `/lists/${href.split("/").pop()}`,
      );
      expect(body.data).toMatchObject({ name: "Sunday noodles", visibility: "private" });
      expect(body.data.items.map((item) => item.note)).toContain("Go before noon.");
      // The copy is private: its page shows to the reader, through their own view.
      await page.goto(url(href));
      await page.getByRole("heading", { level: 1, name: "Sunday noodles" }).waitFor();
    }));
});
