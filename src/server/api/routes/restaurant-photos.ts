// The verified owner's restaurant photos (issue 22): add one (multipart: photo) and remove
// one. HTTP only: the rules are services/restaurant-photos.ts'. The photos are read with the
// restaurant (GET /restaurants/{id}, ownerPhotos).
import { createRoute } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import * as z from "zod";
import { OWNER_MESSAGES } from "../../../domain/owners.ts";
import { RESTAURANT_PHOTO_MESSAGES } from "../../../domain/restaurant-photos.ts";
import { MAX_IMAGE_BYTES, REVIEW_MESSAGES } from "../../../domain/review-rules.ts";
import { envelopeOf } from "../../../shared/schemas/envelope.ts";
import { restaurantIdPath } from "../../../shared/schemas/owners.ts";
import {
  restaurantPhotoForm,
  restaurantPhotoPath,
  restaurantPhotoSchema,
} from "../../../shared/schemas/restaurant-photos.ts";
import { requireActiveUser } from "../auth/require-active-user.ts";
import { authUser } from "../auth/require-user.ts";
import type { AppDeps } from "../deps.ts";
import { envelope } from "../http/envelope.ts";
import { createRouter } from "../http/router.ts";
import { addRestaurantPhoto, removeRestaurantPhoto } from "../services/restaurant-photos.ts";
import { bearer, failure, jsonContent, requireBodyType, tooMany, unauthorized } from "./route-http.ts";

const tags = ["Owners"];

const limitPhotoBody: MiddlewareHandler = bodyLimit({
  maxSize: MAX_IMAGE_BYTES + 64 * 1024,
  onError: (c) => c.json(envelope(null, 413, REVIEW_MESSAGES.imageTooLarge), 413),
});

const photosAnswer = jsonContent(envelopeOf(z.array(restaurantPhotoSchema)));

const addRoute = createRoute({
  method: "post",
  path: "/restaurants/{id}/photos",
  tags,
  summary: "Add a photo to the restaurant (verified owner; multipart: photo); answers every photo",
  description:
    "Checked like a review photo. On Node its widths are prepared after the answer: until then it is answered with a placeholder.",
  security: bearer,
  request: {
    params: restaurantIdPath,
    body: { required: true, content: { "multipart/form-data": { schema: restaurantPhotoForm } } },
  },
  responses: {
    200: { description: RESTAURANT_PHOTO_MESSAGES.added, content: photosAnswer },
    400: failure("No photo, or one refused by its bytes, size or pixels (field photo)"),
    401: unauthorized,
    403: failure(OWNER_MESSAGES.notOwner),
    404: failure(OWNER_MESSAGES.restaurantNotFound),
    409: failure(RESTAURANT_PHOTO_MESSAGES.tooMany),
    413: failure(REVIEW_MESSAGES.imageTooLarge),
    415: failure("Not multipart/form-data"),
    429: tooMany,
  },
});

const removeRoute = createRoute({
  method: "delete",
  path: "/restaurants/{id}/photos/{photoId}",
  tags,
  summary: "Remove one of the restaurant's photos (verified owner); answers the photos left",
  security: bearer,
  request: { params: restaurantPhotoPath },
  responses: {
    200: { description: RESTAURANT_PHOTO_MESSAGES.removed, content: photosAnswer },
    400: failure("Invalid id"),
    401: unauthorized,
    403: failure(OWNER_MESSAGES.notOwner),
    404: failure(`${OWNER_MESSAGES.restaurantNotFound} / ${RESTAURANT_PHOTO_MESSAGES.notFound}`),
  },
});

export function restaurantPhotoRoutes(deps: AppDeps) {
  const active = requireActiveUser(deps);
  return createRouter()
    .openapi(
      { ...addRoute, middleware: [limitPhotoBody, active, requireBodyType("multipart")] as const },
      async (c) => {
        const photos = await addRestaurantPhoto(
          deps,
          authUser(c),
          c.req.valid("param").id,
          c.req.valid("form").photo,
        );
        return c.json(envelope(photos, 200, RESTAURANT_PHOTO_MESSAGES.added), 200);
      },
    )
    .openapi({ ...removeRoute, middleware: [active] as const }, async (c) => {
      const { id, photoId } = c.req.valid("param");
      const photos = await removeRestaurantPhoto(deps, authUser(c), id, photoId);
      return c.json(envelope(photos, 200, RESTAURANT_PHOTO_MESSAGES.removed), 200);
    });
}
