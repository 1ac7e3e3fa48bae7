// Moderation (issue 21, docs/moderation.md): the queue, decisions, appeals, roles and the log.
// HTTP only: the rules live in services/moderation-*.ts. Every call needs a bearer token and
// the role, read from the database on each request (requireRole), so a revoke is at once.
import { createRoute } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { MODERATION_MESSAGES } from "../../../domain/moderation.ts";
import { envelopeOf } from "../../../shared/schemas/envelope.ts";
import {
  appealAnswerSchema,
  appealSchema,
  decisionAnswerSchema,
  logPageSchema,
  logQuery,
  moderationActionSchema,
  moderatorGrantSchema,
  queryQueueDescription,
  queuePageSchema,
  queueQuery,
  roleAnswerSchema,
} from "../../../shared/schemas/moderation.ts";
import { authUser, requireUser, type AuthEnv } from "../auth/require-user.ts";
import type { AppDeps } from "../deps.ts";
import { envelope } from "../http/envelope.ts";
import { createRouter } from "../http/router.ts";
import { decide } from "../services/moderation-actions.ts";
import { appeal } from "../services/moderation-appeals.ts";
import { exportLogCsv, readLog } from "../services/moderation-log.ts";
import { readQueue } from "../services/moderation-queue.ts";
import { assertRole, grantModerator } from "../services/moderation-roles.ts";
import {
  bearer,
  commonFailures,
  failure,
  jsonContent,
  limitJsonBody,
  requireBodyType,
} from "./route-http.ts";

const forbidden = (who: string) =>
  failure(`Signed in without the ${who} role, or the rule the message names`);

/** 403 unless the signed-in caller holds the role now and is not suspended (after requireUser). */
function requireRole(deps: AppDeps, needed: "moderator" | "admin"): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    await assertRole(deps.db, authUser(c).id, needed, deps.now());
    await next();
  };
}

const queueRoute = createRoute({
  method: "get",
  path: "/moderation/queue",
  tags: ["Moderation"],
  summary: "Open moderation items, oldest first, with reasons, reports, context and signals (moderators)",
  description: queryQueueDescription,
  security: bearer,
  request: { query: queueQuery },
  responses: {
    200: { description: "One page", content: jsonContent(envelopeOf(queuePageSchema)) },
    ...commonFailures,
    403: forbidden("moderator"),
  },
});

const actionRoute = createRoute({
  method: "post",
  path: "/moderation/actions",
  tags: ["Moderation"],
  summary:
    "Decide an item: keep, remove, warn, suspend (approve, merge for catalogue items) with a reason and a note",
  security: bearer,
  request: { body: { required: true, content: jsonContent(moderationActionSchema) } },
  responses: {
    200: { description: MODERATION_MESSAGES.decided, content: jsonContent(envelopeOf(decisionAnswerSchema)) },
    ...commonFailures,
    403: forbidden("moderator"),
    404: failure(MODERATION_MESSAGES.targetNotFound),
    415: failure("Not JSON"),
    503: failure("The write queue is full (issue 33); Retry-After says when to try again"),
  },
});

const appealRoute = createRoute({
  method: "post",
  path: "/moderation/appeals",
  tags: ["Moderation"],
  summary:
    "Appeal a decision once, within 14 days, as its author or a reporter; a different moderator decides",
  security: bearer,
  request: { body: { required: true, content: jsonContent(appealSchema) } },
  responses: {
    200: {
      description: MODERATION_MESSAGES.appealReceived,
      content: jsonContent(envelopeOf(appealAnswerSchema)),
    },
    ...commonFailures,
    404: failure(MODERATION_MESSAGES.decisionNotFound),
    409: failure(`${MODERATION_MESSAGES.appealedAlready} / ${MODERATION_MESSAGES.appealFinal}`),
    410: failure(MODERATION_MESSAGES.appealWindowPassed),
    415: failure("Not JSON"),
  },
});

const moderatorsRoute = createRoute({
  method: "post",
  path: "/moderation/moderators",
  tags: ["Moderation"],
  summary: "Grant or revoke the moderator role of the account with this e-mail address (admins)",
  security: bearer,
  request: { body: { required: true, content: jsonContent(moderatorGrantSchema) } },
  responses: {
    200: { description: "The account's role now", content: jsonContent(envelopeOf(roleAnswerSchema)) },
    ...commonFailures,
    403: forbidden("admin"),
    404: failure(MODERATION_MESSAGES.userNotFound),
    409: failure(MODERATION_MESSAGES.roleOfAdmin),
    415: failure("Not JSON"),
  },
});

const logRoute = createRoute({
  method: "get",
  path: "/moderation/log",
  tags: ["Moderation"],
  summary: "The append-only moderation log, newest first (admins)",
  security: bearer,
  request: { query: logQuery },
  responses: {
    200: { description: "One page", content: jsonContent(envelopeOf(logPageSchema)) },
    ...commonFailures,
    403: forbidden("admin"),
  },
});

const logExportRoute = createRoute({
  method: "get",
  path: "/moderation/log/export",
  tags: ["Moderation"],
  summary: "The whole moderation log as a CSV download with a header row (admins)",
  security: bearer,
  responses: {
    200: { description: "text/csv", content: { "text/csv": { schema: { type: "string" } } } },
    401: commonFailures[401],
    403: forbidden("admin"),
  },
});

export function moderationRoutes(deps: AppDeps) {
  const signedIn = requireUser(deps);
  const moderator = requireRole(deps, "moderator");
  const admin = requireRole(deps, "admin");
  return createRouter()
    .openapi({ ...queueRoute, middleware: [signedIn, moderator] as const }, async (c) => {
      return c.json(envelope(await readQueue(deps, authUser(c).id, c.req.valid("query"))), 200);
    })
    .openapi(
      { ...actionRoute, middleware: [limitJsonBody, signedIn, moderator, requireBodyType("json")] as const },
      async (c) => {
        const decision = await decide(deps, authUser(c), c.req.valid("json"));
        return c.json(envelope(decision, 200, MODERATION_MESSAGES.decided), 200);
      },
    )
    .openapi(
      { ...appealRoute, middleware: [limitJsonBody, signedIn, requireBodyType("json")] as const },
      async (c) => {
        const answer = await appeal(deps, authUser(c), c.req.valid("json"));
        return c.json(envelope(answer, 200, MODERATION_MESSAGES.appealReceived), 200);
      },
    )
    .openapi(
      { ...moderatorsRoute, middleware: [limitJsonBody, signedIn, admin, requireBodyType("json")] as const },
      async (c) => {
        const me = authUser(c);
        return c.json(envelope(await grantModerator(deps.db, me, c.req.valid("json"), deps.now())), 200);
      },
    )
    .openapi({ ...logRoute, middleware: [signedIn, admin] as const }, async (c) => {
      return c.json(envelope(await readLog(deps, c.req.valid("query"))), 200);
    })
    .openapi({ ...logExportRoute, middleware: [signedIn, admin] as const }, async (c) => {
      const csv = await exportLogCsv(deps);
      const day = new Date(deps.now()).toISOString().slice(0, 10);
      return c.body(csv, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="moderation-log-${day}.csv"`,
      });
    });
}
