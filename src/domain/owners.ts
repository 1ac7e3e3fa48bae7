// Restaurant owners (issue 22, docs/owners.md): limits, messages and the opening-hours rules,
// without I/O. The schemas in src/shared/schemas/owners.ts and the services use these.

export const MAX_REPLY_LENGTH = 2000;
export const MAX_EVIDENCE_BYTES = 10 * 1024 * 1024;
export const MAX_EVIDENCE_NOTE = 1000;
export const MAX_FACTS_DESCRIPTION = 2000;
export const MAX_LINKS = 5;
export const MAX_LINK_LENGTH = 500;
export const MAX_RANGES_PER_DAY = 3;
export const MAX_CLOSURES = 60;
export const MAX_CLOSURE_NOTE = 200;
export const MAX_MENU_DISHES = 200;
/**
 * Issue 29: the most dishes a restaurant lists (not removed or merged), however they were added.
 * The largest menus in the seed have a few dozen dishes; 300 leaves room for a long menu with
 * variants and stops a flood of dishes into search and the owner's rebuilds.
 */
export const MAX_DISHES_PER_RESTAURANT = 300;
export const MAX_MENU_DESCRIPTION = 1000;
export const MAX_MENU_PRICE = 10_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Issue 29: durable limits on an owner's menu and facts saves (rate-limit.ts enforceRateLimit
 * takes these as it takes RATE_LIMITS). A save counts one and each new dish one more, so filling
 * a 300-dish menu costs about 300: a restaurant gets room for that and a hundred more changes a
 * day; an owner of several restaurants, about three such days' work at once.
 */
export const OWNER_RATE_LIMITS = {
  ownerEditsPerRestaurant: {
    name: "owner-edits-restaurant",
    limit: 400,
    windowMs: DAY_MS,
    message: "This restaurant's menu and facts have been changed the most times allowed in a day.",
  },
  /**
   * Claim codes mailed for one claimant, whatever the address or network: the per-address and
   * per-network mail limits alone let one account mail every restaurant from many networks.
   */
  claimMailsPerClaimant: {
    name: "claim-mail-user",
    limit: 10,
    windowMs: DAY_MS,
    message: "You have asked for the most claim codes allowed in a day.",
  },
  ownerEditsPerUser: {
    name: "owner-edits-user",
    limit: 1000,
    windowMs: DAY_MS,
    message: "You have made the most menu and facts changes allowed in a day.",
  },
} as const;

/** The stats chart's months, the current one included. */
export const STATS_MONTHS = 12;

export const OWNER_MESSAGES = {
  notOwner: "Only the verified owner of this restaurant can do this.",
  notReplyOwner: "Only the verified owner of this restaurant can reply to its reviews.",
  alreadyOwner: "You are already the verified owner of this restaurant.",
  claimWaiting: "A claim of this restaurant is already waiting for a moderator.",
  claimWaitingYours:
    "You already have a claim waiting for a moderator; you can send another once it is decided.",
  claimNotWaiting:
    "This claim is not the one waiting for a moderator on this restaurant: it was decided, or it is another restaurant's. Reload the queue.",
  claimIdRequired: "Please name the claim you reviewed (claimId).",
  claimIdOnlyForClaims: "claimId is only for approve-claim and refuse-claim.",
  contactOnlyForRestaurant: "Only a restaurant has a contact address.",
  noCodeRoute: "This restaurant cannot be claimed by e-mailed code; please send evidence instead.",
  claimStarted: "Claim started.",
  claimVerified: "You are now the verified owner of this restaurant.",
  evidenceReceived: "Thanks: a moderator will look at your evidence.",
  evidenceMissing: "Please attach a photo or a PDF of your evidence.",
  evidenceType: "Evidence must be a JPEG, PNG or WebP photo, or a PDF.",
  evidenceTooLarge: `Evidence can be at most ${MAX_EVIDENCE_BYTES / 1024 / 1024} MB.`,
  restaurantNotFound: "There is no restaurant with this id.",
  reviewNotFound: "There is no review with this id.",
  replyExists: "This review already has a reply from the owner; edit it instead.",
  replyNotFound: "This review has no reply from the owner.",
  replyRemoved: "A moderator removed your reply to this review; it cannot be deleted or written again.",
  replyEmpty: "Please write a reply.",
  replyTooLong: `Replies can be at most ${MAX_REPLY_LENGTH} characters long.`,
  replySaved: "Reply saved.",
  replyDeleted: "Reply deleted.",
  dishNotOnMenu: "This dish is not on this restaurant's menu.",
  menuFull: (wouldHave: number) =>
    `A restaurant can list at most ${MAX_DISHES_PER_RESTAURANT} dishes; this would make ${wouldHave}. Put right the dishes already there instead.`,
  restaurantFull: `This restaurant already lists ${MAX_DISHES_PER_RESTAURANT} dishes, the most allowed.`,
  duplicateDish: "Two dishes on the menu have this name.",
  claimNotPending: "This restaurant has no claim waiting for a moderator.",
  ownClaim: "You cannot decide your own claim.",
  factsSaved: "Facts saved.",
  menuSaved: "Menu saved.",
} as const;

export const WEEKDAYS = [
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface TimeRange {
  opens: string;
  closes: string;
}

export interface OpeningHours {
  weekly: Record<Weekday, TimeRange[]>;
  closures: { date: string; note: string }[];
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** A range as minute intervals within one week's day (one past midnight spills into the next). */
function spans(range: TimeRange): [number, number][] {
  const open = minutes(range.opens);
  const close = minutes(range.closes);
  return close > open
    ? [[open, close]]
    : [
        [open, 24 * 60],
        [0, close],
      ];
}

/** True when two ranges of one day share a minute, or a range opens and closes at once. */
export function rangesOverlap(ranges: readonly TimeRange[]): boolean {
  if (ranges.some((r) => r.opens === r.closes)) return true;
  const all = ranges.map((r) => spans(r)[0]!).sort((a, b) => a[0] - b[0]);
  return all.some((span, i) => i > 0 && span[0] < all[i - 1]![1]);
}

const DAY_LABEL: Record<Weekday, string> = {
  monday: "Monday",
  tuesday: "Tuesday",
  wednesday: "Wednesday",
  thursday: "Thursday",
  friday: "Friday",
  saturday: "Saturday",
  sunday: "Sunday",
};

/** The spec's openingHours lines from structured hours: "Monday: 11:00-15:00, 18:00-22:00". */
export function openingHoursLines(hours: OpeningHours): string[] {
  return WEEKDAYS.map((day) => {
    const ranges = hours.weekly[day];
    const text = ranges.length === 0 ? "Closed" : ranges.map((r) => `${r.opens}-${r.closes}`).join(", ");
    return `${DAY_LABEL[day]}: ${text}`;
  });
}

/** "2026-11-25" from a time in ms (UTC): the public claimed date. */
export function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** "2026-11" months, oldest first, ending with the month holding `now` (UTC). */
export function lastMonths(now: number, count = STATS_MONTHS): string[] {
  const d = new Date(now);
  const out: string[] = [];
  for (let back = count - 1; back >= 0; back -= 1) {
    const m = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back, 1));
    out.push(m.toISOString().slice(0, 7));
  }
  return out;
}

/** Replied share, 0 when there is nothing to answer. */
export function replyRate(answered: number, total: number): number {
  return total === 0 ? 0 : Math.round((answered / total) * 1000) / 1000;
}
