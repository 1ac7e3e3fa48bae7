// A moderator's decision as typed into the form, and the request it becomes (issue 21,
// POST /api/moderation/actions). The form checks what a person can get wrong before sending
// (no action, no reason, no note, a merge without an id, an edit that changes nothing); the
// API checks everything again and names anything else in data.fields.
import { ACTIONS_BY_KIND, MODERATION_MESSAGES, type ModerationAction } from "../../domain/moderation.ts";
import { isDecisionReasonId } from "../../domain/report-reasons.ts";
import type { ModerationActionInput, QueueItem } from "../../shared/schemas/moderation.ts";

export interface EditDraft {
  name: string;
  address: string;
  description: string;
  tags: string;
  price: string;
  /** Issue 29: where a claim code goes; a moderator types it (empty keeps what there is). */
  contactEmail: string;
}

export interface DecisionDraft {
  action: ModerationAction | "";
  reason: string;
  note: string;
  /** A number of days, or "forever". */
  suspendFor: string;
  mergeInto: string;
  edit: EditDraft;
}

export type DraftField = "action" | "reason" | "note" | "suspendFor" | "mergeInto" | "edit";
export type DraftErrors = Partial<Record<DraftField, string>>;

export const SUSPENSION_CHOICES = [
  { value: "1", label: "1 day" },
  { value: "3", label: "3 days" },
  { value: "7", label: "7 days" },
  { value: "30", label: "30 days" },
  { value: "90", label: "90 days" },
  { value: "365", label: "365 days" },
  { value: "forever", label: "For good" },
] as const;

export const ACTION_LABELS: Record<ModerationAction, string> = {
  keep: "Keep",
  remove: "Remove",
  warn: "Warn the author",
  suspend: "Suspend the author",
  approve: "Approve",
  merge: "Merge into another",
  edit: "Edit fields",
  "approve-claim": "Approve the claim",
  "refuse-claim": "Refuse the claim",
  "lift-pause": "Lift the review pause",
};

/** Asked again in a dialog before they are sent: they hide content or lock an account. */
export function needsConfirmation(action: ModerationAction | ""): boolean {
  return action === "remove" || action === "suspend";
}

/** lift-pause is offered only on an item detection opened for a pause (signals.pause). */
export function actionsFor(
  item: Pick<QueueItem, "kind"> & Partial<Pick<QueueItem, "signals">>,
): readonly ModerationAction[] {
  return ACTIONS_BY_KIND[item.kind].filter(
    (action) => action !== "lift-pause" || item.signals?.pause != null,
  );
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** The edit fields as the item has them now, so a moderator changes only what is wrong. */
export function initialEdit(item: Pick<QueueItem, "target">): EditDraft {
  const target = item.target;
  if (!target || (target.type !== "restaurant" && target.type !== "dish")) {
    return { name: "", address: "", description: "", tags: "", price: "", contactEmail: "" };
  }
  const priceMinor = target.fields.priceMinor;
  return {
    name: target.name,
    address: text(target.fields.address),
    description: text(target.fields.description),
    tags: "",
    price: typeof priceMinor === "number" ? (priceMinor / 100).toFixed(2) : "",
    contactEmail: "",
  };
}

export function emptyDraft(item: Pick<QueueItem, "target">): DecisionDraft {
  return { action: "", reason: "", note: "", suspendFor: "7", mergeInto: "", edit: initialEdit(item) };
}

function editFields(item: Pick<QueueItem, "kind" | "target">, edit: EditDraft) {
  const before = initialEdit(item);
  const fields: NonNullable<ModerationActionInput["fields"]> = {};
  if (edit.name.trim() !== before.name) fields.name = edit.name.trim();
  if (item.kind === "restaurant" && edit.address.trim() !== before.address)
    fields.address = edit.address.trim();
  if (edit.description.trim() !== before.description) fields.description = edit.description.trim();
  const tags = edit.tags
    .split(",")
    .map((tag) => tag.trim())
    .filter(Boolean);
  if (tags.length > 0) fields.tags = tags;
  if (item.kind === "dish" && edit.price.trim() !== before.price) {
    fields.price = edit.price.trim() === "" ? null : Number(edit.price);
  }
  if (item.kind === "restaurant" && edit.contactEmail.trim() !== "") fields.contactEmail = edit.contactEmail.trim();
  return fields;
}

/** The claim whose evidence the item shows (signals.claim.claimId). */
function claimShown(item: Partial<Pick<QueueItem, "signals">>): number {
  const claim = item.signals?.claim as { claimId?: unknown } | undefined;
  return typeof claim?.claimId === "number" ? claim.claimId : 0;
}

/** The request, or what to fix first, per field. */
export function decisionRequest(
  item: Pick<QueueItem, "kind" | "targetId" | "target"> & Partial<Pick<QueueItem, "signals">>,
  draft: DecisionDraft,
): { request: ModerationActionInput } | { errors: DraftErrors } {
  const errors: DraftErrors = {};
  if (draft.action === "") errors.action = "Please choose an action.";
  if (!isDecisionReasonId(draft.reason)) errors.reason = MODERATION_MESSAGES.reasonUnknown;
  if (draft.note.trim() === "") errors.note = MODERATION_MESSAGES.noteRequired;
  const mergeInto = Number(draft.mergeInto);
  if (draft.action === "merge" && !(Number.isSafeInteger(mergeInto) && mergeInto > 0)) {
    errors.mergeInto = "Please give the id of the item this one duplicates.";
  }
  const fields = draft.action === "edit" ? editFields(item, draft.edit) : {};
  if (draft.action === "edit" && Object.keys(fields).length === 0)
    errors.edit = "Please change at least one field.";
  if (
    fields.price !== undefined &&
    fields.price !== null &&
    !(Number.isFinite(fields.price) && fields.price >= 0)
  ) {
    errors.edit = "Price must be a number of pounds, or empty when unknown.";
  }
  if (Object.keys(errors).length > 0 || draft.action === "") return { errors };
  return {
    request: {
      kind: item.kind,
      id: item.targetId,
      action: draft.action,
      reason: draft.reason as ModerationActionInput["reason"],
      note: draft.note.trim(),
      ...(draft.action === "suspend" && draft.suspendFor !== "forever"
        ? { days: Number(draft.suspendFor) }
        : {}),
      ...(draft.action === "merge" ? { mergeInto } : {}),
      ...(draft.action === "edit" ? { fields } : {}),
      // Issue 29: the claim on screen, so a claim that changed since is refused, not approved.
      ...(draft.action === "approve-claim" || draft.action === "refuse-claim"
        ? { claimId: claimShown(item) }
        : {}),
    },
  };
}

/** The API's per-field messages (data.fields, keyed by the request's top-level names) on the form's fields. */
export function serverErrors(fields: Record<string, string>): DraftErrors {
  const errors: DraftErrors = {};
  for (const [key, message] of Object.entries(fields)) {
    if (key === "action" || key === "reason" || key === "note" || key === "mergeInto") errors[key] = message;
    else if (key === "days") errors.suspendFor = message;
    else if (key === "fields") errors.edit = message;
  }
  return errors;
}
