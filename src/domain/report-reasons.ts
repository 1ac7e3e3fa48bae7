// Why a review or a comment can be reported (issue 15). One list for both, so moderation
// reads one vocabulary. Each id is stored with the report, so this list changes only by
// adding; each label is what a person sees.
export const REPORT_REASONS = [
  { id: "off-topic", label: "Off-topic" },
  { id: "spam-or-fake", label: "Spam or fake" },
  { id: "conflict-of-interest", label: "Conflict of interest" },
  { id: "undisclosed-incentive", label: "Undisclosed incentive" },
  { id: "offensive", label: "Offensive" },
  { id: "harassment", label: "Harassment" },
  { id: "hate", label: "Hate speech" },
  { id: "personal-information", label: "Personal information" },
  { id: "unsafe-food-safety-claim", label: "Unsafe allergen or food-safety claim" },
] as const;

export type ReportReasonId = (typeof REPORT_REASONS)[number]["id"];

export const REPORT_REASON_IDS = REPORT_REASONS.map((reason) => reason.id) as [
  ReportReasonId,
  ...ReportReasonId[],
];

export function isReportReasonId(value: unknown): value is ReportReasonId {
  return typeof value === "string" && (REPORT_REASON_IDS as readonly string[]).includes(value);
}

export function reportReasonLabel(id: ReportReasonId): string {
  return REPORT_REASONS.find((reason) => reason.id === id)!.label;
}

/**
 * Reasons only the verified owner of the reviewed restaurant reports a review with (issue 22,
 * docs/owners.md): an extortion report goes to the top of the moderation queue.
 */
export const OWNER_ONLY_REPORT_REASONS = [
  { id: "extortion", label: "I am being asked for something in exchange for this review" },
] as const;

export const OWNER_REPORT_REASONS = [...REPORT_REASONS, ...OWNER_ONLY_REPORT_REASONS] as const;

export type OwnerReportReasonId = (typeof OWNER_REPORT_REASONS)[number]["id"];

export const OWNER_REPORT_REASON_IDS = OWNER_REPORT_REASONS.map((reason) => reason.id) as [
  OwnerReportReasonId,
  ...OwnerReportReasonId[],
];

/**
 * Reasons only a moderator gives (issue 21, docs/moderation.md): a decision cites one of these
 * or a report reason. Not offered to reporters, so REPORT_REASONS above stays their list.
 */
export const MODERATION_ONLY_REASONS = [
  { id: "community-guidelines", label: "Breaks the review policy" },
  { id: "duplicate", label: "Duplicate of a listed place or dish" },
  { id: "not-a-restaurant", label: "Not a restaurant or dish" },
  { id: "no-violation", label: "No breach of the review policy" },
] as const;

export const DECISION_REASONS = [...REPORT_REASONS, ...OWNER_ONLY_REPORT_REASONS, ...MODERATION_ONLY_REASONS] as const;

export type DecisionReasonId = (typeof DECISION_REASONS)[number]["id"];

export const DECISION_REASON_IDS = DECISION_REASONS.map((reason) => reason.id) as [
  DecisionReasonId,
  ...DecisionReasonId[],
];

export function isDecisionReasonId(value: unknown): value is DecisionReasonId {
  return typeof value === "string" && (DECISION_REASON_IDS as readonly string[]).includes(value);
}

/** The label of any reason a report or a decision may carry; the id itself if unknown. */
export function decisionReasonLabel(id: string): string {
  return DECISION_REASONS.find((reason) => reason.id === id)?.label ?? id;
}

/** What the reporter sees, for a first report of an item or a repeat (one per person per item). */
export const REPORT_RECEIVED_MESSAGE = "Thanks, we'll review this";
