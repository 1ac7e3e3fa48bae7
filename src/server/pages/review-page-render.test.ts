// A review's own page (/review/{id}, issue 24), rendered on demand through the app as both
// hosts do: 200 with the review, its comments and Open Graph tags; the same 404 page for a
// review that does not exist, was removed, is a private account's or is across a block.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isIndexablePage } from "../../build/sitemap-pages.ts";
import { commentsHiddenFrom, loadReviewPage } from "../../components/review-page/review-page-data.ts";
import { createApiClient } from "../../shared/api-client.ts";
import { createUser, sendJson, type TestUser } from "../api/testing/accounts.ts";
import { buildCatalogueFixture, type CatalogueFixture } from "../api/testing/fixture.ts";
import { createTestApp, type TestApp } from "../api/testing/test-app.ts";
import { inProcessApiClient } from "./in-process-api-client.ts";
import type { TemplateSource } from "./page-render.ts";
import { isTemplatePath, matchPagePath } from "./page-routes.ts";
import { CACHE_REVIEW_PAGE, renderReviewPage } from "./review-page-render.ts";

const HEAD =
  '<title>@@dishcovery:title@@</title><meta name="description" content="@@dishcovery:description@@">' +
  '<link rel="canonical" href="https://dishcovery.example/@@dishcovery:path@@">' +
  '<meta property="og:title" content="@@dishcovery:title@@">' +
  '<meta property="og:description" content="@@dishcovery:description@@">' +
  '<meta property="og:url" content="https://dishcovery.example/@@dishcovery:path@@">';
const IMAGE = '<meta property="og:image" content="https://dishcovery.example/@@dishcovery:image@@">';
const DEFAULT_IMAGE = '<meta property="og:image" content="https://dishcovery.example/og-default.png">';
const JSON_LD = '<script type="application/ld+json">{"@dishcovery":"json-ld"}</script>';
const BODY = "<main><!--@@dishcovery:body@@--></main>";
const templates: TemplateSource = async (_kind, variant) =>
  variant === "image"
    ? HEAD + IMAGE + JSON_LD + BODY
    : variant === "default-image"
      ? HEAD + DEFAULT_IMAGE + JSON_LD + BODY
      : HEAD + '<meta name="robots" content="noindex, nofollow">' + DEFAULT_IMAGE + BODY;

let t: TestApp;
let f: CatalogueFixture;
let author: TestUser, hidden: TestUser, fan: TestUser;
let publicPost: number, privatePost: number, removedPost: number, commentId: number;

async function ok(res: Response | Promise<Response>) {
  const answer = await res;
  const body = (await answer.json()) as { data: Record<string, number> };
  expect(answer.status, JSON.stringify(body)).toBeLessThan(300);
  return body.data;
}

function review(who: TestUser, fields: Record<string, unknown>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  return ok(sendJson(t, "POST", "/api/posts/save", who, form));
}

const render = (id: number) => renderReviewPage(id, { api: inProcessApiClient(t.app), template: templates });

beforeAll(async () => {
  t = await createTestApp();
  f = await buildCatalogueFixture(t.db, t.clock.now());
  [author, hidden, fan] = await Promise.all([
    createUser(t, { username: "page_writer" }),
    createUser(t, { username: "page_hidden" }),
    createUser(t, { username: "page_fan" }),
  ]);
  publicPost = (
    await review(author, {
      restaurantId: f.restaurantIds["Tonkotsu Lane"],
      content: 'Broth & "chashu" <worth> crossing London for',
      rating: 4.6,
      dishReviews: JSON.stringify([
        { dishId: f.dishIds["Shoyu Ramen"], content: "Silky noodles", rating: 4.8 },
      ]),
    })
  ).postId!;
  commentId = (
    await ok(sendJson(t, "POST", "/api/comments/save", fan, { postId: publicPost, content: "Going Friday" }))
  ).id!;
  removedPost = (await review(fan, { dishId: f.dishIds["Shoyu Ramen"], content: "Removed words", rating: 1 }))
    .postId!;
  await t.db.run(sql`UPDATE posts SET removed_at = ${t.clock.now()} WHERE id = ${removedPost}`);
  await ok(sendJson(t, "POST", `/api/profiles/updatePrivacy/${hidden.userId}`, hidden, { isPrivate: true }));
  privatePost = (
    await review(hidden, { dishId: f.dishIds["Shoyu Ramen"], content: "Private words", rating: 4 })
  ).postId!;
});
afterAll(() => t.close());

