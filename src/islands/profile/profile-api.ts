// The profile screens' calls (/profile and /user/{userId}; issue 12), all through the one
// typed client (decision 009). Reads that change with every follow or like skip the
// browser's cache so a screen never shows what the person has just changed back.
import { api, callOptions, outcomeOf, type ApiClient } from "../../shared/api-client.ts";
import type { ReportReasonId } from "../../domain/report-reasons.ts";
import type { ProfilePostSort } from "../../shared/schemas/social-profiles.ts";

const fresh = (token: string | null) => ({ ...callOptions({ token: token ?? undefined }), init: { cache: "no-store" as const } });

export type FollowListKind = "following" | "followers";

export function profileApi(client: ApiClient = api) {
  return {
    profile(token: string | null, userId: number) {
      return outcomeOf(client.profiles.getProfileByUserId[":userId"].$get({ param: { userId: String(userId) } }, fresh(token)));
    },
    /** The Posts tab: the person's posts as cards, most liked first (Default) or newest first. */
    posts(token: string | null, userId: number, sort: ProfilePostSort, cursor: string | null) {
      return outcomeOf(
        client.profiles.getPostsByUserId[":userId"].$get(
          { param: { userId: String(userId) }, query: { sort, ...(cursor ? { cursor } : {}) } },
          fresh(token),
        ),
      );
    },
    liked(token: string, userId: number, cursor: string | null) {
      return outcomeOf(
        client.posts.liked[":userId"].$get({ param: { userId: String(userId) }, query: cursor ? { cursor } : {} }, fresh(token)),
      );
    },
    saved(token: string, userId: number, cursor: string | null) {
      return outcomeOf(
        client.posts.saved[":userId"].$get({ param: { userId: String(userId) }, query: cursor ? { cursor } : {} }, fresh(token)),
      );
    },
    uploadAvatar(token: string, userId: number, file: File) {
      return outcomeOf(
        client.profiles.uploadImage[":userId"].$post({ param: { userId: String(userId) }, form: { file } }, callOptions({ token })),
      );
    },
    updateBio(token: string, userId: number, bio: string) {
      return outcomeOf(
        client.profiles.updateBio[":userId"].$post({ param: { userId: String(userId) }, json: { bio } }, callOptions({ token })),
      );
    },
    followList(token: string | null, userId: number, kind: FollowListKind, q: string, cursor: string | null) {
      const query = { ...(q ? { q } : {}), ...(cursor ? { cursor } : {}) };
      const param = { userId: String(userId) };
      return kind === "following"
        ? outcomeOf(client.follower.getFollowing[":userId"].$get({ param, query }, fresh(token)))
        : outcomeOf(client.follower.getFollower[":userId"].$get({ param, query }, fresh(token)));
    },
    follow(token: string, userId: number) {
      return outcomeOf(client.users[":id"].follow.$post({ param: { id: String(userId) } }, callOptions({ token })));
    },
    unfollow(token: string, userId: number) {
      return outcomeOf(client.users[":id"].unfollow.$delete({ param: { id: String(userId) } }, callOptions({ token })));
    },
    block(token: string, userId: number) {
      return outcomeOf(client.users[":id"].block.$post({ param: { id: String(userId) } }, callOptions({ token })));
    },
    report(token: string, userId: number, reason: ReportReasonId) {
      return outcomeOf(client.users[":id"].report.$post({ param: { id: String(userId) }, json: { reason } }, callOptions({ token })));
    },
  };
}

export type ProfileApi = ReturnType<typeof profileApi>;
