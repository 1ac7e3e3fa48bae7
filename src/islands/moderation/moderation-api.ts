// The /moderation screen's calls (issue 21, docs/moderation.md), through the one typed client
// (decision 009). Every call carries the moderator's bearer token and asks for a fresh answer:
// the queue changes under other moderators' hands.
import type { ModerationActionInput } from "../../shared/schemas/moderation.ts";
import type { ModerationKind } from "../../domain/moderation.ts";
import {
  api,
  callOptions,
  NO_RESPONSE_MESSAGE,
  outcomeOf,
  type ApiClient,
  type ApiOutcome,
} from "../../shared/api-client.ts";

export interface QueueFilter {
  kind?: ModerationKind;
  reason?: string;
}

export function moderationApi(client: ApiClient = api) {
  const fresh = (token: string) => ({ ...callOptions({ token }), init: { cache: "no-store" as const } });
  return {
    /** The caller's own account: its role says whether the admin sections show. */
    account(token: string, userId: number) {
      return outcomeOf(client.users[":id"].$get({ param: { id: String(userId) } }, fresh(token)));
    },
    queue(token: string, filter: QueueFilter, cursor: string | null) {
      const query = {
        ...(filter.kind ? { kind: filter.kind } : {}),
        ...(filter.reason ? { reason: filter.reason } : {}),
        ...(cursor ? { cursor } : {}),
      } as Parameters<typeof client.moderation.queue.$get>[0]["query"];
      return outcomeOf(client.moderation.queue.$get({ query }, fresh(token)));
    },
    decide(token: string, json: ModerationActionInput) {
      return outcomeOf(client.moderation.actions.$post({ json }, callOptions({ token })));
    },
    grant(token: string, email: string, grant: boolean) {
      return outcomeOf(
        client.moderation.moderators.$post({ json: { email, grant } }, callOptions({ token })),
      );
    },
    log(token: string, cursor: string | null) {
      return outcomeOf(client.moderation.log.$get({ query: cursor ? { cursor } : {} }, fresh(token)));
    },
    /** The log as CSV: the export needs the bearer token, so it is fetched, then saved as a file. */
    async logCsv(token: string): Promise<ApiOutcome<{ blob: Blob; filename: string }>> {
      let response;
      try {
        response = await client.moderation.log.export.$get(undefined, fresh(token));
      } catch {
        return { kind: "no-response", message: NO_RESPONSE_MESSAGE };
      }
      if (!response.ok) {
        const failed = await outcomeOf(Promise.resolve(response));
        if (failed.kind !== "ok") return failed;
      }
      const disposition = response.headers.get("Content-Disposition") ?? "";
      const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? "moderation-log.csv";
      return {
        kind: "ok",
        status: response.status,
        message: "",
        data: { blob: await response.blob(), filename },
      };
    },
    /** A restaurant or dish by id, to name the item a merge goes into before it is sent. */
    catalogueItem(kind: "restaurant" | "dish", id: number) {
      const param = { param: { id: String(id) } };
      return kind === "restaurant"
        ? outcomeOf(client.restaurants[":id"].$get(param, { init: { cache: "no-store" } }))
        : outcomeOf(client.dishes[":id"].$get(param, { init: { cache: "no-store" } }));
    },
  };
}

export type ModerationApi = ReturnType<typeof moderationApi>;
