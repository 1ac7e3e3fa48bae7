// The owner calls (issue 22, docs/owners.md): one schema per input, shared by the routes and
// the owner screens, and the answers they give.
import { ALLERGEN_IDS } from "../../domain/allergens.ts";
import { DIET_IDS } from "../../domain/diets.ts";
import {
  MAX_CLOSURE_NOTE,
  MAX_CLOSURES,
  MAX_EVIDENCE_NOTE,
  MAX_FACTS_DESCRIPTION,
  MAX_LINK_LENGTH,
  MAX_LINKS,
  MAX_MENU_DESCRIPTION,
  MAX_MENU_DISHES,
  MAX_MENU_PRICE,
  MAX_RANGES_PER_DAY,
  MAX_REPLY_LENGTH,
  OWNER_MESSAGES,
  rangesOverlap,
  WEEKDAYS,
} from "../../domain/owners.ts";
import { OWNER_REPORT_REASON_IDS, REPORT_REASON_IDS } from "../../domain/report-reasons.ts";
import { verificationCodeSchema } from "./accounts.ts";
import { dishSchema } from "./catalogue-items.ts";
import { reviewSchema } from "./reviews.ts";
import { safeText } from "./text.ts";
import * as z from "./zod.ts";

export const restaurantIdPath = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,14}$/, { error: "must be a positive integer" })
    .transform(Number),
});

export const postIdPath = z.object({
  postId: z
    .string()
    .regex(/^[1-9][0-9]{0,14}$/, { error: "must be a positive integer" })
    .transform(Number),
});

export const claimPath = z.object({
  claimId: z
    .string()
    .regex(/^[1-9][0-9]{0,14}$/, { error: "must be a positive integer" })
    .transform(Number),
});

// ---------------------------------------------------------------------------------------------
// Claims

export const claimStartedSchema = z.object({
  claimId: z.number().int().nullable().describe("The code claim; null when only evidence is open"),
  routes: z
    .array(z.enum(["code", "evidence"]))
    .describe('"code" only with a contact address and no verified owner'),
  codeSentTo: z.string().nullable().describe("The contact address, masked, where the code went"),
  expiresInSeconds: z.number().int().nullable(),
});

export const verifyClaimSchema = z.object({ code: verificationCodeSchema });

/** GET /owner/claims/code: the caller's code claim a reloaded claim page resumes, or null. */
export const resumableClaimSchema = z
  .object({
    restaurant: z.object({ id: z.number().int(), name: z.string(), address: z.string(), postCode: z.string() }),
    started: claimStartedSchema,
  })
  .nullable();

export const claimVerifiedSchema = z.object({
  restaurantId: z.number().int(),
  claimedAt: z.string().describe("YYYY-MM-DD"),
  method: z.literal("code"),
});

export const claimEvidenceForm = z.object({
  file: z
    .file({ error: OWNER_MESSAGES.evidenceMissing })
    .meta({ type: "string", format: "binary" })
    .describe("A JPEG, PNG or WebP photo, or a PDF, at most 10 MB"),
  note: safeText("Note", { multiline: true, emoji: true })
    .max(MAX_EVIDENCE_NOTE, `A note can be at most ${MAX_EVIDENCE_NOTE} characters long.`)
    .optional(),
});

export const claimEvidenceSchema = z.object({ claimId: z.number().int(), state: z.literal("pending") });

export const ownClaimSchema = z.object({
  id: z.number().int(),
  restaurantId: z.number().int(),
  restaurantName: z.string(),
  method: z.enum(["code", "evidence"]),
  state: z.enum(["pending", "approved", "refused"]),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});

// ---------------------------------------------------------------------------------------------
// Replies and reports

export const replyInputSchema = z.object({
  content: safeText("Reply", { multiline: true, emoji: true, typeMessage: OWNER_MESSAGES.replyEmpty })
    .min(1, OWNER_MESSAGES.replyEmpty)
    .max(MAX_REPLY_LENGTH, OWNER_MESSAGES.replyTooLong),
});

export const ownerReplyAnswerSchema = z.object({
  postId: z.number().int(),
  content: z.string(),
  createdAt: z.string(),
  updatedAt: z.string().nullable(),
});

const reportNote = safeText("Note", { multiline: true, emoji: true }).max(
  1000,
  "A note can be at most 1000 characters long.",
);

export const reportReplySchema = z.object({
  reason: z.enum(REPORT_REASON_IDS, { error: "Please choose a reason." }),
  note: reportNote.optional(),
});

export const ownerReportSchema = z.object({
  reason: z.enum(OWNER_REPORT_REASON_IDS, { error: "Please choose a reason." }),
  note: reportNote.optional(),
});

// ---------------------------------------------------------------------------------------------
// Facts and menu

const hhmm = z
  .string()
  .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, { error: "Times are HH:MM, from 00:00 to 23:59." });
const timeRange = z.strictObject({ opens: hhmm, closes: hhmm });
const dayRanges = z
  .array(timeRange)
  .max(MAX_RANGES_PER_DAY, `At most ${MAX_RANGES_PER_DAY} opening times a day.`)
  .refine((ranges) => !rangesOverlap(ranges), "Opening times of a day must not overlap, and each must last.");

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Dates are YYYY-MM-DD." })
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
      new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    "This is not a real date.",
  );

export const openingHoursInput = z.strictObject({
  weekly: z.strictObject(
    Object.fromEntries(WEEKDAYS.map((day) => [day, dayRanges])) as {
      [K in (typeof WEEKDAYS)[number]]: typeof dayRanges;
    },
  ),
  closures: z
    .array(
      z.strictObject({
        date: isoDate,
        note: safeText("Note", { emoji: true }).max(
          MAX_CLOSURE_NOTE,
          `A closure note can be at most ${MAX_CLOSURE_NOTE} characters long.`,
        ),
      }),
    )
    .max(MAX_CLOSURES, `At most ${MAX_CLOSURES} closures.`)
    .refine((list) => new Set(list.map((c) => c.date)).size === list.length, "Each closure date once."),
});

