// Restaurant owners in Chromium against the built, seeded site (issue 22, docs/owners.md
// "Screens"): a signed-in person claims a restaurant with the code mailed to its contact
// address (read from the development outbox), replies to a review from the dashboard, the
// reply shows labelled under the review on the restaurant page and the reviewer is notified;
// the owner declares a dish's allergens, its page shows them with the day, and a "free from
// peanuts" search finds it. axe finds nothing serious on the new screens at 390 and 1280 px;
// screenshots of each go to the system's temporary folder for a person to look at.
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./a11y-helpers.ts";
import { useSite } from "./harness.ts";
import { moderatorSetsContact } from "./owner-listing.ts";
import { type Session, sessionHelpersFor } from "./session.ts";

const shared = useSite();
const helpers = sessionHelpersFor(shared);
const { url, codeFromOutbox, signedInSession, api, postReview, addRestaurant, newPage } = helpers;

// Letters only: the search finds words by prefix, and this run's restaurant must be the one found.
const STAMP = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
const NAME = `Quillfeather Canteen ${STAMP}`;
const DISH = `Quillfeather Noodles ${STAMP}`;
const POST_CODE = "E2 7QF";
const CONTACT = `kitchen.${STAMP}@quillfeather.example`;
const REPLY = "Thank you for coming in; the broth is made fresh every morning.";

let owner: Session;
let reviewer: Session;
let restaurantId: number;
let reviewId: number;

async function screenshot(page: Page, name: string, width: number): Promise<void> {
  await page.screenshot({ path: join(tmpdir(), `owners-${name}-${width}.png`), fullPage: true });
}

beforeAll(async () => {
  [owner, reviewer] = await Promise.all([signedInSession("owner"), signedInSession("diner")]);
  restaurantId = await addRestaurant(reviewer, {
    name: NAME,
    address: "7 Quill Yard",
    postCode: POST_CODE,
    tags: ["Ramen"],
    contactEmail: CONTACT,
  });
  // What the diner typed is only a suggestion (issue 29): a moderator makes it the contact address.
  await moderatorSetsContact(shared, helpers, restaurantId, CONTACT);
  reviewId = await postReview(reviewer, restaurantId, "Silky broth, springy noodles, a long wait for a table.");
});

