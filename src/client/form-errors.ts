// One message per form field from the shared zod schemas, the first the schema reports, so a
// field shows the spec's message for its first broken rule. Every island form uses it: the
// account screens, the application forms and the review modal's Add a Restaurant and Add a
// Dish.
import type { z } from "zod";

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

/** The first message per field, keyed by field name ("form" for the input as a whole); empty when valid. */
export function fieldErrors<K extends string = string>(schema: z.ZodType, values: unknown): FieldErrors<K> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Partial<Record<string, string>> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  return errors as FieldErrors<K>;
}

/** The first field (in form order) that has an error, to move the focus there. */
export function firstInvalid<K extends string>(order: readonly K[], errors: FieldErrors<K>): K | undefined {
  return order.find((field) => errors[field] !== undefined);
}