describe("a review's page", () => {
  it("answers 200 with the review, its dish reviews, its comments and its Open Graph tags", async () => {
    const page = await render(publicPost);
    expect(page?.status).toBe(200);
    expect(page?.cacheControl).toBe(CACHE_REVIEW_PAGE);
    const html = String(page!.html);
    expect(html).toContain("<title>page_writer&#39;s review of Tonkotsu Lane | Dishcovery</title>");
    expect(html).toContain(
      `<meta property="og:title" content="page_writer's review of Tonkotsu Lane | Dishcovery">`,
    );
    expect(html).toContain(
      `<meta property="og:description" content="Rated 4.6 (Excellent). Broth &amp; &quot;chashu&quot; <worth> crossing London for">`,
    );
    expect(html).toContain(
      `<meta property="og:url" content="https://dishcovery.example/review/${publicPost}">`,
    );
    expect(html).toContain('content="https://dishcovery.example/og-default.png"');
    expect(html).toContain('"@type":"Review"');
    // The body: escaped text, the dish review, the comment with its anchor, links to the author and item.
    expect(html).toContain("Broth &amp; &quot;chashu&quot; &lt;worth&gt; crossing London for");
    expect(html).toContain("Silky noodles");
    expect(html).toContain(`id="comment-${commentId}"`);
    expect(html).toContain("Going Friday");
    expect(html).toContain(`href="/user/${author.userId}"`);
    expect(html).toContain(`href="/restaurant/${f.restaurantIds["Tonkotsu Lane"]}"`);
  });

  it("answers the same 404 page for a review that does not exist, was removed, or is a private account's", async () => {
    const missing = await render(999999);
    expect(missing?.status).toBe(404);
    expect(String(missing?.html)).toContain("<title>Page not found | Dishcovery</title>");
    expect(String(missing?.html)).toContain('content="noindex, nofollow"');
    const same = (page: Awaited<ReturnType<typeof render>>, id: number) =>
      String(page?.html).replaceAll(`/review/${id}`, "/review/ID");
    for (const id of [removedPost, privatePost]) {
      const page = await render(id);
      expect(page?.status).toBe(404);
      expect(page?.cacheControl).toBe(missing?.cacheControl);
      expect(same(page, id)).toBe(same(missing, 999999));
      expect(String(page?.html)).not.toMatch(/Removed words|Private words|page_hidden/);
    }
  });

  it("answers the same 404 to a reader across a block, through the API the page's island asks", async () => {
    const blocker = await createUser(t);
    await ok(sendJson(t, "POST", `/api/users/${author.userId}/block`, blocker));
    const asBlocker = await sendJson(t, "GET", `/api/posts/${publicPost}`, blocker);
    const missing = await sendJson(t, "GET", "/api/posts/999999", blocker);
    expect(asBlocker.status).toBe(404);
    expect(await asBlocker.json()).toEqual(await missing.json());
  });

  it("takes out, for a signed-in reader, the comments across a block that the visitor's page shows", async () => {
    const reader = await createUser(t);
    const blocked = await createUser(t);
    const theirs = (
      await ok(
        sendJson(t, "POST", "/api/comments/save", blocked, { postId: publicPost, content: "Blocked words" }),
      )
    ).id!;
    await ok(sendJson(t, "POST", `/api/users/${blocked.userId}/block`, reader));
    const visitors = (await loadReviewPage(inProcessApiClient(t.app), publicPost))!;
    const shown = visitors.comments.map((comment) => comment.id);
    expect(shown).toEqual(expect.arrayContaining([commentId, theirs]));
    const readers = (await loadReviewPage(inProcessApiClient(t.app), publicPost, reader.token))!;
    expect(commentsHiddenFrom(shown, readers.comments)).toEqual([theirs]);
    expect(commentsHiddenFrom(shown, visitors.comments)).toEqual([]);
  });

  it("answers 503 without caching when the API fails, and undefined without templates", async () => {
    const failing = createApiClient({
      fetch: async () => new Response("boom", { status: 500 }),
      timeoutMs: null,
    });
    const page = await renderReviewPage(3, { api: failing, template: templates });
    expect(page?.status).toBe(503);
    expect(page?.cacheControl).toBe("no-store");
    expect(
      await renderReviewPage(publicPost, { api: inProcessApiClient(t.app), template: async () => undefined }),
    ).toBeUndefined();
  });

  it("matches /review/{id} only, hides the templates, and keeps reviews out of the sitemap", () => {
    expect(matchPagePath("/review/12")).toEqual({ kind: "review", id: 12 });
    expect(matchPagePath("/review/12/")).toEqual({ kind: "review", id: 12 });
    for (const path of ["/review/0", "/review/abc", "/review/12/x", "/review/_template"])
      expect(matchPagePath(path)).toBeNull();
    expect(isTemplatePath("/review/_template-no-item/index.html")).toBe(true);
    expect(isIndexablePage("https://dishcovery.example/review/12")).toBe(false);
  });
});
