import type { Context } from "hono";
import type { z } from "zod";
import { envelope } from "./envelope.ts";

/** "topNum: must be at most 100" — names the parameter so a caller knows what to fix. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const where = issue.path.length > 0 ? issue.path.join(".") : "request";
      return `Invalid ${where}: ${issue.message}`;
    })
    .join("; ");
}

/** The defaultHook of every OpenAPIHono router: invalid input answers 400 in the envelope. */
export function validationHook(
  result: { success: true } | { success: false; error: z.ZodError },
  c: Context,
) {
  if (!result.success) return c.json(envelope(null, 400, describeIssues(result.error)), 400);
}
