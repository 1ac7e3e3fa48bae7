// The Node host's security headers for everything that is not the API (pages prerendered or
// rendered on demand, assets, the 404 page): the set src/build/csp.ts makes, which Cloudflare
// gets from dist/_headers and its Function, built from the inline-script hashes the build
// wrote to dist/.csp.json. API responses keep their own stricter headers
// (security-headers.ts).
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { MiddlewareHandler } from "hono";
import {
  CSP_MANIFEST,
  EMPTY_HASHES,
  parseInlineHashes,
  siteSecurityHeaders,
  type InlineHashes,
} from "../../../build/csp.ts";

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
    return parseInlineHashes(JSON.parse(readFileSync(file, "utf8")));
  } catch {
    return null;
  }
}

export function siteSecurityHeadersMiddleware(options: SiteSecurityHeadersOptions): MiddlewareHandler {
  const manifest = join(options.root, CSP_MANIFEST);
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
