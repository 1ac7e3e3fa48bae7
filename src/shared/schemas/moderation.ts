// The moderation calls (issue 21, docs/moderation.md): one schema per input, shared by the
// routes and the /moderation screen, and the answers they give.
import { OWNER_MESSAGES } from "../../domain/owners.ts";
import { DECISION_REASON_IDS } from "../../domain/report-reasons.ts";
import {
  actionFitsKind,
  CATALOGUE_MODERATION_MESSAGES,
  DEFAULT_LOG_PAGE_SIZE,
  DEFAULT_QUEUE_PAGE_SIZE,
  MAX_CATALOGUE_DESCRIPTION,
  MAX_LOG_PAGE_SIZE,
  MAX_QUEUE_PAGE_SIZE,
  MAX_SUSPENSION_DAYS,
  MODERATION_ACTIONS,
  MODERATION_KINDS,
  MODERATION_MESSAGES,
  MODERATION_NOTE_MAX_LENGTH,
  ROLES,
} from "../../domain/moderation.ts";
import { MAX_ADDRESS, MAX_CATALOGUE_NAME, MAX_DISH_PRICE, MAX_ITEM_TAGS } from "../../domain/review-rules.ts";
import { emailSchema } from "./accounts.ts";
import { safeText } from "./text.ts";
import * as z from "./zod.ts";

const kindSchema = z.enum(MODERATION_KINDS, {
  error: `kind must be one of ${MODERATION_KINDS.join(", ")}.`,
});
const reasonSchema = z.enum(DECISION_REASON_IDS, { error: MODERATION_MESSAGES.reasonUnknown });
const id = (label: string) =>
  z
    .number({ error: `${label} must be a positive integer.` })
    .int()
    .positive()
    .max(Number.MAX_SAFE_INTEGER);
const note = (required: string) =>
  safeText("Note", { multiline: true })
    .min(1, required)
    .max(MODERATION_NOTE_MAX_LENGTH, MODERATION_MESSAGES.noteTooLong);
const cursor = z
  .string()
  .max(64)
  .regex(/^[0-9a-z_]+$/, "Invalid cursor: must be a cursor from a previous page")
  .describe("nextCursor of the previous page");
const pageLimit = (fallback: number, max: number) =>
  z.coerce
    .number({ error: `limit must be a whole number from 1 to ${max}.` })
    .int(`limit must be a whole number from 1 to ${max}.`)
    .min(1, `limit must be a whole number from 1 to ${max}.`)
    .max(max, `limit must be a whole number from 1 to ${max}.`)
    .default(fallback);

// ---------------------------------------------------------------------------------------------
// Catalogue moderation: the fields a moderator's edit of a restaurant or dish may change
// (docs/moderation.md "Added restaurants and dishes"; services/moderation-catalogue.ts).

export const catalogueEditSchema = z
  .strictObject(
    {
      name: safeText("Name", { emoji: true })
        .min(1, CATALOGUE_MODERATION_MESSAGES.nameRequired)
        .max(MAX_CATALOGUE_NAME, `Names can be at most ${MAX_CATALOGUE_NAME} characters long.`)
        .optional(),
      address: safeText("Address")
        .min(1, CATALOGUE_MODERATION_MESSAGES.addressRequired)
        .max(MAX_ADDRESS, `Address can be at most ${MAX_ADDRESS} characters long.`)
        .optional()
        .describe("Restaurants only"),
      description: safeText("Description", { multiline: true })
        .max(
          MAX_CATALOGUE_DESCRIPTION,
          `A description can be at most ${MAX_CATALOGUE_DESCRIPTION} characters long.`,
        )
        .optional(),
      tags: z
        .array(
          z.union([
            z.number().int().positive(),
            safeText("Tag").min(1, CATALOGUE_MODERATION_MESSAGES.tagRequired),
          ]),
          {
            error: CATALOGUE_MODERATION_MESSAGES.tagRequired,
          },
        )
        .min(1, CATALOGUE_MODERATION_MESSAGES.tagRequired)
        .max(MAX_ITEM_TAGS, `At most ${MAX_ITEM_TAGS} tags.`)
        .optional()
        .describe("The item's tags from now on, by id or by name"),
      price: z
        .number({ error: CATALOGUE_MODERATION_MESSAGES.priceInvalid })
        .nonnegative(CATALOGUE_MODERATION_MESSAGES.priceInvalid)
        .max(MAX_DISH_PRICE, CATALOGUE_MODERATION_MESSAGES.priceInvalid)
        .nullable()
        .optional()
        .describe("Dishes only: pounds, or null when unknown"),
      contactEmail: emailSchema
        .nullable()
        .optional()
        .describe(
          "Restaurants only (issue 29): the contact address a claim code is mailed to, or null to clear it; " +
            "only a moderator or the seed sets it, never the member who listed the place",
        ),
    },
    {
      error: (issue) =>
        issue.code === "unrecognized_keys" ? `Unknown field: ${issue.keys.join(", ")}.` : undefined,
    },
  )
  .refine((fields) => Object.values(fields).some((value) => value !== undefined), {
    message: CATALOGUE_MODERATION_MESSAGES.fieldsRequired,
  });

