// Images by name (GET /api/files/{name}). Names are unique and never reused for other bytes.
// Catalogue artwork never changes or goes, so browsers and CDNs may keep it for a year. A photo
// someone uploaded goes when its review or account is deleted (erasure, docs/security.md), so
// no cache may keep it longer than an hour after that; on Cloudflare the data centre's copy is
// purged at once (files/purge-on-delete.ts).
import { createRoute } from "@hono/zod-openapi";
import { fileNameParam } from "../../../shared/schemas/catalogue-queries.ts";
import type { AppDeps } from "../deps.ts";
import { notFound } from "../http/envelope.ts";
import { createRouter } from "../http/router.ts";

export const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";
/**
 * An hour: deletion reaches every cache within it, while a feed scrolled twice does not
 * fetch its photos again. Revalidating every view (no-cache) would cost a storage read per
 * photo per page view; the names are unguessable, so only people shown the review hold them.
 */
export const USER_PHOTO_CACHE_CONTROL = "public, max-age=3600";

/** Review (p-…) and profile (a-…) photos: the names storedName() makes for uploads. */
export function isUserPhoto(name: string): boolean {
  return /^[pa]-/.test(name);
}

const fileByName = createRoute({
  method: "get",
  path: "/files/{name}",
  tags: ["Files"],
  summary:
    "A stored image, with its content type and cache headers (a year for catalogue art, an hour for uploaded photos)",
  request: { params: fileNameParam },
  responses: {
    200: { description: "The file's bytes" },
    400: { description: "A name that is not a plain file name" },
    404: { description: "Resource not found" },
  },
});

export function fileRoutes({ files }: AppDeps) {
  return createRouter().openapi(fileByName, async (c) => {
    const { name } = c.req.valid("param");
    const file = await files.get(name);
    if (!file) throw notFound();
    return c.body(file.body as Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>, 200, {
      "content-type": file.contentType,
      "content-length": String(file.bytes),
      "cache-control": isUserPhoto(name) ? USER_PHOTO_CACHE_CONTROL : IMMUTABLE_CACHE_CONTROL,
      // Opened on its own, a file is a sandboxed document: even markup could not run or
      // reach this origin (issue 11). nosniff comes with every API answer.
      "content-security-policy": "sandbox; default-src 'none'",
    });
  });
}
