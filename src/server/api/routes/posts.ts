// Review writes (issue 11; spec point 7 "Review and catalogue writes"): post a review with
// its dish reviews and photos, edit or delete one's own, report another's. HTTP only: the
// rules live in services/review-post.ts, review-edit.ts, review-delete.ts and review-reports.ts.
import { createRoute } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { MAX_IMAGE_BYTES, MAX_REVIEW_IMAGES, REVIEW_MESSAGES } from "../../../domain/review-rules.ts";
import { envelopeOf, messageEnvelope } from "../../../shared/schemas/envelope.ts";
import {
  existingReviewSchema,
  idempotencyHeader,
  postedReviewSchema,
  postIdParam,
  postReviewForm,
  reportReviewSchema,
  updateReviewSchema,
} from "../../../shared/schemas/reviews.ts";
import { MODERATION_MESSAGES } from "../../../domain/moderation.ts";
import { REVIEW_PAUSE_MESSAGE } from "../../../domain/review-signals.ts";
import { assertSelf, authUser, requireUser } from "../auth/require-user.ts";
import { requireActiveUser } from "../auth/require-active-user.ts";
import type { AppDeps } from "../deps.ts";
import { PhotoRejectedError } from "../files/image-pipeline.ts";
import { ApiError, envelope, fieldError } from "../http/envelope.ts";
import { createRouter } from "../http/router.ts";
import { deleteReview } from "../services/review-delete.ts";
import { updateReview } from "../services/review-edit.ts";
import { addReviewPhotos, removeReviewPhoto } from "../services/review-photos.ts";
import { addReviewPhotosForm, reviewPhotoParam } from "../../../shared/schemas/review-photos.ts";
import { REVIEW_PHOTO_EDIT_MESSAGES } from "../../../domain/review-photo-edits.ts";
import { postReview, ReviewExistsError } from "../services/review-post.ts";
import { reportReview } from "../services/review-reports.ts";
import { bearer, failure, jsonContent, limitJsonBody, requireBodyType, unauthorized } from "./route-http.ts";

const common = {
  400: failure("A required field is missing or invalid; the message says which (spec point 5)"),
  401: unauthorized,
};

/** Ten photos of at most 10 MB and the text fields; anything larger is refused unread. */
const REVIEW_BODY_LIMIT = MAX_REVIEW_IMAGES * MAX_IMAGE_BYTES + 1024 * 1024;
const limitReviewBody: MiddlewareHandler = bodyLimit({
  maxSize: REVIEW_BODY_LIMIT,
  onError: (c) => c.json(envelope(null, 413, REVIEW_MESSAGES.imageTooLarge), 413),
});

const saveRoute = createRoute({
  method: "post",
  path: "/posts/save",
  tags: ["Reviews"],
  summary: "Post a review: a restaurant review with up to 5 dish reviews, or one dish review, with photos",
  description:
    "Multipart. One request is one all-or-nothing write: posts, photos and the rated items' " +
    "aggregates. authId, when sent, must be the caller. With an Idempotency-Key (a UUID) a " +
    "retry within 24 hours answers the first post and writes nothing. Limits (429 with " +
    "Retry-After): 20 reviews a day, one review of a restaurant a day, 60 photos an hour. " +
    "One voice per person per item: a second review of a restaurant or dish the caller already " +
    "reviewed (alone or inside a restaurant review) is answered 409 with that review's id, to edit " +
    "instead; the same dish twice in one post is a 400.",
  security: bearer,
  request: {
    headers: idempotencyHeader,
    body: { required: true, content: { "multipart/form-data": { schema: postReviewForm } } },
  },
  responses: {
    200: {
      description: "Posted (or the first answer to this Idempotency-Key)",
      content: jsonContent(envelopeOf(postedReviewSchema)),
    },
    ...common,
    403: failure("authId names another user"),
    404: failure("Restaurant not found. Please try again. / Dish not found. Please try again."),
    409: {
      description: `${REVIEW_MESSAGES.restaurantAlreadyReviewed} / ${REVIEW_MESSAGES.dishAlreadyReviewed}`,
      content: jsonContent(envelopeOf(existingReviewSchema)),
    },
    413: failure("The request is larger than ten 10 MB photos"),
    415: failure("Not multipart/form-data"),
    422: failure("The Idempotency-Key was used for a different review"),
    423: failure(`${REVIEW_PAUSE_MESSAGE} (issue 21: the restaurant or a dish the post rates)`),
    429: failure("Too many reviews or photos; Retry-After says when to try again"),
    503: failure("The write queue is full (issue 33); Retry-After says when to try again"),
  },
});

