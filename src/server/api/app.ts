// createApp(deps): the whole HTTP API, built once and mounted by both hosts
// (src/server/hosts/node.ts and functions/api/[[route]].ts).
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { HTTP_MESSAGES } from "../../domain/messages.ts";
import type { AppDeps } from "./deps.ts";
import { ApiError, envelope } from "./http/envelope.ts";
import { createRouter, serveOpenApiDocument } from "./http/router.ts";
import { apiSecurityHeaders } from "./http/security-headers.ts";
import { privateNoStore } from "./auth/require-user.ts";
import { withUrlFastPath } from "./cache/url-fast-path.ts";
import { healthRoutes } from "./routes/health.ts";
import { dishRoutes } from "./routes/dishes.ts";
import { restaurantRoutes } from "./routes/restaurants.ts";
import { restaurantMenuRoutes } from "./routes/restaurant-menu.ts";
import { offerRoutes } from "./routes/offers.ts";
import { tagRoutes } from "./routes/tags.ts";
import { regionRoutes } from "./routes/regions.ts";
import { areaRoutes } from "./routes/areas.ts";
import { placeRoutes } from "./routes/places.ts";
import { mapRoutes } from "./routes/map.ts";
import { fileRoutes } from "./routes/files.ts";
import { registrationRoutes } from "./routes/registrations.ts";
import { userRoutes } from "./routes/users.ts";
import { passwordResetRoutes } from "./routes/password-reset.ts";
import { devOutboxRoutes } from "./routes/dev-outbox.ts";
import { feedRoutes } from "./routes/feed.ts";
import { commentRoutes } from "./routes/comments.ts";
import { postLikeRoutes } from "./routes/post-likes.ts";
import { listRoutes } from "./routes/lists.ts";
import { listSignalRoutes } from "./routes/lists-signal.ts";
import { catalogueWriteRoutes } from "./routes/catalogue-writes.ts";
import { postRoutes } from "./routes/posts.ts";
import { reviewRoutes } from "./routes/reviews.ts";
import { followRoutes } from "./routes/follows.ts";
import { profileRoutes } from "./routes/profiles.ts";
import { peopleRoutes } from "./routes/people.ts";
import { blockRoutes } from "./routes/blocks.ts";
import { notificationRoutes } from "./routes/notifications.ts";
import { accountDataRoutes } from "./routes/account-data.ts";
import { moderationRoutes } from "./routes/moderation.ts";
import { transparencyRoutes } from "./routes/transparency.ts";
import { searchSuggestionRoutes } from "./routes/search-suggestions.ts";
import { restaurantClaimRoutes } from "./routes/restaurant-claims.ts";
import { ownerFactsRoutes, ownerReplyRoutes } from "./routes/owners.ts";
import { restaurantPhotoRoutes } from "./routes/restaurant-photos.ts";
import { postReadRoutes } from "./routes/post-read.ts";

/** The API's routes, one router per resource, chained so their types reach the typed client. */
export function apiRoutes(deps: AppDeps) {
  return createRouter()
    .route("/", healthRoutes(deps))
    .route("/", catalogueWriteRoutes(deps)) // before /dishes/{id} and /restaurants/{id}
    .route("/", postRoutes(deps))
    .route("/", reviewRoutes(deps))
    .route("/", dishRoutes(deps))
    .route("/", restaurantRoutes(deps))
    .route("/", restaurantMenuRoutes(deps))
    .route("/", offerRoutes(deps))
    .route("/", tagRoutes(deps))
    .route("/", regionRoutes(deps))
    .route("/", areaRoutes(deps))
    .route("/", placeRoutes(deps))
    .route("/", mapRoutes(deps))
    .route("/", fileRoutes(deps))
    .route("/", registrationRoutes(deps))
    .route("/", passwordResetRoutes(deps))
    .route("/", userRoutes(deps))
    .route("/", followRoutes(deps))
    .route("/", profileRoutes(deps))
    .route("/", peopleRoutes(deps))
    .route("/", blockRoutes(deps))
    .route("/", notificationRoutes(deps))
    .route("/", accountDataRoutes(deps))
    .route("/", feedRoutes(deps))
    .route("/", commentRoutes(deps))
    .route("/", postLikeRoutes(deps))
    .route("/", listRoutes(deps))
    .route("/", listSignalRoutes(deps))
    .route("/", moderationRoutes(deps))
    .route("/", transparencyRoutes(deps))
    .route("/", searchSuggestionRoutes(deps))
    .route("/", restaurantClaimRoutes(deps))
    .route("/", ownerReplyRoutes(deps))
    .route("/", ownerFactsRoutes(deps))
    .route("/", restaurantPhotoRoutes(deps))
    .route("/", postReadRoutes(deps)) // after every fixed /posts/... GET
    .route("/", devOutboxRoutes(deps));
}

/** What src/shared/api-client.ts reads (type only) to type every call and answer. */
export type ApiRoutes = ReturnType<typeof apiRoutes>;

export function createApp(deps: AppDeps) {
  const api = apiRoutes(deps);
  serveOpenApiDocument(api, "/openapi.json", {
    openapi: "3.1.0",
    info: {
      title: "Dishcovery API",
      version: "1.0.0",
      description:
        "Every JSON answer is {code, message, data} with code equal to the HTTP status. " +
        "Where the original calls were unsafe the API deliberately differs; see docs/api.md.",
    },
    servers: [{ url: "/api" }],
  });

  const app = new Hono();
  app.use("/api/*", apiSecurityHeaders(deps.config.production));
  app.use("/api/users/*", privateNoStore); // tokens, codes and own accounts: never cached (issue 14)
  app.route("/api", api);
  app.notFound((c) => c.json(envelope(null, 404, HTTP_MESSAGES[404]), 404));
  app.onError((error, c) => {
    if (error instanceof ApiError) {
      for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
      return c.json(envelope(error.data, error.status, error.message), error.status);
    }
    if (error instanceof HTTPException) {
      const status = error.status as ContentfulStatusCode;
      // Hono raises these for malformed bodies (bad JSON, wrong content type).
      const message = status === 400 ? `Invalid request body: ${error.message}` : error.message;
      return c.json(envelope(null, status, message), status);
    }
    deps.log("error", `Unhandled error on ${c.req.method} ${c.req.path}`, error);
    return c.json(envelope(null, 500, HTTP_MESSAGES[500]), 500);
  });
  // Hot reads already answered once skip routing and validation. app.request() calls
  // this.fetch, so tests exercise the same path as both hosts.
  app.fetch = withUrlFastPath(app.fetch, deps.cache);
  return app;
}

export type App = ReturnType<typeof createApp>;
