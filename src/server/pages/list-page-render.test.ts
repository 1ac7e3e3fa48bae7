// A list's own page (/list/{id}, issue 32), rendered on demand through the app as both hosts do:
// 200 with the list, each item's note, Open Graph tags and an ItemList in JSON-LD; the same 404
// page, naming nothing of the list, for a list that does not exist, a private one, a
// followers-only one and a private account's; and the same 404 through the API the page's
// island asks for a reader across a block.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isIndexablePage } from "../../build/sitemap-pages.ts";
import { createUser, sendJson, type TestUser } from "../api/testing/accounts.ts";
import { buildCatalogueFixture, type CatalogueFixture } from "../api/testing/fixture.ts";
import { createTestApp, type TestApp } from "../api/testing/test-app.ts";
import { inProcessApiClient } from "./in-process-api-client.ts";
import { CACHE_LIST_PAGE, renderListPage } from "./list-page-render.ts";
import type { TemplateSource } from "./page-render.ts";
import { isTemplatePath, matchPagePath } from "./page-routes.ts";

const HEAD =
  '<title>@@dishcovery:title@@</title><meta name="description" content="@@dishcovery:description@@">' +
  '<link rel="canonical" href="https://dishcovery.example/@@dishcovery:path@@">' +
  '<meta property="og:title" content="@@dishcovery:title@@">' +
  '<meta property="og:url" content="https://dishcovery.example/@@dishcovery:path@@">';
const JSON_LD = '<script type="application/ld+json">{"@dishcovery":"json-ld"}</script>';
const BODY = "<main><!--@@dishcovery:body@@--></main>";
const templates: TemplateSource = async (_kind, variant) =>
  variant === "image"
    ? HEAD +
      '<meta property="og:image" content="https://dishcovery.example/@@dishcovery:image@@">' +
      JSON_LD +
      BODY
    : variant === "default-image"
      ? HEAD +
        '<meta property="og:image" content="https://dishcovery.example/og-default.png">' +
        JSON_LD +
        BODY
      : HEAD + '<meta name="robots" content="noindex, nofollow">' + BODY;

let t: TestApp;
let f: CatalogueFixture;
let owner: TestUser;

async function data(res: Response | Promise<Response>) {
  const answer = await res;
  const body = (await answer.json()) as { data: { id: number } };
  expect(answer.status, JSON.stringify(body)).toBeLessThan(300);
  return body.data;
}
async function listOf(who: TestUser, name: string, visibility: string, notes: [string, string][] = []) {
  const { id } = await data(
    sendJson(t, "POST", "/api/lists", who, { name, visibility, description: "Where we go & why" }),
  );
  for (const [dish, note] of notes) {
    await data(
      sendJson(t, "POST", `/api/lists/${id}/items`, who, { kind: "dish", id: f.dishIds[dish], note }),
    );
    t.clock.advance(1000);
  }
  return id;
}
const render = (id: number) => renderListPage(id, { api: inProcessApiClient(t.app), template: templates });

beforeAll(async () => {
  t = await createTestApp();
  f = await buildCatalogueFixture(t.db, t.clock.now());
  owner = await createUser(t, { username: "list_keeper" });
});
afterAll(() => t.close());

describe("a list's page", () => {
  it("answers 200 with the items, the owner's notes, Open Graph tags and an ItemList", async () => {
    const id = await listOf(owner, 'Noodles <"best">', "public", [
      ["Shoyu Ramen", "Ask for extra <egg>"],
      ["Tonkotsu Ramen", ""],
    ]);
    const page = await render(id);
    expect(page?.status).toBe(200);
    expect(page?.cacheControl).toBe(CACHE_LIST_PAGE);
    const html = String(page!.html);
    expect(html).toContain(
      "<title>Noodles &lt;&quot;best&quot;&gt;, a list by list_keeper | Dishcovery</title>",
    );
    expect(html).toContain(`<meta property="og:url" content="https://dishcovery.example/list/${id}">`);
    expect(html).toContain(`<link rel="canonical" href="https://dishcovery.example/list/${id}">`);
    expect(html).toContain('<meta name="description" content="Where we go &amp; why">');
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!);
    expect(jsonLd).toMatchObject({ "@type": "ItemList", name: 'Noodles <"best">', numberOfItems: 2 });
    expect(
      jsonLd.itemListElement.map((e: { name: string; position: number }) => [e.position, e.name]),
    ).toEqual([
      [1, "Tonkotsu Ramen"],
      [2, "Shoyu Ramen"],
    ]);
    expect(jsonLd.itemListElement[0].url).toBe(
      `https://dishcovery.example/dish/${f.dishIds["Tonkotsu Ramen"]}`,
    );
    expect(html).toContain("Ask for extra &lt;egg&gt;");
    expect(html).toContain(`href="/dish/${f.dishIds["Shoyu Ramen"]}"`);
    expect(html).toContain(`href="/user/${owner.userId}"`);
    expect(html).toMatch(/data-added="[0-9T:.-]+Z"/);
  });

  it("answers the same 404, naming nothing of the list, for a missing, private, followers-only or private account's list", async () => {
    const missing = await render(999_999);
    expect(missing?.status).toBe(404);
    expect(String(missing?.html)).toContain("<title>Page not found | Dishcovery</title>");
    expect(String(missing?.html)).toContain('content="noindex, nofollow"');
    const same = (page: Awaited<ReturnType<typeof render>>, id: number) =>
      String(page?.html).replaceAll(`/list/${id}`, "/list/ID");
    const secretive = await createUser(t, { username: "quiet_keeper" });
    const hidden = [
      await listOf(owner, "Secret suppers", "private", [["Shoyu Ramen", "Secret note"]]),
      await listOf(owner, "Friends only feasts", "followers"),
      await listOf(secretive, "Quiet public list", "public"),
    ];
    await data(
      sendJson(t, "POST", `/api/profiles/updatePrivacy/${secretive.userId}`, secretive, { isPrivate: true }),
    );
    for (const id of hidden) {
      const page = await render(id);
      expect(page?.status).toBe(404);
      expect(page?.cacheControl).toBe(missing?.cacheControl);
      expect(same(page, id)).toBe(same(missing, 999_999));
      expect(String(page?.html)).not.toMatch(/Secret|Friends only|Quiet public|quiet_keeper|list_keeper/);
    }
  });

  it("answers the same 404 to a reader across a block, through the API the page's island asks", async () => {
    const id = await listOf(owner, "Open to all", "public");
    const blocked = await createUser(t);
    await data(sendJson(t, "POST", `/api/users/${blocked.userId}/block`, owner));
    const asBlocked = await sendJson(t, "GET", `/api/lists/${id}`, blocked);
    const missing = await sendJson(t, "GET", "/api/lists/999999", blocked);
    expect(asBlocked.status).toBe(404);
    expect(await asBlocked.json()).toEqual(await missing.json());
  });

  it("matches /list/{id} only, hides the templates, and keeps lists out of the sitemap", () => {
    expect(matchPagePath("/list/12")).toEqual({ kind: "list", id: 12 });
    for (const path of ["/list/0", "/list/abc", "/list/12/x", "/list/_template"])
      expect(matchPagePath(path)).toBeNull();
    expect(isTemplatePath("/list/_template-no-item/index.html")).toBe(true);
    expect(isIndexablePage("https://dishcovery.example/list/_template")).toBe(false);
  });
});