const updateRoute = createRoute({
  method: "post",
  path: "/posts/update",
  tags: ["Reviews"],
  summary: "Edit one's own review: content, rating, the incentive answer",
  description:
    "Every edit keeps the state it replaces as a version moderators can read (never public). " +
    "The incentive answer can be added (false to true), never taken back: true to false is a 400.",
  security: bearer,
  request: { body: { required: true, content: jsonContent(updateReviewSchema) } },
  responses: {
    200: { description: REVIEW_MESSAGES.reviewUpdated, content: jsonContent(messageEnvelope) },
    ...common,
    403: failure("Not the author, or authId names another user"),
    404: failure(REVIEW_MESSAGES.reviewNotFound),
    415: failure("Not JSON"),
    503: failure("The write queue is full (issue 33); Retry-After says when to try again"),
  },
});

const addPhotosRoute = createRoute({
  method: "post",
  path: "/posts/{id}/photos",
  tags: ["Reviews"],
  summary: "Add photos to one's own review (issue 30: editing can change photos)",
  description:
    "Multipart images. The review and the dish reviews posted with it show at most 10 photos together " +
    "(spec point 5); the photos are checked as when posting and count against the hourly photo limit. " +
    "The review as it was is kept as a version for moderators.",
  security: bearer,
  request: {
    params: postIdParam,
    body: { required: true, content: { "multipart/form-data": { schema: addReviewPhotosForm } } },
  },
  responses: {
    200: { description: REVIEW_PHOTO_EDIT_MESSAGES.added, content: jsonContent(messageEnvelope) },
    ...common,
    403: failure("Not the author, or the account is suspended"),
    404: failure(REVIEW_MESSAGES.reviewNotFound),
    413: failure("The request is larger than ten 10 MB photos"),
    415: failure("Not multipart/form-data"),
    429: failure("Too many photos this hour; Retry-After says when to try again"),
    503: failure("The write queue is full (issue 33); Retry-After says when to try again"),
  },
});

const removePhotoRoute = createRoute({
  method: "delete",
  path: "/posts/{id}/photos/{name}",
  tags: ["Reviews"],
  summary: "Take a photo off one's own review (kept in the version moderators read)",
  security: bearer,
  request: { params: reviewPhotoParam },
  responses: {
    200: { description: REVIEW_PHOTO_EDIT_MESSAGES.removed, content: jsonContent(messageEnvelope) },
    ...common,
    403: failure("Not the author, or the account is suspended"),
    404: failure(`${REVIEW_MESSAGES.reviewNotFound} / ${REVIEW_PHOTO_EDIT_MESSAGES.notFound}`),
    503: failure("The write queue is full (issue 33); Retry-After says when to try again"),
  },
});

const deleteRoute = createRoute({
  method: "delete",
  path: "/posts/{id}",
  tags: ["Reviews"],
  summary: "Delete one's own review; a restaurant review takes its dish reviews along",
  security: bearer,
  request: { params: postIdParam },
  responses: {
    200: { description: REVIEW_MESSAGES.reviewDeleted, content: jsonContent(messageEnvelope) },
    ...common,
    403: failure("Not the author"),
    404: failure(REVIEW_MESSAGES.reviewNotFound),
    409: failure(MODERATION_MESSAGES.removedReviewKept),
    503: failure("The write queue is full (issue 33); Retry-After says when to try again"),
  },
});

const reportRoute = createRoute({
  method: "post",
  path: "/posts/report",
  tags: ["Reviews"],
  summary: "Report a review for moderation, with a reason from the shared list (issue 15)",
  description: "One report per person per review: a repeat answers the same thanks and stores nothing.",
  security: bearer,
  request: { body: { required: true, content: jsonContent(reportReviewSchema) } },
  responses: {
    200: { description: "Thanks, we'll review this", content: jsonContent(messageEnvelope) },
    ...common,
    403: failure("The account is suspended"),
    404: failure(REVIEW_MESSAGES.reviewNotFound),
    415: failure("Not JSON"),
    429: failure("Too many reports today"),
  },
});

