// The review modal's catalogue calls (spec point 7 "Review and catalogue writes"): the name
// lists it suggests from, and adding a missing restaurant or dish. Bearer on every call, as
// the spec has it. HTTP only: the rules live in services/catalogue.ts.
import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import { REVIEW_MESSAGES } from "../../../domain/review-rules.ts";
import { envelopeOf } from "../../../shared/schemas/envelope.ts";
import {
  dishNameSchema,
  namesQuery,
  restaurantIdParam,
  restaurantNameSchema,
  savedDishSchema,
  saveDishSchema,
  savedRestaurantSchema,
  saveRestaurantSchema,
} from "../../../shared/schemas/reviews.ts";
import { authUser, requireUser } from "../auth/require-user.ts";
import { requireActiveUser } from "../auth/require-active-user.ts";
import { dishNames, restaurantNames } from "../db/queries/catalogue-name-reads.ts";
import { restaurantExists } from "../db/queries/restaurant-reads.ts";
import type { AppDeps } from "../deps.ts";
import { envelope, fieldError } from "../http/envelope.ts";
import { createRouter } from "../http/router.ts";
import { addDish, addRestaurant } from "../services/catalogue.ts";
import { bearer, failure, jsonContent, limitJsonBody, requireBodyType, unauthorized } from "./route-http.ts";

const tags = ["Catalogue writes"];

const restaurantNamesRoute = createRoute({
  method: "get",
  path: "/restaurants/names",
  tags,
  summary: "Restaurant names for the review modal's search, alphabetical; q filters by prefix",
  security: bearer,
  request: { query: namesQuery },
  responses: {
    200: {
      description: "id and name of each",
      content: jsonContent(envelopeOf(z.array(restaurantNameSchema))),
    },
    400: failure("Invalid q or limit"),
    401: unauthorized,
  },
});

const dishNamesRoute = createRoute({
  method: "get",
  path: "/dishes/names",
  tags,
  summary: "Dish names with their restaurant, alphabetical; q filters by prefix",
  security: bearer,
  request: { query: namesQuery },
  responses: {
    200: { description: "Dishes", content: jsonContent(envelopeOf(z.array(dishNameSchema))) },
    400: failure("Invalid q or limit"),
    401: unauthorized,
  },
});

const dishesInRestaurantRoute = createRoute({
  method: "get",
  path: "/dishes/namesInRestaurant/{restaurantId}",
  tags,
  summary: "A restaurant's dish names, for the dish review steps",
  security: bearer,
  request: {
    params: restaurantIdParam,
    query: namesQuery.extend({ limit: namesQuery.shape.limit.default(100) }),
  },
  responses: {
    200: { description: "Dishes", content: jsonContent(envelopeOf(z.array(dishNameSchema))) },
    400: failure("Invalid restaurantId, q or limit"),
    401: unauthorized,
    404: failure(REVIEW_MESSAGES.restaurantNotFound),
  },
});

const saveRestaurantRoute = createRoute({
  method: "post",
  path: "/restaurants/save",
  tags,
  summary: "Add a restaurant (spec point 3's body; postCode, or the spec's email field, holds the post code)",
  description:
    "Region, area and tags must exist; openingHours defaults to Monday-Friday 11:00 AM - 9:00 PM. " +
    "The same name at the same post code is refused (409). The restaurant is marked as added " +
    "by the caller, opens at /restaurant/{id} and is searchable at once.",
  security: bearer,
  request: { body: { required: true, content: jsonContent(saveRestaurantSchema) } },
  responses: {
    200: {
      description: REVIEW_MESSAGES.restaurantSaved,
      content: jsonContent(envelopeOf(savedRestaurantSchema)),
    },
    400: failure("A field is missing or invalid (spec point 5's messages)"),
    401: unauthorized,
    409: failure(REVIEW_MESSAGES.duplicateRestaurant),
    415: failure("Not JSON"),
    429: failure("Too many additions today"),
  },
});

const saveDishRoute = createRoute({
  method: "post",
  path: "/dishes/save",
  tags,
  summary: "Add a dish to a restaurant (spec point 3's body; created_at and updated_at are ignored)",
  description: "Tags must exist. The same dish name at the same restaurant is refused (409).",
  security: bearer,
  request: { body: { required: true, content: jsonContent(saveDishSchema) } },
  responses: {
    200: { description: REVIEW_MESSAGES.dishSaved, content: jsonContent(envelopeOf(savedDishSchema)) },
    400: failure("A field is missing or invalid (spec point 5's messages)"),
    401: unauthorized,
    404: failure(REVIEW_MESSAGES.restaurantNotFound),
    409: failure(REVIEW_MESSAGES.duplicateDish),
    415: failure("Not JSON"),
    429: failure("Too many additions today"),
  },
});

export function catalogueWriteRoutes(deps: AppDeps) {
  return createRouter()
    .openapi({ ...restaurantNamesRoute, middleware: [requireUser(deps)] as const }, async (c) => {
      const { q, limit } = c.req.valid("query");
      return c.json(envelope(await restaurantNames(deps.db, q || undefined, limit)), 200);
    })
    .openapi({ ...dishNamesRoute, middleware: [requireUser(deps)] as const }, async (c) => {
      const { q, limit } = c.req.valid("query");
      return c.json(envelope(await dishNames(deps.db, { q: q || undefined, limit })), 200);
    })
    .openapi({ ...dishesInRestaurantRoute, middleware: [requireUser(deps)] as const }, async (c) => {
      const { restaurantId } = c.req.valid("param");
      const { q, limit } = c.req.valid("query");
      if (!(await restaurantExists(deps.db, restaurantId))) {
        throw fieldError(404, "restaurantId", REVIEW_MESSAGES.restaurantNotFound);
      }
      return c.json(envelope(await dishNames(deps.db, { q: q || undefined, limit, restaurantId })), 200);
    })
    .openapi(
      {
        ...saveRestaurantRoute,
        middleware: [limitJsonBody, requireActiveUser(deps), requireBodyType("json")] as const,
      },
      async (c) => {
        const saved = await addRestaurant(deps, authUser(c).id, c.req.valid("json"));
        return c.json(envelope(saved, 200, REVIEW_MESSAGES.restaurantSaved), 200);
      },
    )
    .openapi(
      { ...saveDishRoute, middleware: [limitJsonBody, requireActiveUser(deps), requireBodyType("json")] as const },
      async (c) => {
        const saved = await addDish(deps, authUser(c).id, c.req.valid("json"));
        return c.json(envelope(saved, 200, REVIEW_MESSAGES.dishSaved), 200);
      },
    );
}
