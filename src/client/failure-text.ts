// What a failed call says on every screen that changes something: one wording of an API
// failure for the feed, profiles, moderation, notifications, settings and search.
import type { ApiOutcome } from "../shared/api-client.ts";

export type FailedOutcome = Exclude<ApiOutcome<unknown>, { kind: "ok" }>;

/**
 * What a failed change says: log in again when the session has expired, the API's reason
 * when a person can act on it, else ours.
 */
export function failureText(outcome: FailedOutcome, fallback: string, signedOut: string): string {
  if (outcome.kind !== "failed") return outcome.message;
  if (outcome.status === 401) return signedOut;
  const fields = Object.values(outcome.fields);
  if (fields.length > 0) return fields.join(" ");
  return [400, 409, 422, 429].includes(outcome.status) && outcome.message ? outcome.message : fallback;
}
