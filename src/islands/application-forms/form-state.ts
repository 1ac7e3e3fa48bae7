// Validation and submission for the visitor forms, kept out of the component so it can be
// tested without a DOM. The same zod schema checks the input here and in the API route.
import type { z } from "zod";
import { REGISTRATION_MESSAGES } from "../../shared/schemas/registrations.ts";

export type FieldErrors = Record<string, string>;

/** The first message per field, keyed by field name; empty when the values are valid. */
export function fieldErrors(schema: z.ZodType, values: Record<string, string>): FieldErrors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}

export type SubmitOutcome =
  | { ok: true; message: string }
  | { ok: false; message: string; fields: FieldErrors };

/** Posts the validated values; every failure becomes a message the form can show. */
export async function submitApplication(
  path: string,
  data: unknown,
  fetchImpl: typeof fetch = fetch,
): Promise<SubmitOutcome> {
  let response: Response;
  try {
    response = await fetchImpl(path, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(data),
    });
  } catch {
    return { ok: false, message: REGISTRATION_MESSAGES.registerError, fields: {} };
  }
  const body = (await response.json().catch(() => null)) as {
    message?: unknown;
    data?: { fields?: FieldErrors } | null;
  } | null;
  const message = typeof body?.message === "string" ? body.message : null;
  if (response.ok) return { ok: true, message: message ?? REGISTRATION_MESSAGES.registered };
  if (response.status === 400 || response.status === 413 || response.status === 429) {
    return {
      ok: false,
      message: message ?? REGISTRATION_MESSAGES.registerFailed,
      fields: body?.data?.fields ?? {},
    };
  }
  return { ok: false, message: REGISTRATION_MESSAGES.registerFailed, fields: {} };
}
