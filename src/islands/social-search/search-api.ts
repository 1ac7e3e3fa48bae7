// Social search's calls (issue 12), through the one typed client (decision 009).
import { api, callOptions, outcomeOf, type ApiClient } from "../../shared/api-client.ts";

export const SEARCH_PAGE_SIZE = 10;

export function searchApi(client: ApiClient = api) {
  const fresh = (token: string) => ({ ...callOptions({ token }), init: { cache: "no-store" as const } });
  return {
    posts(token: string, keyword: string, rating: { minRating: string; maxRating: string }, cursor: string | null) {
      return outcomeOf(
        client.posts.search[":page"].$get(
          {
            param: { page: "1" },
            query: { ...(keyword ? { keyword } : {}), ...rating, pageSize: String(SEARCH_PAGE_SIZE), ...(cursor ? { cursor } : {}) },
          },
          fresh(token),
        ),
      );
    },
    people(token: string, q: string, cursor: string | null) {
      return outcomeOf(client.people.search.$get({ query: { q, ...(cursor ? { cursor } : {}) } }, fresh(token)));
    },
    suggestions(token: string) {
      return outcomeOf(client.people.suggestions.$get({ query: { limit: "8" } }, fresh(token)));
    },
    follow(token: string, userId: number) {
      return outcomeOf(client.users[":id"].follow.$post({ param: { id: String(userId) } }, callOptions({ token })));
    },
  };
}

export type SearchApi = ReturnType<typeof searchApi>;
