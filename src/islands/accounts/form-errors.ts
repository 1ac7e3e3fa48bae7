// Turns a zod failure into one message per form field, the first the schema reports, so a
// field shows the spec's message for its first broken rule.
import type { z } from "zod";

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export function fieldErrors<K extends string>(error: z.ZodError): FieldErrors<K> {
  const errors: Partial<Record<string, string>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === "string" && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors as FieldErrors<K>;
}

/** The first field (in form order) that has an error, to move the focus there. */
export function firstInvalid<K extends string>(order: readonly K[], errors: FieldErrors<K>): K | undefined {
  return order.find((field) => errors[field] !== undefined);
}
