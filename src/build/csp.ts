// The site's Content-Security-Policy and other security headers, computed from the built
// HTML. Scripts run only from our own origin or when their exact text is hashed here: the
// session token lives in local storage, so this policy is the main defence against an
// injected script stealing it (issue 3, "Security headers").
import { createHash } from "node:crypto";

export interface InlineHashes {
  /** 'sha256-…' sources of inline <script> elements (JSON data blocks excluded). */
  scripts: string[];
  /** 'sha256-…' sources of inline <style> elements. */
  styles: string[];
  /** 'sha256-…' sources of style="…" attributes (need 'unsafe-hashes'). */
  styleAttributes: string[];
  /**
   * Set by the build when the style hashes would not fit Cloudflare's header line limit:
   * styles then fall back to 'unsafe-inline'. Scripts never fall back.
   */
  inlineStylesUnhashed?: boolean;
  /**
   * The origins the Map view's basemap loads its style, tiles, glyphs and sprites from
   * (PUBLIC_MAP_STYLE_URL at build, mapOrigins below): the map fetches them (connect-src) and
   * may draw them as images (img-src). Not hashes, but decided by the same build and read by
   * the hosts from the same manifest, so the pages and their policy always agree.
   */
  mapOrigins?: string[];
}

export const EMPTY_HASHES: InlineHashes = { scripts: [], styles: [], styleAttributes: [] };

/** CSP hash source of a text, over its UTF-8 bytes (CSP Level 3, "hash-source"). */
export function hashSource(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const STYLE = /<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi;
const STYLE_ATTRIBUTE = /<[a-z][^>]*?\sstyle\s*=\s*("([^"]*)"|'([^']*)')/gi;
const SRC_ATTRIBUTE = /(^|\s)src\s*=/i;
const TYPE_ATTRIBUTE = /(?:^|\s)type\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;
// Data blocks are never executed, so CSP does not govern them (HTML spec, "data block").
const DATA_BLOCK_TYPES = new Set(["application/ld+json", "application/json"]);

