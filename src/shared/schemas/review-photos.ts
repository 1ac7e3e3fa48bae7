// Changing the photos of one's own review (issue 30): POST /posts/{id}/photos adds, DELETE
// /posts/{id}/photos/{name} takes one off, named as the review's card names it.
import { MAX_REVIEW_IMAGES } from "../../domain/review-rules.ts";
import { postIdParam } from "./reviews.ts";
import * as z from "./zod.ts";

const photoFile = z.file().meta({ type: "string", format: "binary" });

export const addReviewPhotosForm = z.object({
  images: z
    .union([photoFile, z.array(photoFile)])
    .describe(
      `JPEG, PNG, WebP or AVIF photos, each at most 10 MB; the review and the dish reviews posted with it show at most ${MAX_REVIEW_IMAGES} together`,
    ),
});

export const reviewPhotoParam = postIdParam.extend({
  name: z
    .string()
    .min(1)
    .max(200)
    .describe("The photo's name on the review's card: its file's name, or pending-{position} while its widths are prepared"),
});
