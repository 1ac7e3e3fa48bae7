// Images by name (GET /api/files/{name}). Names are unique and never reused for other bytes,
// so browsers and CDNs may keep them for a year without asking again.
import { createRoute } from "@hono/zod-openapi";
import { fileNameParam } from "../../../shared/schemas/catalogue-queries.ts";
import type { AppDeps } from "../deps.ts";
import { notFound } from "../http/envelope.ts";
import { createRouter } from "../http/router.ts";

export const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";

const fileByName = createRoute({
  method: "get",
  path: "/files/{name}",
  tags: ["Files"],
  summary: "A stored image, with its content type and long-lived cache headers",
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
      "cache-control": IMMUTABLE_CACHE_CONTROL,
      // Opened on its own, a file is a sandboxed document: even markup could not run or
      // reach this origin (issue 11). nosniff comes with every API answer.
      "content-security-policy": "sandbox; default-src 'none'",
    });
  });
}
