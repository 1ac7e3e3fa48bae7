// The reviews and catalogue-writes contract (issue 11; spec points 3, 5, 7 "Review and
// catalogue writes", 8 and 9; issue 15 for incentives and reports). One schema per input and
// per answer, used by the routes, the review modal and the item pages alike.
import { REPORT_REASON_IDS } from "../../domain/report-reasons.ts";
import { emailSchema } from "./accounts.ts";
import {
  DEFAULT_NAMES_LIMIT,
  DEFAULT_OPENING_HOURS,
  DEFAULT_REVIEWS_PAGE_SIZE,
  MAX_ADDRESS,
  MAX_CATALOGUE_NAME,
  MAX_DISH_PRICE,
  MAX_DISH_REVIEWS,
  MAX_ITEM_TAGS,
  MAX_NAMES_LIMIT,
  MAX_OPENING_HOURS_LENGTH,
  MAX_OPENING_HOURS_LINES,
  MAX_POST_CODE,
  MAX_RATING_TENTHS,
  MAX_REVIEW_CONTENT,
  MAX_REVIEW_IMAGES,
  MAX_REVIEWS_PAGE_SIZE,
  REVIEW_MESSAGES,
  REVIEW_REPORT_NOTE_MAX_LENGTH,
} from "../../domain/review-rules.ts";
import { safeText } from "./text.ts";
import * as z from "./zod.ts";

// ---------------------------------------------------------------------------------------------
// Shared pieces

/** A positive id as JSON or multipart sends it; `missing` is the message when it is absent. */
const idOf = (missing = "is required") =>
  z
    .union(
      [z.number().int().positive().max(Number.MAX_SAFE_INTEGER), z.string().regex(/^[1-9][0-9]{0,14}$/)],
      {
        error: (issue) =>
          issue.input === undefined || issue.input === "" ? missing : "must be a positive integer",
      },
    )
    .transform(Number);

const positiveId = idOf();

/**
 * A rating as the spec sends it: 0 to 5 in steps of 0.1 ("4.5", 4.5). Answered as integer
 * tenths (45), the slider's value; anything between steps or out of range is refused.
 */
export const ratingInput = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^[0-9](\.[0-9])?$/, REVIEW_MESSAGES.ratingRange),
    ],
    { error: REVIEW_MESSAGES.ratingRange },
  )
  .transform((value, ctx) => {
    const tenths = Math.round(Number(value) * 10);
    if (
      !Number.isFinite(tenths) ||
      Math.abs(Number(value) * 10 - tenths) > 1e-6 ||
      tenths < 0 ||
      tenths > MAX_RATING_TENTHS
    ) {
      ctx.addIssue({ code: "custom", message: REVIEW_MESSAGES.ratingRange });
      return z.NEVER;
    }
    return tenths;
  })
  .describe("0 to 5 in steps of 0.1");

const reviewContent = safeText("Review", { multiline: true, emoji: true }).max(
  MAX_REVIEW_CONTENT,
  REVIEW_MESSAGES.contentTooLong,
);

/** "true"/"false" as multipart sends it (issue 15's incentive question); absent means false. */
const formBoolean = z
  .union([z.boolean(), z.enum(["true", "false"])], { error: 'must be "true" or "false"' })
  .transform((value) => value === true || value === "true");

const photoFile = z.file().meta({ type: "string", format: "binary" });

const imageIndexes = z
  .array(
    z
      .number()
      .int()
      .min(0)
      .max(MAX_REVIEW_IMAGES - 1),
    { error: REVIEW_MESSAGES.imageIndexInvalid },
  )
  .max(MAX_REVIEW_IMAGES, { error: REVIEW_MESSAGES.imageIndexInvalid })
  .refine((list) => new Set(list).size === list.length, REVIEW_MESSAGES.imageIndexInvalid);

/** One dish review sent with a restaurant review (the modal's steps 2 to 6). */
export const dishReviewInput = z.object({
  dishId: positiveId,
  content: reviewContent.optional().default(""),
  rating: ratingInput.optional().default(0),
  imageIndexes: imageIndexes.optional().default([]),
});

