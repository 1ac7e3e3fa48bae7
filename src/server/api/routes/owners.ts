// What a verified owner does (issue 22, docs/owners.md): reply to reviews, report them, keep the
// restaurant's facts and menu true, and read the dashboard. Anyone signed in may report a
// reply. HTTP only: the rules live in services/owners.ts and services/owner-replies.ts.
import { createRoute } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import * as z from "zod";
import { MAX_DISHES_PER_RESTAURANT, OWNER_MESSAGES, OWNER_RATE_LIMITS } from "../../../domain/owners.ts";
import { dishSchema, restaurantSchema } from "../../../shared/schemas/catalogue-items.ts";
import { envelopeOf, messageEnvelope } from "../../../shared/schemas/envelope.ts";
import {
  dashboardReviewsQuery,
  dashboardReviewsSchema,
  factsInputSchema,
  menuAnswerSchema,
  menuInputSchema,
  ownedRestaurantSchema,
  ownerReplyAnswerSchema,
  ownerReportSchema,
  ownerStatsSchema,
  postIdPath,
  replyInputSchema,
  reportReplySchema,
  restaurantIdPath,
  resumableClaimSchema,
} from "../../../shared/schemas/owners.ts";
import { requireActiveUser } from "../auth/require-active-user.ts";
import { authUser, requireUser } from "../auth/require-user.ts";
import type { AppDeps } from "../deps.ts";
import { envelope } from "../http/envelope.ts";
import { createRouter } from "../http/router.ts";
import {
  createReply,
  deleteReply,
  editReply,
  ownerReportReview,
  reportReply,
} from "../services/owner-replies.ts";
import {
  dashboardReviews,
  listOwnedRestaurants,
  ownerMenuDishes,
  ownerStats,
  updateFacts,
  updateMenu,
} from "../services/owners.ts";
import { resumableCodeClaim } from "../services/restaurant-claims.ts";
import {
  bearer,
  failure,
  jsonContent,
  limitJsonBody,
  requireBodyType,
  tooMany,
  unauthorized,
} from "./route-http.ts";

const tags = ["Owners"];

/** A menu of 200 dishes with long descriptions is a few hundred KB. */
const limitMenuBody: MiddlewareHandler = bodyLimit({
  maxSize: 1024 * 1024,
  onError: (c) => c.json(envelope(null, 413, "Request body is too large."), 413),
});

const notOwner = failure(OWNER_MESSAGES.notOwner);
const ownerFailures = {
  400: failure("A field is missing or invalid; the message names it, and nothing changed"),
  401: unauthorized,
  403: notOwner,
};

const replyResponses = (description: string) => ({
  200: { description, content: jsonContent(envelopeOf(ownerReplyAnswerSchema)) },
  ...ownerFailures,
  403: failure(OWNER_MESSAGES.notReplyOwner),
  404: failure(
    `${OWNER_MESSAGES.reviewNotFound} (also for a review the caller may not see) / ${OWNER_MESSAGES.replyNotFound}`,
  ),
  409: failure(OWNER_MESSAGES.replyRemoved),
  429: failure("Over the hourly limit of replies, counted before the review is looked up; Retry-After says when"),
});

const createReplyRoute = createRoute({
  method: "post",
  path: "/reviews/{postId}/reply",
  tags,
  summary:
    "Reply in public to a review of the caller's restaurant (one per review); the reviewer is notified",
  security: bearer,
  request: { params: postIdPath, body: { required: true, content: jsonContent(replyInputSchema) } },
  responses: {
    ...replyResponses(OWNER_MESSAGES.replySaved),
    409: failure(`${OWNER_MESSAGES.replyExists} / ${OWNER_MESSAGES.replyRemoved}`),
  },
});

const editReplyRoute = createRoute({
  method: "put",
  path: "/reviews/{postId}/reply",
  tags,
  summary: "Edit the owner's reply to a review",
  security: bearer,
  request: { params: postIdPath, body: { required: true, content: jsonContent(replyInputSchema) } },
  responses: replyResponses(OWNER_MESSAGES.replySaved),
});

const deleteReplyRoute = createRoute({
  method: "delete",
  path: "/reviews/{postId}/reply",
  tags,
  summary: "Delete the owner's reply to a review (its reports stay for moderators)",
  security: bearer,
  request: { params: postIdPath },
  responses: {
    200: { description: OWNER_MESSAGES.replyDeleted, content: jsonContent(messageEnvelope) },
    ...ownerFailures,
    403: failure(OWNER_MESSAGES.notReplyOwner),
    404: failure(`${OWNER_MESSAGES.reviewNotFound} / ${OWNER_MESSAGES.replyNotFound}`),
    409: failure(OWNER_MESSAGES.replyRemoved),
    429: failure("Over the hourly limit of replies, edits and deletions; Retry-After says when"),
  },
});

