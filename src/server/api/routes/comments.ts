// Comments (issue 12; spec point 7 "Feed, files and comments"): every call at the spec's path
// and field names, the acting user from the token (a userId naming anyone else answers 403).
// Likes are POST /comments/like and DELETE /comments/unlike: nothing changes on a GET.
// HTTP only: the rules live in services/comments.ts.
import { createRoute } from "@hono/zod-openapi";
import { SOCIAL_POST_MESSAGES } from "../../../domain/social-rules.ts";
import { envelopeOf, messageEnvelope } from "../../../shared/schemas/envelope.ts";
import {
  commentIdPathParam,
  commentLikeQuery,
  commentLikeSchema,
  commentLikeStateSchema,
  commentPageSchema,
  commentSchema,
  commentsQuery,
  postIdPathParam,
  reportCommentSchema,
  saveCommentSchema,
  updateCommentSchema,
} from "../../../shared/schemas/social-posts.ts";
import { assertSelf, authUser, privateNoStore, requireUser } from "../auth/require-user.ts";
import { requireActiveUser } from "../auth/require-active-user.ts";
import type { AppDeps } from "../deps.ts";
import { envelope } from "../http/envelope.ts";
import { viewerOf } from "./social-http.ts";
import { createRouter } from "../http/router.ts";
import {
  deleteComment,
  likeComment,
  listComments,
  reportComment,
  saveComment,
  unlikeComment,
  updateComment,
} from "../services/comments.ts";
import {
  bearer,
  failure,
  jsonContent,
  limitAccountBody,
  requireBodyType,
  staleToken,
  unauthorized,
} from "./route-http.ts";

const tags = ["Comments"];
const common = {
  400: failure("A field is missing or invalid; the message says which"),
  401: unauthorized,
};
const rateLimited = failure("Too many comments, likes or reports; Retry-After says when to try again");

const listRoute = createRoute({
  method: "get",
  path: "/comments/getAllPostsComments/{postId}",
  tags,
  summary: "A post's comments, oldest first, each with its replies and likes",
  description:
    "Keyset pages of top-level comments (pageSize, cursor); the post must be one the caller can see. " +
    "Anyone may read (a review's page shows its comments, issue 24); without a token the caller " +
    "reads as a visitor, who sees no private account's post.",
  request: { params: postIdPathParam, query: commentsQuery },
  responses: {
    200: { description: "One page of comments", content: jsonContent(envelopeOf(commentPageSchema)) },
    400: common[400],
    401: staleToken,
    404: failure(SOCIAL_POST_MESSAGES.postNotFound),
  },
});

const saveRoute = createRoute({
  method: "post",
  path: "/comments/save",
  tags,
  summary: "Comment on a post, or reply to a comment (parentId); the new comment is in data",
  security: bearer,
  request: { body: { required: true, content: jsonContent(saveCommentSchema) } },
  responses: {
    200: { description: SOCIAL_POST_MESSAGES.commentPosted, content: jsonContent(envelopeOf(commentSchema)) },
    ...common,
    403: failure("userId names another user"),
    404: failure("No such post or comment the caller can see"),
    415: failure("Not JSON"),
    429: rateLimited,
  },
});

const updateRoute = createRoute({
  method: "post",
  path: "/comments/update",
  tags,
  summary: "Edit one's own comment; createdAt and updatedAt from the client are ignored",
  security: bearer,
  request: { body: { required: true, content: jsonContent(updateCommentSchema) } },
  responses: {
    200: {
      description: SOCIAL_POST_MESSAGES.commentUpdated,
      content: jsonContent(envelopeOf(commentSchema)),
    },
    ...common,
    403: failure("Not the author, or userId names another user"),
    404: failure(SOCIAL_POST_MESSAGES.commentNotFound),
    415: failure("Not JSON"),
  },
});

const deleteRoute = createRoute({
  method: "delete",
  path: "/comments/deleteComment/{id}",
  tags,
  summary:
    "Delete one's own comment, or any comment on one's own post; a top-level comment takes its replies along",
  description:
    "Anyone else's comment answers the same 404 as a comment that does not exist, so a probe " +
    "learns nothing of what it cannot see.",
  security: bearer,
  request: { params: commentIdPathParam },
  responses: {
    200: {
      description: `${SOCIAL_POST_MESSAGES.commentDeleted} / ${SOCIAL_POST_MESSAGES.commentRemoved}`,
      content: jsonContent(messageEnvelope),
    },
    ...common,
    404: failure(SOCIAL_POST_MESSAGES.commentNotFound),
  },
});

