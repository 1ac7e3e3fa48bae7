// A reply names whom it answers once (issue 24: "Replies do not double the @mention"), in
// Chromium against the built, seeded site: a follower replies to the author's comment typing
// "@author" first, as people do; the reply shows the @author link once, then the text. axe
// finds nothing serious in the thread at 390 and 1280 px.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./a11y-helpers.ts";
import { openBrowser, startSite, type Site } from "./harness.ts";
import { sessionHelpers, type Session } from "./session.ts";

let site: Site;
let browser: Browser;

const { url, signedInSession, api, postReview, newPage } = sessionHelpers(
  () => site.baseUrl,
  () => browser,
);

let author: Session;
let follower: Session;

beforeAll(async () => {
  site = startSite();
  browser = await openBrowser();
  [author, follower] = await Promise.all([signedInSession("rma"), signedInSession("rmb")]);
  const { body } = await api<{ id: number }[]>(null, "/restaurants/top?topNum=2");
  const postId = await postReview(author, body.data[1]!.id, "Crab linguine with a proper hit of chilli and lemon.");
  const comment = await api(author, "/comments/save", {
    method: "POST",
    body: JSON.stringify({ postId, content: "Ask for extra bread for the sauce." }),
  });
  expect(comment.status, comment.body.message).toBe(200);
  const followed = await api(follower, "/follower/follow", {
    method: "POST",
    body: JSON.stringify({ followerId: Number(follower.userId), followingId: Number(author.userId) }),
  });
  expect(followed.status, followed.body.message).toBe(200);
});

afterAll(async () => {
  await browser?.close();
});

const postOf = (page: Page, username: string) =>
  page.getByRole("article").filter({ has: page.getByRole("heading", { name: new RegExp(`^${username} reviewed`) }) });

describe("a reply to someone's comment", () => {
  it.each([1280, 390])("shows the @mention once when the reply starts with it, at %i px", async (width) => {
    const { context, page, problems } = await newPage(follower, { forAxe: true });
    try {
      await page.setViewportSize({ width, height: width < 400 ? 844 : 900 });
      await page.goto(url("/home"), { waitUntil: "load" });
      const post = postOf(page, author.username);
      await post.getByRole("button", { name: /^Comments/ }).click();
      const comments = post.getByRole("region", { name: "Comments" });
      const theirs = comments.getByRole("article").filter({ hasText: "Ask for extra bread" }).first();
      await theirs.getByRole("button", { name: `Reply to ${author.username}` }).first().click();
      const text = `Good tip, thanks (${width})`;
      await theirs.getByRole("textbox", { name: `Reply to ${author.username}` }).fill(`@${author.username} ${text}`);
      await theirs.getByRole("button", { name: "Reply", exact: true }).click();
      const reply = comments.locator(".sf-replies").getByRole("article").filter({ hasText: text });
      await reply.waitFor();
      const shown = reply.locator(".sf-comment__text");
      expect(await shown.innerText()).toBe(`@${author.username} ${text}`);
      expect(await shown.getByRole("link", { name: `@${author.username}` }).getAttribute("href")).toBe(
        `/user/${author.userId}`,
      );
      expect(await seriousViolations(page, ".sf-comments")).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
