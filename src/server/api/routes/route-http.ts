// HTTP pieces shared by the API routes: the OpenAPI security and failure entries, body limits
// and content types.
import type { z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { errorEnvelope } from "../../../shared/schemas/envelope.ts";
import { envelope } from "../http/envelope.ts";

export const jsonContent = <T extends z.ZodType>(schema: T) => ({ "application/json": { schema } });

/** The OpenAPI security of a call that needs a bearer token. */
export const bearer = [{ bearerAuth: [] }];

/** An OpenAPI failure response: the error envelope, with what went wrong. */
export const failure = (description: string) => ({ description, content: jsonContent(errorEnvelope) });

export const unauthorized = failure("Missing, invalid, expired or logged-out token");

export const commonFailures = {
  400: failure("A parameter is invalid; the message says which"),
  401: unauthorized,
};

/** A read anyone may make answers this to a token that no longer works (routes/social-http.ts viewerOf). */
export const staleToken = failure(
  "A token was sent but no longer works; without a token the call reads as a visitor",
);

export const tooMany = failure("Over the daily limit; Retry-After says when to try again");

/** auth/search-limit.ts: the searches of one client (or one signed-in user) a minute. */
export const tooManySearches = failure(
  "Over 60 searches a minute from one client, or 120 by one signed-in user; Retry-After says when to try again",
);

function limitBody(maxSize: number): MiddlewareHandler {
  return bodyLimit({
    maxSize,
    onError: (c) => c.json(envelope(null, 413, "Request body is too large."), 413),
  });
}

/** Account forms are a few hundred bytes; 16 KB leaves room and stops megabyte bodies early. */
export const ACCOUNT_BODY_LIMIT_BYTES = 16 * 1024;

export const limitAccountBody = limitBody(ACCOUNT_BODY_LIMIT_BYTES);

/** JSON edits and reports of reviews and catalogue items: 64 KB. */
export const limitJsonBody = limitBody(64 * 1024);

const MEDIA_TYPES = {
  json: { test: /^application\/([\w.-]+\+)?json$/i, name: "application/json" },
  form: {
    test: /^(application\/x-www-form-urlencoded|multipart\/form-data)$/i,
    name: "application/x-www-form-urlencoded",
  },
  multipart: { test: /^multipart\/form-data$/i, name: "multipart/form-data" },
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