/** The dishReviews multipart field: a JSON string holding up to five dish reviews. */
export const dishReviewsField = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: REVIEW_MESSAGES.dishReviewsInvalid });
      return z.NEVER;
    }
  })
  .pipe(
    z.array(dishReviewInput, { error: REVIEW_MESSAGES.dishReviewsInvalid }).max(MAX_DISH_REVIEWS, {
      error: REVIEW_MESSAGES.dishReviewsInvalid,
    }),
  )
  .describe(`JSON: up to ${MAX_DISH_REVIEWS} of {dishId, content, rating, imageIndexes}`);

// ---------------------------------------------------------------------------------------------
// POST /posts/save

/**
 * The spec's review post (multipart) plus dishReviews and incentivised. Whether the required
 * fields are all there is checked by the service, so that the answer is the spec's alert
 * ("Please login and fill out all required fields.") rather than a message per field.
 */
export const postReviewForm = z.looseObject({
  authId: positiveId.optional().describe("Must be the caller (the token's user), else 403"),
  restaurantId: positiveId.optional(),
  dishId: positiveId.optional(),
  content: reviewContent.optional(),
  rating: ratingInput.optional(),
  tags: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .describe("Tag names, repeated (tags or tags[0], tags[1], ...); accepted, not stored"),
  images: z
    .union([photoFile, z.array(photoFile)])
    .optional()
    .describe(`Up to ${MAX_REVIEW_IMAGES} JPEG, PNG, WebP or AVIF photos, each at most 10 MB`),
  imageIndexes: z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: REVIEW_MESSAGES.imageIndexInvalid });
        return z.NEVER;
      }
    })
    .pipe(imageIndexes)
    .optional()
    .describe(
      "JSON list of indexes into images for the restaurant or dish review; default: every image no dish review chose",
    ),
  dishReviews: dishReviewsField.optional(),
  incentivised: formBoolean.optional(),
});

/** Idempotency-Key: a client-made UUID; a repeat within 24 hours answers the first answer. */
export const idempotencyHeader = z.object({
  "idempotency-key": z
    .string()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, {
      error: REVIEW_MESSAGES.idempotencyKeyInvalid,
    })
    .optional()
    .describe("A UUID made by the client per review; a retry with the same key creates nothing new"),
});

export const postedReviewSchema = z.object({
  postId: z.number().int().describe("The restaurant review, or the lone dish review"),
  dishPostIds: z.array(z.number().int()).describe("The dish reviews posted with it, in the order sent"),
});

/** 409's data: the caller's live review of an item the post rates (issue 20), to edit instead. */
export const existingReviewSchema = z.object({
  postId: z.number().int().describe("The caller's review of that item; edit it with POST /posts/update"),
  kind: z.enum(["restaurant", "dish"]),
  itemId: z.number().int().describe("The restaurant or dish already reviewed"),
});

// ---------------------------------------------------------------------------------------------
// Name lists (bearer, per the spec)

export const namesQuery = z.object({
  q: safeText("Search")
    .max(MAX_CATALOGUE_NAME, { error: `must be at most ${MAX_CATALOGUE_NAME} characters` })
    .optional()
    .describe("Only names starting with this (case-insensitive)"),
  limit: z.coerce
    .number({ error: `must be an integer from 1 to ${MAX_NAMES_LIMIT}` })
    .int({ error: `must be an integer from 1 to ${MAX_NAMES_LIMIT}` })
    .min(1, { error: `must be an integer from 1 to ${MAX_NAMES_LIMIT}` })
    .max(MAX_NAMES_LIMIT, { error: `must be an integer from 1 to ${MAX_NAMES_LIMIT}` })
    .default(DEFAULT_NAMES_LIMIT),
});

export const restaurantIdParam = z.object({
  restaurantId: z
    .string()
    .regex(/^[1-9][0-9]{0,14}$/, { error: "must be a positive integer" })
    .transform(Number),
});

