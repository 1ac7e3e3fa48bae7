// The verified owner's restaurant photos (issue 22): the upload form and the answer.
import * as z from "./zod.ts";
import { MAX_IMAGE_BYTES } from "../../domain/review-rules.ts";
import { RESTAURANT_PHOTO_MESSAGES } from "../../domain/restaurant-photos.ts";
import { photoSchema } from "./reviews.ts";

export const restaurantPhotoForm = z.object({
  photo: z
    .file({ error: RESTAURANT_PHOTO_MESSAGES.missing })
    .meta({ type: "string", format: "binary" })
    .describe(`A JPEG, PNG, WebP or AVIF photo, at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB`),
});

export const restaurantPhotoSchema = photoSchema.extend({
  id: z.number().int().describe("For DELETE /restaurants/{id}/photos/{photoId}"),
});

export const restaurantPhotoPath = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,14}$/, { error: "must be a positive integer" })
    .transform(Number),
  photoId: z
    .string()
    .regex(/^[1-9][0-9]{0,14}$/, { error: "must be a positive integer" })
    .transform(Number),
});

export type RestaurantPhoto = z.infer<typeof restaurantPhotoSchema>;
