// The lists contract (issue 32, docs/api.md "Lists"): "Want to try", "Been" and members' own
// lists of restaurants and dishes, the save control's "which of my lists hold this", list
// pages sorted by added date, rating or distance, and the friend signal on item pages and
// cards. Limits and messages are src/domain/lists.ts's.
import {
  LIST_KINDS,
  LIST_MESSAGES,
  LIST_SORTS,
  LIST_VISIBILITIES,
  MAX_LIST_DESCRIPTION,
  MAX_LIST_NAME,
  MAX_LIST_NOTE,
  MAX_SIGNAL_IDS,
} from "../../domain/lists.ts";
import { nearQueryFields } from "./near-queries.ts";
import { personSchema } from "./social-profiles.ts";
import { safeText } from "./text.ts";
import * as z from "./zod.ts";

const idText = /^[1-9][0-9]{0,14}$/;
const pathId = z.string().regex(idText, { error: "must be a positive integer" }).transform(Number);
const bodyId = z
  .number({ error: "must be a positive integer" })
  .int({ error: "must be a positive integer" })
  .positive({ error: "must be a positive integer" })
  .max(Number.MAX_SAFE_INTEGER, { error: "must be a positive integer" });

const kind = z.enum(LIST_KINDS, { error: LIST_MESSAGES.kind });
const visibility = z.enum(LIST_VISIBILITIES, { error: LIST_MESSAGES.visibility });

// Names, descriptions and notes go through the review text rules: no control or invisible
// characters, emoji welcome (src/shared/schemas/reviews.ts reviewContent).
const listName = safeText("Name", { emoji: true, typeMessage: LIST_MESSAGES.nameRequired })
  .min(1, LIST_MESSAGES.nameRequired)
  .max(MAX_LIST_NAME, LIST_MESSAGES.nameTooLong);
const listDescription = safeText("Description", { multiline: true, emoji: true }).max(
  MAX_LIST_DESCRIPTION,
  LIST_MESSAGES.descriptionTooLong,
);
const listNote = safeText("Note", { multiline: true, emoji: true }).max(MAX_LIST_NOTE, LIST_MESSAGES.noteTooLong);

// ---------------------------------------------------------------------------------------------
// Inputs

export const listIdParam = z.object({ id: pathId.describe("The list's id") });
export const listItemParams = z.object({
  id: pathId.describe("The list's id"),
  kind,
  itemId: pathId.describe("The restaurant's or dish's id"),
});
export const userIdParam = z.object({ userId: pathId.describe("The member whose lists are asked for") });
export const linkTokenParam = z.object({
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,64}$/, { error: "must be a list's link token" })
    .describe("The list's unlisted link token (shareUrl)"),
});
export const itemParams = z.object({ kind, id: pathId.describe("The restaurant's or dish's id") });

export const createListSchema = z.object({
  name: listName,
  description: listDescription.optional().default(""),
  visibility: visibility.optional().default("private"),
});
export type CreateListInput = z.output<typeof createListSchema>;

export const updateListSchema = z.object({
  name: listName.optional(),
  description: listDescription.optional(),
  visibility: visibility.optional(),
  rotateLink: z.boolean().optional().describe("true: a new link token, so the old link stops working"),
});
export type UpdateListInput = z.output<typeof updateListSchema>;

export const addItemSchema = z.object({
  kind,
  id: bodyId.describe("The restaurant's or dish's id"),
  note: listNote.optional().default(""),
});
export type AddItemInput = z.output<typeof addItemSchema>;

export const updateItemSchema = z.object({ note: listNote });

export const moveItemSchema = z.object({
  kind,
  id: bodyId.describe("The restaurant's or dish's id"),
  fromListId: bodyId.optional().describe("Default: the caller's Want to try"),
  toListId: bodyId.optional().describe("Default: the caller's Been"),
});
export type MoveItemInput = z.output<typeof moveItemSchema>;

export const holdingQuery = z.object({ kind, id: pathId.describe("The restaurant's or dish's id") });

export const listReadQuery = z.object({
  sort: z.enum(LIST_SORTS, { error: LIST_MESSAGES.sort }).optional().default("added"),
  lat: nearQueryFields.lat,
  lng: nearQueryFields.lng,
});
export type ListReadQuery = z.output<typeof listReadQuery>;

export const signalBatchQuery = z.object({
  kind,
  ids: z
    .string({ error: "is required" })
    .regex(/^[1-9][0-9]{0,14}(,[1-9][0-9]{0,14})*$/, { error: "must be ids separated by commas" })
    .transform((value) => [...new Set(value.split(",").map(Number))])
    .refine((ids) => ids.length <= MAX_SIGNAL_IDS, LIST_MESSAGES.tooManyIds)
    .describe(`Up to ${MAX_SIGNAL_IDS} ids, comma-separated`),
});

