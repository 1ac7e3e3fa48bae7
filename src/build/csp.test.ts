import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  contentSecurityPolicy,
  headersFileBlock,
  inlineHashesOf,
  mergeHashes,
  parseInlineHashes,
  siteSecurityHeaders,
} from "./csp.ts";
import { withSecurityBlock, writeSecurityHeaders } from "./csp-integration.ts";
import { mapOrigins } from "./map-origins.ts";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("inlineHashesOf", () => {
  it("hashes inline scripts exactly as written, skipping external scripts and JSON-LD", () => {
    const html = `<html><head>
      <script type="application/ld+json">{"@type":"Thing"}</script>
      <script type="module" src="/_astro/app.js"></script>
      <script type="module">console.log("a")</script>
      <script>
  window.x = 1;
</script>
    </head></html>`;
    expect(inlineHashesOf(html).scripts.sort()).toEqual(
      [sha('console.log("a")'), sha("\n  window.x = 1;\n")].sort(),
    );
  });

  it("hashes style elements and decoded style attributes", () => {
    const html = `<style>.a{color:red}</style><div style="background:url(&quot;x.png&quot;)"></div>`;
    const hashes = inlineHashesOf(html);
    expect(hashes.styles).toEqual([sha(".a{color:red}")]);
    expect(hashes.styleAttributes).toEqual([sha('background:url("x.png")')]);
  });

  it("does not mistake text inside a script for a style attribute", () => {
    const html = `<script>el.innerHTML = '<b style="x">'</script>`;
    expect(inlineHashesOf(html).styleAttributes).toEqual([]);
  });

  it("merges pages without duplicates, in a stable order", () => {
    const a = inlineHashesOf("<script>a()</script><script>b()</script>");
    const b = inlineHashesOf("<script>b()</script>");
    expect(mergeHashes([a, b]).scripts).toEqual([sha("a()"), sha("b()")].sort());
  });
});

describe("contentSecurityPolicy", () => {
  const hashes = { scripts: [sha("a()")], styles: [sha(".a{}")], styleAttributes: [] };

  it("allows scripts only from self or by hash, and forbids plugins, base changes and framing", () => {
    const policy = contentSecurityPolicy(hashes, { production: false });
    const directives = Object.fromEntries(policy.split("; ").map((d) => [d.split(" ")[0], d]));
    expect(directives["script-src"]).toBe(`script-src 'self' ${sha("a()")}`);
    expect(directives["default-src"]).toBe("default-src 'self'");
    expect(directives["object-src"]).toBe("object-src 'none'");
    expect(directives["base-uri"]).toBe("base-uri 'none'");
    expect(directives["frame-ancestors"]).toBe("frame-ancestors 'none'");
    expect(directives["img-src"]).toContain("data:");
    expect(policy).not.toContain("unsafe-inline");
    expect(policy).not.toContain("unsafe-eval");
    expect(policy).not.toContain("upgrade-insecure-requests");
  });

  it("adds 'unsafe-hashes' only when style attributes exist", () => {
    expect(contentSecurityPolicy(hashes, { production: false })).not.toContain("unsafe-hashes");
    const withAttributes = { ...hashes, styleAttributes: [sha("color:red")] };
    expect(contentSecurityPolicy(withAttributes, { production: false })).toContain(
      `'unsafe-hashes' ${sha("color:red")}`,
    );
  });

  it("sends HSTS and upgrades requests only in production", () => {
    expect(siteSecurityHeaders(hashes, { production: false })["Strict-Transport-Security"]).toBeUndefined();
    const production = siteSecurityHeaders(hashes, { production: true });
    expect(production["Strict-Transport-Security"]).toMatch(/^max-age=\d+/);
    expect(production["Content-Security-Policy"]).toContain("upgrade-insecure-requests");
    expect(production).toMatchObject({
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
    });
  });
});

describe("the _headers file", () => {
  it("applies the headers to every path and refuses a line Cloudflare would reject", () => {
    expect(headersFileBlock({ "X-Content-Type-Options": "nosniff" })).toBe(
      "/*\n  X-Content-Type-Options: nosniff\n",
    );
    expect(() => headersFileBlock({ "Content-Security-Policy": "x".repeat(2000) })).toThrow(/2000/);
  });

  it("keeps rules already in _headers and replaces only its own block on a rebuild", () => {
    const first = withSecurityBlock("/api/*\n  Cache-Control: no-store\n", "/*\n  A: 1\n");
    expect(first).toContain("/api/*\n  Cache-Control: no-store\n");
    const second = withSecurityBlock(first, "/*\n  A: 2\n");
    expect(second).toContain("  A: 2");
    expect(second).not.toContain("  A: 1");
    expect(second.match(/Cache-Control/g)).toHaveLength(1);
  });

  it("writes _headers and .csp.json from every HTML file of a build", async () => {
    const dist = mkdtempSync(join(tmpdir(), "csp-dist-"));
    mkdirSync(join(dist, "about"));
    writeFileSync(join(dist, "index.html"), "<script>home()</script>");
    writeFileSync(join(dist, "about", "index.html"), "<script>about()</script><script src=/x.js></script>");
    const { pages } = await writeSecurityHeaders(dist);
    expect(pages).toBe(2);
    const manifest = JSON.parse(readFileSync(join(dist, ".csp.json"), "utf8"));
    expect(manifest.scripts).toEqual([sha("about()"), sha("home()")].sort());
    const headersFile = readFileSync(join(dist, "_headers"), "utf8");
    expect(headersFile).toContain(`script-src 'self' ${manifest.scripts.join(" ")}`);
    expect(headersFile).toContain("Strict-Transport-Security");
  });
});