export type CatalogueEditFields = z.infer<typeof catalogueEditSchema>;

/** POST /moderation/actions. Which actions fit which kind is checked here, once. */
export const moderationActionSchema = z
  .object({
    kind: kindSchema,
    id: id("id"),
    action: z.enum(MODERATION_ACTIONS, { error: `action must be one of ${MODERATION_ACTIONS.join(", ")}.` }),
    reason: reasonSchema,
    note: note(MODERATION_MESSAGES.noteRequired),
    days: z
      .number({ error: "days must be a positive whole number." })
      .int("days must be a positive whole number.")
      .min(1, "days must be a positive whole number.")
      .max(MAX_SUSPENSION_DAYS, `days can be at most ${MAX_SUSPENSION_DAYS}; omit it to suspend for good.`)
      .optional()
      .describe("suspend only: the number of days; omitted, the suspension is for good"),
    mergeInto: id("mergeInto").optional().describe("merge only: the id of the item this one duplicates"),
    claimId: id("claimId")
      .optional()
      .describe("approve-claim and refuse-claim only: the claim the moderator reviewed (issue 29)"),
    fields: catalogueEditSchema.optional().describe("edit only (restaurant, dish): the fields to change"),
  })
  .superRefine((input, ctx) => {
    if (!actionFitsKind(input.kind, input.action)) {
      ctx.addIssue({ code: "custom", path: ["action"], message: MODERATION_MESSAGES.actionNotForKind });
    }
    if (input.days !== undefined && input.action !== "suspend") {
      ctx.addIssue({ code: "custom", path: ["days"], message: MODERATION_MESSAGES.daysOnlyForSuspend });
    }
    if (input.mergeInto !== undefined && input.action !== "merge") {
      ctx.addIssue({
        code: "custom",
        path: ["mergeInto"],
        message: MODERATION_MESSAGES.mergeIntoOnlyForMerge,
      });
    }
    if (input.fields !== undefined && input.action !== "edit") {
      ctx.addIssue({
        code: "custom",
        path: ["fields"],
        message: CATALOGUE_MODERATION_MESSAGES.fieldsOnlyForEdit,
      });
    }
    if (input.fields === undefined && input.action === "edit") {
      ctx.addIssue({
        code: "custom",
        path: ["fields"],
        message: CATALOGUE_MODERATION_MESSAGES.fieldsRequired,
      });
    }
    if (input.fields?.address !== undefined && input.kind !== "restaurant") {
      ctx.addIssue({
        code: "custom",
        path: ["fields", "address"],
        message: CATALOGUE_MODERATION_MESSAGES.addressOnlyForRestaurant,
      });
    }
    if (input.fields?.contactEmail !== undefined && input.kind !== "restaurant") {
      ctx.addIssue({
        code: "custom",
        path: ["fields", "contactEmail"],
        message: OWNER_MESSAGES.contactOnlyForRestaurant,
      });
    }
    if (input.fields?.price !== undefined && input.kind !== "dish") {
      ctx.addIssue({
        code: "custom",
        path: ["fields", "price"],
        message: CATALOGUE_MODERATION_MESSAGES.priceOnlyForDish,
      });
    }
    // Required for those two by their handler (a 400 after the checks every decision gets).
    if (input.claimId !== undefined && input.action !== "approve-claim" && input.action !== "refuse-claim") {
      ctx.addIssue({ code: "custom", path: ["claimId"], message: OWNER_MESSAGES.claimIdOnlyForClaims });
    }
    if (input.mergeInto === undefined && input.action === "merge") {
      ctx.addIssue({ code: "custom", path: ["mergeInto"], message: MODERATION_MESSAGES.mergeIntoRequired });
    }
  });

export const appealSchema = z.object({
  decisionId: id("decisionId"),
  note: note(MODERATION_MESSAGES.appealNoteRequired),
});

export const moderatorGrantSchema = z.object({
  email: z
    .string({ error: "email must be an email address." })
    .trim()
    .toLowerCase()
    .email("Invalid email address.")
    .max(254),
  grant: z.boolean({ error: "grant must be true or false." }),
});

export const queryQueueDescription =
  "Appeals of the caller's own decisions are left out (a different moderator decides them). " +
  "Removed content is shown. nextCursor pages on, oldest first.";

export const queueQuery = z.object({
  kind: kindSchema.optional(),
  reason: reasonSchema.optional(),
  cursor: cursor.optional(),
  limit: pageLimit(DEFAULT_QUEUE_PAGE_SIZE, MAX_QUEUE_PAGE_SIZE),
});

