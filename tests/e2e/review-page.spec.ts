// Issue 24, in Chromium at 390 and 1280 px against the built, seeded site: every review has its
// own page (/review/{id}) with its comments and a Share button (Web Share API, else the link
// copied and "Link copied" said politely); a hidden review answers the 404 page, though its
// author still sees it; feed posts and item review cards link to the page; notifications link
// to what they are about (the comment in its thread, the follow request); visitors open public
// profiles, and a private one shows the private-profile screen. axe clean throughout.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { SOCIAL_MESSAGES } from "../../src/domain/social-rules.ts";
import { seriousViolations } from "./a11y-helpers.ts";
import { useSite } from "./harness.ts";
import { type Session, sessionHelpersFor } from "./session.ts";

const shared = useSite();
const { url, signedInSession, api, postReview, newPage, withPage } = sessionHelpersFor(shared);

const VIEWPORTS = [
  { name: "390 px", width: 390, height: 844 },
  { name: "1280 px", width: 1280, height: 900 },
] as const;
const REVIEW_TEXT = "Charred hispi cabbage, a bowl of broth and the best table by the window.";

let author: Session, commenter: Session, shy: Session, blocker: Session;
let restaurantId: number;
let reviewId: number, privateReviewId: number, commentId: number;

async function expectAxeClean(page: Page, where: string) {
  expect(await seriousViolations(page), where).toEqual([]);
}

beforeAll(async () => {
  [author, commenter, shy, blocker] = await Promise.all([
    signedInSession("rpa"),
    signedInSession("rpc"),
    signedInSession("rps"),
    signedInSession("rpb"),
  ]);
  const rows = await shared.database.client.execute(
    "SELECT r.id FROM restaurants r WHERE EXISTS (SELECT 1 FROM dishes d WHERE d.restaurant_id = r.id) ORDER BY r.id DESC LIMIT 1 OFFSET 7",
  );
  restaurantId = Number(rows.rows[0]!.id);
  reviewId = await postReview(author, restaurantId, REVIEW_TEXT, { rating: "4.4" });
  const comment = await api<{ id: number }>(commenter, "/comments/save", {
    method: "POST",
    body: JSON.stringify({ postId: reviewId, content: "Booking it for Friday." }),
  });
  expect(comment.status).toBe(200);
  commentId = comment.body.data.id;
  // The private author's review and a follow request to them.
  expect(
    (
      await api(shy, `/profiles/updatePrivacy/${shy.userId}`, {
        method: "POST",
        body: JSON.stringify({ isPrivate: true }),
      })
    ).status,
  ).toBe(200);
  privateReviewId = await postReview(shy, restaurantId, "Only my followers should read this one.");
  expect((await api(commenter, `/users/${shy.userId}/follow`, { method: "POST" })).status).toBe(200);
  expect((await api(blocker, `/users/${author.userId}/block`, { method: "POST" })).status).toBe(200);
}, 120_000);

