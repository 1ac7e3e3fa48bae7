// Owners' small things from issue 24 in Chromium against the built, seeded site: the owner
// dashboard's menu lists dishes the community added (not yet in public lists), the owner
// reports a review with the extortion reason, and anyone sees "Report this reply" under an
// owner's reply (a visitor is asked to log in; a member reports it). axe finds nothing
// serious on the dashboard and the restaurant page at 390 and 1280 px.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./a11y-helpers.ts";
import { useSite } from "./harness.ts";
import { moderatorSetsContact } from "./owner-listing.ts";
import { type Session, sessionHelpersFor } from "./session.ts";

const shared = useSite();
const helpers = sessionHelpersFor(shared);
const { url, codeFromOutbox, signedInSession, api, postReview, addRestaurant, newPage } = helpers;

const STAMP = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
const NAME = `Marrowbone Kitchen ${STAMP}`;
const COMMUNITY_DISH = `Marrowbone Toast ${STAMP}`;
const CONTACT = `pass.${STAMP}@marrowbone.example`;
const REPLY = "Thanks for visiting; the toast is back on Thursdays.";
const EXTORTION = "I am being asked for something in exchange for this review";
const WIDTHS = [390, 1280] as const;

let owner: Session;
let reviewer: Session;
let reader: Session;
let restaurantId: number;
let reviewId: number;

async function sized(session: Session | null, width: number, path: string): Promise<{ page: Page; close: () => Promise<void>; problems: string[] }> {
  const { context, page, problems } = await newPage(session, { forAxe: true });
  await page.setViewportSize({ width, height: width < 400 ? 844 : 900 });
  await page.goto(url(path), { waitUntil: "load" });
  // The reviews list loads when it comes into view.
  if (path.startsWith("/restaurant/")) await page.locator("#reviews").scrollIntoViewIfNeeded();
  return { page, problems, close: () => context.close() };
}

beforeAll(async () => {
  [owner, reviewer, reader] = await Promise.all([
    signedInSession("mowner"),
    signedInSession("mdiner"),
    signedInSession("mreader"),
  ]);
  restaurantId = await addRestaurant(reviewer, {
    name: NAME,
    address: "3 Marrow Lane",
    postCode: "E8 4MB",
    tags: ["British"],
    contactEmail: CONTACT,
  });
  // What the diner typed is only a suggestion (issue 29): a moderator makes it the contact address.
  await moderatorSetsContact(shared, helpers, restaurantId, CONTACT);
  // A dish a diner added: no moderator has seen it, so public lists leave it out.
  const dish = await api<{ id: number }>(reviewer, "/dishes/save", {
    method: "POST",
    body: JSON.stringify({ dishName: COMMUNITY_DISH, price: 7.5, tags: ["British"], restaurantId }),
  });
  expect(dish.status, dish.body.message).toBe(200);
  const since = Date.now() - 1000;
  const started = await api(owner, `/restaurants/${restaurantId}/claim`, { method: "POST" });
  expect(started.status, started.body.message).toBe(200);
  const verified = await api(owner, `/restaurants/${restaurantId}/claim/verify`, {
    method: "POST",
    body: JSON.stringify({ code: await codeFromOutbox(CONTACT, since, /code to claim/i) }),
  });
  expect(verified.status, verified.body.message).toBe(200);
  reviewId = await postReview(reviewer, restaurantId, "Bone marrow on toast, rich and bright with parsley.");
  const replied = await api(owner, `/reviews/${reviewId}/reply`, {
    method: "POST",
    body: JSON.stringify({ content: REPLY }),
  });
  expect(replied.status, replied.body.message).toBe(200);
});

describe("the owner dashboard", () => {
  it.each(WIDTHS)("lists the community-added dish in the menu, marked, at %i px", async (width) => {
    const publicList = await api<{ dishName: string }[]>(null, `/dishes/top?restaurantId=${restaurantId}&topNum=100`);
    expect(publicList.body.data.map((d) => d.dishName)).not.toContain(COMMUNITY_DISH);
    const { page, close, problems } = await sized(owner, width, "/owner");
    try {
      await page.getByRole("heading", { name: "Menu", level: 2 }).waitFor();
      const item = page.locator(".owner-dishes > li").filter({ hasText: COMMUNITY_DISH });
      await item.waitFor();
      await item.getByText("Added by the community").waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it("reports a review with the extortion reason, offered first", async () => {
    const { page, close, problems } = await sized(owner, 390, "/owner");
    try {
      const review = page.getByRole("article", { name: `${reviewer.username}'s review of the restaurant` });
      await review.getByRole("button", { name: `Report this review by ${reviewer.username}` }).click();
      const form = review.getByRole("form", { name: "Report this review" });
      const reasons = form.getByRole("radio");
      expect(await reasons.first().evaluate((el) => el.parentElement?.textContent)).toBe(EXTORTION);
      await form.getByRole("radio", { name: EXTORTION }).check();
      expect(await seriousViolations(page)).toEqual([]);
      const sent = page.waitForRequest((r) => r.url().endsWith(`/api/owner/reviews/${reviewId}/report`));
      await form.getByRole("button", { name: "Send report" }).click();
      expect((await sent).postDataJSON()).toEqual({ reason: "extortion" });
      const done = review.getByRole("status").filter({ hasText: "Thanks, we'll review this" });
      await done.waitFor();
      expect(await done.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe("an owner's reply on the restaurant page", () => {
  it.each(WIDTHS)("offers a visitor Report this reply, which asks them to log in, at %i px", async (width) => {
    const { page, close, problems } = await sized(null, width, `/restaurant/${restaurantId}`);
    try {
      const reply = page.locator(".ir-owner-reply").filter({ hasText: REPLY });
      await reply.scrollIntoViewIfNeeded();
      await reply.getByRole("button", { name: "Report this reply" }).click();
      await reply.getByText("You must be logged in to report a reply.").waitFor();
      expect(await reply.getByRole("link", { name: "Login" }).getAttribute("href")).toBe(
        `/sign-in-users?next=${encodeURIComponent(`/restaurant/${restaurantId}`)}`,
      );
      expect(await seriousViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it("lets a member report the reply with a reason", async () => {
    const { page, close, problems } = await sized(reader, 1280, `/restaurant/${restaurantId}`);
    try {
      const reply = page.locator(".ir-owner-reply").filter({ hasText: REPLY });
      await reply.getByRole("button", { name: "Report this reply" }).click();
      const form = reply.getByRole("form", { name: "Report this reply" });
      await form.getByRole("radio", { name: "Harassment" }).check();
      const sent = page.waitForRequest((r) => r.url().endsWith(`/api/reviews/${reviewId}/reply/report`));
      await form.getByRole("button", { name: "Send report" }).click();
      expect((await sent).postDataJSON()).toEqual({ reason: "harassment" });
      await reply.getByText("Thanks, we'll review this").waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });
});
