// Astro integration: after a build, hash every inline script and style in the output HTML
// and write the security headers for both hosts:
//   dist/_headers   - Cloudflare Pages applies it to every static response;
//   dist/.csp.json  - the Node host reads it at startup (src/server/api/http/site-security-headers.ts),
//                     and the Cloudflare Function with the first page it renders on demand
//                     (src/server/hosts/cloudflare-pages.ts).
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import { CACHE_IMMUTABLE } from "../server/hosts/static-site.ts";
import {
  CLOUDFLARE_PAGES_POLICY,
  CSP_MANIFEST,
  HEADERS_FILE_LINE_LIMIT,
  headersFileBlock,
  inlineHashesOf,
  mergeHashes,
  siteSecurityHeaders,
  type InlineHashes,
} from "./csp.ts";
import { mapOrigins } from "./map-origins.ts";

const HEADERS_FILE = "_headers";
const MARK_START = "# security headers (src/build/csp-integration.ts)";
const MARK_END = "# end security headers";

async function* htmlFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(path);
    else if (entry.name.endsWith(".html")) yield path;
  }
}

export async function hashesOfSite(dir: string): Promise<{ hashes: InlineHashes; pages: number }> {
  const all: InlineHashes[] = [];
  for await (const file of htmlFiles(dir)) all.push(inlineHashesOf(await readFile(file, "utf8")));
  return { hashes: mergeHashes(all), pages: all.length };
}

/**
 * What Cloudflare Pages adds to the security block: it sends `Access-Control-Allow-Origin: *`
 * with every static file by default (nothing here is meant for other origins' scripts), and
 * `max-age=0, must-revalidate` for hashed build assets, which never change under their name:
 * the same immutable cache the Node entry sends (static-site.ts).
 */
export function cdnHeadersBlock(securityBlock: string): string {
  return `${securityBlock.replace(/\n*$/, "\n")}  ! Access-Control-Allow-Origin\n/_astro/*\n  Cache-Control: ${CACHE_IMMUTABLE}\n`;
}

/** Replaces our block in an existing _headers (e.g. copied from public/) or appends it. */
export function withSecurityBlock(existing: string, block: string): string {
  const start = existing.indexOf(MARK_START);
  const end = existing.indexOf(MARK_END);
  const ours = `${MARK_START}\n${block}${MARK_END}\n`;
  if (start !== -1 && end > start) {
    return existing.slice(0, start) + ours + existing.slice(end + MARK_END.length).replace(/^\n/, "");
  }
  return existing.length > 0 ? `${existing.replace(/\n*$/, "\n\n")}${ours}` : ours;
}

export async function writeSecurityHeaders(dir: string): Promise<{ hashes: InlineHashes; pages: number }> {
  const found = await hashesOfSite(dir);
  let hashes: InlineHashes = { ...found.hashes, mapOrigins: mapOrigins(process.env.PUBLIC_MAP_STYLE_URL) };
  const pages = found.pages;
  // The same set the Function sends with the pages it renders on demand.
  const headers = (h: InlineHashes) => siteSecurityHeaders(h, CLOUDFLARE_PAGES_POLICY);
  let policy = headers(hashes)["Content-Security-Policy"] ?? "";
  if (`  Content-Security-Policy: ${policy}`.length > HEADERS_FILE_LINE_LIMIT) {
    // Too many distinct inline styles to hash: styles cannot run code, so they may fall back
    // to 'unsafe-inline'. Inline scripts keep their hashes (headersFileBlock throws if those
    // alone are too many).
    hashes = { ...hashes, inlineStylesUnhashed: true };
    policy = headers(hashes)["Content-Security-Policy"] ?? "";
  }
  await writeFile(join(dir, CSP_MANIFEST), `${JSON.stringify(hashes, null, 2)}\n`);
  const block = cdnHeadersBlock(headersFileBlock(headers(hashes)));
  const existing = await readFile(join(dir, HEADERS_FILE), "utf8").catch(() => "");
  await writeFile(join(dir, HEADERS_FILE), withSecurityBlock(existing, block));
  return { hashes, pages };
}

export function cspIntegration(): AstroIntegration {
  return {
    name: "dishcovery:csp",
    hooks: {
      "astro:build:done": async ({ dir, logger }) => {
        const { hashes, pages } = await writeSecurityHeaders(fileURLToPath(dir));
        logger.info(
          `Security headers for ${pages} pages: ${hashes.scripts.length} inline script hash(es), ` +
            `${hashes.styles.length} inline style hash(es), ${hashes.styleAttributes.length} style attribute hash(es)`,
        );
        if (hashes.inlineStylesUnhashed) {
          logger.warn("Too many inline styles to hash within Cloudflare's header limit: style-src allows 'unsafe-inline'");
        }
      },
    },
  };
}
