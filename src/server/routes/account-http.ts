// HTTP pieces shared by the accounts routes: body limits and content types.
import type { z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { envelope } from "../http/envelope.ts";

/** Account forms are a few hundred bytes; 16 KB leaves room and stops megabyte bodies early. */
export const ACCOUNT_BODY_LIMIT_BYTES = 16 * 1024;

export const limitAccountBody: MiddlewareHandler = bodyLimit({
  maxSize: ACCOUNT_BODY_LIMIT_BYTES,
  onError: (c) => c.json(envelope(null, 413, "Request body is too large."), 413),
});

const MEDIA_TYPES = {
  json: { test: /^application\/([\w.-]+\+)?json$/i, name: "application/json" },
  form: {
    test: /^(application\/x-www-form-urlencoded|multipart\/form-data)$/i,
    name: "application/x-www-form-urlencoded",
  },
} as const;

/**
 * 415 for a body of the wrong type, before validation: otherwise a JSON body sent to a form
 * endpoint would read as empty and answer a confusing "Invalid email address."
 */
export function requireBodyType(kind: keyof typeof MEDIA_TYPES): MiddlewareHandler {
  const expected = MEDIA_TYPES[kind];
  return async (c, next) => {
    const mediaType = (c.req.header("content-type") ?? "").split(";")[0]!.trim();
    if (!expected.test.test(mediaType)) {
      return c.json(envelope(null, 415, `Unsupported content type. Send ${expected.name}.`), 415);
    }
    await next();
  };
}

export const jsonContent = <T extends z.ZodType>(schema: T) => ({ "application/json": { schema } });
