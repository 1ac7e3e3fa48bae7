import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { siteSecurityHeadersMiddleware } from "./site-security-headers.ts";

const HASH = "'sha256-Y2xhc3NpYy1pbmxpbmUtc2NyaXB0LWhhc2gtdmFsdWU='";

function siteWith(manifest: unknown, production = false) {
  const root = mkdtempSync(join(tmpdir(), "site-headers-"));
  if (manifest !== undefined) writeFileSync(join(root, ".csp.json"), JSON.stringify(manifest));
  const app = new Hono();
  app.use("*", siteSecurityHeadersMiddleware({ root, production }));
  app.get("/api/health", (c) => c.json({ ok: true }));
  app.get("/", (c) => c.html("<h1>Home</h1>"));
  app.get("*", (c) => c.html("<h1>Not found</h1>", 404));
  return app;
}

describe("siteSecurityHeadersMiddleware", () => {
  it("puts the built policy with its script hashes on pages, including the 404 page", async () => {
    const app = siteWith({ scripts: [HASH], styles: [], styleAttributes: [] });
    for (const path of ["/", "/no-such-page"]) {
      const res = await app.request(path);
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp).toContain(`script-src 'self' ${HASH}`);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("permissions-policy")).toContain("camera=()");
      expect(res.headers.get("strict-transport-security")).toBeNull();
    }
  });

  it("leaves API responses to the API's own headers", async () => {
    const res = await siteWith({ scripts: [HASH] }).request("/api/health");
    expect(res.headers.get("content-security-policy")).toBeNull();
  });

  it("adds HSTS in production", async () => {
    const res = await siteWith({ scripts: [] }, true).request("/");
    expect(res.headers.get("strict-transport-security")).toMatch(/max-age=63072000/);
  });

  it("without a manifest, or with junk in it, allows no inline script at all", async () => {
    for (const manifest of [undefined, { scripts: ["'unsafe-inline'", "*", 42] }]) {
      const res = await siteWith(manifest).request("/");
      const scriptSrc = (res.headers.get("content-security-policy") ?? "")
        .split("; ")
        .find((d) => d.startsWith("script-src"));
      expect(scriptSrc).toBe("script-src 'self'");
    }
  });
});