export const logQuery = z.object({
  cursor: cursor.optional(),
  limit: pageLimit(DEFAULT_LOG_PAGE_SIZE, MAX_LOG_PAGE_SIZE),
});

// ---------------------------------------------------------------------------------------------
// Answers

const iso = z.string().describe("ISO 8601");
const decisionSummary = z.object({
  id: z.number().int(),
  kind: kindSchema,
  action: z.string(),
  reason: z.string(),
  createdAt: iso,
});

const reviewTarget = z.object({
  type: z.literal("review"),
  content: z.string(),
  rating: z.number().nullable(),
  photos: z.array(z.string()).describe("URLs of the review's photos"),
  removedAt: iso.nullable(),
  subject: z.object({
    kind: z.enum(["restaurant", "dish"]),
    id: z.number().int(),
    name: z.string(),
    url: z.string(),
  }),
});
const commentTarget = z.object({
  type: z.literal("comment"),
  content: z.string(),
  removedAt: iso.nullable(),
  post: z.object({ id: z.number().int(), content: z.string() }),
});
/** An owner's reply to a review (issue 22): its target id is the review's id. */
const replyTarget = z.object({
  type: z.literal("reply"),
  content: z.string(),
  removedAt: iso.nullable(),
  post: z.object({ id: z.number().int(), content: z.string() }),
  restaurant: z.object({ id: z.number().int(), name: z.string() }),
});
const userTarget = z.object({
  type: z.literal("user"),
  username: z.string(),
  name: z.string(),
  bio: z.string(),
  avatar: z.string().nullable(),
  suspendedUntil: iso.nullable(),
});
const catalogueTarget = z.object({
  type: z.enum(["restaurant", "dish"]),
  name: z.string(),
  url: z.string(),
  fields: z.record(z.string(), z.unknown()),
  removedAt: iso.nullable(),
});

export const queueItemSchema = z.object({
  id: z.number().int(),
  kind: kindSchema,
  targetId: z.number().int(),
  source: z.enum(["reports", "signals", "community-added", "claim-evidence"]),
  openedAt: iso,
  reportCount: z.number().int(),
  reasons: z.array(z.object({ id: z.string(), label: z.string(), count: z.number().int() })),
  reports: z.array(
    z.object({
      reporterId: z.number().int().nullable(),
      reporterUsername: z.string().nullable(),
      reason: z.string(),
      note: z.string(),
      createdAt: iso,
    }),
  ),
  signals: z.record(z.string(), z.unknown()).nullable().describe("What detection stored, as stored"),
  appeal: z
    .object({
      id: z.number().int(),
      decisionId: z.number().int(),
      note: z.string(),
      byRole: z.enum(["author", "reporter"]),
      createdAt: iso,
      decision: z.object({ action: z.string(), reason: z.string(), note: z.string() }),
    })
    .nullable(),
  target: z
    .discriminatedUnion("type", [reviewTarget, commentTarget, userTarget, catalogueTarget, replyTarget])
    .nullable(),
  author: z
    .object({
      id: z.number().int(),
      username: z.string(),
      accountCreatedAt: iso,
      reviewCount: z.number().int(),
      earlierDecisions: z.array(decisionSummary),
    })
    .nullable(),
});

export const queuePageSchema = z.object({
  items: z.array(queueItemSchema),
  nextCursor: z.string().nullable(),
});

export const decisionAnswerSchema = z.object({
  decisionId: z.number().int(),
  itemId: z.number().int(),
  action: z.string(),
});

export const appealAnswerSchema = z.object({ appealId: z.number().int() });

export const roleAnswerSchema = z.object({ userId: z.number().int(), role: z.enum(ROLES) });

export const logEntrySchema = z.object({
  id: z.number().int(),
  actorId: z.number().int().nullable(),
  actorLabel: z.string(),
  action: z.string(),
  kind: z.string().nullable(),
  targetId: z.number().int().nullable(),
  reason: z.string().nullable(),
  note: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: iso,
});

export const logPageSchema = z.object({
  entries: z.array(logEntrySchema),
  nextCursor: z.string().nullable(),
});

/** What a moderation-decision notification says (GET /notifications). */
export const notificationDecisionSchema = z.object({
  id: z.number().int(),
  kind: kindSchema,
  action: z.string(),
  reason: z.string(),
  reasonLabel: z.string(),
  role: z.enum(["author", "reporter"]),
});

export type ModerationActionInput = z.input<typeof moderationActionSchema>;
export type ModerationActionRequest = z.infer<typeof moderationActionSchema>;
export type AppealInput = z.input<typeof appealSchema>;
export type QueueItem = z.infer<typeof queueItemSchema>;
export type QueuePage = z.infer<typeof queuePageSchema>;
export type LogEntry = z.infer<typeof logEntrySchema>;
export type NotificationDecision = z.infer<typeof notificationDecisionSchema>;