describe("isIndexablePage", async () => {
  const { isIndexablePage } = await import("./sitemap-pages.ts");
  it("keeps public pages and drops catalogue templates and account screens", () => {
    expect(isIndexablePage("https://dishcovery.london/dish/12/")).toBe(true);
    expect(isIndexablePage("https://dishcovery.london/privacy-policy/")).toBe(true);
    expect(isIndexablePage("https://dishcovery.london/dish/_template-no-item/")).toBe(false);
    expect(isIndexablePage("https://dishcovery.london/sign-in-users/")).toBe(false);
    expect(isIndexablePage("https://dishcovery.london/verification/")).toBe(false);
    expect(isIndexablePage("https://dishcovery.london/search/")).toBe(false);
  });
});

describe("withoutTrailingSlash", async () => {
  const { withoutTrailingSlash } = await import("./sitemap-pages.ts");
  it("matches the canonical form of page URLs", () => {
    expect(withoutTrailingSlash({ url: "https://x.test/about/" }).url).toBe("https://x.test/about");
    expect(withoutTrailingSlash({ url: "https://x.test/" }).url).toBe("https://x.test/");
  });
});

describe("too many inline styles for Cloudflare's header limit", () => {
  it("falls back to 'unsafe-inline' for styles only, in both hosts' files", async () => {
    const dist = mkdtempSync(join(tmpdir(), "csp-dist-"));
    const styles = Array.from({ length: 60 }, (_, i) => `<style>.s${i}{}</style>`).join("");
    writeFileSync(join(dist, "index.html"), `${styles}<script>home()</script>`);
    const { hashes } = await writeSecurityHeaders(dist);
    expect(hashes.inlineStylesUnhashed).toBe(true);
    const headersFile = readFileSync(join(dist, "_headers"), "utf8");
    expect(headersFile).toContain("style-src 'self' 'unsafe-inline';");
    expect(headersFile).toContain(`script-src 'self' ${sha("home()")};`);
    expect(JSON.parse(readFileSync(join(dist, ".csp.json"), "utf8")).inlineStylesUnhashed).toBe(true);
  });
});

describe("the Map view's basemap (issue 31)", () => {
  const directives = (policy: string) =>
    Object.fromEntries(policy.split("; ").map((d) => [d.split(" ")[0], d])) as Record<string, string>;
  const hashes = { scripts: [], styles: [], styleAttributes: [] };

  it("allows the configured basemap's origin to be fetched and drawn, and nothing else more", () => {
    const open = directives(
      contentSecurityPolicy({ ...hashes, mapOrigins: mapOrigins(undefined) }, { production: true }),
    );
    expect(open["connect-src"]).toBe("connect-src 'self' https://tiles.openfreemap.org");
    expect(open["img-src"]).toBe("img-src 'self' data: blob: https://tiles.openfreemap.org");
    // MapLibre 6 runs its worker from its own file on our origin: no blob: workers, no eval.
    expect(open["worker-src"]).toBe("worker-src 'self'");
    expect(open["script-src"]).toBe("script-src 'self'");
    const bundled = directives(
      contentSecurityPolicy({ ...hashes, mapOrigins: mapOrigins("bundled") }, { production: true }),
    );
    expect(bundled["connect-src"]).toBe("connect-src 'self'");
    expect(mapOrigins("/map/style.json")).toEqual([]);
    expect(mapOrigins("https://tiles.example.org/style.json")).toEqual(["https://tiles.example.org"]);
  });

  it("keeps only well-formed origins from a manifest, so a damaged one cannot widen the policy", () => {
    const parsed = parseInlineHashes({
      scripts: [],
      mapOrigins: ["https://tiles.openfreemap.org", "*", "https://a.example; script-src *", "data:", 7],
    });
    expect(parsed?.mapOrigins).toEqual(["https://tiles.openfreemap.org"]);
  });

  it("writes the basemap's origin into both hosts' files from PUBLIC_MAP_STYLE_URL at build", async () => {
    const dir = mkdtempSync(join(tmpdir(), "csp-map-"));
    writeFileSync(join(dir, "index.html"), "<html><body>map</body></html>");
    const saved = process.env.PUBLIC_MAP_STYLE_URL;
    try {
      process.env.PUBLIC_MAP_STYLE_URL = "https://maps.example.org/styles/london.json";
      await writeSecurityHeaders(dir);
    } finally {
      if (saved === undefined) delete process.env.PUBLIC_MAP_STYLE_URL;
      else process.env.PUBLIC_MAP_STYLE_URL = saved;
    }
    const manifest = JSON.parse(readFileSync(join(dir, ".csp.json"), "utf8")) as { mapOrigins: string[] };
    expect(manifest.mapOrigins).toEqual(["https://maps.example.org"]);
    expect(readFileSync(join(dir, "_headers"), "utf8")).toContain(
      "connect-src 'self' https://maps.example.org;",
    );
  });
});
