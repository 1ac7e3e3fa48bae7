// The friend signal (issue 32, docs/api.md "Lists"): what the people the caller follows think of
// a restaurant or dish, in full for its page and in one line for many cards. Signed-in only;
// private, no-store. HTTP only: the rules live in services/lists-signal.ts.
import { createRoute } from "@hono/zod-openapi";
import { LIST_MESSAGES, MAX_SIGNAL_IDS } from "../../../domain/lists.ts";
import { envelopeOf } from "../../../shared/schemas/envelope.ts";
import {
  friendSignalBatchSchema,
  friendSignalSchema,
  itemParams,
  signalBatchQuery,
} from "../../../shared/schemas/lists.ts";
import { authUser, privateNoStore, requireUser } from "../auth/require-user.ts";
import type { AppDeps } from "../deps.ts";
import { envelope } from "../http/envelope.ts";
import { createRouter } from "../http/router.ts";
import { friendSignal, friendSignalBatch } from "../services/lists-signal.ts";
import { bearer, commonFailures, failure, jsonContent } from "./route-http.ts";

const tags = ["Lists"];

const signalRoute = createRoute({
  method: "get",
  path: "/items/{kind}/{id}/following",
  tags,
  summary: '"3 people you follow rated this (4.6 on average)" and "2 want to try it", with faces and verdicts',
  description:
    "Only people the caller follows (approved follows: a private account's review reaches its " +
    "followers only), never across a block; a private Want to try is not counted. It never " +
    "changes public ranking.",
  security: bearer,
  middleware: [privateNoStore] as const,
  request: { params: itemParams },
  responses: {
    200: { description: "The signal", content: jsonContent(envelopeOf(friendSignalSchema)) },
    ...commonFailures,
    404: failure(LIST_MESSAGES.itemNotFound),
  },
});

const batchRoute = createRoute({
  method: "get",
  path: "/items/following",
  tags,
  summary: `The one-line friend signal of up to ${MAX_SIGNAL_IDS} cards of one kind`,
  security: bearer,
  middleware: [privateNoStore] as const,
  request: { query: signalBatchQuery },
  responses: {
    200: { description: "One entry per id asked", content: jsonContent(envelopeOf(friendSignalBatchSchema)) },
    ...commonFailures,
  },
});

export function listSignalRoutes(deps: AppDeps) {
  return createRouter()
    .openapi({ ...batchRoute, middleware: [privateNoStore, requireUser(deps)] as const }, async (c) => {
      const { kind, ids } = c.req.valid("query");
      return c.json(envelope(await friendSignalBatch(deps, authUser(c).id, kind, ids)), 200);
    })
    .openapi({ ...signalRoute, middleware: [privateNoStore, requireUser(deps)] as const }, async (c) => {
      const { kind, id } = c.req.valid("param");
      return c.json(envelope(await friendSignal(deps, authUser(c).id, kind, id)), 200);
    });
}
