// Issue 32 on a phone (390 px): a public list has its own page (/list/{id}), real HTML with Open
// Graph tags and an ItemList in JSON-LD, each item with its owner's note; a visitor opens it in
// a fresh context, sorts it and shares it (the link copied, "Link copied" said politely), axe
// clean; a member copies it into their own lists; a private list's page is the same 404 as
// any missing page and never names the list. The owner makes a list on the profile's Saved tab,
// then renames it, edits an item's note and deletes it (asked first) on its page, each refused
// change saying the API's reason; a follower's feed shows "X saved Y to Z". At 320 and 1280 px
// with the WCAG text spacing the page loses nothing, for a visitor and for the owner editing.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { applyTextSpacing, clippedText, focusStopsUnderHeader, seriousViolations } from "./a11y-helpers.ts";
import { useSite } from "./harness.ts";
import { sessionHelpersFor, type Session } from "./session.ts";

const shared = useSite();
const { url, signedInSession, api, postReview, withPage } = sessionHelpersFor(shared);
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

  it("shows a private list to a visitor who has its unlisted link, and the 404 again once the link is renewed", async () => {
    const token = (await api<{ linkToken: string }>(owner, `/lists/${privateList}`)).body.data.linkToken;
    await withPage(null, { forAxe: true }, async ({ page }) => {
      await page.setViewportSize(PHONE);
      await page.goto(url(`/list/${privateList}?link=${token}`));
      await page.getByRole("heading", { level: 1, name: "Secret supper spots" }).waitFor();
      expect(await page.title()).toMatch(/^Secret supper spots, a list by /);
      await expectAxeClean(page, "a private list by its unlisted link");
      await made(send(owner, `/lists/${privateList}`, "PATCH", { rotateLink: true }));
      await page.reload({ waitUntil: "networkidle" });
      await page.getByRole("heading", { level: 1, name: /Page not found/ }).waitFor();
      expect(await page.getByText("Secret supper").count()).toBe(0);
    });
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

  it("makes a list on the Saved tab, then changes it, notes an item and deletes it on its page, by keyboard", () =>
    withPage(owner, { forAxe: true }, async ({ page }) => {
      await page.setViewportSize(PHONE);
      await page.goto(url("/profile"));
      await page.getByRole("tab", { name: "Saved" }).click();
      const saved = page.getByRole("region", { name: "Places and dishes" });
      await saved.getByText("Make a new list").click();
      await saved.getByLabel("Name").fill("Weekend dumplings");
      await saved.getByRole("radio", { name: /^Public/ }).check();
      await saved.getByRole("button", { name: "Create list" }).press("Enter");
      await saved.getByRole("status").filter({ hasText: "List created." }).waitFor();
      await saved.getByRole("link", { name: "Open Weekend dumplings" }).click();
      await page.waitForURL(/\/list\/\d+$/);
      const id = Number(new URL(page.url()).pathname.split("/").pop());
      await made(send(owner, `/lists/${id}/items`, "POST", { kind: "dish", id: dishes[0]!.id }));
      await page.reload();
      const settings = page.getByRole("region", { name: "List settings" });
      await settings.waitFor();
      // A name over the limit: the API's message, on the field, until the field changes.
      const name = settings.getByLabel("Name");
      await name.fill("x".repeat(61));
      await settings.getByRole("button", { name: "Save changes" }).press("Enter");
      await settings.getByRole("alert").filter({ hasText: "Name must be at most 60 characters." }).waitFor();
      expect(await name.getAttribute("aria-invalid")).toBe("true");
      await name.fill("Dumpling Sundays");
      expect(await settings.getByRole("alert").filter({ hasText: "Name must be" }).count()).toBe(0);
      await settings.getByRole("button", { name: "Save changes" }).press("Enter");
      await settings.getByRole("status").filter({ hasText: "List updated." }).waitFor();
      await page.getByRole("heading", { level: 1, name: "Dumpling Sundays" }).waitFor();
      // The item's note, edited where the item is.
      await page.getByRole("button", { name: `Add a note on ${dishes[0]!.dishName}` }).press("Enter");
      const note = page.getByLabel(`Your note on ${dishes[0]!.dishName}`);
      expect(await note.evaluate((el) => el === document.activeElement)).toBe(true);
      await note.fill("Share a basket of six.");
      await page.getByRole("button", { name: "Save note" }).press("Enter");
      await page.getByText("Share a basket of six.").waitFor();
      const edit = page.getByRole("button", { name: `Edit note on ${dishes[0]!.dishName}` });
      await eventually(() => edit.evaluate((el) => el === document.activeElement)).toBe(true);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/list-owner.png`, fullPage: true });
      await expectAxeClean(page, "the owner's list page");
      // Delete asks first, and the safe choice has the focus.
      await settings.getByRole("button", { name: "Delete list…" }).press("Enter");
      const keep = settings.getByRole("button", { name: "Keep the list" });
      await eventually(() => keep.evaluate((el) => el === document.activeElement)).toBe(true);
      await settings.getByRole("button", { name: "Delete", exact: true }).press("Enter");
      await page.waitForURL(url("/profile"));
      expect((await api(owner, `/lists/${id}`)).status).toBe(404);
    }));

  // docs/accessibility.md 1 and 6: at 320 px (and 1280) with the WCAG text spacing, no focus stop
  // under the header, no text cut short and no sideways scroll: for a visitor, for the owner
  // with the settings, an item's note editor and the delete question open, and for a member
  // who has just copied the list. Long unbroken words stand in for the names and notes people
  // write.
  it.each([
    { width: 320, height: 640 },
    { width: 1280, height: 800 },
  ])(
    "reflows at $width px with text spacing, for a visitor, the owner editing and a member copying, losing nothing",
    async (viewport) => {
      const long = "Spaghettiallevongolefromthecornerplace";
      const list = (
        await made(
          send(owner, "/lists", "POST", {
            name: `Worth the queue ${long}`,
            description: `Where the ${long} is worth crossing town for, and the rest of the street too.`,
            visibility: "public",
          }),
        )
      ).id;
      for (const [i, dish] of dishes.entries()) {
        await made(
          send(owner, `/lists/${list}/items`, "POST", {
            kind: "dish",
            id: dish.id,
            note: i === 0 ? `Ask for the ${long}.` : "",
          }),
        );
      }
      const losesNothing = async (page: Page, where: string) => {
        expect((await focusStopsUnderHeader(page)).covered, where).toEqual([]);
        await applyTextSpacing(page);
        expect(await clippedText(page, "main"), where).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), where).toBeLessThanOrEqual(
          viewport.width,
        );
      };
      await withPage(null, { forAxe: true }, async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.goto(url(`/list/${list}`), { waitUntil: "networkidle" });
        await page.getByText(`Ask for the ${long}.`).waitFor();
        await losesNothing(page, `a visitor at ${viewport.width} px`);
        if (SHOTS)
          await page.screenshot({ path: `${SHOTS}/list-${viewport.width}-spaced.png`, fullPage: true });
      });
      await withPage(owner, { forAxe: true }, async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.goto(url(`/list/${list}`), { waitUntil: "networkidle" });
        await page.getByRole("region", { name: "List settings" }).waitFor();
        await page.getByRole("button", { name: `Add a note on ${dishes[1]!.dishName}` }).click();
        await page.getByLabel(`Your note on ${dishes[1]!.dishName}`).waitFor();
        await page.getByRole("button", { name: "Delete list…" }).click();
        await page.getByRole("button", { name: "Keep the list" }).waitFor();
        await losesNothing(page, `the owner at ${viewport.width} px`);
        if (SHOTS)
          await page.screenshot({ path: `${SHOTS}/list-owner-${viewport.width}-spaced.png`, fullPage: true });
      });
      await withPage(reader, { forAxe: true }, async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.goto(url(`/list/${list}`), { waitUntil: "networkidle" });
        await page.getByRole("button", { name: "Copy to my lists" }).click();
        await page.getByRole("link", { name: "Open your copy" }).waitFor();
        await losesNothing(page, `a member who copied it at ${viewport.width} px`);
      });
    },
    180_000,
  );

  it('shows a follower "X saved Y to Z" in the feed, linking the list and the item', async () => {
    const follower = await signedInSession("lpfollower");
    expect((await api(follower, `/users/${owner.userId}/follow`, { method: "POST" })).status).toBeLessThan(
      300,
    );
    await withPage(follower, async ({ page }) => {
      await page.setViewportSize(PHONE);
      await page.goto(url("/home"));
      const entry = page.getByRole("article", { name: / saved .+ to Sunday noodles$/ });
      // The entry takes its place among the community's posts by time, and other files post
      // reviews meanwhile: it may sit below the first pages, as an older post would.
      await eventually(async () => {
        if (await entry.count()) return true;
        const more = page.getByRole("button", { name: "Load More" });
        if (await more.isVisible()) await more.click();
        return false;
      }).toBe(true);
      await entry.first().waitFor();
      expect(await entry.first().getByRole("link", { name: "Sunday noodles" }).getAttribute("href")).toBe(
        `/list/${publicList}`,
      );
      expect(await entry.first().getByRole("link", { name: dishes[0]!.dishName }).getAttribute("href")).toBe(
        `/dish/${dishes[0]!.id}`,
      );
      if (SHOTS) await entry.first().screenshot({ path: `${SHOTS}/feed-saved-to.png` });
    });
  });

  it("shows a member, on a list's cards, one line of what the people they follow think; a visitor nothing", async () => {
    const [rater, member] = await Promise.all([signedInSession("lprater"), signedInSession("lpmember")]);
    const top = await api<{ id: number }[]>(null, "/restaurants/top?topNum=1");
    const restaurantId = top.body.data[0]!.id;
    await postReview(rater, restaurantId, "Crisp pastry, rich filling, and quick service at lunch.", {
      rating: "4.6",
    });
    expect((await api(member, `/users/${rater.userId}/follow`, { method: "POST" })).status).toBeLessThan(300);
    const list = (await made(send(owner, "/lists", "POST", { name: "Lunch spots", visibility: "public" })))
      .id;
    await made(send(owner, `/lists/${list}/items`, "POST", { kind: "restaurant", id: restaurantId }));
    const line = (page: Page) => page.locator(`[data-friend-line="restaurant:${restaurantId}"]`);
    await withPage(member, async ({ page }) => {
      await page.setViewportSize(PHONE);
      await page.goto(url(`/list/${list}`));
      await eventually(() => line(page).textContent()).toBe("1 you follow rated it 4.6");
      expect(await line(page).isVisible()).toBe(true);
    });
    await withPage(null, async ({ page }) => {
      await page.goto(url(`/list/${list}`), { waitUntil: "networkidle" });
      expect(await line(page).isHidden()).toBe(true);
      expect(await line(page).textContent()).toBe("");
    });
  });
});