export const restaurantNameSchema = z.object({ id: z.number().int(), name: z.string() });
export const dishNameSchema = z.object({
  id: z.number().int(),
  dishName: z.string(),
  restaurantId: z.number().int(),
  restaurantName: z.string(),
});

// ---------------------------------------------------------------------------------------------
// POST /restaurants/save and POST /dishes/save (spec point 3)

const catalogueName = (required: string) =>
  safeText("Name", { typeMessage: required, emoji: true })
    .min(1, required)
    .max(MAX_CATALOGUE_NAME, `Names can be at most ${MAX_CATALOGUE_NAME} characters long.`);

const tagRefs = z
  .array(z.union([z.number().int().positive(), safeText("Tag").min(1, REVIEW_MESSAGES.tagRequired)]), {
    error: REVIEW_MESSAGES.tagRequired,
  })
  .min(1, REVIEW_MESSAGES.tagRequired)
  .max(MAX_ITEM_TAGS, `At most ${MAX_ITEM_TAGS} tags.`)
  .describe("Existing tags, by id or by name");

const postCodeText = safeText("PostCode", { typeMessage: REVIEW_MESSAGES.postCodeRequired })
  .max(MAX_POST_CODE, REVIEW_MESSAGES.postCodeRequired)
  .toUpperCase();

/**
 * Spec point 3's new restaurant. The spec's `email` field holds the post code; `postCode` is
 * its proper name and wins when both are sent. Region and area are ids from /regions/all and
 * /areas/all; openingHours defaults to point 9's Monday-Friday 11:00 AM - 9:00 PM.
 */
export const saveRestaurantSchema = z
  .object({
    name: catalogueName(REVIEW_MESSAGES.restaurantNameRequired),
    address: safeText("Address", { typeMessage: REVIEW_MESSAGES.addressRequired })
      .min(1, REVIEW_MESSAGES.addressRequired)
      .max(MAX_ADDRESS, `Address can be at most ${MAX_ADDRESS} characters long.`),
    postCode: postCodeText.optional(),
    email: postCodeText.optional().describe("The spec's name for the post code field"),
    phone: z
      .union(
        [
          z
            .string()
            .trim()
            .regex(/^\+?[0-9 ]{0,20}$/, REVIEW_MESSAGES.phoneNumeric),
          z.number().int().nonnegative(),
          z.null(),
        ],
        {
          error: REVIEW_MESSAGES.phoneNumeric,
        },
      )
      .optional()
      .transform((value) =>
        value === null || value === undefined || String(value).trim() === "" ? null : String(value).trim(),
      ),
    openingHours: z
      .array(safeText("Opening hours").min(1).max(MAX_OPENING_HOURS_LENGTH))
      .max(MAX_OPENING_HOURS_LINES)
      .optional()
      .transform((hours) => (hours && hours.length > 0 ? hours : [...DEFAULT_OPENING_HOURS])),
    region: positiveId.describe("A region id from /regions/all"),
    area: positiveId.describe("An area id from /areas/all, in that region"),
    tags: tagRefs,
    contactEmail: z
      .union([z.literal(""), emailSchema])
      .nullable()
      .optional()
      .transform((value) => value || null)
      .describe(
        "A contact address the member suggests: shown to moderators only, never used to mail a claim code (issue 29); never shown in any answer",
      ),
  })
  // Runs even when other fields failed, so a form learns of every missing field at once.
  .refine((body) => Boolean(body.postCode || body.email), {
    path: ["postCode"],
    message: REVIEW_MESSAGES.postCodeRequired,
    when: (payload) => typeof payload.value === "object" && payload.value !== null,
  })
  .transform(({ email, postCode, ...rest }) => ({ ...rest, postCode: (postCode || email)! }));

