// Suggestions as a diner types (issue 23): names from the live catalogue, each marked by kind,
// so the search box offers "Tonkotsu Ramen" and a restaurant's own name, not only the names a
// page shipped with.
import { MAX_KEYWORD_LENGTH } from "../../domain/catalogue-rules.ts";
import * as z from "./zod.ts";

export const SUGGESTION_KINDS = ["tag", "dish", "restaurant", "area"] as const;
export type SuggestionKind = (typeof SUGGESTION_KINDS)[number];

/** At most this many suggestions in one answer: what fits above a phone's keyboard. */
export const MAX_SUGGESTIONS = 8;

export const suggestionsQuery = z.object({
  keyword: z
    .string({ error: (issue) => (issue.input === undefined ? "is required" : "must be given once, as text") })
    .trim()
    .min(1, { error: "is required" })
    .max(MAX_KEYWORD_LENGTH, { error: `must be at most ${MAX_KEYWORD_LENGTH} characters` })
    .describe("What has been typed so far; the last word matches as a prefix"),
});

export const suggestionSchema = z.object({
  kind: z
    .enum(SUGGESTION_KINDS)
    .describe("tag: a cuisine or diet; dish: dishes of that name; restaurant; area"),
  label: z.string().describe("The name to show and, for a tag or dish, to search for"),
  id: z.number().int().describe("The tag's, the best such dish's, the restaurant's or the area's id"),
});

export const suggestionList = z.array(suggestionSchema).max(MAX_SUGGESTIONS);
export type Suggestion = z.infer<typeof suggestionSchema>;
