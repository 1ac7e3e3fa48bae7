// GET /posts/{id} as its author reads a review a moderator removed (issue 30, docs/moderation.md
// "What the author of a removed review sees"): the post card with what happened to it. Everyone
// else gets the 404 of a review that does not exist, so `removal` is only ever the author's.
import * as z from "./zod.ts";
import { postCardSchema } from "./social-posts.ts";

export const removalSchema = z.object({
  removedAt: z.string().describe("ISO 8601: when the decision that removed it was made"),
  decisionId: z.number().int().nullable().describe("The decision to appeal with POST /moderation/appeals"),
  reason: z.string().nullable().describe("The policy reason's id"),
  reasonLabel: z.string().nullable().describe("The policy reason as /review-policy words it"),
  note: z.string().nullable().describe("The moderator's note to the author, as the decision's e-mail gives it"),
  appealable: z.boolean().describe("The author may appeal now: within the window, not appealed yet, not final"),
  appealed: z.boolean().describe("The author has appealed it; a different moderator will decide"),
  final: z.boolean().describe("Decided on appeal: no further appeal"),
  appealUntil: z.string().nullable().describe("ISO 8601: the end of the appeal window"),
});

export const postReadSchema = postCardSchema.extend({
  removal: removalSchema.nullable().describe("Removed by a moderator: only its author is answered, with why; null otherwise"),
});

export type Removal = z.infer<typeof removalSchema>;
export type PostRead = z.infer<typeof postReadSchema>;
