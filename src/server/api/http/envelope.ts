// Every JSON answer is {code, message, data} with code equal to the HTTP status
// (architecture brief, "One app, two runtimes").
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { HTTP_MESSAGES } from "../../../domain/messages.ts";
import type { Envelope } from "../../../shared/schemas/envelope.ts";

export type { Envelope };

export function envelope<T>(data: T, code = 200, message = "success"): Envelope<T> {
  return { code, message, data };
}

export function ok<T, S extends ContentfulStatusCode = 200>(c: Context, data: T, status?: S) {
  return c.json(envelope(data, status ?? 200), (status ?? 200) as S);
}

/** A failure a caller can act on. Thrown anywhere below a route; app.onError answers it. */
// Plain fields, not parameter properties: Node runs our .ts by stripping types only.
export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly headers: Record<string, string>;
  /** The envelope's data: null, or {fields: {name: message}} so a form can mark each field. */
  readonly data: { fields: Record<string, string> } | null;
  constructor(
    status: ContentfulStatusCode,
    message?: string,
    headers: Record<string, string> = {},
    data: { fields: Record<string, string> } | null = null,
  ) {
    super(message ?? HTTP_MESSAGES[status as keyof typeof HTTP_MESSAGES] ?? "Request failed");
    this.status = status;
    this.headers = headers;
    this.data = data;
  }
}

/** A refusal that names the field at fault, in the user's words. */
export const fieldError = (status: ContentfulStatusCode, field: string, message: string) =>
  new ApiError(status, message, {}, { fields: { [field]: message } });

export const notFound = () => new ApiError(404);
