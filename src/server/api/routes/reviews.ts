// Reading reviews (issue 11): an item's reviews and a user's, newest first or by rating,
// keyset-paged. Item lists are cached and dropped by any write to the item (cache/scopes.ts),
// or when one of its reviewers goes private or public; browsers revalidate them every time
// (issue 24), so an author sees their own edit on reload. Privacy (issue 20, docs/social.md):
// item lists never list a private account's reviews, and leave out, for a signed-in caller,
// the reviews of anyone on the other side of a block.
import { createRoute } from "@hono/zod-openapi";
import { idParam } from "../../../shared/schemas/catalogue-queries.ts";
import {
  existingReviewSchema,
  reviewPageSchema,
  reviewPauseAnswerSchema,
  reviewsQuery,
  userIdPathParam,
} from "../../../shared/schemas/reviews.ts";
import { cachedRead } from "../cache/cached-read.ts";
import { readScopes } from "../cache/scopes.ts";
import type { AppDeps } from "../deps.ts";
import type { Context } from "hono";
import { authenticate, authUser, PRIVATE_NO_STORE, requireUser } from "../auth/require-user.ts";
import { ApiError, envelope } from "../http/envelope.ts";
import { createRouter } from "../http/router.ts";
import { canSeeContent, visiblePerson } from "../services/follows.ts";
import { blockAwareViewer, listReviews } from "../services/review-cards.ts";
import { reviewPauseOf } from "../services/review-signals.ts";
import { ownReviewOf } from "../services/own-review.ts";
import { envelopeOf } from "../../../shared/schemas/envelope.ts";
import { bearer, failure, jsonContent, unauthorized } from "./route-http.ts";
import { envelopeResponses } from "./catalogue-http.ts";

const tags = ["Reviews"];
const pageDescription =
  "One page of reviews with their authors, ratings, photos and (for a restaurant review) the dish reviews posted with it";

const itemListDescription =
  "Private accounts' reviews are never listed here (only on their profiles, to approved followers): " +
  "they count in the item's rating and privateReviewCount says how many the list left out. A caller " +
  "who sends a bearer token and has a block with someone does not see that person's reviews (that " +
  "answer is private, no-store); a token that no longer works reads as a visitor.";

const restaurantReviews = createRoute({
  method: "get",
  path: "/reviews/restaurant/{id}",
  tags,
  summary: "A restaurant's reviews",
  description: itemListDescription,
  request: { params: idParam, query: reviewsQuery },
  responses: envelopeResponses(reviewPageSchema, pageDescription),
});

const dishReviews = createRoute({
  method: "get",
  path: "/reviews/dish/{id}",
  tags,
  summary: "A dish's reviews, including those posted with a restaurant review",
  description: itemListDescription,
  request: { params: idParam, query: reviewsQuery },
  responses: envelopeResponses(reviewPageSchema, pageDescription),
});

/**
 * The signed-in caller when their view of an item's reviews is not a visitor's: they have a
 * block with someone, whose reviews they must not see (docs/social.md). Anyone else, a stale
 * token included, gets the visitor's cached list: a block hides nothing from a visitor.
 */
async function viewerWithBlocks(c: Context, deps: AppDeps): Promise<number | undefined> {
  if (!c.req.header("authorization")) return undefined;
  const user = await authenticate(c, deps);
  return user ? blockAwareViewer(deps, user.id) : undefined;
}

const pauseDescription =
  "The pause on new reviews of the item in force (issue 21), as its review lists carry it; " +
  "null when there is none. A page rendered on demand reads this instead of a page of reviews.";

const pauseRoute = (kind: "restaurant" | "dish") =>
  createRoute({
    method: "get",
    path: `/reviews/${kind}/{id}/pause`,
    tags,
    summary: `Whether the ${kind} takes reviews now`,
    request: { params: idParam },
    responses: envelopeResponses(reviewPauseAnswerSchema, pauseDescription),
  });
const restaurantPause = pauseRoute("restaurant");
const dishPause = pauseRoute("dish");

