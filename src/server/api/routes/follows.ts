// Follows (spec point 7 "Follow and profile", issue 12; docs/social.md): the follow lists,
// follow and unfollow at the spec's paths, and follow requests for private accounts. HTTP
// only: the rules live in services/follows.ts.
import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import { SOCIAL_MESSAGES } from "../../../domain/social-rules.ts";
import { envelopeOf, messageEnvelope } from "../../../shared/schemas/envelope.ts";
import {
  followersPageSchema,
  followingPageSchema,
  followListQuery,
  followPairSchema,
  followRequestsPageSchema,
  followStateSchema,
  pageQuery,
  targetIdPathSchema,
  userIdPathSchema,
} from "../../../shared/schemas/social-profiles.ts";
import { userIdSchema } from "../../../shared/schemas/accounts.ts";
import { assertSelf, authUser, privateNoStore, requireUser } from "../auth/require-user.ts";
import { requireActiveUser } from "../auth/require-active-user.ts";
import type { AppDeps } from "../deps.ts";
import { envelope } from "../http/envelope.ts";
import { createRouter } from "../http/router.ts";
import {
  acceptRequest,
  declineRequest,
  follow,
  followersOf,
  followingOf,
  followRequestsOf,
  unfollow,
} from "../services/follows.ts";
import {
  bearer,
  commonFailures,
  failure,
  jsonContent,
  limitAccountBody,
  requireBodyType,
  staleToken,
  tooMany,
} from "./route-http.ts";
import { viewerOf } from "./social-http.ts";

const listFailures = {
  400: commonFailures[400],
  401: staleToken,
  403: failure(SOCIAL_MESSAGES.privateProfile),
  404: failure("No such user, or a block either way"),
};

const followingRoute = createRoute({
  method: "get",
  path: "/follower/getFollowing/{userId}",
  tags: ["Follows"],
  summary: "The people {userId} follows, newest follow first (list in data.following)",
  description:
    "Anyone may read it, with or without a token; isFollowing and isFollower are the caller's " +
    "relation to each person (false for a visitor). A private account's list answers 403 to " +
    "anyone but its owner and followers. `q` keeps people whose username or name contains it. " +
    "Entries never carry an e-mail, a phone number or any other private field.",
  middleware: [privateNoStore] as const,
  request: { params: userIdPathSchema, query: followListQuery },
  responses: {
    200: { description: "One page", content: jsonContent(envelopeOf(followingPageSchema)) },
    ...listFailures,
  },
});

const followersRoute = createRoute({
  method: "get",
  path: "/follower/getFollower/{userId}",
  tags: ["Follows"],
  summary: "The people who follow {userId}, newest first (list in data.follower and data.followers)",
  description: "As getFollowing: anyone may read it; a private account's list only its owner and followers.",
  middleware: [privateNoStore] as const,
  request: { params: userIdPathSchema, query: followListQuery },
  responses: {
    200: { description: "One page", content: jsonContent(envelopeOf(followersPageSchema)) },
    ...listFailures,
  },
});

const followWriteResponses = {
  200: { description: "Done, or already so", content: jsonContent(envelopeOf(followStateSchema)) },
  ...commonFailures,
  403: failure("followerId names another user"),
  404: failure("No such user, or a block either way"),
};

const followRoute = createRoute({
  method: "post",
  path: "/follower/follow",
  tags: ["Follows"],
  summary: "Follow followingId (a private account gets a follow request instead)",
  description:
    "followerId must be the caller. A repeat changes nothing. Limit: 200 follows a day (429 with Retry-After).",
  security: bearer,
  request: { body: { required: true, content: jsonContent(followPairSchema) } },
  responses: { ...followWriteResponses, 429: tooMany },
});

const unfollowRoute = createRoute({
  method: "delete",
  path: "/follower/unfollow",
  tags: ["Follows"],
  summary: "Stop following followingId, or withdraw a waiting follow request",
  description: "followerId must be the caller. A repeat changes nothing.",
  security: bearer,
  request: { query: followPairSchema },
  responses: followWriteResponses,
});

const followUserRoute = createRoute({
  method: "post",
  path: "/users/{id}/follow",
  tags: ["Follows"],
  summary: "The caller follows user {id} (a private account gets a follow request instead)",
  description: "Limit: 200 follows a day (429 with Retry-After).",
  security: bearer,
  request: { params: targetIdPathSchema },
  responses: { ...followWriteResponses, 429: tooMany },
});