const httpsLink = safeText("Link", { trim: true })
  .max(MAX_LINK_LENGTH, `Links can be at most ${MAX_LINK_LENGTH} characters long.`)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === "https:" && url.hostname.includes(".") && !url.username && !url.password;
    } catch {
      return false;
    }
  }, "Links must be https:// web addresses.");

const links = z.array(httpsLink).max(MAX_LINKS, `At most ${MAX_LINKS} links.`);

export const factsInputSchema = z.strictObject({
  hours: openingHoursInput,
  bookingLinks: links,
  orderingLinks: links,
  description: safeText("Description", { multiline: true, emoji: true }).max(
    MAX_FACTS_DESCRIPTION,
    `A description can be at most ${MAX_FACTS_DESCRIPTION} characters long.`,
  ),
});

const menuDish = z.strictObject({
  id: z
    .number()
    .int()
    .positive()
    .optional()
    .describe("An existing dish of this restaurant; absent for a new one"),
  dishName: safeText("Dish name", { emoji: true })
    .min(1, "Please name the dish.")
    .max(100, "Dish names can be at most 100 characters long."),
  price: z
    .number({ error: `Price must be a number of pounds from 0 to ${MAX_MENU_PRICE}, or null.` })
    .min(0, `Price must be a number of pounds from 0 to ${MAX_MENU_PRICE}, or null.`)
    .max(MAX_MENU_PRICE, `Price must be a number of pounds from 0 to ${MAX_MENU_PRICE}, or null.`)
    .refine(
      (value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6,
      "Prices have at most 2 decimals.",
    )
    .nullable()
    .describe("Pounds (GBP); null when not known"),
  description: safeText("Description", { multiline: true, emoji: true }).max(
    MAX_MENU_DESCRIPTION,
    `A dish description can be at most ${MAX_MENU_DESCRIPTION} characters long.`,
  ),
  allergens: z
    .array(z.enum(ALLERGEN_IDS, { error: `Allergens are ids from the list: ${ALLERGEN_IDS.join(", ")}.` }))
    .nullable()
    .describe("Which of the 14 the dish contains (empty: none); null: not provided"),
  diets: z
    .array(z.enum(DIET_IDS, { error: `Diets are ids from the list: ${DIET_IDS.join(", ")}.` }))
    .nullable()
    .describe("null: not provided"),
});

export const menuInputSchema = z.strictObject({
  dishes: z
    .array(menuDish)
    .min(1, "Send at least one dish.")
    .max(MAX_MENU_DISHES, `At most ${MAX_MENU_DISHES} dishes at once.`),
});

export const menuAnswerSchema = z.object({ dishes: z.array(dishSchema) });

// ---------------------------------------------------------------------------------------------
// Dashboard

export const ownedRestaurantSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  postCode: z.string(),
  claimedAt: z.string().describe("YYYY-MM-DD"),
  reviewCount: z.number().int().describe("As the dashboard's counts.reviewCount"),
  unansweredCount: z.number().int().describe("Listed reviews without a reply"),
});

export const dashboardReviewsQuery = z.object({
  cursor: z.string().max(64).optional(),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});

export const dashboardReviewsSchema = z.object({
  reviews: z.array(reviewSchema),
  nextCursor: z.string().nullable(),
  counts: z
    .object({
      reviewCount: z.number().int().describe("Every live review of the restaurant and its dishes"),
      restaurantReviewCount: z.number().int().describe("The restaurant's own: the count on its page"),
      listed: z.number().int().describe("The reviews the pages list: they add up to this"),
      notListed: z.number().int().describe("From private accounts or across a block: counted, not listed"),
    })
    .describe("One read, so the numbers agree (issue 30)"),
  replyRate: z.object({
    answered: z.number().int(),
    total: z.number().int(),
    rate: z.number().describe("0 to 1; 0 when there are no reviews"),
  }),
});

export const ownerStatsSchema = z.object({
  months: z.array(
    z.object({
      month: z.string().describe("YYYY-MM"),
      reviewCount: z.number().int(),
      averageRating: z.number().nullable().describe("To one decimal; null in a month with no rated review"),
    }),
  ),
});

export type ClaimStarted = z.infer<typeof claimStartedSchema>;
export type FactsInput = z.output<typeof factsInputSchema>;
export type MenuInput = z.output<typeof menuInputSchema>;
export type OwnedRestaurant = z.infer<typeof ownedRestaurantSchema>;
export type DashboardReviews = z.infer<typeof dashboardReviewsSchema>;
export type OwnerStats = z.infer<typeof ownerStatsSchema>;
export type OwnerReplyAnswer = z.infer<typeof ownerReplyAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// Filters on owner-declared facts (dish search and tag lists)

export const dishFactFilters = {
  diet: z
    .enum(DIET_IDS, { error: `must be one of ${DIET_IDS.join(", ")}` })
    .optional()
    .describe("Only dishes whose owner declared this diet"),
  freeFrom: z
    .enum(ALLERGEN_IDS, { error: `must be one of ${ALLERGEN_IDS.join(", ")}` })
    .optional()
    .describe(
      "Only dishes whose owner declared allergens without this one (no declaration never matches, unless undeclared=true)",
    ),
  undeclared: z
    .enum(["", "true", "false"], { error: "must be true or false" })
    .optional()
    .transform((value) => value === "true" || undefined)
    .describe(
      "true: with diet or freeFrom, also list dishes whose owner declared nothing (their allergens or diets are null: never guessed to match)",
    ),
};
