// What a moderation decision tells each side (issue 30, docs/moderation.md), without I/O:
// which side a decision went against (only that side may appeal it), what the notification
// says of the item and the outcome, and where it leads.
import type { ModerationAction, ModerationKind } from "./moderation.ts";

export type DecisionSide = "author" | "reporter";

/**
 * The side a decision went against: keeping what was reported goes against its reporters;
 * removing, warning, suspending, merging or editing goes against the author (or the person,
 * or who listed the place). Approvals and lifted pauses go against nobody who could appeal.
 */
export function sideAgainst(action: string): DecisionSide | null {
  if (action === "keep") return "reporter";
  if (["remove", "warn", "suspend", "merge", "edit"].includes(action)) return "author";
  return null;
}

/** Only the side a decision went against may appeal it. */
export function mayAppealAs(role: DecisionSide, action: string): boolean {
  return sideAgainst(action) === role;
}

export const APPEAL_SIDE_MESSAGE =
  "Only the side a decision went against can appeal it: the author when we acted on their content, the reporter when we kept it.";

const THING: Record<ModerationKind, string> = {
  review: "review",
  comment: "comment",
  user: "profile",
  restaurant: "restaurant listing",
  dish: "dish listing",
  reply: "reply to a review",
};

export const thingOf = (kind: ModerationKind) => THING[kind];

const TO_AUTHOR: Partial<Record<ModerationAction, string>> = {
  keep: "kept your {thing} after a report",
  remove: "removed your {thing}",
  warn: "warned you about your {thing}",
  suspend: "suspended your account over your {thing}",
  merge: "merged your {thing} into another",
  edit: "corrected your {thing}",
  approve: "approved your {thing}",
  "lift-pause": "reopened your {thing} to reviews",
};

const TO_REPORTER: Partial<Record<ModerationAction, string>> = {
  keep: "kept the {thing} you reported",
  remove: "removed the {thing} you reported",
  warn: "warned the author of the {thing} you reported",
  suspend: "suspended the author of the {thing} you reported",
  merge: "merged the {thing} you reported into another",
  edit: "corrected the {thing} you reported",
};

const UNDONE_ON_APPEAL: Partial<Record<ModerationAction, string>> = {
  remove: "restored your {thing} on appeal",
  warn: "withdrew the warning about your {thing} on appeal",
  suspend: "lifted your suspension on appeal",
};

/**
 * The notification's words after "Dishcovery moderation": the item and the outcome ("removed
 * your review (Spam)."), and for a decision on appeal, what became of the decision appealed
 * (`appealed`: its action; null when this decision was not made on an appeal).
 */
export function decisionNoticeText(input: {
  kind: ModerationKind;
  action: string;
  role: DecisionSide;
  reasonLabel: string;
  appealed: string | null;
}): string {
  const thing = THING[input.kind];
  const table = input.role === "author" ? TO_AUTHOR : TO_REPORTER;
  const fallback = input.role === "author" ? "decided on your {thing}" : "decided on the {thing} you reported";
  // Keeping on appeal what a decision acted on undoes that decision: say what came back.
  const undone =
    input.appealed !== null && input.action === "keep" && input.role === "author"
      ? UNDONE_ON_APPEAL[input.appealed as ModerationAction]
      : undefined;
  const outcome = (undone ?? table[input.action as ModerationAction] ?? fallback).replaceAll("{thing}", thing);
  const why = input.reasonLabel && !undone ? ` (${input.reasonLabel})` : "";
  return `${outcome}${why}.${input.appealed !== null ? " This decision was made on appeal and is final." : ""}`;
}

/** Where the decided item can be read: its page, or the review a comment or reply is under. */
export function decidedItemHref(kind: ModerationKind, targetId: number, postIdOfComment: number | null): string | null {
  switch (kind) {
    case "review":
    case "reply":
      return `/review/${targetId}`;
    case "comment":
      return postIdOfComment === null ? null : `/review/${postIdOfComment}#comment-${targetId}`;
    case "user":
      return `/user/${targetId}`;
    case "restaurant":
      return `/restaurant/${targetId}`;
    case "dish":
      return `/dish/${targetId}`;
  }
}