const reportReplyRoute = createRoute({
  method: "post",
  path: "/reviews/{postId}/reply/report",
  tags,
  summary: "Report an owner's reply for moderation (one report per person per reply)",
  security: bearer,
  request: { params: postIdPath, body: { required: true, content: jsonContent(reportReplySchema) } },
  responses: {
    200: { description: "Thanks, we'll review this", content: jsonContent(messageEnvelope) },
    400: failure("Unknown reason or a note too long"),
    401: unauthorized,
    403: failure("The account is suspended"),
    404: failure(`${OWNER_MESSAGES.replyNotFound} (also for a reply on a review the caller may not see)`),
    415: failure("Not JSON"),
    429: tooMany,
  },
});

const ownerReportRoute = createRoute({
  method: "post",
  path: "/owner/reviews/{postId}/report",
  tags,
  summary:
    "The owner reports a review of their restaurant; extortion goes to the top of the moderation queue",
  security: bearer,
  request: { params: postIdPath, body: { required: true, content: jsonContent(ownerReportSchema) } },
  responses: {
    200: { description: "Thanks, we'll review this", content: jsonContent(messageEnvelope) },
    ...ownerFailures,
    403: failure(`${OWNER_MESSAGES.notReplyOwner} / the account is suspended`),
    404: failure(OWNER_MESSAGES.reviewNotFound),
    415: failure("Not JSON"),
    429: tooMany,
  },
});

const factsRoute = createRoute({
  method: "put",
  path: "/restaurants/{id}/facts",
  tags,
  summary:
    "Set the restaurant's hours with closures, booking and ordering links, and description (verified owner)",
  security: bearer,
  request: { params: restaurantIdPath, body: { required: true, content: jsonContent(factsInputSchema) } },
  responses: {
    200: { description: OWNER_MESSAGES.factsSaved, content: jsonContent(envelopeOf(restaurantSchema)) },
    ...ownerFailures,
    404: failure(OWNER_MESSAGES.restaurantNotFound),
    415: failure("Not JSON"),
    429: failure(`${OWNER_RATE_LIMITS.ownerEditsPerRestaurant.message} / ${OWNER_RATE_LIMITS.ownerEditsPerUser.message}`),
  },
});

const menuRoute = createRoute({
  method: "put",
  path: "/restaurants/{id}/menu",
  tags,
  summary: "Update and add menu dishes: names, prices, descriptions, allergens and diets (verified owner)",
  description:
    "Dishes not listed stay as they are. Each dish sent with allergens is stamped allergensUpdatedAt now.",
  security: bearer,
  request: { params: restaurantIdPath, body: { required: true, content: jsonContent(menuInputSchema) } },
  responses: {
    200: { description: OWNER_MESSAGES.menuSaved, content: jsonContent(envelopeOf(menuAnswerSchema)) },
    ...ownerFailures,
    404: failure(`${OWNER_MESSAGES.restaurantNotFound} / ${OWNER_MESSAGES.dishNotOnMenu}`),
    409: failure(OWNER_MESSAGES.menuFull(MAX_DISHES_PER_RESTAURANT + 1)),
    413: failure("Request body is too large."),
    429: failure(
      `${OWNER_RATE_LIMITS.ownerEditsPerRestaurant.message} (a save counts one, each new dish one more) / ${OWNER_RATE_LIMITS.ownerEditsPerUser.message}`,
    ),
  },
});

const ownedRoute = createRoute({
  method: "get",
  path: "/owner/restaurants",
  tags,
  summary: "The restaurants the caller is the verified owner of",
  security: bearer,
  responses: {
    200: { description: "Restaurants", content: jsonContent(envelopeOf(z.array(ownedRestaurantSchema))) },
    401: unauthorized,
  },
});

const dashboardReviewsRoute = createRoute({
  method: "get",
  path: "/owner/restaurants/{id}/reviews",
  tags,
  summary: "The restaurant's and its dishes' reviews, unanswered first, with the reply rate (verified owner)",
  security: bearer,
  request: { params: restaurantIdPath, query: dashboardReviewsQuery },
  responses: {
    200: { description: "One page", content: jsonContent(envelopeOf(dashboardReviewsSchema)) },
    ...ownerFailures,
    404: failure(OWNER_MESSAGES.restaurantNotFound),
  },
});

const resumableClaimRoute = createRoute({
  method: "get",
  path: "/owner/claims/code",
  tags,
  summary:
    "The caller's own code claim whose mailed code still works, so a reloaded claim page resumes the code step; null otherwise",
  security: bearer,
  responses: {
    200: { description: "The claim to resume, or null", content: jsonContent(envelopeOf(resumableClaimSchema)) },
    401: unauthorized,
  },
});

