// Moderation rules without I/O (issue 21, docs/moderation.md): roles, which actions fit
// which kind, the appeal window, the suspension sentinel, and the moderation calls' limits and
// messages (the schemas in src/shared/schemas/moderation.ts read them from here).
import { decisionReasonLabel } from "./report-reasons.ts";
import { MAX_DISH_PRICE } from "./review-rules.ts";

// reply: an owner's reply to a review (issue 22), its target id the review's post id.
export const MODERATION_KINDS = ["review", "comment", "user", "restaurant", "dish", "reply"] as const;
export type ModerationKind = (typeof MODERATION_KINDS)[number];

// approve-claim and refuse-claim decide an owner's evidence claim of a restaurant (issue 22).
export const MODERATION_ACTIONS = [
  "keep",
  "remove",
  "warn",
  "suspend",
  "approve",
  "merge",
  "edit",
  "approve-claim",
  "refuse-claim",
  "lift-pause",
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** Which actions a kind takes. Catalogue items have no author to warn or suspend. */
export const ACTIONS_BY_KIND: Record<ModerationKind, readonly ModerationAction[]> = {
  review: ["keep", "remove", "warn", "suspend"],
  comment: ["keep", "remove", "warn", "suspend"],
  user: ["keep", "remove", "warn", "suspend"],
  restaurant: ["keep", "remove", "approve", "merge", "edit", "approve-claim", "refuse-claim", "lift-pause"],
  dish: ["keep", "remove", "approve", "merge", "edit", "lift-pause"],
  reply: ["keep", "remove", "warn", "suspend"],
};

export function actionFitsKind(kind: ModerationKind, action: ModerationAction): boolean {
  return ACTIONS_BY_KIND[kind].includes(action);
}

export const ROLES = ["user", "moderator", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** An admin may do everything a moderator may. */
export function isModerator(role: Role): boolean {
  return role === "moderator" || role === "admin";
}

/** The author or a reporter may appeal a decision once, within this many days (issue 21). */
export const APPEAL_WINDOW_DAYS = 14;
export const APPEAL_WINDOW_MS = APPEAL_WINDOW_DAYS * 24 * 60 * 60 * 1000;

export function appealOpen(decidedAt: number, now: number): boolean {
  return now - decidedAt <= APPEAL_WINDOW_MS;
}

/** suspended_until of a suspension for good: 9999-12-31T23:59:59Z, after any real date. */
export const PERMANENT_SUSPENSION_UNTIL = Date.UTC(9999, 11, 31, 23, 59, 59);

export const MAX_SUSPENSION_DAYS = 3650;

export function suspensionEnd(now: number, days: number | undefined): number {
  return days === undefined ? PERMANENT_SUSPENSION_UNTIL : now + days * 24 * 60 * 60 * 1000;
}

export function isSuspended(suspendedUntil: number | null, now: number): boolean {
  return suspendedUntil !== null && suspendedUntil > now;
}

/** What a suspended account is told when it tries to write. */
export function suspensionMessage(suspendedUntil: number, reasonLabel: string): string {
  const until =
    suspendedUntil >= PERMANENT_SUSPENSION_UNTIL
      ? "permanently"
      : `until ${new Date(suspendedUntil).toISOString().slice(0, 16).replace("T", " ")} UTC`;
  return `Your account is suspended ${until} (${reasonLabel}).`;
}

/**
 * What an account is told while it is suspended (every write it may not make, and every
 * moderator power), or undefined when it is not suspended now.
 */
export function suspensionNotice(
  account: { suspendedUntil: number | null; suspensionReason: string | null } | undefined,
  now: number,
): string | undefined {
  const until = account?.suspendedUntil ?? null;
  if (until === null || !isSuspended(until, now)) return undefined;
  return suspensionMessage(until, decisionReasonLabel(account?.suspensionReason ?? "community-guidelines"));
}

/** A decision's or an appeal's note, and the queue's and the log's pages. */
export const MODERATION_NOTE_MAX_LENGTH = 2000;
export const DEFAULT_QUEUE_PAGE_SIZE = 20;
export const MAX_QUEUE_PAGE_SIZE = 50;
export const DEFAULT_LOG_PAGE_SIZE = 50;
export const MAX_LOG_PAGE_SIZE = 200;

export const MODERATION_MESSAGES = {
  needsModerator: "This needs a moderator.",
  needsAdmin: "This needs an admin.",
  ownContent: "You cannot moderate your own content or account.",
  ownDecisionAppeal: "An appeal goes to a different moderator than the one who decided.",
  actionNotForKind: "This action does not apply to this kind of item.",
  actionNotAvailable: "This action is not available for restaurants and dishes yet.",
  targetNotFound: "There is nothing of this kind with this id.",
  noteRequired: "Please write a note explaining the decision.",
  reasonUnknown: "Please choose a reason from the policy.",
  daysOnlyForSuspend: "days applies only to suspend.",
  mergeIntoOnlyForMerge: "mergeInto applies only to merge.",
  mergeIntoRequired: "merge needs mergeInto: the id of the item to merge into.",
  decisionNotFound: "There is no decision with this id that you may appeal.",
  appealedAlready: "You have already appealed this decision.",
  appealFinal: "This decision was made on appeal and is final.",
  appealWindowPassed: `Appeals are possible for ${APPEAL_WINDOW_DAYS} days after a decision; this one is older.`,
  appealNoteRequired: "Please say why the decision should change.",
  appealReceived: "Your appeal was received; a different moderator will decide it.",
  decided: "Decision recorded.",
  userNotFound: "There is no account with this email address.",
  roleOfAdmin: "This account is an admin; change an admin's role from the command line.",
  ownRole: "You cannot change your own role.",
  invalidCursor: "Invalid cursor: must be a cursor from a previous page",
  noteTooLong: `A note can be at most ${MODERATION_NOTE_MAX_LENGTH} characters long.`,
  adminSuspension: "An admin cannot be suspended here; remove the admin role from the command line first.",
  removedReviewKept:
    "A moderator removed this review, so it stays as the record. You can appeal the decision, or rewrite the review to follow our review policy and a moderator will look at it again.",
} as const;

/**
 * Why a moderator may not decide an item (issue 29: nobody decides their own case). The
 * order is the one a refusal names when several apply.
 */
export const DECIDER_CONFLICTS = [
  "author",
  "earlier-decider",
  "appellant",
  "reporter",
  "owner",
  "claimant",
  "party",
] as const;
export type DeciderConflict = (typeof DECIDER_CONFLICTS)[number];

export const CONFLICT_MESSAGES: Record<DeciderConflict, string> = {
  author: MODERATION_MESSAGES.ownContent,
  "earlier-decider": "You decided on this before, so another moderator decides it.",
  appellant: "You appealed a decision on this, so another moderator decides it.",
  reporter: "You reported this, so another moderator decides it.",
  owner: "You own the restaurant this is about, so another moderator decides it.",
  claimant: "You have a claim waiting on this restaurant, so another moderator decides it.",
  party: "This is about your own review, so another moderator decides it.",
};

// ---------------------------------------------------------------------------------------------
// Catalogue moderation: the fields a moderator's edit of a restaurant or dish may change
// (docs/moderation.md "Added restaurants and dishes"; services/moderation-catalogue.ts).

export const MAX_CATALOGUE_DESCRIPTION = 2000;

export const CATALOGUE_MODERATION_MESSAGES = {
  fieldsRequired: "edit needs fields: at least one of name, address, description, tags, price.",
  fieldsOnlyForEdit: "fields applies only to edit.",
  addressOnlyForRestaurant: "Only a restaurant has an address.",
  priceOnlyForDish: "Only a dish has a price.",
  nameRequired: "A name cannot be empty.",
  addressRequired: "An address cannot be empty.",
  tagRequired: "Please keep at least one tag.",
  priceInvalid: `Price must be a number of pounds from 0 to ${MAX_DISH_PRICE}, or null when unknown.`,
  unknownTags: (names: string[]) => `Unknown tags: ${names.join(", ")}.`,
  notFound: "There is no restaurant or dish with this id.",
  removed: "This item was removed.",
  merged: "This item was merged into another.",
  notPending: "Only an item awaiting approval can be approved.",
  mergeTargetNotFound: "There is nothing of this kind with the id in mergeInto.",
  mergeIntoItself: "An item cannot be merged into itself.",
  mergeTargetGone: "Merge into an item that is listed: this one was removed or merged itself.",
  mergeDishElsewhere: "A dish can be merged only into a dish of the same restaurant.",
} as const;
