// The one validation hook of every router: invalid input answers 400 in the envelope, before
// the handler runs, so nothing changes.
import type { Context } from "hono";
import type { z } from "zod";
import { envelope } from "./envelope.ts";

/** {field: first message} for every field at fault, so a form can mark each of them. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : "request";
    fields[field] ??= issue.message;
  }
  return fields;
}

/** zod's own messages ("Invalid input: expected string…", "Too big: …") say nothing of where. */
const ZOD_DEFAULT_MESSAGE = /^(Invalid (input|option|element|key|value|string|union|format)|Too (big|small)|Unrecognized key)/;

/**
 * A schema's message is either a sentence in the user's words ("Invalid email address.",
 * shown as it is) or a fragment about a parameter ("must be at most 100", or one of zod's
 * defaults), which is prefixed with the parameter's name so a caller knows what to fix:
 * "Invalid topNum: must be at most 100".
 */
export function describeIssue(issue: z.core.$ZodIssue): string {
  if (/^[A-Z]/.test(issue.message) && !ZOD_DEFAULT_MESSAGE.test(issue.message)) return issue.message;
  const where = issue.path.length > 0 ? issue.path.join(".") : "request";
  return `Invalid ${where}: ${issue.message}`;
}

// `c` is typed by what the hook uses: a full Context would widen each route's path to string
// in the router's type, and the typed client (src/shared/api-client.ts) would lose its routes.
export function validationHook(
  result: { success: true } | { success: false; error: z.ZodError },
  c: Pick<Context, "json">,
) {
  if (result.success) return;
  const first = result.error.issues[0];
  const message = first ? describeIssue(first) : "Invalid request";
  return c.json(envelope({ fields: fieldErrors(result.error) }, 400, message), 400);
}