/**
 * Issue 30: the composer asks, as soon as a place is chosen, whether the caller already
 * reviewed it, and offers to edit that review then rather than refusing the post later.
 */
const mineRoute = (kind: "restaurant" | "dish") =>
  createRoute({
    method: "get",
    path: `/reviews/${kind}/{id}/mine`,
    tags,
    summary: `The caller's own live review of the ${kind}, if any`,
    description:
      "What POST /posts/save would answer in its 409: the caller's review of the item, to edit " +
      "instead of posting again; null when they have none. Private, never cached.",
    security: bearer,
    request: { params: idParam },
    responses: {
      200: {
        description: "The caller's review of the item, or null",
        content: jsonContent(envelopeOf(existingReviewSchema.nullable())),
      },
      400: failure("The id is not a positive integer"),
      401: unauthorized,
    },
  });
const restaurantMine = mineRoute("restaurant");
const dishMine = mineRoute("dish");

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

/**
 * The item's pause. Only a review of the item starts one (services/review-signals.ts), and
 * every review write names the item, so the item's scope is what drops it; a pause ends on its
 * own, within the cache's TTL, as it does in the review lists.
 */
function cachedPause(c: Context, deps: AppDeps, kind: "restaurant" | "dish", id: number) {
  return cachedRead(
    c,
    deps,
    async (listed) => {
      listed(readScopes.item(kind, id));
      return { reviewPause: await reviewPauseOf(deps, kind, id, deps.now()) };
    },
    { revalidate: true },
  );
}

export function reviewRoutes(deps: AppDeps) {
  return createRouter()
    .openapi(restaurantPause, (c) => cachedPause(c, deps, "restaurant", c.req.valid("param").id))
    .openapi(dishPause, (c) => cachedPause(c, deps, "dish", c.req.valid("param").id))
    .openapi({ ...restaurantMine, middleware: [requireUser(deps)] as const }, async (c) => {
      c.header("Cache-Control", PRIVATE_NO_STORE);
      return c.json(envelope(await ownReviewOf(deps, authUser(c).id, "restaurant", c.req.valid("param").id)), 200);
    })
    .openapi({ ...dishMine, middleware: [requireUser(deps)] as const }, async (c) => {
      c.header("Cache-Control", PRIVATE_NO_STORE);
      return c.json(envelope(await ownReviewOf(deps, authUser(c).id, "dish", c.req.valid("param").id)), 200);
    })
    .openapi(restaurantReviews, async (c) => {
      const { id } = c.req.valid("param");
      const scope = { kind: "restaurant", id } as const;
      const viewer = await viewerWithBlocks(c, deps);
      if (viewer !== undefined) {
        c.header("Cache-Control", PRIVATE_NO_STORE);
        return c.json(envelope(await listReviews(deps, { scope, viewer, ...c.req.valid("query") })), 200);
      }
      return cachedRead(
        c,
        deps,
        async (listed) => {
          listed(readScopes.item("restaurant", id), readScopes.reviewsOf("restaurant", id));
          const page = await listReviews(deps, { scope, ...c.req.valid("query") });
          // A dish review shown inside a restaurant review changes with its dish.
          for (const review of page.reviews)
            for (const d of review.dishReviews) listed(readScopes.item("dish", d.subject.id));
          return page;
        },
        { visitorsView: true, revalidate: true },
      );
    })
    .openapi(dishReviews, async (c) => {
      const { id } = c.req.valid("param");
      const scope = { kind: "dish", id } as const;
      const viewer = await viewerWithBlocks(c, deps);
      if (viewer !== undefined) {
        c.header("Cache-Control", PRIVATE_NO_STORE);
        return c.json(envelope(await listReviews(deps, { scope, viewer, ...c.req.valid("query") })), 200);
      }
      return cachedRead(
        c,
        deps,
        (listed) => {
          listed(readScopes.item("dish", id), readScopes.reviewsOf("dish", id));
          return listReviews(deps, { scope, ...c.req.valid("query") });
        },
        { visitorsView: true, revalidate: true },
      );
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
