// The on-demand renderer's own rules; tests/e2e/edge-pages.spec.ts compares whole pages with
// the prerendered ones for every kind.
import { describe, expect, it } from "vitest";
import { createApiClient } from "../../shared/api-client.ts";
import { renderCataloguePage } from "./catalogue-page-render.ts";
import { CACHE_NONE, fillTemplate, type TemplateSource } from "./page-render.ts";

const TEMPLATE =
  '<title>@@dishcovery:title@@</title><meta name="description" content="@@dishcovery:description@@">' +
  '<link rel="canonical" href="https://dishcovery.example/@@dishcovery:path@@">' +
  '<meta property="og:title" content="@@dishcovery:title@@">' +
  '<meta property="og:image" content="https://dishcovery.example/@@dishcovery:image@@">' +
  '<script type="application/ld+json">{"@dishcovery":"json-ld"}</script><main><!--@@dishcovery:body@@--></main>';

describe("fillTemplate", () => {
  it("escapes the item's text as Astro does, in text and in attributes", () => {
    const html = fillTemplate(TEMPLATE, {
      title: `Fish & "Chips" <b>'s`,
      description: `Crisp & "hot"`,
      canonicalPath: "/dish/7",
      ogImage: "/api/files/fish%20chips.webp",
      jsonLd: [{ name: "</script><script>alert(1)</script>" }, { "@type": "Place" }],
      bodyHtml: "<h1>Fish</h1>",
    });
    expect(html).toContain("<title>Fish &amp; &quot;Chips&quot; &lt;b&gt;&#39;s</title>");
    expect(html).toContain(`<meta property="og:title" content="Fish &amp; &quot;Chips&quot; <b>'s">`);
    expect(html).toContain(`<meta name="description" content="Crisp &amp; &quot;hot&quot;">`);
    expect(html).toContain('<link rel="canonical" href="https://dishcovery.example/dish/7">');
    expect(html).toContain('content="https://dishcovery.example/api/files/fish%20chips.webp"');
    expect(html).toContain(
      '<script type="application/ld+json">{"name":"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"}</script><script type="application/ld+json">{"@type":"Place"}</script>',
    );
    expect(html).toContain("<main><h1>Fish</h1></main>");
  });

  it("never takes an item's own text for a mark", () => {
    const html = fillTemplate(TEMPLATE, {
      title: "@@dishcovery:description@@",
      description: "d",
      canonicalPath: "/dish/7",
      bodyHtml: "<p>@@dishcovery:title@@ <!--@@dishcovery:body@@--></p>",
    });
    expect(html).toContain("<title>@@dishcovery:description@@</title>");
    expect(html).toContain("<main><p>@@dishcovery:title@@ <!--@@dishcovery:body@@--></p></main>");
  });
});

describe("renderCataloguePage", () => {
  const templates: TemplateSource = async (_kind, variant) =>
    variant === "no-item" ? TEMPLATE.replace("<script", '<meta name="robots" content="noindex, nofollow"><script') : TEMPLATE;

  it("answers the kind's failure message with 503 and no cache when the API fails", async () => {
    const failing = createApiClient({ fetch: async () => new Response("boom", { status: 500 }), timeoutMs: null });
    const logged: string[] = [];
    const page = await renderCataloguePage("restaurant", 12, {
      api: failing,
      template: templates,
      log: (_level, message) => logged.push(message),
    });
    expect(page?.status).toBe(503);
    expect(page?.cacheControl).toBe(CACHE_NONE);
    expect(page?.html).toContain("<title>Failed to fetch restaurant data | Dishcovery</title>");
    expect(logged).toEqual(["On-demand restaurant page 12 could not be read"]);
  });

  it("answers undefined when the build has no templates (a site built before on-demand pages)", async () => {
    const api = createApiClient({
      fetch: async () => new Response(JSON.stringify({ code: 404, message: "Resource not found", data: null }), { status: 404 }),
      timeoutMs: null,
    });
    expect(await renderCataloguePage("dish", 3, { api, template: async () => undefined })).toBeUndefined();
  });
});