/** Spec point 3's new dish; created_at and updated_at from the client are ignored. */
export const saveDishSchema = z.object({
  dishName: catalogueName(REVIEW_MESSAGES.dishNameRequired),
  price: z
    .union(
      [
        z.number().nonnegative().max(MAX_DISH_PRICE),
        z
          .string()
          .trim()
          .regex(/^([0-9]{1,6}(\.[0-9]{1,2})?)?$/, REVIEW_MESSAGES.priceNumeric),
        z.null(),
      ],
      {
        error: REVIEW_MESSAGES.priceNumeric,
      },
    )
    .optional()
    .transform((value) => (value === null || value === undefined || value === "" ? null : Number(value)))
    .describe("Pounds, or null when unknown"),
  tags: tagRefs,
  restaurantId: idOf(REVIEW_MESSAGES.restaurantRequired),
  created_at: z.unknown().optional().describe("Ignored"),
  updated_at: z.unknown().optional().describe("Ignored"),
});

export const savedRestaurantSchema = z.object({ id: z.number().int(), name: z.string() });
export const savedDishSchema = z.object({
  id: z.number().int(),
  dishName: z.string(),
  restaurantId: z.number().int(),
});

// ---------------------------------------------------------------------------------------------
// Reading reviews

export const REVIEW_SORTS = ["newest", "highest", "lowest"] as const;

const ratingFilter = z.coerce
  .number({ error: "must be a number from 0 to 5" })
  .min(0, { error: "must be a number from 0 to 5" })
  .max(5, { error: "must be a number from 0 to 5" });

export const reviewsQuery = z.object({
  sort: z.enum(REVIEW_SORTS, { error: "must be newest, highest or lowest" }).default("newest"),
  minRating: ratingFilter.optional().describe("Only reviews rated at least this (0..5)"),
  maxRating: ratingFilter.optional().describe("Only reviews rated at most this (0..5)"),
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, { error: "must be a cursor from a previous page" })
    .optional()
    .describe("nextCursor of the previous page"),
  pageSize: z.coerce
    .number({ error: `must be an integer from 1 to ${MAX_REVIEWS_PAGE_SIZE}` })
    .int({ error: `must be an integer from 1 to ${MAX_REVIEWS_PAGE_SIZE}` })
    .min(1, { error: `must be an integer from 1 to ${MAX_REVIEWS_PAGE_SIZE}` })
    .max(MAX_REVIEWS_PAGE_SIZE, { error: `must be an integer from 1 to ${MAX_REVIEWS_PAGE_SIZE}` })
    .default(DEFAULT_REVIEWS_PAGE_SIZE),
});

export const userIdPathParam = z.object({
  userId: z
    .string()
    .regex(/^[1-9][0-9]{0,14}$/, { error: "must be a positive integer" })
    .transform(Number),
});

export const photoSchema = z.object({
  name: z.string().describe("The largest width's file; its URL is /api/files/{name}"),
  width: z.number().int(),
  height: z.number().int(),
  srcset: z
    .array(z.object({ name: z.string(), width: z.number().int() }))
    .describe("Every width, smallest first"),
  placeholder: z
    .string()
    .optional()
    .describe(
      "Only while the photo's widths are being prepared (a few seconds after posting): a tiny preview as a data URI, to show blurred at width × height; srcset is then empty and name is not a file",
    ),
});

export const reviewAuthorSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  avatar: z.string().nullable(),
});

export const reviewSubjectSchema = z.object({
  kind: z.enum(["restaurant", "dish"]),
  id: z.number().int(),
  name: z.string(),
  restaurantId: z.number().int(),
  restaurantName: z.string(),
});

/** An owner's reply under a review, labelled "Reply from the owner" with its date (issue 22). */
export const ownerReplySchema = z.object({
  content: z.string(),
  createdAt: z.string().describe("ISO 8601"),
  updatedAt: z.string().nullable().describe("ISO 8601; null when never edited"),
});

