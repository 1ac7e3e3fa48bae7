// The social screens when things fail, in Chromium against the built, seeded site (issue 12,
// "Errors" and "Comments"): a comment like the server refuses goes back and says so; spec point
// 8's error screen for each status a social screen meets. Real causes where there are any: a
// session ended by logging out elsewhere (401), a profile made private while it is open (403), a
// deleted account (404), a comment deleted meanwhile. A 500, another status and a network
// failure cannot be caused from outside a healthy server, so those answers are intercepted.
import type { Browser, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/server/api/db/node-client.ts";
import { openBrowser, startSite, type Site } from "./harness.ts";
import {
  PASSWORD,
  press,
  sessionHelpers as socialHelpers,
  tabTo,
  type Session,
  type SessionHelpers as SocialHelpers,
} from "./session.ts";

let site: Site;
let browser: Browser;
let h: SocialHelpers;
let restaurantIds: number[];

const heading = (page: Page, name: string) => page.getByRole("heading", { name, exact: true });

beforeAll(async () => {
  site = startSite();
  browser = await openBrowser();
  h = socialHelpers(site.baseUrl, () => browser);
  const database = await openDatabase(site.databaseUrl);
  const rows = await database.client.execute("SELECT id FROM restaurants ORDER BY id LIMIT 2");
  restaurantIds = rows.rows.map((row) => Number(row.id));
  database.client.close();
});

afterAll(async () => {
  await browser?.close();
});

describe("comment likes", () => {
  it("a like the server refuses (the comment was deleted meanwhile) goes back, says so and is not remembered", async () => {
    const [author, liker] = await Promise.all([h.signedInSession("cla"), h.signedInSession("clb")]);
    const postId = await h.postReview(
      author,
      restaurantIds[0]!,
      "A review whose comment goes before anyone can like it: the rarebit was great.",
    );
    expect((await h.api(liker, `/users/${author.userId}/follow`, { method: "POST" })).status).toBe(200);
    const saved = await h.api<{ id: number }>(author, "/comments/save", {
      method: "POST",
      body: JSON.stringify({ postId, content: "Soon gone." }),
    });
    expect(saved.status).toBe(200);

    const { page, context, problems } = await h.newPage(liker);
    await page.goto(h.url("/home"));
    const post = page
      .getByRole("article")
      .filter({ has: page.getByRole("heading", { name: new RegExp(`^${author.username} reviewed`) }) });
    await press(page, post.getByRole("button", { name: /^Comments/ }));
    const comment = post
      .getByRole("region", { name: "Comments" })
      .getByRole("article")
      .filter({ hasText: "Soon gone." });
    const like = comment.getByRole("button", { name: `Like ${author.username}'s comment` });
    await like.waitFor();
    expect(
      (await h.api(author, `/comments/deleteComment/${saved.body.data.id}`, { method: "DELETE" })).status,
    ).toBe(200);

    // Held until the heart has turned: it turns at once, then goes back on the server's 404.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/comments\/like$/, async (route: Route) => {
      await held;
      await route.continue();
    });
    await press(page, like);
    await expect.poll(() => like.getAttribute("aria-pressed")).toBe("true");
    await comment.getByText("1 like", { exact: true }).waitFor();
    release();
    await comment.getByRole("alert").getByText("That didn't work. Please try again.").waitFor();
    expect(await like.getAttribute("aria-pressed")).toBe("false");
    await comment.getByText("0 likes", { exact: true }).waitFor();
    const remembered = await page.evaluate(() => localStorage.getItem("userLikedComments"));
    expect(JSON.parse(remembered ?? "{}")[liker.userId] ?? []).not.toContain(saved.body.data.id);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("point 8's error screen on the social screens", () => {
  it("401 when the session was ended elsewhere, with a way to log in", async () => {
    const me = await h.signedInSession("e401");
    // Logged out on another device: every token ends. (A password change elsewhere sends the
    // person to the login page instead, saying why: navigation.spec.ts, issue 24.)
    const login = await h.api<{ token: string }>(null, "/users/login", {
      method: "POST",
      body: JSON.stringify({ emailOrPhoneNumber: me.email, password: PASSWORD }),
    });
    expect((await h.api({ ...me, token: login.body.data.token }, "/users/logout", { method: "POST" })).status).toBe(200);
    const { page, context, problems } = await h.newPage(me);
    for (const path of ["/home", "/notifications"]) {
      await page.goto(h.url(path));
      await heading(page, "401 Unauthorized access. Please login to continue.").waitFor();
      expect(await page.getByRole("link", { name: "Log in" }).getAttribute("href")).toMatch(
        /^\/sign-in-users\?next=/,
      );
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it("403 when a profile turns private while it is open, then the lock once reloaded", async () => {
    const [owner, viewer] = await Promise.all([h.signedInSession("e403"), h.signedInSession("e403v")]);
    await h.postReview(
      owner,
      restaurantIds[0]!,
      "Posted while public: the best chips in the borough, crisp and fluffy both.",
    );
    const { page, context, problems } = await h.newPage(viewer);
    await page.goto(h.url(`/user/${owner.userId}`));
    await page.locator(".sp-cards .sp-card").first().waitFor();
    const privacy = await h.api(owner, `/profiles/updatePrivacy/${owner.userId}`, {
      method: "POST",
      body: JSON.stringify({ isPrivate: true }),
    });
    expect(privacy.status).toBe(200);
    const sort = page.getByRole("combobox", { name: "Sort" });
    await tabTo(page, sort);
    await page.keyboard.press("ArrowDown");
    await heading(page, "403 Forbidden. You don't have permission to view this page.").waitFor();
    await press(page, page.getByRole("button", { name: "Try again" }));
    await heading(page, "Private account. Request to follow to see their profile.").waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("404 for a deleted account's profile", async () => {
    const [gone, me] = await Promise.all([h.signedInSession("e404"), h.signedInSession("e404v")]);
    expect(
      (
        await h.api(gone, `/account/delete/${gone.userId}`, {
          method: "POST",
          body: JSON.stringify({ password: PASSWORD }),
        })
      ).status,
    ).toBe(200);
    const { page, context, problems } = await h.newPage(me);
    await page.goto(h.url(`/user/${gone.userId}`));
    await heading(page, "404 Page not found. The page you are looking for does not exist.").waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  // What each screen reads first: the answer that decides whether it can show anything.
  const screens: [path: string, read: RegExp][] = [
    ["/home", /\/api\/posts\/feed\//],
    ["/profile", /\/api\/profiles\/getProfileByUserId\//],
    ["/notifications", /\/api\/notifications(\?.*)?$/],
    ["/settings", /\/api\/profiles\/getProfileByUserId\//],
  ];
  const failures: [
    what: string,
    answer: (route: Route) => Promise<void>,
    heading: string,
    detail?: string,
  ][] = [
    [
      "500",
      (route) =>
        route.fulfill({
          status: 500,
          contentType: "application/json",
          body: JSON.stringify({ code: 500, message: "Internal Server Error", data: null }),
        }),
      "500 Internal server error. Please try again later.",
    ],
    [
      "another status (503 from a host missing a setting)",
      (route) =>
        route.fulfill({
          status: 503,
          contentType: "application/json",
          body: JSON.stringify({ code: 503, message: "Service unavailable", data: null }),
        }),
      "503 Service unavailable",
    ],
    [
      "a network failure",
      (route) => route.abort("connectionrefused"),
      "Error Something went wrong.",
      "No response from server. Please check your connection.",
    ],
  ];

  it.each(failures)(
    "%s on every social screen, and Try again recovers",
    async (_what, answer, title, detail) => {
      const me: Session = await h.signedInSession("e5xx");
      const { page, context, problems } = await h.newPage(me);
      for (const [path, read] of screens) {
        await page.route(read, answer);
        await page.goto(h.url(path));
        await heading(page, title).waitFor();
        if (detail) await page.getByText(detail).first().waitFor();
        await page.unroute(read);
        await press(page, page.getByRole("button", { name: "Try again" }));
        await expect.poll(() => heading(page, title).count(), { timeout: 10_000 }).toBe(0);
      }
      expect(problems).toEqual([]);
      await context.close();
    },
  );
});
