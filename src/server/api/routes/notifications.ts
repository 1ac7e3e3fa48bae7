// Notifications (issue 12; docs/social.md): new followers, follow requests and acceptances,
// comments, replies and likes, with an unread count for the sidebar. HTTP only: the rules
// live in services/notifications.ts.
import { createRoute } from "@hono/zod-openapi";
import { SOCIAL_MESSAGES } from "../../../domain/social-rules.ts";
import { envelopeOf } from "../../../shared/schemas/envelope.ts";
import {
  markNotificationsReadSchema,
  notificationsPageSchema,
  pageQuery,
  unreadCountSchema,
} from "../../../shared/schemas/social-profiles.ts";
import { authUser, requireUser } from "../auth/require-user.ts";
import type { AppDeps } from "../deps.ts";
import { envelope } from "../http/envelope.ts";
import { createRouter } from "../http/router.ts";
import { listNotifications, markNotificationsRead, unreadCount } from "../services/notifications.ts";
import {
  bearer,
  commonFailures,
  failure,
  jsonContent,
  limitAccountBody,
  requireBodyType,
  unauthorized,
} from "./route-http.ts";

const listRoute = createRoute({
  method: "get",
  path: "/notifications",
  tags: ["Notifications"],
  summary: "The caller's notifications, newest first, with the unread count",
  security: bearer,
  request: { query: pageQuery },
  responses: {
    200: { description: "One page", content: jsonContent(envelopeOf(notificationsPageSchema)) },
    ...commonFailures,
  },
});

const unreadRoute = createRoute({
  method: "get",
  path: "/notifications/unreadCount",
  tags: ["Notifications"],
  summary: "How many of the caller's notifications are unread (the sidebar badge)",
  security: bearer,
  responses: {
    200: { description: "The count", content: jsonContent(envelopeOf(unreadCountSchema)) },
    401: unauthorized,
  },
});

const markReadRoute = createRoute({
  method: "post",
  path: "/notifications/read",
  tags: ["Notifications"],
  summary: "Mark read every notification up to upToId (the newest one shown), or all of them",
  security: bearer,
  request: { body: { required: true, content: jsonContent(markNotificationsReadSchema) } },
  responses: {
    200: {
      description: SOCIAL_MESSAGES.notificationsRead,
      content: jsonContent(envelopeOf(unreadCountSchema)),
    },
    ...commonFailures,
    415: failure("Not JSON"),
  },
});

export function notificationRoutes(deps: AppDeps) {
  const signedIn = requireUser(deps);
  return createRouter()
    .openapi({ ...listRoute, middleware: [signedIn] as const }, async (c) => {
      return c.json(envelope(await listNotifications(deps, authUser(c).id, c.req.valid("query"))), 200);
    })
    .openapi({ ...unreadRoute, middleware: [signedIn] as const }, async (c) => {
      return c.json(envelope({ unreadCount: await unreadCount(deps, authUser(c).id) }), 200);
    })
    .openapi(
      { ...markReadRoute, middleware: [limitAccountBody, signedIn, requireBodyType("json")] as const },
      async (c) => {
        const count = await markNotificationsRead(deps, authUser(c).id, c.req.valid("json").upToId);
        return c.json(envelope({ unreadCount: count }, 200, SOCIAL_MESSAGES.notificationsRead), 200);
      },
    );
}