describe("a restaurant owner", () => {
  it("claims the restaurant with the code mailed to its contact address", async () => {
    const { context, page, problems } = await newPage(owner);
    try {
      await page.goto(url("/claim-my-restaurant"));
      await page.getByLabel("Restaurant name").fill(NAME);
      await page.getByLabel("Post code").fill("e2 7qf");
      await page.getByRole("button", { name: "Find my restaurant" }).click();
      await page.getByRole("heading", { name: "1 match" }).waitFor();
      const since = Date.now() - 1000;
      await page.getByRole("button", { name: new RegExp(`^Claim this restaurant\\W+${NAME}$`) }).click();
      await page.getByRole("heading", { name: "Enter the code we e-mailed" }).waitFor();
      await page.getByText("k***@quillfeather.example", { exact: false }).waitFor();
      const code = await codeFromOutbox(CONTACT, since, /code to claim/i);
      // The first box has the focus; typing moves along the boxes, and the sixth submits.
      await page.getByRole("textbox", { name: "Character 1 of 6" }).focus();
      await page.keyboard.type(code);
      await page.getByRole("heading", { name: "Claim verified" }).waitFor();
      await page.getByText("Claimed by its owner", { exact: false }).first().waitFor();
      expect(await page.getByRole("link", { name: "Go to your owner dashboard" }).getAttribute("href")).toBe("/owner");
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
    const shown = await api<{ claimedAt: string | null }>(null, `/restaurants/${restaurantId}`, { cache: "no-store" });
    expect(shown.body.data.claimedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("replies from the dashboard; the reply shows labelled on the restaurant page, and the reviewer is told", async () => {
    const { context, page, problems } = await newPage(owner);
    try {
      await page.goto(url("/owner"));
      await page.getByRole("heading", { name: "Owner dashboard", level: 1 }).waitFor();
      await page.getByText("Reply rate: 0%").waitFor();
      const review = page.getByRole("article", { name: `${reviewer.username}'s review of the restaurant` });
      await review.getByText("Unanswered").waitFor();
      await review.getByRole("button", { name: `Reply to ${reviewer.username}` }).click();
      await review.getByRole("textbox", { name: `Reply in public to ${reviewer.username}` }).fill(REPLY);
      await review.getByRole("button", { name: "Post reply" }).click();
      await review.getByText("Your reply", { exact: true }).waitFor();
      await page.getByText("Reply rate: 100%").waitFor();
      // The focus moved to what comes next: editing the reply just posted.
      expect(await page.evaluate(() => document.activeElement?.textContent)).toContain("Edit");

      await page.goto(url(`/restaurant/${restaurantId}`), { waitUntil: "load" });
      await page.getByText("Claimed by its owner", { exact: false }).first().waitFor();
      await page.locator("#reviews").scrollIntoViewIfNeeded();
      const reply = page.locator(".ir-owner-reply");
      await reply.getByText("Reply from the owner").waitFor();
      await reply.getByText(REPLY).waitFor();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
    const notes = await api<{ notifications: { kind: string; postId?: number | null }[] }>(reviewer, "/notifications");
    expect(JSON.stringify(notes.body.data)).toContain("owner-reply");
    expect(reviewId).toBeGreaterThan(0);
  });

  it("declares a dish's allergens; its page shows them with the day, and a free-from-peanuts search finds it", async () => {
    const { context, page, problems } = await newPage(owner);
    try {
      await page.goto(url("/owner"));
      await page.getByRole("heading", { name: "Menu", level: 2 }).waitFor();
      // A new dish first, as owners add them: listed at once, its allergens not yet provided.
      const adding = page.locator(".owner-add");
      await adding.getByText("Add a dish").click();
      await adding.getByLabel("Dish name").fill(DISH);
      await adding.getByLabel("Price (£)").fill("12.50");
      await adding.getByRole("button", { name: "Add dish" }).click();
      const item = page.locator(".owner-dishes > li").filter({ hasText: DISH });
      await item.getByText("Allergens not provided").click();
      await item.getByRole("checkbox", { name: /I have checked this dish/ }).check();
      const contains = item.getByRole("group", { name: /^Contains/ });
      await contains.getByRole("checkbox", { name: "Sesame", exact: true }).check();
      await contains.getByRole("checkbox", { name: "Soya", exact: true }).check();
      await item.getByRole("group", { name: "Suitable for" }).getByRole("checkbox", { name: "Vegan" }).check();
      await item.getByRole("button", { name: `Save ${DISH}` }).click();
      await item.getByText("Menu saved.").waitFor();
      await item.getByText("Allergens provided").waitFor();
      await item.getByText(/Last updated by the owner on/).waitFor();

      await item.getByRole("link", { name: new RegExp(`^See its page\\W+${DISH}$`) }).click();
      await page.waitForURL(/\/dish\/\d+$/);
      const panel = page.getByRole("region", { name: "Allergens and diets" });
      await panel.getByText(/Last updated by the owner on \d{1,2} [A-Z][a-z]+ \d{4}/).waitFor();
      for (const text of ["Sesame", "Soya", "Vegan", "Always tell staff about allergies before ordering."]) {
        await panel.getByText(text, { exact: true }).waitFor();
      }
      expect(await panel.getByText("Peanuts").count()).toBe(0);

      await page.goto(url(`/search?keyword=${encodeURIComponent(`Quillfeather ${STAMP}`)}`));
      // The filters fold away so results start above the fold (issue 24).
      await page.getByText("Filters", { exact: true }).click();
      await page.getByRole("combobox", { name: "Free from" }).selectOption("peanuts");
      await page.getByRole("button", { name: "Apply filters" }).click();
      await page.waitForURL(/freeFrom=peanuts/);
      await page.getByRole("link", { name: new RegExp(DISH) }).first().waitFor();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
    // A dish the owner says contains sesame is not free from it.
    const sesame = await api<{ dishName: string }[]>(null, `/dishes/searchByKeywordLocationTop?keyword=${encodeURIComponent(STAMP)}&freeFrom=sesame`);
    expect(sesame.status).toBe(200);
    expect(sesame.body.data.map((d) => d.dishName)).not.toContain(DISH);
  });
});

describe.each([390, 1280])("the owner screens at %i px", (width) => {
  async function open(session: Session | null, path: string, ready: (page: Page) => Promise<unknown>) {
    const { context, page } = await newPage(session, { forAxe: true });
    await page.setViewportSize({ width, height: width < 400 ? 844 : 900 });
    await page.goto(url(path));
    await ready(page);
    return { context, page };
  }

  it("/sign-in-restaurant passes axe", async () => {
    const { context, page } = await open(null, "/sign-in-restaurant", (p) =>
      p.getByRole("heading", { name: "Sign in to claim your restaurant" }).waitFor(),
    );
    try {
      expect(await page.locator("#main").getByRole("link", { name: "Sign Up" }).getAttribute("href")).toBe(
        "/email-verification-users?next=%2Fclaim-my-restaurant",
      );
      await screenshot(page, "sign-in-restaurant", width);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("/claim-my-restaurant passes axe with the search's matches shown", async () => {
    const { context, page } = await open(owner, "/claim-my-restaurant", (p) => p.getByLabel("Restaurant name").waitFor());
    try {
      await page.getByLabel("Restaurant name").fill("Quillfeather");
      await page.getByRole("button", { name: "Find my restaurant" }).click();
      await page.getByRole("heading", { name: /match/ }).waitFor();
      await screenshot(page, "claim-my-restaurant", width);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("/owner passes axe with a dish's form open", async () => {
    const { context, page } = await open(owner, "/owner", (p) => p.getByText(/Reply rate/).waitFor());
    try {
      await page.locator(".owner-dishes > li").filter({ hasText: DISH }).locator("summary").click();
      await page.getByRole("img", { name: /reviews? from/ }).waitFor();
      await screenshot(page, "owner", width);
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    } finally {
      await context.close();
    }
  });

  it("a signed-in person who owns nothing is pointed to the claim", async () => {
    const { context, page } = await open(reviewer, "/owner", (p) => p.getByText(/you do not own one yet/).waitFor());
    try {
      expect(await page.getByRole("link", { name: "Claim your restaurant" }).getAttribute("href")).toBe("/claim-my-restaurant");
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
