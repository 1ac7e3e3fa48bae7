// The notifications screen's calls (issue 12), through the one typed client (decision 009).
import { api, callOptions, outcomeOf, type ApiClient } from "../../shared/api-client.ts";

export function notificationsApi(client: ApiClient = api) {
  const fresh = (token: string) => ({ ...callOptions({ token }), init: { cache: "no-store" as const } });
  return {
    list(token: string, cursor: string | null) {
      return outcomeOf(client.notifications.$get({ query: cursor ? { cursor } : {} }, fresh(token)));
    },
    markRead(token: string, upToId: number) {
      return outcomeOf(client.notifications.read.$post({ json: { upToId } }, callOptions({ token })));
    },
    requests(token: string, cursor: string | null) {
      return outcomeOf(client.follower.requests.$get({ query: cursor ? { cursor } : {} }, fresh(token)));
    },
    /** An appeal of a moderation decision (issue 21): a different moderator decides it. */
    appeal(token: string, decisionId: number, note: string) {
      return outcomeOf(client.moderation.appeals.$post({ json: { decisionId, note } }, callOptions({ token })));
    },
    answer(token: string, requesterId: number, accept: boolean) {
      const param = { requesterId: String(requesterId) };
      return accept
        ? outcomeOf(client.follower.requests[":requesterId"].accept.$post({ param }, callOptions({ token })))
        : outcomeOf(client.follower.requests[":requesterId"].decline.$post({ param }, callOptions({ token })));
    },
  };
}

export type NotificationsApi = ReturnType<typeof notificationsApi>;
