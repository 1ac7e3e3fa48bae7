// Blocks and reports of people (spec point 2 "Other user's profile", three-dots menu; issue 12;
// docs/social.md). HTTP only: the rules live in services/blocks.ts.
import { createRoute } from "@hono/zod-openapi";
import { SOCIAL_MESSAGES } from "../../../domain/social-rules.ts";
import { envelopeOf, messageEnvelope } from "../../../shared/schemas/envelope.ts";
import {
  blockedPageSchema,
  pageQuery,
  reportUserSchema,
  targetIdPathSchema,
} from "../../../shared/schemas/social-profiles.ts";
import { requireActiveUser } from "../auth/require-active-user.ts";
import { authUser, requireUser } from "../auth/require-user.ts";
import type { AppDeps } from "../deps.ts";
import { envelope } from "../http/envelope.ts";
import { createRouter } from "../http/router.ts";
import { block, blockedBy, reportUser, unblock } from "../services/blocks.ts";
import {
  bearer,
  commonFailures,
  failure,
  jsonContent,
  limitAccountBody,
  requireBodyType,
  tooMany,
} from "./route-http.ts";

const blockedRoute = createRoute({
  method: "get",
  path: "/blocks",
  tags: ["Blocks"],
  summary: "The people the caller has blocked, newest first (to unblock them)",
  security: bearer,
  request: { query: pageQuery },
  responses: {
    200: { description: "One page", content: jsonContent(envelopeOf(blockedPageSchema)) },
    ...commonFailures,
  },
});

const blockRoute = createRoute({
  method: "post",
  path: "/users/{id}/block",
  tags: ["Blocks"],
  summary: "Block user {id}: each stops seeing the other's posts, comments and profile; follows go both ways",
  security: bearer,
  request: { params: targetIdPathSchema },
  responses: {
    200: { description: SOCIAL_MESSAGES.blocked, content: jsonContent(messageEnvelope) },
    ...commonFailures,
    404: failure("No such user"),
  },
});

const unblockRoute = createRoute({
  method: "delete",
  path: "/users/{id}/unblock",
  tags: ["Blocks"],
  summary: "Unblock user {id} (follows removed by the block do not come back)",
  security: bearer,
  request: { params: targetIdPathSchema },
  responses: {
    200: { description: SOCIAL_MESSAGES.unblocked, content: jsonContent(messageEnvelope) },
    ...commonFailures,
    404: failure("No such user"),
  },
});

const reportRoute = createRoute({
  method: "post",
  path: "/users/{id}/report",
  tags: ["Blocks"],
  summary: "Report user {id} for moderation, with a reason from the list",
  description:
    "One report per person per reporter is kept; a repeat answers the same. Limit: 30 reports " +
    "a day (429 with Retry-After).",
  security: bearer,
  request: { params: targetIdPathSchema, body: { required: true, content: jsonContent(reportUserSchema) } },
  responses: {
    200: { description: SOCIAL_MESSAGES.reported, content: jsonContent(messageEnvelope) },
    ...commonFailures,
    403: failure("The account is suspended"),
    404: failure("No such user"),
    415: failure("Not JSON"),
    429: tooMany,
  },
});

export function blockRoutes(deps: AppDeps) {
  const signedIn = requireUser(deps);
  return createRouter()
    .openapi({ ...blockedRoute, middleware: [signedIn] as const }, async (c) => {
      return c.json(envelope(await blockedBy(deps, authUser(c).id, c.req.valid("query"))), 200);
    })
    .openapi({ ...blockRoute, middleware: [limitAccountBody, signedIn] as const }, async (c) => {
      await block(deps, authUser(c).id, c.req.valid("param").id);
      return c.json(envelope(null, 200, SOCIAL_MESSAGES.blocked), 200);
    })
    .openapi({ ...unblockRoute, middleware: [signedIn] as const }, async (c) => {
      await unblock(deps, authUser(c).id, c.req.valid("param").id);
      return c.json(envelope(null, 200, SOCIAL_MESSAGES.unblocked), 200);
    })
    .openapi(
      {
        ...reportRoute,
        middleware: [limitAccountBody, requireActiveUser(deps), requireBodyType("json")] as const,
      },
      async (c) => {
        const message = await reportUser(deps, authUser(c).id, c.req.valid("param").id, c.req.valid("json"));
        return c.json(envelope(null, 200, message), 200);
      },
    );
}