const unfollowUserRoute = createRoute({
  method: "delete",
  path: "/users/{id}/unfollow",
  tags: ["Follows"],
  summary: "The caller stops following user {id}, or withdraws a waiting follow request",
  security: bearer,
  request: { params: targetIdPathSchema },
  responses: followWriteResponses,
});

const requestsRoute = createRoute({
  method: "get",
  path: "/follower/requests",
  tags: ["Follows"],
  summary: "Follow requests waiting for the caller, newest first",
  security: bearer,
  request: { query: pageQuery },
  responses: {
    200: { description: "One page", content: jsonContent(envelopeOf(followRequestsPageSchema)) },
    ...commonFailures,
  },
});

const requesterParam = z.object({ requesterId: userIdSchema });

const acceptRoute = createRoute({
  method: "post",
  path: "/follower/requests/{requesterId}/accept",
  tags: ["Follows"],
  summary: "Accept a follow request: the requester now follows the caller",
  security: bearer,
  request: { params: requesterParam },
  responses: {
    200: { description: SOCIAL_MESSAGES.requestAccepted, content: jsonContent(messageEnvelope) },
    ...commonFailures,
    404: failure(SOCIAL_MESSAGES.noSuchRequest),
  },
});

const declineRoute = createRoute({
  method: "post",
  path: "/follower/requests/{requesterId}/decline",
  tags: ["Follows"],
  summary: "Decline a follow request",
  security: bearer,
  request: { params: requesterParam },
  responses: {
    200: { description: SOCIAL_MESSAGES.requestDeclined, content: jsonContent(messageEnvelope) },
    ...commonFailures,
    404: failure(SOCIAL_MESSAGES.noSuchRequest),
  },
});

export function followRoutes(deps: AppDeps) {
  const signedIn = requireUser(deps);
  const active = requireActiveUser(deps);
  return createRouter()
    .openapi(followingRoute, async (c) => {
      const page = await followingOf(
        deps,
        await viewerOf(c, deps),
        c.req.valid("param").userId,
        c.req.valid("query"),
      );
      return c.json(envelope(page), 200);
    })
    .openapi(followersRoute, async (c) => {
      const page = await followersOf(
        deps,
        await viewerOf(c, deps),
        c.req.valid("param").userId,
        c.req.valid("query"),
      );
      return c.json(envelope(page), 200);
    })
    .openapi(
      { ...followRoute, middleware: [limitAccountBody, active, requireBodyType("json")] as const },
      async (c) => {
        const { followerId, followingId } = c.req.valid("json");
        const me = assertSelf(c, followerId);
        const { state, message } = await follow(deps, me.id, followingId);
        return c.json(envelope(state, 200, message), 200);
      },
    )
    .openapi({ ...unfollowRoute, middleware: [signedIn] as const }, async (c) => {
      const { followerId, followingId } = c.req.valid("query");
      const me = assertSelf(c, followerId);
      const { state, message } = await unfollow(deps, me.id, followingId);
      return c.json(envelope(state, 200, message), 200);
    })
    .openapi({ ...followUserRoute, middleware: [limitAccountBody, active] as const }, async (c) => {
      const { state, message } = await follow(deps, authUser(c).id, c.req.valid("param").id);
      return c.json(envelope(state, 200, message), 200);
    })
    .openapi({ ...unfollowUserRoute, middleware: [signedIn] as const }, async (c) => {
      const { state, message } = await unfollow(deps, authUser(c).id, c.req.valid("param").id);
      return c.json(envelope(state, 200, message), 200);
    })
    .openapi({ ...requestsRoute, middleware: [signedIn] as const }, async (c) => {
      return c.json(envelope(await followRequestsOf(deps, authUser(c).id, c.req.valid("query"))), 200);
    })
    .openapi({ ...acceptRoute, middleware: [limitAccountBody, signedIn] as const }, async (c) => {
      await acceptRequest(deps, authUser(c).id, c.req.valid("param").requesterId);
      return c.json(envelope(null, 200, SOCIAL_MESSAGES.requestAccepted), 200);
    })
    .openapi({ ...declineRoute, middleware: [limitAccountBody, signedIn] as const }, async (c) => {
      await declineRequest(deps, authUser(c).id, c.req.valid("param").requesterId);
      return c.json(envelope(null, 200, SOCIAL_MESSAGES.requestDeclined), 200);
    });
}
