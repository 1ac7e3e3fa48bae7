// Lists (issue 32, docs/social.md "Lists"): the limits and messages of "Want to try", "Been"
// and the lists members make, and of the friend signal on item pages. Pure rules, no I/O.

export const LIST_KINDS = ["restaurant", "dish"] as const;
export type ListItemKind = (typeof LIST_KINDS)[number];

export const LIST_VISIBILITIES = ["public", "followers", "private"] as const;
export type ListVisibility = (typeof LIST_VISIBILITIES)[number];

/** The two lists every member has, made the first time either is needed. */
export const SYSTEM_LISTS = {
  want: { name: "Want to try", description: "Places and dishes to try" },
  been: { name: "Been", description: "Places and dishes tried" },
} as const;
export type SystemList = keyof typeof SYSTEM_LISTS;

export const LIST_SORTS = ["added", "rating", "distance"] as const;
export type ListSort = (typeof LIST_SORTS)[number];

/** A member's lists, "Want to try" and "Been" included. */
export const MAX_LISTS_PER_MEMBER = 100;
export const MAX_ITEMS_PER_LIST = 500;
export const MAX_LIST_NAME = 60;
export const MAX_LIST_DESCRIPTION = 280;
export const MAX_LIST_NOTE = 500;
/** Adds, edits, moves, removals, copies and list changes of one member in an hour. */
export const LIST_WRITES_PER_HOUR = 300;
/** Ids one compact friend-signal call may ask about (cards of one page of a list or search). */
export const MAX_SIGNAL_IDS = 50;
/** Faces and verdicts the full friend signal shows; the counts cover everyone. */
export const FRIEND_SIGNAL_PEOPLE = 6;
/** Characters of a follower's review the signal quotes as its short verdict. */
export const VERDICT_LENGTH = 140;

/** The feed shows at most one "saved to" entry per list per UTC day. */
export const DAY_MS = 24 * 60 * 60 * 1000;
export const activityDay = (nowMs: number) => Math.floor(nowMs / DAY_MS);

/** What a list item shows in place of an item a moderator removed. */
export const REMOVED_ITEM_NOTE = "Removed by moderation";
/** What a list item says when the item it saved was merged into another. */
export const MERGED_ITEM_NOTE = "Merged into this item by moderation";

export const LIST_MESSAGES = {
  listNotFound: "List not found.",
  itemNotFound: "That restaurant or dish was not found.",
  itemNotInList: "That item is not in this list.",
  tooManyLists: `You can have at most ${MAX_LISTS_PER_MEMBER} lists.`,
  tooManyItems: `A list can hold at most ${MAX_ITEMS_PER_LIST} items.`,
  nameRequired: "Name is required.",
  nameTooLong: `Name must be at most ${MAX_LIST_NAME} characters.`,
  descriptionTooLong: `Description must be at most ${MAX_LIST_DESCRIPTION} characters.`,
  noteTooLong: `Note must be at most ${MAX_LIST_NOTE} characters.`,
  visibility: "Visibility must be public, followers or private.",
  kind: "Kind must be restaurant or dish.",
  sort: "Sort must be added, rating or distance.",
  distanceNeedsPlace: "Sorting by distance needs lat and lng.",
  systemListFixed: "Want to try and Been cannot be renamed or deleted.",
  sameList: "The item is already in that list.",
  onlyPublicCopied: "Only a public list can be copied.",
  tooManyIds: `Ask about at most ${MAX_SIGNAL_IDS} items at once.`,
  writesLimited: "You have changed your lists too many times in an hour.",
  listCreated: "List created.",
  listUpdated: "List updated.",
  listDeleted: "List deleted.",
  itemAdded: "Saved to the list.",
  itemUpdated: "Note saved.",
  itemRemoved: "Removed from the list.",
  itemMoved: "Moved.",
  listCopied: "List copied.",
  settingsSaved: "Settings saved.",
} as const;

/** "3 people you follow rated this (4.6 on average)" / "1 person you follow rated this (4.0)". */
export function friendRatedLine(count: number, averageTenths: number | null): string {
  if (count === 0) return "";
  const average = averageTenths === null ? "" : (averageTenths / 10).toFixed(1);
  const who = count === 1 ? "1 person you follow" : `${count} people you follow`;
  if (!average) return `${who} reviewed this`;
  return count === 1 ? `${who} rated this (${average})` : `${who} rated this (${average} on average)`;
}

/** "2 want to try it" / "1 wants to try it". */
export function friendWantLine(count: number): string {
  if (count === 0) return "";
  return count === 1 ? "1 wants to try it" : `${count} want to try it`;
}

/** The compact one-line variant for cards: "3 you follow rated it 4.6 · 2 want to try it". */
export function friendCardLine(rated: number, averageTenths: number | null, want: number): string {
  const parts: string[] = [];
  if (rated > 0) {
    parts.push(
      averageTenths === null ? `${rated} you follow reviewed it` : `${rated} you follow rated it ${(averageTenths / 10).toFixed(1)}`,
    );
  }
  if (want > 0) parts.push(friendWantLine(want));
  return parts.join(" · ");
}

/** The short verdict of a review: its first words, cut at a word boundary. */
export function shortVerdict(content: string): string {
  const text = content.replace(/\s+/g, " ").trim();
  if (text.length <= VERDICT_LENGTH) return text;
  const cut = text.slice(0, VERDICT_LENGTH);
  const space = cut.lastIndexOf(" ");
  return `${(space > VERDICT_LENGTH / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The feed's "saved to" entries reach back this far, at most this many at once. */
export const ACTIVITY_WINDOW_DAYS = 7;
export const ACTIVITY_LIMIT = 20;

/** "Ada saved Shoyu Ramen to Ramen crawl". */
export function savedToLine(who: string, item: string, list: string): string {
  return `${who} saved ${item} to ${list}`;
}
