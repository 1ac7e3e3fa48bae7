// Moderation rules without I/O (issue 21, docs/moderation.md): roles, which actions fit
// which kind, the appeal window and the suspension sentinel.

export const MODERATION_KINDS = ["review", "comment", "user", "restaurant", "dish"] as const;
export type ModerationKind = (typeof MODERATION_KINDS)[number];

export const MODERATION_ACTIONS = ["keep", "remove", "warn", "suspend", "approve", "merge", "edit"] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** Which actions a kind takes. Catalogue items have no author to warn or suspend. */
export const ACTIONS_BY_KIND: Record<ModerationKind, readonly ModerationAction[]> = {
  review: ["keep", "remove", "warn", "suspend"],
  comment: ["keep", "remove", "warn", "suspend"],
  user: ["keep", "remove", "warn", "suspend"],
  restaurant: ["keep", "remove", "approve", "merge", "edit"],
  dish: ["keep", "remove", "approve", "merge", "edit"],
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
} as const;