function decodeAttribute(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** Every inline script, style element and style attribute of one HTML document. */
export function inlineHashesOf(html: string): InlineHashes {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const styleAttributes = new Set<string>();
  // Script and style bodies are raw text: the hash covers the characters exactly as written.
  for (const match of html.matchAll(SCRIPT)) {
    const attributes = match[1] ?? "";
    const body = match[2] ?? "";
    if (SRC_ATTRIBUTE.test(attributes)) continue;
    const type = TYPE_ATTRIBUTE.exec(attributes);
    const typeValue = (type?.[1] ?? type?.[2] ?? type?.[3] ?? "").trim().toLowerCase();
    if (DATA_BLOCK_TYPES.has(typeValue)) continue;
    scripts.add(hashSource(body));
  }
  for (const match of html.matchAll(STYLE)) styles.add(hashSource(match[1] ?? ""));
  // An attribute's value is hashed after entity decoding, as the browser sees it.
  const withoutRawText = html.replace(SCRIPT, "").replace(STYLE, "");
  for (const match of withoutRawText.matchAll(STYLE_ATTRIBUTE)) {
    styleAttributes.add(hashSource(decodeAttribute(match[2] ?? match[3] ?? "")));
  }
  return { scripts: [...scripts], styles: [...styles], styleAttributes: [...styleAttributes] };
}

export function mergeHashes(all: InlineHashes[]): InlineHashes {
  const merged = {
    scripts: new Set<string>(),
    styles: new Set<string>(),
    styleAttributes: new Set<string>(),
  };
  for (const hashes of all) {
    for (const h of hashes.scripts) merged.scripts.add(h);
    for (const h of hashes.styles) merged.styles.add(h);
    for (const h of hashes.styleAttributes) merged.styleAttributes.add(h);
  }
  // Sorted so the same build always writes the same policy.
  return {
    scripts: [...merged.scripts].sort(),
    styles: [...merged.styles].sort(),
    styleAttributes: [...merged.styleAttributes].sort(),
  };
}

export interface PolicyOptions {
  production: boolean;
}

export function contentSecurityPolicy(hashes: InlineHashes, { production }: PolicyOptions): string {
  const map = hashes.mapOrigins ?? [];
  const styleSources = ["'self'"];
  if (hashes.inlineStylesUnhashed) styleSources.push("'unsafe-inline'");
  else {
    styleSources.push(...hashes.styles);
    if (hashes.styleAttributes.length > 0) styleSources.push("'unsafe-hashes'", ...hashes.styleAttributes);
  }
  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    ["script-src", ["'self'", ...hashes.scripts]],
    ["style-src", styleSources],
    // data: for inline SVG placeholders; blob: for local previews of photos being uploaded.
    ["img-src", ["'self'", "data:", "blob:", ...map]],
    ["font-src", ["'self'"]],
    ["connect-src", ["'self'", ...map]],
    ["manifest-src", ["'self'"]],
    // MapLibre 6 starts its worker from its own file on our origin (src/islands/map/map-engine.ts),
    // so the map needs no blob: workers.
    ["worker-src", ["'self'"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'none'"]],
    ["frame-ancestors", ["'none'"]],
    ["form-action", ["'self'"]],
  ];
  // Only over HTTPS: on a plain-HTTP development host it would break every request.
  if (production) directives.push(["upgrade-insecure-requests", []]);
  return directives.map(([name, sources]) => [name, ...sources].join(" ")).join("; ");
}

/** Two years, as the HSTS preload list requires. */
export const HSTS_VALUE = "max-age=63072000; includeSubDomains; preload";

// geolocation=(self): "Near me" asks for the position on our own pages only, when pressed (issue 31).
export const PERMISSIONS_POLICY =
  "accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(self), gyroscope=(), " +
  "magnetometer=(), microphone=(), midi=(), payment=(), usb=(), browsing-topics=()";

/**
 * Cloudflare Pages always serves over HTTPS, so its pages get HSTS and
 * upgrade-insecure-requests whatever NODE_ENV says: the build's `_headers` file and the
 * Function that renders item pages on demand both use this, and so send the same set.
 */
export const CLOUDFLARE_PAGES_POLICY: PolicyOptions = { production: true };

/** The hash lists the build writes beside the site (dist/.csp.json), for the hosts to read. */
export const CSP_MANIFEST = ".csp.json";

const HASH_SOURCE = /^'sha256-[A-Za-z0-9+/=]+'$/;
/** An https origin, or http on this machine (src/domain/map-style-setting.ts allows no other). */
const MAP_ORIGIN = /^(https:\/\/[a-z0-9.-]+|http:\/\/(localhost|127\.0\.0\.1))(:[0-9]{1,5})?$/;

/**
 * The manifest's JSON as hash lists, keeping only well-formed hash sources, or null when it
 * is not an object: a damaged manifest can drop an inline script, never widen the policy.
 */
export function parseInlineHashes(value: unknown): InlineHashes | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const parsed = value as Partial<Record<keyof InlineHashes, unknown>>;
  const list = (entry: unknown) =>
    Array.isArray(entry)
      ? entry.filter((v): v is string => typeof v === "string" && HASH_SOURCE.test(v))
      : [];
  return {
    scripts: list(parsed.scripts),
    styles: list(parsed.styles),
    styleAttributes: list(parsed.styleAttributes),
    inlineStylesUnhashed: parsed.inlineStylesUnhashed === true,
    mapOrigins: Array.isArray(parsed.mapOrigins)
      ? parsed.mapOrigins.filter((v): v is string => typeof v === "string" && MAP_ORIGIN.test(v))
      : [],
  };
}

/**
 * Every header a page or asset response carries, on both hosts and for prerendered and
 * on-demand pages alike: the one source of the set (decision 005). HSTS only in production.
 */
export function siteSecurityHeaders(hashes: InlineHashes, options: PolicyOptions): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Security-Policy": contentSecurityPolicy(hashes, options),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": PERMISSIONS_POLICY,
    // Older browsers ignore frame-ancestors; this covers them.
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
  };
  if (options.production) headers["Strict-Transport-Security"] = HSTS_VALUE;
  return headers;
}

/** Cloudflare Pages limits each _headers line to 2,000 characters. */
export const HEADERS_FILE_LINE_LIMIT = 2000;

/** A Cloudflare Pages `_headers` block applying the headers to every static path. */
export function headersFileBlock(headers: Record<string, string>): string {
  const lines = Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`);
  const tooLong = lines.find((line) => line.length > HEADERS_FILE_LINE_LIMIT);
  if (tooLong) {
    throw new Error(
      `A _headers line is ${tooLong.length} characters, over Cloudflare's ${HEADERS_FILE_LINE_LIMIT}: ` +
        "too many distinct inline scripts or styles. Move them into bundled files.",
    );
  }
  return ["/*", ...lines, ""].join("\n");
}
