// The transparency report's answer (issue 21, docs/moderation.md "Transparency"): GET
// /api/transparency, read by /transparency at build through the typed client.
import * as z from "./zod.ts";

const count = z.number().int().min(0);

export const removalReasonSchema = z.object({
  reason: z.string().describe("A reason id of src/domain/report-reasons.ts"),
  label: z.string(),
  reviews: count.describe("Reviews removed for this reason"),
  total: count.describe("Everything removed for this reason: reviews, comments, replies, profiles, listings"),
});

export const quarterFiguresSchema = z.object({
  id: z.string().describe('"2026-Q4"'),
  label: z.string().describe('"October to December 2026"'),
  start: z.number().int().describe("London's midnight starting the quarter, ms since the epoch"),
  end: z.number().int().describe("London's midnight starting the next quarter (exclusive)"),
  complete: z.boolean().describe("false for the quarter the report was generated in: its figures so far"),
  reviews: z.object({
    submitted: count.describe("Reviews posted in the quarter (a deleted review is no longer counted)"),
    published: count.describe("Of those, the ones no moderator has removed since"),
  }),
  removals: z.object({
    total: count,
    reviews: count,
    byReason: z.array(removalReasonSchema).describe("Reasons with at least one removal, most first"),
  }),
  reports: z.object({
    received: count,
    decided: count.describe("Of those, the ones a moderator has decided"),
    medianMsToDecision: z
      .number()
      .min(0)
      .nullable()
      .describe("Median time from a report to the decision on what it reported; null when none is decided"),
  }),
  appeals: z.object({
    received: count,
    decided: count,
    overturned: count.describe("Decided on appeal with another action than the one appealed"),
  }),
  unusualActivityItems: count.describe(
    "Restaurants and dishes that showed the unusual-activity notice and paused new reviews",
  ),
  suspendedAccounts: count,
});

export const transparencyReportSchema = z.object({
  generatedAt: z.number().int(),
  quarters: z.array(quarterFiguresSchema).describe("Newest first, from the quarter of the first report"),
});

export type QuarterFigures = z.infer<typeof quarterFiguresSchema>;
export type TransparencyReport = z.infer<typeof transparencyReportSchema>;
