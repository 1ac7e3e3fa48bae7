// The Node entry's static host: serves the built site (astro build's outDir) with the
// routing a CDN would give it. The build prerenders a bounded set of catalogue pages; any
// other /{kind}/{id}, and every /review/{id}, is rendered on demand into its kind's built
// template by the `pageOnDemand` option (pages/page-render.ts), with the same HTML a
// prerendered page has; so is an item a write changed since the build (issue 30). Any other
// unknown path gets the 404 page with status 404. On Cloudflare, functions/{kind}/[id].ts do
// the same (cloudflare-pages.ts).
import { statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";
import { join, normalize, resolve, sep } from "node:path";
import type { Context, MiddlewareHandler } from "hono";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";
import { getMimeType } from "hono/utils/mime";
import type { OnDemandPage, TemplateSource } from "../pages/page-render.ts";
import {
  isTemplatePath,
  matchPagePath,
  templatePath,
  type PageId,
  type PageKindName,
} from "../pages/page-routes.ts";

// Hashed build assets never change under their name; HTML must be revalidated so a new
// build (or a newly added item) shows at once. Other public files change rarely.
export const CACHE_IMMUTABLE = "public, max-age=31536000, immutable";
export const CACHE_HTML = "no-cache";
export const CACHE_PUBLIC_FILE = "public, max-age=3600";

// Compressing tiny files costs more than it saves.
const MIN_COMPRESS_BYTES = 1024;
// Measured on the 213 KB React chunk: brotli quality 5 takes about 50 ms and comes within
// 10% of quality 11, which takes 2.5 s. Compression runs on libuv's pool, off the event loop.
const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const compressors = {
  br: (body: Buffer) =>
    brotliAsync(body, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  gzip: (body: Buffer) => gzipAsync(body, { level: GZIP_LEVEL }),
};
type Encoding = keyof typeof compressors;

/** Brotli, else gzip, of those the client accepts and `available` holds; undefined: send as is. */
function encodingFor(
  acceptEncoding: string | undefined,
  available: Partial<Record<Encoding, unknown>>,
): Encoding | undefined {
  const accepted = acceptEncoding ?? "";
  if (available.br && /\bbr\b/.test(accepted)) return "br";
  if (available.gzip && /\bgzip\b/.test(accepted)) return "gzip";
  return undefined;
}

// Thousands of catalogue pages would otherwise all stay in memory; the oldest loaded leave first.
const MAX_CACHED_BYTES = 64 * 1024 * 1024;

export interface StaticSiteOptions {
  /** The built site folder, e.g. ./dist (SITE_DIR). */
  root: string;
  /**
   * The folder to serve now, when a background rebuild swaps folders (site-refresh.ts). Read
   * once per request, so a request reads one folder throughout; a change empties the memory.
   */
  currentRoot?: () => string;
  /** Memory for loaded and compressed files; the oldest loaded are dropped beyond it. */
  maxCachedBytes?: number;
  /**
   * Renders /{kind}/{id} (pages/page-routes.ts) when the build did not prerender it, given the
   * built templates. Without it such paths answer the 404 page.
   */
  pageOnDemand?: (
    kind: PageKindName,
    id: PageId,
    templates: TemplateSource,
    /** The folder served now: a page kept in memory belongs to the build it was rendered into. */
    root: string,
  ) => Promise<OnDemandPage | undefined>;
  /**
   * True when a write changed the item since the served build (pages/changed-pages.ts): its
   * prerendered page would contradict the write, so it is rendered on demand (issue 30).
   */
  changedSinceBuild?: (kind: PageKindName, id: number) => boolean;
}

interface LoadedFile {
  body: Buffer;
  gzip?: Buffer;
  br?: Buffer;
  etag: string;
  contentType: string;
  mtimeMs: number;
  size: number;
}

type StaticFile = { file: LoadedFile; status: 200 | 404 };
type Resolved = StaticFile | { page: OnDemandPage };

/** Build control files Cloudflare Pages reads and never serves; the Node host hides them too. */
const CONTROL_FILES = new Set(["_headers", "_redirects", "_routes.json", "_worker.js"]);

/**
 * Files in the build that are not pages: dotfiles such as .build-stamp and .csp.json (what
 * built the site) and the control files above. They answer the 404 page, like a path that
 * does not exist. /.well-known/ stays public: it is meant to be read (security.txt).
 */
export function isBuildArtefact(pathname: string): boolean {
  const segments = normalize(pathname).split(/[\\/]/).filter(Boolean);
  if (segments.some((segment) => segment.startsWith(".") && segment !== ".well-known")) return true;
  return segments.length > 0 && CONTROL_FILES.has(segments[0]!);
}

/**
 * The static site as a Hono middleware. Paths under /api are left to the API (next());
 * every other GET or HEAD is answered here.
 */
export function staticSite(options: StaticSiteOptions): MiddlewareHandler {
  let root = resolve(options.currentRoot?.() ?? options.root);
  const maxCachedBytes = options.maxCachedBytes ?? MAX_CACHED_BYTES;
  // Promises, so concurrent first requests for a file share one read and one compression.
  const files = new Map<string, { mtimeMs: number; size: number; file: Promise<LoadedFile> }>();
  let cachedBytes = 0;
  const weight = (f: LoadedFile) => f.body.length + (f.gzip?.length ?? 0) + (f.br?.length ?? 0);

  async function readAndCompress(absolute: string, mtimeMs: number, size: number): Promise<LoadedFile> {
    const body = await readFile(absolute);
    const contentType = getMimeType(absolute) ?? "application/octet-stream";
    const file: LoadedFile = {
      body,
      contentType,
      etag: `W/"${size.toString(36)}-${Math.floor(mtimeMs).toString(36)}"`,
      mtimeMs,
      size,
    };
    if (body.length >= MIN_COMPRESS_BYTES && COMPRESSIBLE_CONTENT_TYPE_REGEX.test(contentType)) {
      [file.gzip, file.br] = await Promise.all([compressors.gzip(body), compressors.br(body)]);
    }
    return file;
  }

  // A swap to another folder: every cached file belonged to the old one.
  function currentRoot(): string {
    if (!options.currentRoot) return root;
    const now = resolve(options.currentRoot());
    if (now !== root) {
      root = now;
      files.clear();
      cachedBytes = 0;
    }
    return root;
  }

  // Files are re-read only when their size or mtime changes, so a rebuild in place is
  // picked up without a restart while the steady state serves from memory.
  async function loadFrom(relativePath: string, root: string): Promise<LoadedFile | undefined> {
    const absolute = normalize(join(root, relativePath));
    if (absolute !== root && !absolute.startsWith(root + sep)) return undefined;
    // Synchronous, and no exception for a missing file: an on-demand page first asks for two
    // paths that do not exist, and fs.promises.stat's ENOENT (an Error with its stack, a trip
    // through the thread pool) cost a fifth of the server's CPU per page, more than its SQL
    // (a CPU profile at scale 100, docs/perf/on-demand-pages.md). A stat is microseconds.
    let info;
    try {
      info = statSync(absolute, { throwIfNoEntry: false });
    } catch {
      return undefined;
    }
    if (!info?.isFile()) return undefined;
    const cached = files.get(absolute);
    if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size) return cached.file;
    if (cached) forget(absolute);
    const file = readAndCompress(absolute, info.mtimeMs, info.size);
    files.set(absolute, { mtimeMs: info.mtimeMs, size: info.size, file });
    file.then(
      (loaded) => {
        // Emptied by a swap while loading: not counted, it is no longer held.
        if (files.get(absolute)?.file !== file) return;
        cachedBytes += weight(loaded);
        for (const key of files.keys()) {
          if (cachedBytes <= maxCachedBytes || key === absolute) break;
          forget(key);
        }
      },
      () => {
        if (files.get(absolute)?.file === file) files.delete(absolute);
      },
    );
    return file;
  }

  function forget(key: string) {
    const entry = files.get(key);
    files.delete(key);
    entry?.file.then(
      (loaded) => (cachedBytes -= weight(loaded)),
      () => {},
    );
  }

  // Decoded once per loaded file: a template is read for every on-demand page.
  const decoded = new WeakMap<LoadedFile, string>();
  async function decodedTemplate(relativePath: string, root: string): Promise<string | undefined> {
    const file = await loadFrom(relativePath, root);
    if (!file) return undefined;
    let text = decoded.get(file);
    if (text === undefined) decoded.set(file, (text = file.body.toString("utf8")));
    return text;
  }
  const templatesIn =
    (root: string): TemplateSource =>
    (kind, variant) =>
      decodedTemplate(`${templatePath(kind, variant)}index.html`, root);

  async function resolvePath(pathname: string, root: string): Promise<Resolved | undefined> {
    const load = (relativePath: string) => loadFrom(relativePath, root);
    if (pathname.includes("\0")) return undefined;
    if (isBuildArtefact(pathname) || isTemplatePath(pathname)) {
      const notFoundPage = await load("404.html");
      return notFoundPage ? { file: notFoundPage, status: 404 } : undefined;
    }
    const item = matchPagePath(pathname);
    // A station's id is its slug: no write names a station (issue 31).
    const written = typeof item?.id === "number" && options.changedSinceBuild?.(item.kind, item.id);
    if (item && options.pageOnDemand && written) {
      const page = await options.pageOnDemand(item.kind, item.id, templatesIn(root), root);
      // When the catalogue cannot be read, the build's file beats a 503 (as on Cloudflare).
      if (page && page.status !== 503) return { page };
    }
    const direct = await load(pathname);
    if (direct) return { file: direct, status: 200 };
    const page = await load(join(pathname, "index.html"));
    if (page) return { file: page, status: 200 };

    // /user/{id}: one built page serves every profile (src/pages/user/index.astro).
    if (/^\/user\/[1-9][0-9]{0,14}\/?$/.test(pathname)) {
      const profilePage = await load("user/index.html");
      if (profilePage) return { file: profilePage, status: 200 };
    }
    if (item && options.pageOnDemand) {
      const page = await options.pageOnDemand(item.kind, item.id, templatesIn(root), root);
      if (page) return { page };
    }
    const notFoundPage = await load("404.html");
    return notFoundPage ? { file: notFoundPage, status: 404 } : undefined;
  }

  return async (c, next) => {
    const method = c.req.method;
    if (c.req.path === "/api" || c.req.path.startsWith("/api/")) return next();
    if (method !== "GET" && method !== "HEAD") return next();
    let pathname: string;
    try {
      pathname = decodeURIComponent(c.req.path);
    } catch {
      return next();
    }
    const served = currentRoot();
    const resolved = await resolvePath(pathname, served);
    if (!resolved) return next();
    if ("page" in resolved) return respondRendered(c, resolved.page);
    return respond(c, resolved, pathname);
  };
}

function cacheControlFor(pathname: string, file: LoadedFile, status: number): string {
  if (status === 200 && pathname.startsWith("/_astro/")) return CACHE_IMMUTABLE;
  if (file.contentType.startsWith("text/html")) return CACHE_HTML;
  return CACHE_PUBLIC_FILE;
}

function respond(c: Context, { file, status }: StaticFile, pathname: string): Response {
  const headers = new Headers({
    "Content-Type": file.contentType,
    "Cache-Control": cacheControlFor(pathname, file, status),
    ETag: file.etag,
  });
  if (file.gzip) headers.set("Vary", "Accept-Encoding");
  if (status === 200 && etagMatches(c.req.header("If-None-Match"), file.etag)) {
    return new Response(null, { status: 304, headers });
  }
  const encoding = encodingFor(c.req.header("Accept-Encoding"), file);
  const body = encoding ? file[encoding]! : file.body;
  if (encoding) headers.set("Content-Encoding", encoding);
  headers.set("Content-Length", String(body.length));
  return new Response(c.req.method === "HEAD" ? null : new Uint8Array(body), { status, headers });
}

// A kept page's compressed forms (src/server/pages/page-cache.ts): made once, on the first
// request that accepts each, and gone with the page's bytes.
const keptPageForms = new WeakMap<Uint8Array, Partial<Record<Encoding, Promise<Buffer>>>>();

function compressedPage(html: OnDemandPage["html"], encoding: Encoding): Promise<Buffer> {
  if (typeof html === "string") return compressors[encoding](Buffer.from(html, "utf8"));
  let forms = keptPageForms.get(html);
  if (!forms) keptPageForms.set(html, (forms = {}));
  return (forms[encoding] ??= compressors[encoding](Buffer.from(html.buffer, html.byteOffset, html.byteLength)));
}

/**
 * An on-demand page: compressed as the static files are, held by a CDN as CACHE_ON_DEMAND says.
 * HEAD gets the same headers but compresses nothing, so a compressed answer's length, known
 * only after compressing, is left out (RFC 9110 lets a HEAD answer omit Content-Length). A
 * kept page has an ETag, and a browser revalidating it gets a 304.
 */
async function respondRendered(c: Context, page: OnDemandPage): Promise<Response> {
  const headers = new Headers({
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": page.cacheControl,
    Vary: "Accept-Encoding",
  });
  if (page.etag) {
    headers.set("ETag", page.etag);
    if (etagMatches(c.req.header("If-None-Match"), page.etag)) return new Response(null, { status: 304, headers });
  }
  const encoding = encodingFor(c.req.header("Accept-Encoding"), compressors);
  if (encoding) headers.set("Content-Encoding", encoding);
  if (c.req.method === "HEAD") {
    if (!encoding) headers.set("Content-Length", String(Buffer.byteLength(page.html)));
    return new Response(null, { status: page.status, headers });
  }
  const body = encoding
    ? await compressedPage(page.html, encoding)
    : typeof page.html === "string"
      ? Buffer.from(page.html, "utf8")
      : page.html;
  headers.set("Content-Length", String(body.length));
  return new Response(new Uint8Array(body), { status: page.status, headers });
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}
