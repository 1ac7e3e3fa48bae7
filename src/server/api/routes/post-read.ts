// GET /posts/{id}: one review with its dish reviews, photos, owner reply and social counts,
// for its page (/review/{id}, issue 24). Anyone may read; the answer depends on who asks
// (privacy, blocks, likes), so it is never cached. Mounted after every other /posts/... GET so
// their fixed segments (feed, search, saved) are never taken for an id.
import { createRoute } from "@hono/zod-openapi";
import { SOCIAL_POST_MESSAGES } from "../../../domain/social-rules.ts";
import { envelopeOf } from "../../../shared/schemas/envelope.ts";
import { postIdParam } from "../../../shared/schemas/reviews.ts";
import { postReadSchema } from "../../../shared/schemas/removed-review.ts";
import { privateNoStore } from "../auth/require-user.ts";
import type { AppDeps } from "../deps.ts";
import { envelope } from "../http/envelope.ts";
import { createRouter } from "../http/router.ts";
import { readPost } from "../services/post-read.ts";
import { failure, jsonContent, staleToken } from "./route-http.ts";
import { viewerOf } from "./social-http.ts";

const readRoute = createRoute({
  method: "get",
  path: "/posts/{id}",
  tags: ["Reviews"],
  summary: "One review as a post card: its dish reviews, photos, owner reply, likes and comment count",
  description:
    "Anyone may read. A review removed by a moderator, a private account's (unless the caller is " +
    "the author or an approved follower) or one across a block with the caller answers the same " +
    "404 as a review that does not exist. Its author reads a removed review with `removal`: " +
    "when, the policy reason, the moderator's note and whether it can still be appealed (issue 30).",
  request: { params: postIdParam },
  responses: {
    200: { description: "The review", content: jsonContent(envelopeOf(postReadSchema)) },
    400: failure("The id is not a positive integer"),
    401: staleToken,
    404: failure(SOCIAL_POST_MESSAGES.postNotFound),
  },
});

export function postReadRoutes(deps: AppDeps) {
  return createRouter().openapi({ ...readRoute, middleware: [privateNoStore] as const }, async (c) => {
    const post = await readPost(deps, await viewerOf(c, deps), c.req.valid("param").id);
    return c.json(envelope(post), 200);
  });
}