export function postRoutes(deps: AppDeps) {
  return createRouter()
    .openapi(
      {
        ...saveRoute,
        middleware: [limitReviewBody, requireActiveUser(deps), requireBodyType("multipart")] as const,
      },
      async (c) => {
        const form = c.req.valid("form");
        const me = assertSelf(c, form.authId);
        const images =
          form.images === undefined ? [] : Array.isArray(form.images) ? form.images : [form.images];
        if (images.length > MAX_REVIEW_IMAGES) throw fieldError(400, "images", REVIEW_MESSAGES.tooManyImages);
        const uploads = await Promise.all(
          images.map(async (file) => ({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) })),
        );
        try {
          const posted = await postReview(deps, me.id, {
            restaurantId: form.restaurantId,
            dishId: form.dishId,
            content: form.content,
            ratingTenths: form.rating,
            images: uploads,
            imageIndexes: form.imageIndexes,
            dishReviews: form.dishReviews?.map((d) => ({ ...d, ratingTenths: d.rating })),
            incentivised: form.incentivised ?? false,
            idempotencyKey: c.req.valid("header")["idempotency-key"]?.toLowerCase(),
            // As for rate limits: the host's view of the client (CLIENT_IP_HEADER, CF-Connecting-IP).
            clientIp: deps.clientIp?.(c),
          });
          return c.json(envelope(posted, 200, REVIEW_MESSAGES.posted), 200);
        } catch (error) {
          if (error instanceof ReviewExistsError) {
            return c.json(envelope(error.existing, 409, error.message), 409);
          }
          if (error instanceof PhotoRejectedError) {
            throw new ApiError(
              400,
              error.message,
              {},
              { fields: { [`images.${error.index}`]: error.message } },
            );
          }
          throw error;
        }
      },
    )
    .openapi(
      { ...updateRoute, middleware: [limitJsonBody, requireActiveUser(deps), requireBodyType("json")] as const },
      async (c) => {
        const { id, authId, content, rating, incentivised } = c.req.valid("json");
        const me = assertSelf(c, authId);
        await updateReview(deps, me.id, id, { content, ratingTenths: rating, incentivised });
        return c.json(envelope(null, 200, REVIEW_MESSAGES.reviewUpdated), 200);
      },
    )
    .openapi(
      {
        ...addPhotosRoute,
        middleware: [limitReviewBody, requireActiveUser(deps), requireBodyType("multipart")] as const,
      },
      async (c) => {
        const { images } = c.req.valid("form");
        const files = Array.isArray(images) ? images : [images];
        if (files.length > MAX_REVIEW_IMAGES) throw fieldError(400, "images", REVIEW_MESSAGES.tooManyImages);
        const uploads = await Promise.all(
          files.map(async (file) => ({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) })),
        );
        await addReviewPhotos(deps, authUser(c).id, c.req.valid("param").id, uploads);
        return c.json(envelope(null, 200, REVIEW_PHOTO_EDIT_MESSAGES.added), 200);
      },
    )
    .openapi({ ...removePhotoRoute, middleware: [requireActiveUser(deps)] as const }, async (c) => {
      const { id, name } = c.req.valid("param");
      await removeReviewPhoto(deps, authUser(c).id, id, name);
      return c.json(envelope(null, 200, REVIEW_PHOTO_EDIT_MESSAGES.removed), 200);
    })
    .openapi({ ...deleteRoute, middleware: [requireUser(deps)] as const }, async (c) => {
      await deleteReview(deps, authUser(c).id, c.req.valid("param").id);
      return c.json(envelope(null, 200, REVIEW_MESSAGES.reviewDeleted), 200);
    })
    .openapi(
      { ...reportRoute, middleware: [limitJsonBody, requireActiveUser(deps), requireBodyType("json")] as const },
      async (c) => {
        const message = await reportReview(deps, authUser(c).id, c.req.valid("json"));
        return c.json(envelope(null, 200, message), 200);
      },
    );
}
