// Submission for the visitor forms, kept out of the component so it can be tested without a
// DOM. The same zod schema checks the input in the form (accounts/form-errors.ts) and in the
// API route.
import type { ClientResponse } from "hono/client";
import { REGISTRATION_MESSAGES } from "../../domain/registration-rules.ts";
import { outcomeOf } from "../../shared/api-client.ts";
import type { FieldErrors } from "../../client/form-errors.ts";

export type SubmitOutcome =
  { ok: true; message: string } | { ok: false; message: string; fields: FieldErrors };

/** Reads the form's call into a message the form can show, and the fields the server named. */
export async function submitApplication<R extends ClientResponse<unknown, number, string>>(
  call: Promise<R>,
): Promise<SubmitOutcome> {
  const outcome = await outcomeOf(call);
  if (outcome.kind === "no-response") {
    return { ok: false, message: REGISTRATION_MESSAGES.registerError, fields: {} };
  }
  if (outcome.kind === "ok")
    return { ok: true, message: outcome.message || REGISTRATION_MESSAGES.registered };
  if (outcome.status === 400 || outcome.status === 413 || outcome.status === 429) {
    return {
      ok: false,
      message: outcome.message || REGISTRATION_MESSAGES.registerFailed,
      fields: outcome.fields,
    };
  }
  return { ok: false, message: REGISTRATION_MESSAGES.registerFailed, fields: {} };
}
