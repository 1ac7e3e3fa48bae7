// The feed's calls, all through the one typed client (decision 009). The island takes them
// as one object so a test can run it against the real app's client.
import { api, callOptions, outcomeOf, type AnswerOf, type ApiClient } from "../shared/api-client.ts";
import type { ReportReasonId } from "../domain/report-reasons.ts";

export type Suggestion = AnswerOf<ApiClient["people"]["suggestions"]["$get"]>["suggestions"][number];

export const FEED_PAGE_SIZE = 5;
export const SUGGESTIONS_SHOWN = 6;

/**
 * The first load's two calls, which /home's inline script (home.astro) makes while the
 * island's scripts are still loading: the first posts and their photos (the page's largest
 * paint) then wait for React only, not for React and then a round trip. Measured in
 * docs/perf/social.md. The URLs are the ones the typed client builds for these calls.
 */
export const EARLY_FEED_URLS = {
  feed: `/api/posts/feed/1?pageSize=${FEED_PAGE_SIZE}`,
  suggestions: `/api/people/suggestions?limit=${SUGGESTIONS_SHOWN}`,
} as const;
/** The window property where that script leaves `{ token, feed, suggestions }`. */
export const EARLY_FEED_KEY = "dishcoveryEarlyFeed";

type EarlyCall = keyof typeof EARLY_FEED_URLS;

/** An early call's answer, once, and only for the session it was made with. */
function takeEarly(token: string, call: EarlyCall): Promise<Response> | null {
  if (typeof window === "undefined") return null;
  const slot = window as unknown as Record<
    string,
    ({ token: string } & Partial<Record<EarlyCall, Promise<Response>>>) | undefined
  >;
  const early = slot[EARLY_FEED_KEY];
  const response = early?.token === token ? early[call] : undefined;
  if (early) delete early[call];
  return response ?? null;
}

export function feedApi(client: ApiClient = api) {
  return {
    feed(token: string, page: number, cursor: string | null) {
      const early = page === 1 && !cursor ? takeEarly(token, "feed") : null;
      // The request the client would send, so the answer it would type.
      if (early)
        return outcomeOf(early as unknown as ReturnType<(typeof client.posts.feed)[":page"]["$get"]>);
      return outcomeOf(
        client.posts.feed[":page"].$get(
          {
            param: { page: String(page) },
            query: { pageSize: String(FEED_PAGE_SIZE), ...(cursor ? { cursor } : {}) },
          },
          // Another person's new post must show on the next load, not a cached page.
          { ...callOptions({ token }), init: { cache: "no-store" } },
        ),
      );
    },
    suggestions(token: string) {
      const early = takeEarly(token, "suggestions");
      if (early) return outcomeOf(early as unknown as ReturnType<typeof client.people.suggestions.$get>);
      return outcomeOf(
        client.people.suggestions.$get(
          { query: { limit: String(SUGGESTIONS_SHOWN) } },
          callOptions({ token }),
        ),
      );
    },
    follow(token: string, followerId: number, followingId: number) {
      return outcomeOf(
        client.follower.follow.$post({ json: { followerId, followingId } }, callOptions({ token })),
      );
    },
    likePost(token: string, postId: number, like: boolean) {
      return like
        ? outcomeOf(client.posts.like.$post({ json: { postId } }, callOptions({ token })))
        : outcomeOf(
            client.posts.like[":postId"].$delete(
              { param: { postId: String(postId) }, query: {} },
              callOptions({ token }),
            ),
          );
    },
    savePost(token: string, postId: number, save: boolean) {
      return save
        ? outcomeOf(client.posts.saved.$post({ json: { postId } }, callOptions({ token })))
        : outcomeOf(
            client.posts.unsave[":postId"].$delete(
              { param: { postId: String(postId) }, query: {} },
              callOptions({ token }),
            ),
          );
    },
    reportPost(token: string, postId: number, reason: ReportReasonId) {
      return outcomeOf(client.posts.report.$post({ json: { postId, reason } }, callOptions({ token })));
    },
    comments(token: string, postId: number, cursor: string | null) {
      return outcomeOf(
        client.comments.getAllPostsComments[":postId"].$get(
          { param: { postId: String(postId) }, query: cursor ? { cursor } : {} },
          { ...callOptions({ token }), init: { cache: "no-store" } },
        ),
      );
    },
    saveComment(token: string, input: { postId: number; content: string; parentId?: number }) {
      return outcomeOf(client.comments.save.$post({ json: input }, callOptions({ token })));
    },
    updateComment(token: string, input: { id: number; postId: number; content: string }) {
      return outcomeOf(client.comments.update.$post({ json: input }, callOptions({ token })));
    },
    deleteComment(token: string, id: number) {
      return outcomeOf(
        client.comments.deleteComment[":id"].$delete({ param: { id: String(id) } }, callOptions({ token })),
      );
    },
    likeComment(token: string, commentId: number, like: boolean) {
      return like
        ? outcomeOf(client.comments.like.$post({ json: { commentId } }, callOptions({ token })))
        : outcomeOf(
            client.comments.unlike.$delete(
              { query: { commentId: String(commentId) } },
              callOptions({ token }),
            ),
          );
    },
    /** "X saved Y to Z" (issue 32): saves to public lists by the people the caller follows. */
    listActivity(token: string) {
      return outcomeOf(client.lists.activity.$get({}, { ...callOptions({ token }), init: { cache: "no-store" } }));
    },
    reportComment(token: string, commentId: number, reason: ReportReasonId) {
      return outcomeOf(client.comments.report.$post({ json: { commentId, reason } }, callOptions({ token })));
    },
  };
}

/** The feed's calls, as the typed client answers them. */
export type FeedApi = ReturnType<typeof feedApi>;
