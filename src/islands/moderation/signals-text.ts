// What detection stored on a queue item (moderation_items.signals: review-signals.ts, the
// catalogue's addedBy, a claim's evidence), said in plain words. The API hands signals over
// "as stored", so anything this does not know is still shown, as a name and its value.
import { NEW_ACCOUNT_DAYS } from "../../domain/review-signals.ts";

type Signals = Record<string, unknown>;

const PATTERNS: Record<string, string> = {
  "burst-new-accounts": "a burst of reviews from new accounts",
  "burst-one-network": "a burst of reviews from accounts on one network",
  "near-duplicate-text": "nearly the same text from several accounts",
};

const num = (value: unknown): number | null =>
  typeof value === "number" && Number.isFinite(value) ? value : null;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function velocityLine(value: unknown): string | null {
  if (value === null || typeof value !== "object") return null;
  const v = value as Record<string, unknown>;
  const lastHour = num(v.lastHour);
  const baseline = num(v.baselinePerDay);
  if (lastHour === null || baseline === null) return null;
  const line = `${plural(lastHour, "review")} of this item in the last hour; it usually gets ${baseline} a day.`;
  return v.burst === true
    ? `${line} That is a burst (${num(v.burstThreshold) ?? "?"} or more in an hour).`
    : line;
}

function claimLine(value: unknown): string | null {
  if (value === null || typeof value !== "object") return null;
  const claim = value as Record<string, unknown>;
  const who = typeof claim.username === "string" ? `@${claim.username}` : "A member";
  const note = typeof claim.note === "string" && claim.note ? ` Their note: “${claim.note}”` : "";
  const owner = claim.hasOwner === true ? " The restaurant already has a verified owner." : "";
  return `${who} claims to own this restaurant and sent evidence.${owner}${note}`;
}

const LINES: Record<string, (value: unknown, all: Signals) => string | null> = {
  velocity: velocityLine,
  newAccount: (value) =>
    value === true ? `Written from an account under ${NEW_ACCOUNT_DAYS} days old.` : null,
  newAccountShare: (value) => {
    const share = num(value);
    return share === null || share === 0
      ? null
      : `${Math.round(share * 100)}% of this item's recent reviewers have accounts under ${NEW_ACCOUNT_DAYS} days old.`;
  },
  networkAccounts: (value) => {
    const n = num(value);
    return n !== null && n > 1 ? `${n} accounts reviewed this item from the same network.` : null;
  },
  extremeFromFreshAccount: (value) =>
    value === true ? "An extreme rating from an account with no other reviews." : null,
  nearDuplicateAccounts: (value) => {
    const n = num(value);
    return n !== null && n > 0 ? `${plural(n, "other account")} posted nearly the same text.` : null;
  },
  patterns: (value) => {
    if (!Array.isArray(value) || value.length === 0) return null;
    const words = value.map((p) => PATTERNS[String(p)] ?? String(p));
    return `Held out of the rankings for ${words.join(" and ")}.`;
  },
  heldWith: (value) => (num(value) !== null ? `Held together with review ${String(value)}.` : null),
  addedBy: () => "Added by a member; not in any ranking until approved.",
  // Issue 29: never used to mail a claim code; a moderator's edit may make it the contact address.
  suggestedContactEmail: (value) =>
    typeof value === "string" && value
      ? `The member suggested ${value} as the restaurant's contact address (not used until a moderator sets it).`
      : null,
  claim: claimLine,
  // Which item the review is about: the item's link already says so.
  item: () => null,
};

function humanKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[-_]+/g, " ")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** One sentence per signal worth saying, in a stable order. */
export function signalLines(signals: Signals | null): string[] {
  if (!signals) return [];
  const lines: string[] = [];
  for (const [key, value] of Object.entries(signals)) {
    const known = LINES[key];
    const line = known
      ? known(value, signals)
      : `${humanKey(key)}: ${typeof value === "string" ? value : JSON.stringify(value)}`;
    if (line) lines.push(line);
  }
  return lines;
}