describe.each(VIEWPORTS)("a review's page at $name", (viewport) => {
  it("shows the review and its comments to a visitor, shares by copying the link, and is axe clean", () =>
    withPage(null, { forAxe: true }, async ({ context, page }) => {
      await page.setViewportSize(viewport);
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: shared.site.baseUrl });
      // No system share sheet here, so Share copies the link.
      await context.addInitScript(() =>
        Object.defineProperty(Navigator.prototype, "share", { value: undefined }),
      );
      const response = await page.goto(url(`/review/${reviewId}`), { waitUntil: "load" });
      expect(response?.status()).toBe(200);
      await page
        .getByRole("heading", { level: 1, name: `${author.username}'s review of`, exact: false })
        .waitFor();
      await page.getByText(REVIEW_TEXT).waitFor();
      const comments = page.getByRole("region", { name: "Comments" });
      await comments.getByText("Booking it for Friday.").waitFor();
      expect(await page.locator('meta[property="og:url"]').getAttribute("content")).toBe(
        url(`/review/${reviewId}`),
      );
      await page.getByRole("button", { name: "Share" }).click();
      await expect.poll(() => page.getByRole("status").filter({ hasText: "Link copied" }).count()).toBe(1);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url(`/review/${reviewId}`));
      // The author's name opens their profile, which a visitor may see now (issue 24).
      await page.getByRole("link", { name: author.username }).first().click();
      await page.waitForURL(url(`/user/${author.userId}`));
      await page.getByRole("heading", { level: 1, name: "Ada Okafor" }).waitFor();
      await page.getByRole("link", { name: "Log in to follow" }).waitFor();
      await expectAxeClean(page, "a public profile to a visitor");
      await page.goto(url(`/review/${reviewId}`), { waitUntil: "load" });
      await expectAxeClean(page, "the review's page");
    }));

  it("opens the system share sheet where there is one", () =>
    withPage(null, async ({ context, page }) => {
      await page.setViewportSize(viewport);
      await context.addInitScript(() => {
        Object.defineProperty(Navigator.prototype, "share", {
          value: async (data: ShareData) => {
            (window as unknown as { shared: ShareData }).shared = data;
          },
        });
      });
      await page.goto(url(`/review/${reviewId}`), { waitUntil: "load" });
      await page.getByRole("button", { name: "Share" }).click();
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { shared?: ShareData }).shared?.url))
        .toBe(url(`/review/${reviewId}`));
      expect(await page.locator("[data-review-share-status]").textContent()).toBe("");
    }));

  it("answers a private account's review with the 404 page, and shows it to its author", async () => {
    const missing = await fetch(url("/review/987654321"));
    const hidden = await fetch(url(`/review/${privateReviewId}`));
    expect([missing.status, hidden.status]).toEqual([404, 404]);
    for (const who of [null, shy]) {
      const { context, page, problems } = await newPage(who, { forAxe: true });
      try {
        await page.setViewportSize(viewport);
        await page.goto(url(`/review/${privateReviewId}`), { waitUntil: "load" });
        if (who) {
          await page.getByText("Only my followers should read this one.").waitFor();
          await page.getByRole("button", { name: "Share" }).waitFor();
        } else {
          await page.getByRole("heading", { level: 1, name: /Page not found/ }).waitFor();
          expect(await page.getByText("Only my followers").count()).toBe(0);
        }
        await expectAxeClean(page, who ? "the author's own private review" : "the 404 page");
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  it("shows a reader across a block the 404 screen instead of the review", () =>
    withPage(blocker, { forAxe: true }, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto(url(`/review/${reviewId}`), { waitUntil: "load" });
      await page.getByRole("heading", { level: 1, name: /Page not found/ }).waitFor();
      expect(await page.getByText(REVIEW_TEXT).count()).toBe(0);
      expect(await page.getByRole("button", { name: "Share" }).count()).toBe(0);
      expect(await page.title()).toBe("Page not found | Dishcovery");
      await expectAxeClean(page, "the review across a block");
    }));

  it("shows a visitor a private profile's screen, not its posts", () =>
    withPage(null, { forAxe: true }, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto(url(`/user/${shy.userId}`), { waitUntil: "load" });
      await page.getByRole("heading", { name: SOCIAL_MESSAGES.privateProfile }).waitFor();
      await page.getByRole("link", { name: "Log in to follow" }).waitFor();
      expect(page.url()).toBe(url(`/user/${shy.userId}`));
      await expectAxeClean(page, "a private profile to a visitor");
    }));
});

describe.each(VIEWPORTS)("links to a review's page at $name", (viewport) => {
  it("the author's feed post and the restaurant's review card link to the page", () =>
    withPage(author, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto(url("/home"), { waitUntil: "load" });
      const link = page.locator(`a[href="/review/${reviewId}"]`).first();
      await link.waitFor();
      await page.goto(url(`/restaurant/${restaurantId}`), { waitUntil: "load" });
      await page.locator("#reviews").scrollIntoViewIfNeeded();
      const card = page.locator(`a[href="/review/${reviewId}"]`).first();
      await card.waitFor();
      await card.click();
      await page.waitForURL(url(`/review/${reviewId}`));
    }));

  it("notifications open the comment in its thread and the waiting follow request", async () => {
    const { context, page, problems } = await newPage(author, { forAxe: true });
    try {
      await page.setViewportSize(viewport);
      await page.goto(url("/notifications"), { waitUntil: "load" });
      const toComment = page.getByRole("link", { name: "commented on your review." }).first();
      expect(await toComment.getAttribute("href")).toBe(`/review/${reviewId}#comment-${commentId}`);
      await expectAxeClean(page, "notifications");
      await toComment.click();
      await page.waitForURL(url(`/review/${reviewId}#comment-${commentId}`));
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(`comment-${commentId}`);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
    const shyPage = await newPage(shy);
    try {
      await shyPage.page.setViewportSize(viewport);
      await shyPage.page.goto(url("/notifications"), { waitUntil: "load" });
      const toRequest = shyPage.page.getByRole("link", { name: "asked to follow you." }).first();
      expect(await toRequest.getAttribute("href")).toBe(`#follow-request-${commenter.userId}`);
      await toRequest.click();
      await expect
        .poll(() => shyPage.page.evaluate(() => document.activeElement?.id ?? ""))
        .toBe(`follow-request-${commenter.userId}`);
      expect(shyPage.problems).toEqual([]);
    } finally {
      await shyPage.context.close();
    }
  });
});
