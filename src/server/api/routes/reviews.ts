// Reading reviews (issue 11): an item's reviews and a user's, newest first or by rating,
// keyset-paged. Item lists are cached and dropped by any write to the item (cache/scopes.ts).
import { createRoute } from "@hono/zod-openapi";
import { idParam } from "../../../shared/schemas/catalogue-queries.ts";
import { reviewPageSchema, reviewsQuery, userIdPathParam } from "../../../shared/schemas/reviews.ts";
import { cachedRead } from "../cache/cached-read.ts";
import { readScopes } from "../cache/scopes.ts";
import type { AppDeps } from "../deps.ts";
import { authUser, requireUser } from "../auth/require-user.ts";
import { ApiError, envelope } from "../http/envelope.ts";
import { createRouter } from "../http/router.ts";
import { canSeeContent, visiblePerson } from "../services/follows.ts";
import { listReviews } from "../services/reviews.ts";
import { bearer, failure, unauthorized } from "./route-http.ts";
import { envelopeResponses } from "./catalogue-http.ts";

const tags = ["Reviews"];
const pageDescription =
  "One page of reviews with their authors, ratings, photos and (for a restaurant review) the dish reviews posted with it";

const restaurantReviews = createRoute({
  method: "get",
  path: "/reviews/restaurant/{id}",
  tags,
  summary: "A restaurant's reviews",
  request: { params: idParam, query: reviewsQuery },
  responses: envelopeResponses(reviewPageSchema, pageDescription),
});

const dishReviews = createRoute({
  method: "get",
  path: "/reviews/dish/{id}",
  tags,
  summary: "A dish's reviews, including those posted with a restaurant review",
  request: { params: idParam, query: reviewsQuery },
  responses: envelopeResponses(reviewPageSchema, pageDescription),
});

const userReviews = createRoute({
  method: "get",
  path: "/reviews/user/{userId}",
  tags,
  summary: "A user's reviews (dish reviews inside the restaurant review they were posted with)",
  description:
    "A private profile's reviews are listed only for the user and their followers (403 otherwise).",
  security: bearer,
  request: { params: userIdPathParam, query: reviewsQuery },
  responses: {
    ...envelopeResponses(reviewPageSchema, pageDescription),
    401: unauthorized,
    403: failure("A private profile the caller does not follow"),
  },
});

export function reviewRoutes(deps: AppDeps) {
  return createRouter()
    .openapi(restaurantReviews, (c) => {
      const { id } = c.req.valid("param");
      return cachedRead(c, deps, async (listed) => {
        listed(readScopes.item("restaurant", id));
        const page = await listReviews(deps, { scope: { kind: "restaurant", id }, ...c.req.valid("query") });
        // A dish review shown inside a restaurant review changes with its dish.
        for (const review of page.reviews)
          for (const d of review.dishReviews) listed(readScopes.item("dish", d.subject.id));
        return page;
      });
    })
    .openapi(dishReviews, (c) => {
      const { id } = c.req.valid("param");
      return cachedRead(c, deps, (listed) => {
        listed(readScopes.item("dish", id));
        return listReviews(deps, { scope: { kind: "dish", id }, ...c.req.valid("query") });
      });
    })
    .openapi({ ...userReviews, middleware: [requireUser(deps)] as const }, async (c) => {
      // Not cached: it depends on who asks (private profiles), and no write names "this user's reviews".
      const { userId } = c.req.valid("param");
      const viewer = authUser(c).id;
      // The one rule for people's content (services/follows.ts): a block either way or nobody
      // answers 404; a private profile lists its reviews to its owner and followers only.
      if (!canSeeContent(viewer, await visiblePerson(deps, viewer, userId))) throw new ApiError(403);
      const page = await listReviews(deps, { scope: { kind: "user", id: userId }, ...c.req.valid("query") });
      return c.json(envelope(page), 200);
    });
}
