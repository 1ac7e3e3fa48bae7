// How the queue is laid out and what an action says (issue 21): pure, so the screen renders
// from it and the unit tests read it without a browser.
import type { ModerationAction } from "../../domain/moderation.ts";
import type { QueueItem } from "../../shared/schemas/moderation.ts";

export type QueueGroupId = "review" | "comment" | "user" | "reply" | "catalogue" | "claim";

/** What was reported, in the order the screen shows the groups. */
export const QUEUE_GROUPS: readonly { id: QueueGroupId; heading: string }[] = [
  { id: "review", heading: "Reviews" },
  { id: "comment", heading: "Comments" },
  { id: "user", heading: "People" },
  { id: "reply", heading: "Owner replies" },
  { id: "catalogue", heading: "Added restaurants and dishes" },
  { id: "claim", heading: "Claim evidence" },
];

export function groupOf(item: Pick<QueueItem, "kind" | "source">): QueueGroupId {
  if (item.source === "claim-evidence") return "claim";
  if (item.kind === "restaurant" || item.kind === "dish") return "catalogue";
  return item.kind;
}

export interface QueueGroup {
  id: QueueGroupId;
  heading: string;
  items: QueueItem[];
}

/** Non-empty groups in QUEUE_GROUPS order; each keeps the API's order (oldest first). */
export function groupItems(items: readonly QueueItem[]): QueueGroup[] {
  return QUEUE_GROUPS.map((group) => ({
    ...group,
    items: items.filter((item) => groupOf(item) === group.id),
  })).filter((group) => group.items.length > 0);
}

/**
 * The item whose heading takes the focus once `decidedId` leaves the list: the next one on
 * screen, else the one before it, else none (the screen then focuses the queue's heading).
 */
export function nextFocusAfter(items: readonly QueueItem[], decidedId: number): number | null {
  const shown = groupItems(items).flatMap((group) => group.items);
  const at = shown.findIndex((item) => item.id === decidedId);
  if (at === -1) return null;
  return shown[at + 1]?.id ?? shown[at - 1]?.id ?? null;
}

/** Adds a further page, leaving out items already shown (a page may overlap after a decision). */
export function appendPage(items: readonly QueueItem[], page: readonly QueueItem[]): QueueItem[] {
  const seen = new Set(items.map((item) => item.id));
  return [...items, ...page.filter((item) => !seen.has(item.id))];
}

const DONE: Record<ModerationAction, string> = {
  keep: "Kept",
  remove: "Removed",
  warn: "Warned",
  suspend: "Suspended",
  approve: "Approved",
  merge: "Merged",
  edit: "Edited",
  "approve-claim": "Claim approved",
  "refuse-claim": "Claim refused",
  "lift-pause": "Pause lifted",
};

/** People who reported the item, but not its author (the author is told as the author). */
export function reporterCount(item: Pick<QueueItem, "reports" | "author">): number {
  const ids = new Set(
    item.reports
      .map((report) => report.reporterId)
      .filter((id): id is number => id !== null && id !== item.author?.id),
  );
  return ids.size;
}

/** "Removed. The author and 2 reporters were told." */
export function decisionMessage(
  action: ModerationAction,
  item: Pick<QueueItem, "reports" | "author">,
): string {
  const reporters = reporterCount(item);
  const people = `${reporters} reporter${reporters === 1 ? "" : "s"}`;
  let told = "";
  if (item.author && reporters > 0) told = ` The author and ${people} were told.`;
  else if (item.author) told = " The author was told.";
  else if (reporters > 0) told = ` ${reporters === 1 ? "1 reporter was" : `${people} were`} told.`;
  return `${DONE[action]}.${told}`;
}

/** What a kind of item is called in a sentence: "this review", "this person". */
export const KIND_NOUN: Record<QueueItem["kind"], string> = {
  review: "review",
  comment: "comment",
  user: "person",
  restaurant: "restaurant",
  dish: "dish",
  reply: "owner's reply",
};

/** How old an account is, in the words a moderator weighs it by: "3 days old", "2 years old". */
export function accountAge(createdAt: string, now: number): string {
  const days = Math.max(0, Math.floor((now - Date.parse(createdAt)) / 86_400_000));
  if (!Number.isFinite(days)) return "of unknown age";
  if (days === 0) return "less than a day old";
  if (days < 60) return `${days} day${days === 1 ? "" : "s"} old`;
  if (days < 730) return `${Math.floor(days / 30.44)} months old`;
  return `${Math.floor(days / 365.25)} years old`;
}

/** The item's heading: what it is and whose, and "Appeal:" first when it is one. */
export function itemTitle(
  item: Pick<QueueItem, "kind" | "targetId" | "target" | "author" | "appeal">,
): string {
  const by = item.author ? ` by @${item.author.username}` : "";
  const target = item.target;
  let title: string;
  if (!target)
    title = `${KIND_NOUN[item.kind].replace(/^./, (c) => c.toUpperCase())} ${item.targetId}, since deleted`;
  else if (target.type === "review") title = `Review${by} of ${target.subject.name}`;
  else if (target.type === "comment") title = `Comment${by}`;
  else if (target.type === "user") title = `Person @${target.username}`;
  else if (target.type === "reply") title = `Owner's reply${by} for ${target.restaurant.name}`;
  else title = `${target.type === "restaurant" ? "Restaurant" : "Dish"} “${target.name}”`;
  return item.appeal ? `Appeal: ${title}` : title;
}