const reviewFields = {
  id: z.number().int(),
  author: reviewAuthorSchema,
  subject: reviewSubjectSchema,
  rating: z.number().nullable().describe("0.1 to 5; null for a dish review sent with text only"),
  ratingLabel: z.string().nullable().describe("Spec point 9's label; null when unrated"),
  content: z.string(),
  photos: z.array(photoSchema),
  createdAt: z.string().describe("ISO 8601"),
  updatedAt: z.string().nullable(),
  incentivised: z
    .boolean()
    .describe("The author received something for it (issue 15); it does not count in rankings"),
  groupId: z
    .number()
    .int()
    .nullable()
    .describe("For a dish review posted with a restaurant review: that review's id"),
  ownerReply: ownerReplySchema
    .nullable()
    .describe("The restaurant's verified owner's public reply (issue 22, docs/owners.md); null when none"),
};

export const dishReviewSchema = z.object(reviewFields);
export const reviewSchema = z.object({
  ...reviewFields,
  dishReviews: z.array(dishReviewSchema).describe("Dish reviews posted with a restaurant review"),
});

/** New reviews of an item are paused for unusual activity (issue 21, decision 014). */
export const reviewPauseSchema = z.object({
  until: z.string().describe("ISO 8601: when new reviews are taken again"),
  message: z.string(),
});

/** GET /reviews/{kind}/{id}/pause: only the pause a review list carries. */
export const reviewPauseAnswerSchema = z.object({
  reviewPause: reviewPauseSchema.nullable().describe("null: the item takes reviews"),
});

export const reviewPageSchema = z.object({
  reviews: z.array(reviewSchema),
  nextCursor: z.string().nullable().describe("Pass as cursor for the next page; null on the last"),
  privateReviewCount: z
    .number()
    .int()
    .describe(
      "An item's list: how many of its reviews (in the rating band asked for) are from private accounts, " +
        "counted in its rating but not listed (docs/social.md); 0 on a user's list",
    ),
  reviewPause: reviewPauseSchema
    .nullable()
    .describe(
      "An item's list (issue 21): new reviews of the item are paused for unusual activity until then, " +
        "and its page shows the message; null when not paused, and on a user's list",
    ),
});

// ---------------------------------------------------------------------------------------------
// Edit, delete, report

export const postIdParam = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,14}$/, { error: "must be a positive integer" })
    .transform(Number),
});

/** Edit one's own review (restaurant or dish): content, rating and the incentive answer. */
export const updateReviewSchema = z.object({
  id: positiveId,
  authId: positiveId.optional().describe("Must be the caller, else 403"),
  content: reviewContent.optional(),
  rating: ratingInput.optional(),
  incentivised: z.boolean().optional(),
});

export const reportReviewSchema = z.object({
  postId: positiveId,
  reason: z.enum(REPORT_REASON_IDS, { error: REVIEW_MESSAGES.reportReason }),
  note: safeText("Note", { multiline: true }).max(REVIEW_REPORT_NOTE_MAX_LENGTH).optional(),
});

export type PostReviewForm = z.input<typeof postReviewForm>;
export type DishReviewInput = z.input<typeof dishReviewInput>;
export type PostedReview = z.infer<typeof postedReviewSchema>;
export type ExistingReviewAnswer = z.infer<typeof existingReviewSchema>;
export type SaveRestaurantInput = z.input<typeof saveRestaurantSchema>;
export type SaveDishInput = z.input<typeof saveDishSchema>;
export type RestaurantName = z.infer<typeof restaurantNameSchema>;
export type DishName = z.infer<typeof dishNameSchema>;
export type ReviewsQuery = z.input<typeof reviewsQuery>;
export type Review = z.infer<typeof reviewSchema>;
export type DishReview = z.infer<typeof dishReviewSchema>;
export type ReviewPage = z.infer<typeof reviewPageSchema>;
export type ReviewPause = z.infer<typeof reviewPauseSchema>;
export type Photo = z.infer<typeof photoSchema>;
export type UpdateReviewInput = z.input<typeof updateReviewSchema>;
export type ReportReviewInput = z.input<typeof reportReviewSchema>;
