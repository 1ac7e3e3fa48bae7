// The Node host's security headers for everything that is not the API (pages, assets, the
// 404 page): the same policy Cloudflare gets from dist/_headers, built from the inline-script
// hashes the build wrote to dist/.csp.json. API responses keep their own stricter headers
// (security-headers.ts).
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { MiddlewareHandler } from "hono";
import { EMPTY_HASHES, siteSecurityHeaders, type InlineHashes } from "../../../build/csp.ts";

export interface SiteSecurityHeadersOptions {
  /** The built site folder (SITE_DIR), where the build wrote .csp.json. */
  root: string;
  production: boolean;
  log?: (level: "info" | "warn" | "error", message: string) => void;
}

/** How often the manifest's mtime is checked, so a rebuild in place is picked up. */
const RECHECK_MS = 1000;

function readHashes(file: string): InlineHashes | null {
  try {
    const parsed = JSON.parse(readFileSync(file, "utf8")) as Partial<InlineHashes>;
    const list = (value: unknown) =>
      Array.isArray(value) ? value.filter((v): v is string => typeof v === "string" && /^'sha256-[A-Za-z0-9+/=]+'$/.test(v)) : [];
    return {
      scripts: list(parsed.scripts),
      styles: list(parsed.styles),
      styleAttributes: list(parsed.styleAttributes),
      inlineStylesUnhashed: parsed.inlineStylesUnhashed === true,
    };
  } catch {
    return null;
  }
}

export function siteSecurityHeadersMiddleware(options: SiteSecurityHeadersOptions): MiddlewareHandler {
  const manifest = join(options.root, ".csp.json");
  let headers = siteSecurityHeaders(EMPTY_HASHES, options);
  let loadedMtime = -1;
  let checkedAt = 0;

  const refresh = () => {
    const now = Date.now();
    if (now - checkedAt < RECHECK_MS) return;
    checkedAt = now;
    let mtime: number;
    try {
      mtime = statSync(manifest).mtimeMs;
    } catch {
      if (loadedMtime !== 0) {
        // Without the manifest no inline script is allowed: safe, but pages may lose scripts.
        options.log?.("warn", `${manifest} not found; serving a policy with no inline-script hashes`);
        headers = siteSecurityHeaders(EMPTY_HASHES, options);
        loadedMtime = 0;
      }
      return;
    }
    if (mtime === loadedMtime) return;
    const hashes = readHashes(manifest);
    if (hashes) headers = siteSecurityHeaders(hashes, options);
    loadedMtime = mtime;
  };
  refresh();

  return async (c, next) => {
    await next();
    if (c.req.path === "/api" || c.req.path.startsWith("/api/")) return;
    refresh();
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  };
}