const likeRoute = createRoute({
  method: "post",
  path: "/comments/like",
  tags,
  summary: "Like a comment; liking twice keeps one like",
  security: bearer,
  request: { body: { required: true, content: jsonContent(commentLikeSchema) } },
  responses: {
    200: {
      description: SOCIAL_POST_MESSAGES.commentLiked,
      content: jsonContent(envelopeOf(commentLikeStateSchema)),
    },
    ...common,
    403: failure("userId names another user"),
    404: failure(SOCIAL_POST_MESSAGES.commentNotFound),
    415: failure("Not JSON"),
    429: rateLimited,
  },
});

const unlikeRoute = createRoute({
  method: "delete",
  path: "/comments/unlike",
  tags,
  summary: "Take back the caller's like of a comment (query userId, commentId)",
  security: bearer,
  request: { query: commentLikeQuery },
  responses: {
    200: {
      description: SOCIAL_POST_MESSAGES.commentUnliked,
      content: jsonContent(envelopeOf(commentLikeStateSchema)),
    },
    ...common,
    403: failure("userId names another user"),
    404: failure(SOCIAL_POST_MESSAGES.commentNotFound),
  },
});

const reportRoute = createRoute({
  method: "post",
  path: "/comments/report",
  tags,
  summary: "Report a comment for moderation, with a reason from the shared list",
  description: "One report per person per comment: a repeat answers the same thanks and stores nothing.",
  security: bearer,
  request: { body: { required: true, content: jsonContent(reportCommentSchema) } },
  responses: {
    200: { description: "Thanks, we'll review this", content: jsonContent(messageEnvelope) },
    ...common,
    403: failure("userId names another user, or the account is suspended"),
    404: failure(SOCIAL_POST_MESSAGES.commentNotFound),
    415: failure("Not JSON"),
    429: rateLimited,
  },
});

export function commentRoutes(deps: AppDeps) {
  return createRouter()
    .openapi({ ...listRoute, middleware: [privateNoStore] as const }, async (c) => {
      const page = await listComments(
        deps,
        await viewerOf(c, deps),
        c.req.valid("param").postId,
        c.req.valid("query"),
      );
      return c.json(envelope(page), 200);
    })
    .openapi(
      { ...saveRoute, middleware: [limitAccountBody, requireActiveUser(deps), requireBodyType("json")] as const },
      async (c) => {
        const { userId, ...input } = c.req.valid("json");
        const comment = await saveComment(deps, assertSelf(c, userId).id, input);
        return c.json(envelope(comment, 200, SOCIAL_POST_MESSAGES.commentPosted), 200);
      },
    )
    .openapi(
      { ...updateRoute, middleware: [limitAccountBody, requireActiveUser(deps), requireBodyType("json")] as const },
      async (c) => {
        const { userId, id, postId, content } = c.req.valid("json");
        const comment = await updateComment(deps, assertSelf(c, userId).id, { id, postId, content });
        return c.json(envelope(comment, 200, SOCIAL_POST_MESSAGES.commentUpdated), 200);
      },
    )
    .openapi({ ...deleteRoute, middleware: [requireUser(deps)] as const }, async (c) => {
      const own = await deleteComment(deps, authUser(c).id, c.req.valid("param").id);
      const message = own ? SOCIAL_POST_MESSAGES.commentDeleted : SOCIAL_POST_MESSAGES.commentRemoved;
      return c.json(envelope(null, 200, message), 200);
    })
    .openapi(
      { ...likeRoute, middleware: [limitAccountBody, requireActiveUser(deps), requireBodyType("json")] as const },
      async (c) => {
        const { userId, commentId } = c.req.valid("json");
        const state = await likeComment(deps, assertSelf(c, userId).id, commentId);
        return c.json(envelope(state, 200, SOCIAL_POST_MESSAGES.commentLiked), 200);
      },
    )
    .openapi({ ...unlikeRoute, middleware: [requireUser(deps)] as const }, async (c) => {
      const { userId, commentId } = c.req.valid("query");
      const state = await unlikeComment(deps, assertSelf(c, userId).id, commentId);
      return c.json(envelope(state, 200, SOCIAL_POST_MESSAGES.commentUnliked), 200);
    })
    .openapi(
      { ...reportRoute, middleware: [limitAccountBody, requireActiveUser(deps), requireBodyType("json")] as const },
      async (c) => {
        const { userId, ...report } = c.req.valid("json");
        const message = await reportComment(deps, assertSelf(c, userId).id, report);
        return c.json(envelope(null, 200, message), 200);
      },
    );
}