export const listSettingsSchema = z.object({
  listActivityInFeed: z
    .boolean({ error: "must be true or false" })
    .describe('The feed may show "X saved Y to Z" for the caller\'s public lists'),
});

// ---------------------------------------------------------------------------------------------
// Answers

export const listSummarySchema = z.object({
  id: z.number().int(),
  ownerId: z.number().int(),
  system: z.enum(["want", "been"]).nullable().describe("want and been: the two lists every member has"),
  name: z.string(),
  description: z.string(),
  visibility,
  itemCount: z.number().int(),
  createdAt: z.string().describe("ISO 8601"),
  updatedAt: z.string().nullable(),
  /** GET /api/lists/link/{linkToken} reads the list whatever its visibility, except across a block. */
  linkToken: z.string().nullable().describe("The unlisted link token, to its owner only"),
  copiedFromId: z.number().int().nullable(),
});
export type ListSummary = z.infer<typeof listSummarySchema>;

export const listItemSchema = z.object({
  kind,
  id: z.number().int().describe("The item shown: a merged item's survivor"),
  savedId: z.number().int().describe("The id saved (differs from id when the item was merged)"),
  name: z.string().describe('"" when removed by moderation'),
  restaurantId: z.number().int().nullable().describe("A dish's restaurant; the restaurant itself"),
  restaurantName: z.string().nullable(),
  image: z.string().nullable(),
  ratingTenths: z.number().int().nullable().describe("The item's mean rating in tenths; null without ratings"),
  reviewCount: z.number().int(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  distanceMeters: z.number().int().nullable().describe("From lat/lng when given"),
  note: z.string().describe("The owner's note"),
  addedAt: z.string().describe("ISO 8601"),
  status: z.enum(["listed", "removed", "merged"]),
  statusNote: z.string().nullable().describe('"Removed by moderation" or the merge note'),
});
export type ListItem = z.infer<typeof listItemSchema>;

export const listDetailSchema = listSummarySchema.extend({
  owner: personSchema,
  sort: z.enum(LIST_SORTS),
  items: z.array(listItemSchema),
  isOwner: z.boolean(),
});
export type ListDetail = z.infer<typeof listDetailSchema>;

export const myListsSchema = z.object({ lists: z.array(listSummarySchema) });
export type MyLists = z.infer<typeof myListsSchema>;

export const holdingSchema = z.object({
  kind,
  id: z.number().int(),
  lists: z.array(listSummarySchema.pick({ id: true, name: true, system: true, visibility: true }).extend({ holds: z.boolean() })),
});
export type Holding = z.infer<typeof holdingSchema>;

export const listItemStateSchema = z.object({
  listId: z.number().int(),
  kind,
  id: z.number().int(),
  inList: z.boolean(),
  note: z.string().nullable(),
});
export type ListItemState = z.infer<typeof listItemStateSchema>;

export const friendVoiceSchema = personSchema.extend({
  ratingTenths: z.number().int().nullable().describe("null: a review without a rating"),
  verdict: z.string().describe("The first words of their review"),
  postId: z.number().int().describe("Their review: /api/posts/{postId}"),
});

export const friendSignalSchema = z.object({
  kind,
  id: z.number().int(),
  ratedCount: z.number().int(),
  averageTenths: z.number().int().nullable(),
  wantCount: z.number().int(),
  raters: z.array(friendVoiceSchema).describe("Up to 6, most recent first"),
  wanters: z.array(personSchema).describe("Up to 6"),
  ratedLine: z.string().describe('"3 people you follow rated this (4.6 on average)"; "" when none'),
  wantLine: z.string().describe('"2 want to try it"; "" when none'),
});
export type FriendSignal = z.infer<typeof friendSignalSchema>;

export const friendSignalCardSchema = z.object({
  id: z.number().int(),
  ratedCount: z.number().int(),
  averageTenths: z.number().int().nullable(),
  wantCount: z.number().int(),
  line: z.string().describe('"3 you follow rated it 4.6 · 2 want to try it"; "" when none'),
});
export const friendSignalBatchSchema = z.object({ kind, items: z.array(friendSignalCardSchema) });
export type FriendSignalBatch = z.infer<typeof friendSignalBatchSchema>;

export const listSettingsStateSchema = listSettingsSchema;

export const listActivitySchema = z.object({
  entries: z.array(
    z.object({
      person: personSchema,
      listId: z.number().int(),
      listName: z.string(),
      kind,
      itemId: z.number().int(),
      itemName: z.string(),
      line: z.string().describe('"Ada saved Shoyu Ramen to Ramen crawl"'),
      createdAt: z.string().describe("ISO 8601"),
    }),
  ),
});
export type ListActivity = z.infer<typeof listActivitySchema>;
