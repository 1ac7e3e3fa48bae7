// Post likes and saves (issue 12): new calls beside the spec's, documented in docs/social.md.
// The acting user is the token's; a userId naming anyone else answers 403. HTTP only: the
// rules live in services/post-likes.ts.
import { createRoute } from "@hono/zod-openapi";
import { SOCIAL_POST_MESSAGES } from "../../../domain/social-rules.ts";
import { envelopeOf } from "../../../shared/schemas/envelope.ts";
import {
  postActionQuery,
  postActionSchema,
  postCardListSchema,
  postIdPathParam,
  postLikeStateSchema,
  postSaveStateSchema,
  savedListQuery,
  userIdParam,
} from "../../../shared/schemas/social-posts.ts";
import { assertSelf, requireUser } from "../auth/require-user.ts";
import { requireActiveUser } from "../auth/require-active-user.ts";
import type { AppDeps } from "../deps.ts";
import { envelope } from "../http/envelope.ts";
import { createRouter } from "../http/router.ts";
import { likePost, markedList, savePost, unlikePost, unsavePost } from "../services/post-likes.ts";
import {
  bearer,
  failure,
  jsonContent,
  limitAccountBody,
  requireBodyType,
  unauthorized,
} from "./route-http.ts";

const tags = ["Post likes and saves"];
const common = {
  400: failure("Invalid postId or userId"),
  401: unauthorized,
  403: failure("userId names another user"),
  // A post the caller cannot see answers exactly as one that does not exist (issue 20).
  404: failure(SOCIAL_POST_MESSAGES.postNotFound),
};
const userQuery = postActionQuery.pick({ userId: true });
const rateLimited = failure(
  "Too many likes and saves (120 in 10 minutes, together); Retry-After says when to try again",
);

const likeRoute = createRoute({
  method: "post",
  path: "/posts/like",
  tags,
  summary: "Like a post the caller can see; liking twice keeps one like",
  security: bearer,
  request: { body: { required: true, content: jsonContent(postActionSchema) } },
  responses: {
    200: {
      description: SOCIAL_POST_MESSAGES.postLiked,
      content: jsonContent(envelopeOf(postLikeStateSchema)),
    },
    ...common,
    415: failure("Not JSON"),
    429: rateLimited,
  },
});

const unlikeRoute = createRoute({
  method: "delete",
  path: "/posts/like/{postId}",
  tags,
  summary: "Take back the caller's like of a post",
  security: bearer,
  request: { params: postIdPathParam, query: userQuery },
  responses: {
    200: {
      description: SOCIAL_POST_MESSAGES.postUnliked,
      content: jsonContent(envelopeOf(postLikeStateSchema)),
    },
    ...common,
  },
});

const saveRoute = createRoute({
  method: "post",
  path: "/posts/saved",
  tags,
  summary: "Save a post the caller can see to their Saved tab",
  security: bearer,
  request: { body: { required: true, content: jsonContent(postActionSchema) } },
  responses: {
    200: {
      description: SOCIAL_POST_MESSAGES.postSaved,
      content: jsonContent(envelopeOf(postSaveStateSchema)),
    },
    ...common,
    415: failure("Not JSON"),
    429: rateLimited,
  },
});

const unsaveRoute = createRoute({
  method: "delete",
  path: "/posts/unsave/{postId}",
  tags,
  summary: "Remove a post from the caller's Saved tab",
  security: bearer,
  request: { params: postIdPathParam, query: userQuery },
  responses: {
    200: {
      description: SOCIAL_POST_MESSAGES.postUnsaved,
      content: jsonContent(envelopeOf(postSaveStateSchema)),
    },
    ...common,
  },
});

const listRoute = (which: "liked" | "saved") =>
  createRoute({
    method: "get",
    path: `/posts/${which}/{userId}`,
    tags,
    summary: `The caller's ${which} posts (profile tab), most recent first; only the caller's own list`,
    security: bearer,
    request: { params: userIdParam, query: savedListQuery },
    responses: {
      200: { description: "One page of post cards", content: jsonContent(envelopeOf(postCardListSchema)) },
      400: failure("Invalid userId, pageSize or cursor"),
      401: unauthorized,
      403: failure("userId is another user: liked and saved lists are private"),
    },
  });
const likedListRoute = listRoute("liked");
const savedListRoute = listRoute("saved");

export function postLikeRoutes(deps: AppDeps) {
  return createRouter()
    .openapi(
      { ...likeRoute, middleware: [limitAccountBody, requireActiveUser(deps), requireBodyType("json")] as const },
      async (c) => {
        const { postId, userId } = c.req.valid("json");
        const state = await likePost(deps, assertSelf(c, userId).id, postId);
        return c.json(envelope(state, 200, SOCIAL_POST_MESSAGES.postLiked), 200);
      },
    )
    .openapi({ ...unlikeRoute, middleware: [requireUser(deps)] as const }, async (c) => {
      const me = assertSelf(c, c.req.valid("query").userId);
      const state = await unlikePost(deps, me.id, c.req.valid("param").postId);
      return c.json(envelope(state, 200, SOCIAL_POST_MESSAGES.postUnliked), 200);
    })
    .openapi(
      { ...saveRoute, middleware: [limitAccountBody, requireActiveUser(deps), requireBodyType("json")] as const },
      async (c) => {
        const { postId, userId } = c.req.valid("json");
        const state = await savePost(deps, assertSelf(c, userId).id, postId);
        return c.json(envelope(state, 200, SOCIAL_POST_MESSAGES.postSaved), 200);
      },
    )
    .openapi({ ...unsaveRoute, middleware: [requireUser(deps)] as const }, async (c) => {
      const me = assertSelf(c, c.req.valid("query").userId);
      const state = await unsavePost(deps, me.id, c.req.valid("param").postId);
      return c.json(envelope(state, 200, SOCIAL_POST_MESSAGES.postUnsaved), 200);
    })
    .openapi({ ...likedListRoute, middleware: [requireUser(deps)] as const }, async (c) => {
      const me = assertSelf(c, c.req.valid("param").userId);
      return c.json(envelope(await markedList(deps, me.id, "post_likes", c.req.valid("query"))), 200);
    })
    .openapi({ ...savedListRoute, middleware: [requireUser(deps)] as const }, async (c) => {
      const me = assertSelf(c, c.req.valid("param").userId);
      return c.json(envelope(await markedList(deps, me.id, "post_saves", c.req.valid("query"))), 200);
    });
}