const statsRoute = createRoute({
  method: "get",
  path: "/owner/restaurants/{id}/stats",
  tags,
  summary: "Monthly average rating and review count over the last 12 months (verified owner)",
  security: bearer,
  request: { params: restaurantIdPath },
  responses: {
    200: { description: "Months, oldest first", content: jsonContent(envelopeOf(ownerStatsSchema)) },
    ...ownerFailures,
    404: failure(OWNER_MESSAGES.restaurantNotFound),
  },
});

const ownerMenuRoute = createRoute({
  method: "get",
  path: "/owner/restaurants/{id}/menu",
  tags,
  summary:
    "Every dish on the restaurant's menu, by name, including community-added ones not yet listed (verified owner)",
  security: bearer,
  request: { params: restaurantIdPath },
  responses: {
    200: { description: "Dishes by name", content: jsonContent(envelopeOf(z.array(dishSchema))) },
    ...ownerFailures,
    404: failure(OWNER_MESSAGES.restaurantNotFound),
  },
});

/** Replies to reviews and reports. */
export function ownerReplyRoutes(deps: AppDeps) {
  const active = requireActiveUser(deps);
  return createRouter()
    .openapi(
      { ...createReplyRoute, middleware: [limitJsonBody, active, requireBodyType("json")] },
      async (c) => {
        const reply = await createReply(
          deps,
          authUser(c),
          c.req.valid("param").postId,
          c.req.valid("json").content,
        );
        return c.json(envelope(reply, 200, OWNER_MESSAGES.replySaved), 200);
      },
    )
    .openapi(
      { ...editReplyRoute, middleware: [limitJsonBody, active, requireBodyType("json")] },
      async (c) => {
        const reply = await editReply(
          deps,
          authUser(c),
          c.req.valid("param").postId,
          c.req.valid("json").content,
        );
        return c.json(envelope(reply, 200, OWNER_MESSAGES.replySaved), 200);
      },
    )
    .openapi({ ...deleteReplyRoute, middleware: [active] as const }, async (c) => {
      await deleteReply(deps, authUser(c), c.req.valid("param").postId);
      return c.json(envelope(null, 200, OWNER_MESSAGES.replyDeleted), 200);
    })
    .openapi(
      { ...reportReplyRoute, middleware: [limitJsonBody, active, requireBodyType("json")] as const },
      async (c) => {
        const message = await reportReply(
          deps,
          authUser(c),
          c.req.valid("param").postId,
          c.req.valid("json"),
        );
        return c.json(envelope(null, 200, message), 200);
      },
    )
    .openapi(
      { ...ownerReportRoute, middleware: [limitJsonBody, active, requireBodyType("json")] as const },
      async (c) => {
        const message = await ownerReportReview(
          deps,
          authUser(c),
          c.req.valid("param").postId,
          c.req.valid("json"),
        );
        return c.json(envelope(null, 200, message), 200);
      },
    );
}

/** The owner's facts, menu and dashboard (a router of its own keeps each chain's types small). */
export function ownerFactsRoutes(deps: AppDeps) {
  const active = requireActiveUser(deps);
  const signedIn = requireUser(deps);
  // Mutable middleware lists for the JSON writes: with these routes' types a readonly tuple
  // made hono's route inference fail (the handler's input typed never).
  return createRouter()
    .openapi({ ...factsRoute, middleware: [limitJsonBody, active, requireBodyType("json")] }, async (c) => {
      const restaurant = await updateFacts(deps, authUser(c), c.req.valid("param").id, c.req.valid("json"));
      return c.json(envelope(restaurant, 200, OWNER_MESSAGES.factsSaved), 200);
    })
    .openapi({ ...menuRoute, middleware: [limitMenuBody, active, requireBodyType("json")] }, async (c) => {
      const menu = await updateMenu(deps, authUser(c), c.req.valid("param").id, c.req.valid("json"));
      return c.json(envelope(menu, 200, OWNER_MESSAGES.menuSaved), 200);
    })
    .openapi({ ...ownedRoute, middleware: [signedIn] as const }, async (c) => {
      return c.json(envelope(await listOwnedRestaurants(deps, authUser(c))), 200);
    })
    .openapi({ ...dashboardReviewsRoute, middleware: [signedIn] as const }, async (c) => {
      const page = await dashboardReviews(deps, authUser(c), c.req.valid("param").id, c.req.valid("query"));
      return c.json(envelope(page), 200);
    })
    .openapi({ ...resumableClaimRoute, middleware: [signedIn] as const }, async (c) => {
      return c.json(envelope(await resumableCodeClaim(deps, authUser(c))), 200);
    })
    .openapi({ ...statsRoute, middleware: [signedIn] as const }, async (c) => {
      return c.json(envelope(await ownerStats(deps, authUser(c), c.req.valid("param").id)), 200);
    })
    .openapi({ ...ownerMenuRoute, middleware: [signedIn] as const }, async (c) => {
      return c.json(envelope(await ownerMenuDishes(deps, authUser(c), c.req.valid("param").id)), 200);
    });
}
